import { describe, expect, it } from 'vitest';
import { rosterErrorText } from '@invigil/shared/api/student-roster';
import type { RosterValues } from '@invigil/shared/api/student-roster';
import { checkRoster } from './roster-check';
import type { ExistingStudent, RosterLookups } from './roster-check';
import type { RosterFileRow } from './roster-file';

const values = (over: Partial<RosterValues>): RosterValues => ({ reg_no: '', name: 'A Student', email: '', phone: '', class: '', password: 'secret1', verified: '', ...over });
const at = (rowNumber: number, over: Partial<RosterValues>): RosterFileRow => ({ rowNumber, values: values(over) });

const stored: ExistingStudent[] = [
  { id: 'u1', regNo: 'R-1', email: 'asha@example.com', name: 'Asha Rao', phone: '9876543210', verified: true, classId: 'c-xa' },
  { id: 'u2', regNo: 'R-2', email: 'ravi@example.com', name: 'Ravi', phone: '', verified: true, classId: null },
];
const lookups: RosterLookups = {
  byRegNo: (regNo) => stored.find((student) => student.regNo === regNo),
  byEmail: (email) => stored.find((student) => student.email === email),
  classes: [
    { id: 'c-xa', name: 'XII-A' },
    { id: 'c-xb', name: 'XII-B' },
    { id: 'c-old', name: 'Droppers' },
    { id: 'c-new', name: 'droppers' },
  ],
};

const messages = (result: ReturnType<typeof checkRoster>): string[] => result.rows.flatMap((row) => row.errors.map((error) => rosterErrorText(row.rowNumber, error)));

describe('checkRoster', () => {
  it('classifies rows as new, update and unchanged against the stored students', () => {
    const result = checkRoster(
      [
        at(2, { reg_no: 'r-1', name: 'Asha Rao', email: 'ASHA@example.com', phone: '9876543210', class: 'xii-a', password: '' }),
        at(3, { reg_no: 'R-2', name: 'Ravi Kumar', email: 'ravi@example.com', password: '' }),
        at(4, { reg_no: 'R-3', name: 'Meera', email: 'meera@example.com', class: 'c-xb', verified: 'No' }),
      ],
      lookups,
    );
    expect(result.rows.map((row) => [row.rowNumber, row.status])).toEqual([[2, 'unchanged'], [3, 'update'], [4, 'new']]);
    expect(result.counts).toEqual({ new: 1, update: 1, unchanged: 1, error: 0 });
    expect(result.plan).toEqual([
      expect.objectContaining({ rowNumber: 2, status: 'unchanged', existingId: 'u1', classId: 'c-xa', password: undefined }),
      expect.objectContaining({ rowNumber: 3, status: 'update', existingId: 'u2', classId: undefined, password: undefined }),
      expect.objectContaining({ rowNumber: 4, status: 'new', existingId: undefined, classId: 'c-xb', password: 'secret1', row: expect.objectContaining({ verified: false }) }),
    ]);
  });

  it('moving a class or changing verified is an update; a password for a stored student only with replacePasswords', () => {
    const rows = [at(2, { reg_no: 'R-1', name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210', class: 'XII-B', password: '' }), at(3, { reg_no: 'R-2', name: 'Ravi', email: 'ravi@example.com', verified: 'no', password: '' }), at(4, { reg_no: 'R-2x', name: 'Z', email: 'z@example.com' })];
    expect(checkRoster(rows, lookups).rows.map((row) => row.status)).toEqual(['update', 'update', 'new']);
    const same = [at(2, { reg_no: 'R-2', name: 'Ravi', email: 'ravi@example.com', password: 'newpass1' })];
    expect(checkRoster(same, lookups).plan[0]).toMatchObject({ status: 'unchanged', password: undefined });
    expect(checkRoster(same, lookups, { replacePasswords: true }).plan[0]).toMatchObject({ status: 'update', password: 'newpass1' });
  });

  it('explains every bad row: cells, duplicates within the file, e-mails of other students, unknown classes', () => {
    const result = checkRoster(
      [
        at(3, { reg_no: 'R-17', email: 'a@example.com' }),
        at(8, { reg_no: 'R-8', email: 'b@example.com', class: 'XII-Z' }),
        at(9, { reg_no: 'R-9', email: 'c@example.com', class: 'Droppers' }),
        at(10, { reg_no: 'R-10', email: 'ravi@example.com' }),
        at(11, { reg_no: 'R-11', email: 'A@example.com' }),
        at(14, { reg_no: 'R-14', email: 'not-an-email' }),
        at(15, { reg_no: 'R-15', email: 'd@example.com', password: '' }),
        at(20, { reg_no: 'r-17', email: 'e@example.com' }),
      ],
      lookups,
    );
    expect(messages(result)).toEqual([
      'Row 3: reg_no R-17 appears twice in the file (rows 3 and 20).',
      'Row 3: email a@example.com appears twice in the file (rows 3 and 11).',
      "Row 8: no class named 'XII-Z'.",
      "Row 9: 2 classes are named 'Droppers' (c-old, c-new): give the class id instead.",
      'Row 10: Email ravi@example.com already belongs to student R-2.',
      'Row 11: email A@example.com appears twice in the file (rows 3 and 11).',
      'Row 14: Email is not a valid e-mail address.',
      'Row 15: Password is required for a new student.',
      'Row 20: reg_no r-17 appears twice in the file (rows 3 and 20).',
    ]);
    expect(result.counts).toEqual({ new: 0, update: 0, unchanged: 0, error: 8 });
    expect(result.plan).toEqual([]);
    expect(result.rows.find((row) => row.rowNumber === 14)?.errors).toEqual([{ column: 'email', message: 'Email is not a valid e-mail address.' }]);
  });

  it('counts three copies of one registration number as three times', () => {
    const result = checkRoster([at(2, { reg_no: 'X', email: 'x1@example.com' }), at(4, { reg_no: 'X', email: 'x2@example.com' }), at(7, { reg_no: 'x', email: 'x3@example.com' })], lookups);
    expect(messages(result)[0]).toBe('Row 2: reg_no X appears 3 times in the file (rows 2, 4 and 7).');
  });
});
