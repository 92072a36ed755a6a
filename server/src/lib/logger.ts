/** The few console methods the server uses; tests pass a silent or recording one. */
export interface Logger {
  info(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
}

export const consoleLogger: Logger = console;

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
