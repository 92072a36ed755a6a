import { ACCESS_CODE_REQUIRED_MESSAGE } from './constants';

/** The access code dialog rule: required (whitespace only is missing). Returns the message, or null. */
export function accessCodeError(code: string | null | undefined): string | null {
  return code === null || code === undefined || code.trim() === '' ? ACCESS_CODE_REQUIRED_MESSAGE : null;
}
