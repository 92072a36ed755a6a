import { appendFile } from 'node:fs/promises';
import type { Clock } from '../../platform/lib/clock';
import type { Logger } from '../../platform/lib/logger';

export interface OtpMessage {
  to: string;
  reg_no: string;
  otp: string;
}

/** Delivers one-time codes. */
export interface OtpSender {
  send(message: OtpMessage): Promise<void>;
}

/**
 * The embedded mail catcher: each code "sent" becomes a JSON line {to, reg_no, otp, at} in
 * DATA_DIR/outbox.jsonl and a console line. A real mailer would implement OtpSender instead.
 */
export function createFileOutbox(path: string, clock: Clock, logger: Logger): OtpSender {
  return {
    async send(message) {
      const line = { to: message.to, reg_no: message.reg_no, otp: message.otp, at: new Date(clock.now()).toISOString() };
      await appendFile(path, JSON.stringify(line) + '\n', { encoding: 'utf8', mode: 0o600 });
      logger.info(`[outbox] one-time code for ${message.to} (${message.reg_no}): ${message.otp}`);
    },
  };
}
