import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../platform/migrations/migrate';
import { useTestDatabases } from '../../test-support/test-db';
import { confirmRoster, previewRoster } from './students-module';

const databases = useTestDatabases();

async function upload(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Students');
  sheet.addRow(['Registration No', 'Name', 'Email ID', 'Mobile', 'Class', 'Password']);
  sheet.addRow(['R-1', 'Asha Rao', 'asha@example.com', 9876543210, 'XII-A', 'Welcome@1']);
  sheet.addRow(['R-2', 'Ravi', 'ravi@example', '', 'XII-Z', 'Welcome@2']);
  sheet.addRow(['R-3', 'Meera', 'meera@example.com', '', '', '']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('previewRoster and confirmRoster', () => {
  it('preview writes nothing; confirm writes the good rows and counts the bad ones as failed', async () => {
    const { kysely: db } = await databases.fresh();
    await migrateToLatest(db);
    await db.insertInto('classes').values({ id: 'c-xa', name: 'XII-A' }).execute();
    const data = await upload();

    const preview = await previewRoster(db, data);
    if (!preview.ok) throw new Error(preview.message);
    expect(preview.preview).toMatchObject({ sheet: 'Students', headerRow: 1, counts: { new: 1, update: 0, unchanged: 0, error: 2 } });
    expect(preview.preview.rows[1]?.errors.map((error) => error.message)).toEqual(['Email is not a valid e-mail address.', "no class named 'XII-Z'."]);
    expect(Number((await db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(0);

    const confirmed = await confirmRoster(db, data, { now: Date.UTC(2026, 0, 5) });
    if (!confirmed.ok) throw new Error(confirmed.message);
    expect(confirmed.summary).toEqual({ created: 1, updated: 0, unchanged: 0, failed: 2 });
    expect(confirmed.failures).toEqual([
      { rowNumber: 3, message: 'Email is not a valid e-mail address.' },
      { rowNumber: 3, message: "no class named 'XII-Z'." },
      { rowNumber: 4, message: 'Password is required for a new student.' },
    ]);
    expect(confirmed.provisionalUserIds).toHaveLength(1);
    const stored = await db.selectFrom('users').innerJoin('student_profiles', 'student_profiles.user_id', 'users.id').select(['reg_no', 'phone', 'class_id']).execute();
    expect(stored).toEqual([{ reg_no: 'R-1', phone: '9876543210', class_id: 'c-xa' }]);
  });

  it('passes a refused file on with its message', async () => {
    const { kysely: db } = await databases.fresh();
    await migrateToLatest(db);
    expect(await previewRoster(db, Buffer.from('%PDF-1.4\n'))).toEqual({ ok: false, message: 'This file is not a CSV or XLSX spreadsheet.' });
  });
});
