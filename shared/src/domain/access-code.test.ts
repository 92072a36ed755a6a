import { describe, expect, it } from 'vitest';
import { accessCodeError } from './access-code';

describe('accessCodeError', () => {
  it('requires a code', () => {
    for (const missing of ['', '   ', null, undefined]) expect(accessCodeError(missing)).toBe('Access Code is required');
    expect(accessCodeError('X7K2')).toBeNull();
  });
});
