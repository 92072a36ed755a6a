/**
 * The on-screen keypad of numerical questions (spec section 5): digits, one decimal point, a minus
 * sign that toggles at the front, backspace and clear all.
 */
export type KeypadKey = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '.' | '-' | 'backspace' | 'clear';

export const KEYPAD_KEYS: readonly KeypadKey[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '.', '-', 'backspace', 'clear'];

/** The value after pressing `key`; an unknown key leaves it unchanged. */
export function pressKey(value: string, key: string): string {
  switch (key) {
    case 'backspace':
      return value.slice(0, -1);
    case 'clear':
      return '';
    case '-':
      return value.startsWith('-') ? value.slice(1) : `-${value}`;
    case '.':
      return value.includes('.') ? value : `${value}.`;
    default:
      return key.length === 1 && key >= '0' && key <= '9' ? `${value}${key}` : value;
  }
}
