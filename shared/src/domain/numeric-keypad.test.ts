import { describe, expect, it } from 'vitest';
import { KEYPAD_KEYS, pressKey } from './numeric-keypad';

const type = (keys: string[], start = '') => keys.reduce(pressKey, start);

describe('pressKey', () => {
  it('appends digits', () => {
    expect(type(['1', '2', '0'])).toBe('120');
  });
  it('allows one decimal point', () => {
    expect(type(['1', '.', '5', '.', '2'])).toBe('1.52');
    expect(type(['.', '5'])).toBe('.5');
  });
  it('toggles a leading minus wherever it is pressed', () => {
    expect(type(['1', '-'])).toBe('-1');
    expect(type(['1', '-', '2', '-'])).toBe('12');
    expect(type(['-'])).toBe('-');
    expect(type(['-', '-'])).toBe('');
    expect(type(['-', '.', '5'])).toBe('-.5');
  });
  it('deletes the last character and clears all', () => {
    expect(type(['1', '.', 'backspace'])).toBe('1');
    expect(pressKey('', 'backspace')).toBe('');
    expect(pressKey('-12.5', 'clear')).toBe('');
  });
  it('ignores other keys', () => {
    for (const key of ['e', '+', 'a', '12', '', ' ']) expect(pressKey('3', key)).toBe('3');
  });
  it('offers the spec keys', () => {
    expect([...KEYPAD_KEYS].sort()).toEqual(['-', '.', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'backspace', 'clear']);
  });
});
