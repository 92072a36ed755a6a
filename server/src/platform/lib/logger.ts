/** The few console methods the server uses; tests pass a silent or recording one. */
export interface Logger {
  info(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
  error(message: string, ...details: unknown[]): void;
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFormat = 'json' | 'text';

/** A logger that can also write one event with fields (a request's method, path, status, ms...). */
export interface StructuredLogger extends Logger {
  event(level: LogLevel, message: string, fields: Record<string, unknown>): void;
}

export const consoleLogger: Logger = console;

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };

const LEVELS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** Field names whose values are never written (tokens, passwords, signatures, one-time codes...). */
const SECRET_KEY = /token|password|passwd|secret|authorization|cookie|otp|signature|^s$|api[-_]?key|private/i;
/** A JWT anywhere in a string (the session tokens are JWTs). */
const JWT = /\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}/g;
/** Credentials in a URL: postgres://user:password@host, redis://:password@host. */
const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]*:\/\/)([^/\s:@]*):([^/\s@]*)@/gi;

export function redactText(text: string): string {
  return text.replace(JWT, '[redacted]').replace(URL_CREDENTIALS, '$1$2:[redacted]@');
}

/** A JSON-safe copy with secrets removed; errors become { name, message, stack }. */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return typeof value === 'bigint' ? String(value) : value;
  if (depth > 4) return '[…]';
  if (value instanceof Error) {
    const error: Record<string, unknown> = { name: value.name, message: redactText(value.message) };
    if (value.stack) error['stack'] = redactText(value.stack);
    const code = (value as { code?: unknown }).code;
    if (code !== undefined) error['code'] = code;
    return error;
  }
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => redact(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = SECRET_KEY.test(key) ? '[redacted]' : redact(item, depth + 1);
  return out;
}

export interface LoggerOptions {
  format: LogFormat;
  level?: LogLevel;
  /** Where lines go (tests capture them); default stdout for info and below, stderr above. */
  write?: (line: string, level: LogLevel) => void;
  /** Fixed fields on every line (JSON only). */
  base?: Record<string, unknown>;
}

const defaultWrite = (line: string, level: LogLevel) => {
  if (LEVELS[level] >= LEVELS.warn) process.stderr.write(line + '\n');
  else process.stdout.write(line + '\n');
};

/**
 * JSON lines (production: one object per line with level, time, msg, pid and the event's fields,
 * for journald or a log shipper) or readable text (development). Secrets are dropped either way.
 */
export function createLogger({ format, level = 'info', write = defaultWrite, base = {} }: LoggerOptions): StructuredLogger {
  const min = LEVELS[level];
  const pid = process.pid;

  function line(lvl: LogLevel, message: string, details: unknown[], fields: Record<string, unknown>): void {
    if (LEVELS[lvl] < min) return;
    const texts = details.filter((detail): detail is string | number => typeof detail === 'string' || typeof detail === 'number').map(String).filter((text) => text !== '');
    const errors = details.filter((detail) => detail instanceof Error);
    const others = details.filter((detail) => detail !== null && detail !== undefined && typeof detail === 'object' && !(detail instanceof Error));
    const msg = redactText([message, ...texts].join(' '));
    if (format === 'json') {
      const record: Record<string, unknown> = { level: lvl, time: new Date().toISOString(), msg, pid, ...base, ...(redact(fields) as Record<string, unknown>) };
      if (errors.length > 0) record['err'] = redact(errors[0]);
      if (others.length > 0) record['details'] = redact(others);
      write(JSON.stringify(record), lvl);
      return;
    }
    const extra = Object.entries(redact(fields) as Record<string, unknown>).map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
    const parts = [msg, ...extra];
    for (const error of errors) parts.push(redactText((error as Error).stack ?? String(error)));
    for (const other of others) parts.push(JSON.stringify(redact(other)));
    write(`${lvl === 'info' ? '' : `${lvl.toUpperCase()} `}${parts.join(' ')}`, lvl);
  }

  return {
    info: (message, ...details) => line('info', message, details, {}),
    warn: (message, ...details) => line('warn', message, details, {}),
    error: (message, ...details) => line('error', message, details, {}),
    event: (lvl, message, fields) => line(lvl, message, [], fields),
  };
}

export const isStructured = (logger: Logger): logger is StructuredLogger => typeof (logger as Partial<StructuredLogger>).event === 'function';
