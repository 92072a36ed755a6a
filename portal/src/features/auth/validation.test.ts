import { describe, expect, it } from 'vitest';
import { matches, minChars, required, validate } from './validation';

describe('validate', () => {
  it('gives the spec messages in order', () => {
    expect(validate('', [required, minChars(6)])).toBe('Required.');
    expect(validate('   ', [required])).toBe('Required.');
    expect(validate('abc', [required, minChars(6)])).toBe('Min 6 characters');
    expect(validate('abcdef', [required, minChars(6)])).toBeNull();
  });
  it('checks the confirmation against the password', () => {
    expect(validate('secret1', [matches(() => 'secret2')])).toBe("Password doesn't match");
    expect(validate('secret1', [matches(() => 'secret1')])).toBeNull();
  });
});
