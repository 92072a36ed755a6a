import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { GENERATED_PASSWORD_LENGTH, formErrors, generatePassword } from './staff-form';

describe('a generated password', () => {
  it('is long enough and has no look-alike characters', () => {
    for (let i = 0; i < 50; i++) {
      const password = generatePassword();
      expect(password).toHaveLength(GENERATED_PASSWORD_LENGTH);
      expect(password).toMatch(/^[A-HJ-NP-Za-km-z2-9]+$/);
    }
  });

  it('skips the bytes that would favour some characters', () => {
    // 255 is above the last whole multiple of the alphabet's size: never used.
    let calls = 0;
    const random = (bytes: Uint8Array) => bytes.fill(calls++ === 0 ? 255 : 0);
    expect(generatePassword(4, random)).toBe('AAAA');
  });
});

describe('a refused write in the form', () => {
  const fields = ['name', 'email', 'password'] as const;

  it("puts the server's 422 issues beside their fields", () => {
    const error = new ApiError('Enter a name.', 422, { message: 'Enter a name.', issues: [{ path: 'name', message: 'Enter a name.' }, { path: 'password', message: 'A password has at least 8 characters.' }] });
    expect(formErrors(error, fields)).toEqual({ fields: { name: 'Enter a name.', password: 'A password has at least 8 characters.' }, message: null });
  });

  it('puts a taken email beside the email field', () => {
    const error = new ApiError('A staff account with this email already exists.', 409, { message: 'A staff account with this email already exists.' });
    expect(formErrors(error, fields)).toEqual({ fields: { email: 'A staff account with this email already exists.' }, message: null });
  });

  it('leaves what no field holds to the snackbar', () => {
    const error = new ApiError('The institute needs at least one active admin: this change would leave none.', 409);
    expect(formErrors(error, fields)).toEqual({ fields: {}, message: 'The institute needs at least one active admin: this change would leave none.' });
    expect(formErrors(new ApiError('Unknown field: "x".', 422, { issues: [{ path: '', message: 'Unknown field: "x".' }] }), fields).message).toBe('Unknown field: "x".');
    expect(formErrors(new Error('boom'), fields).message).toBe('boom');
  });
});
