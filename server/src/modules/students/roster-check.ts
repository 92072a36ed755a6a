import { ROSTER_MESSAGES, checkRosterValues } from '@invigil/shared/api/student-roster';
import type { RosterCellError, RosterCounts, RosterPreviewRow, RosterRow } from '@invigil/shared/api/student-roster';
import { normaliseEmail, normaliseRegNo } from '../auth/auth-module';
import type { RosterFileRow } from './roster-file';

/**
 * Checks every row of an upload against the others and against what is stored, and says what
 * confirming would do to each: add the student (new), change them (update), nothing (unchanged),
 * or nothing because of the errors listed (error). Pure: what is stored comes in as lookups, so
 * the preview and the write (which checks again inside its transaction) share these rules.
 */

/** A stored student as the check needs them. */
export interface ExistingStudent {
  id: string;
  regNo: string;
  email: string;
  name: string;
  phone: string;
  verified: boolean;
  /** From student_profiles; null: no class. */
  classId: string | null;
}

export interface RosterClass {
  id: string;
  name: string;
}

export interface RosterLookups {
  /** By registration number as stored (uppercase, normaliseRegNo). */
  byRegNo(regNo: string): ExistingStudent | undefined;
  /** By e-mail as stored (lowercase, normaliseEmail). */
  byEmail(email: string): ExistingStudent | undefined;
  classes: readonly RosterClass[];
}

export interface RosterCheckOptions {
  /**
   * A password in a row of an existing student replaces theirs (and ends their sessions). Off by
   * default: uploading the same file again must not sign 10,000 students out, and checking each
   * password against the stored hash would cost the full scrypt per row.
   */
  replacePasswords?: boolean;
}

/** What confirming writes for one row (rows with errors have none). */
export interface RosterPlanItem {
  rowNumber: number;
  status: 'new' | 'update' | 'unchanged';
  row: RosterRow;
  /** The stored student (update, unchanged). */
  existingId: string | undefined;
  /** The class to set; undefined: keep the stored one (or none for a new student). */
  classId: string | null | undefined;
  /** The password to hash and store: a new student's, or a replaced one. */
  password: string | undefined;
}

export interface RosterCheck {
  rows: RosterPreviewRow[];
  counts: RosterCounts;
  plan: RosterPlanItem[];
}

const sameText = (a: string, b: string): boolean => a === b;

export function checkRoster(fileRows: readonly RosterFileRow[], lookups: RosterLookups, options: RosterCheckOptions = {}): RosterCheck {
  // Duplicates within the file, by the stored form of the key.
  const rowsOf = (key: (row: RosterFileRow) => string): Map<string, number[]> => {
    const seen = new Map<string, number[]>();
    for (const row of fileRows) {
      const value = key(row);
      if (value === '') continue;
      const list = seen.get(value);
      if (list) list.push(row.rowNumber);
      else seen.set(value, [row.rowNumber]);
    }
    return seen;
  };
  const regNoRows = rowsOf((row) => normaliseRegNo(row.values.reg_no));
  const emailRows = rowsOf((row) => normaliseEmail(row.values.email));

  const classById = new Map(lookups.classes.map((klass) => [klass.id, klass]));
  const classesByName = new Map<string, RosterClass[]>();
  for (const klass of lookups.classes) {
    const key = klass.name.trim().toLowerCase();
    classesByName.set(key, [...(classesByName.get(key) ?? []), klass]);
  }

  const rows: RosterPreviewRow[] = [];
  const plan: RosterPlanItem[] = [];
  const counts: RosterCounts = { new: 0, update: 0, unchanged: 0, error: 0 };

  for (const fileRow of fileRows) {
    const { rowNumber, values } = fileRow;
    const checked = checkRosterValues(values);
    const errors: RosterCellError[] = checked.ok ? [] : [...checked.errors];
    const hasError = (column: RosterCellError['column']): boolean => errors.some((error) => error.column === column);

    const regNo = normaliseRegNo(values.reg_no);
    const email = normaliseEmail(values.email);
    const regNoTwice = regNoRows.get(regNo);
    if (regNo !== '' && regNoTwice && regNoTwice.length > 1 && !hasError('reg_no')) {
      errors.push({ column: 'reg_no', message: ROSTER_MESSAGES.twice('reg_no', values.reg_no, regNoTwice) });
    }
    const emailTwice = emailRows.get(email);
    if (email !== '' && emailTwice && emailTwice.length > 1 && !hasError('email')) {
      errors.push({ column: 'email', message: ROSTER_MESSAGES.twice('email', values.email, emailTwice) });
    }

    const existing = regNo === '' ? undefined : lookups.byRegNo(regNo);
    const owner = email === '' ? undefined : lookups.byEmail(email);
    if (owner && owner.regNo !== regNo && !hasError('email')) errors.push({ column: 'email', message: ROSTER_MESSAGES.emailTaken(values.email, owner.regNo) });

    let classId: string | null | undefined;
    if (values.class !== '') {
      const byId = classById.get(values.class);
      const byName = classesByName.get(values.class.toLowerCase()) ?? [];
      if (byId) classId = byId.id;
      else if (byName.length === 1) classId = byName[0]?.id;
      else if (byName.length > 1) errors.push({ column: 'class', message: ROSTER_MESSAGES.ambiguousClass(values.class, byName.map((klass) => klass.id)) });
      else errors.push({ column: 'class', message: ROSTER_MESSAGES.noClass(values.class) });
    }

    if (!existing && values.password === '' && !hasError('password')) errors.push({ column: 'password', message: ROSTER_MESSAGES.passwordRequired });

    if (errors.length > 0 || !checked.ok) {
      rows.push({ rowNumber, values, status: 'error', errors });
      counts.error += 1;
      continue;
    }
    const row = checked.row;
    const password = existing && !options.replacePasswords ? undefined : row.password;
    let status: RosterPlanItem['status'] = 'new';
    if (existing) {
      const same =
        sameText(existing.name, row.name) &&
        sameText(existing.email, email) &&
        sameText(existing.phone, row.phone) &&
        (classId === undefined || classId === existing.classId) &&
        (row.verified === undefined || row.verified === existing.verified) &&
        password === undefined;
      status = same ? 'unchanged' : 'update';
    }
    rows.push({ rowNumber, values, status, errors: [] });
    counts[status] += 1;
    plan.push({ rowNumber, status, row, existingId: existing?.id, classId, password });
  }
  return { rows, counts, plan };
}
