import { describe, expect, it } from 'vitest';
import { checkRosterValues, rosterColumnOf, rosterErrorText } from './student-roster';
import type { RosterValues } from './student-roster';

const values = (over: Partial<RosterValues> = {}): RosterValues => ({
  reg_no: 'R-1', name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210', class: '', password: '', verified: '', ...over,
});

describe('student roster columns', () => {
  it('knows the headers people use', () => {
    expect(rosterColumnOf('Registration No')).toBe('reg_no');
    expect(rosterColumnOf('Roll No.')).toBe('reg_no');
    expect(rosterColumnOf(' REG_NO ')).toBe('reg_no');
    expect(rosterColumnOf('Email ID')).toBe('email');
    expect(rosterColumnOf('E-mail Address')).toBe('email');
    expect(rosterColumnOf('Mobile')).toBe('phone');
    expect(rosterColumnOf('Mobile Number')).toBe('phone');
    expect(rosterColumnOf('Class Name')).toBe('class');
    expect(rosterColumnOf('Student Name')).toBe('name');
    expect(rosterColumnOf('Father name')).toBeUndefined();
  });
});

describe('checkRosterValues', () => {
  it('takes a good row, with empty optional cells left out', () => {
    const result = checkRosterValues(values({ verified: 'No', class: ' XII-A ' }));
    expect(result).toEqual({ ok: true, row: { reg_no: 'R-1', name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210', class: 'XII-A', verified: false } });
  });

  it('says what is wrong with each cell, in words', () => {
    const result = checkRosterValues(values({ reg_no: '', email: 'asha@', password: 'abc', verified: 'maybe', phone: '9.87654E+09' }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      { column: 'reg_no', message: 'Registration No is missing.' },
      { column: 'email', message: 'Email is not a valid e-mail address.' },
      { column: 'phone', message: expect.stringContaining('format the column as Text') },
      { column: 'password', message: 'Password must be at least 6 characters.' },
      { column: 'verified', message: 'Verified is Yes or No.' },
    ]);
    expect(rosterErrorText(14, result.errors[1]!)).toBe('Row 14: Email is not a valid e-mail address.');
  });

  it('reports a missing e-mail as missing and an overlong name by its length', () => {
    const result = checkRosterValues(values({ email: '', name: 'x'.repeat(201) }));
    expect(result.ok ? [] : result.errors).toEqual([
      { column: 'name', message: 'Name is longer than 200 characters.' },
      { column: 'email', message: 'Email is missing.' },
    ]);
  });
});
