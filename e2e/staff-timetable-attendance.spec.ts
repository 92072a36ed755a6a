import { expect, test } from '@playwright/test';
import { E2E_DATA_DIR } from './e2e-env';
import { DEMO_ADMIN, newStaffPage, scanStaffPage, staffSignIn } from './staff-e2e';
import { apiToken, forThisWorker, importFixture, type E2eStudent } from './student-session';

/**
 * The staff timetable and attendance register (issue 30) with a class of this spec's own: the
 * admin cancels today's class and the student's Timetable shows it canceled (red, "Canceled") on
 * their next load; attendance taken by keyboard (one absent, one late) shows on the student's
 * calendar; a past day corrected with a reason shows in the day's history. Both screens scanned
 * with axe at 1280 and 360 px, the class dialog open too.
 */

const WORKER = process.env.TEST_WORKER_INDEX ?? '0';
const CLASS = { id: `e2e-cd-class-w${WORKER}`, name: `Class CD ${WORKER}` };
const SUBJECT = { id: 'e2e-cd-geography', name: 'Geography' };
const SCHEDULE_ID = `e2e-cd-geo-w${WORKER}`;
const student = (n: number, name: string): E2eStudent => forThisWorker({ reg_no: `E2ECD${n}`, email: `cd${n}-e2e@example.edu`, name, password: `cd-e2e-${n}` });
// By name, as the register lists them.
const AARAV = student(1, 'Aarav Classday');
const BELA = student(2, 'Bela Classday');
const CHITRA = student(3, 'Chitra Classday');
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
// The server's zone is this machine's: its "today".
const TODAY = new Date();
const TODAY_NAME = WEEKDAYS[TODAY.getDay()] as string;
const iso = (at: Date) => `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
const YESTERDAY = iso(new Date(TODAY.getFullYear(), TODAY.getMonth(), TODAY.getDate() - 1));

test.beforeAll(() => {
  importFixture(E2E_DATA_DIR, `staff-timetable-attendance-e2e-${WORKER}`, {
    students: [AARAV, BELA, CHITRA],
    subjects: [SUBJECT],
    classes: [{ ...CLASS, subjects: [{ subject_id: SUBJECT.id, teachers: ['R. Menon'] }] }],
    profiles: [AARAV, BELA, CHITRA].map((s) => ({ reg_no: s.reg_no, class_id: CLASS.id })),
    schedules: [{ id: SCHEDULE_ID, class_id: CLASS.id, subject_id: SUBJECT.id, day: TODAY_NAME, slot: 1, time: '07:00', duration: 45, teachers: ['R. Menon'] }],
  });
});

test('a class canceled today shows red on the student timetable; attendance by keyboard reaches the student calendar; a past day corrected with a reason shows its history', async ({ browser, page, request }) => {
  const staff = await newStaffPage(browser);
  await staff.goto(`/staff/timetable?class=${CLASS.id}`);
  await staffSignIn(staff, DEMO_ADMIN);
  await expect(staff.getByRole('heading', { name: 'Timetable', level: 1 })).toBeVisible();
  await expect(staff.getByLabel('Class', { exact: true })).toHaveValue(CLASS.id);
  const geography = staff.getByRole('button', { name: new RegExp(`^Edit ${TODAY_NAME} slot 1: GEOGRAPHY 07:00 AM`) });
  await expect(geography).toBeVisible();
  await scanStaffPage(staff, 'the timetable');

  // The class's dialog: cancel today (the date it offers), after confirming.
  await geography.click();
  const dialog = staff.getByRole('dialog', { name: `Geography, ${TODAY_NAME} slot 1` });
  await expect(dialog.getByLabel('Subject')).toHaveValue(SUBJECT.id);
  await expect(dialog.getByLabel(/^Date/)).toHaveValue(iso(TODAY));
  await scanStaffPage(staff, 'the class dialog');
  await dialog.getByRole('button', { name: 'Cancel this day' }).click();
  await dialog.getByRole('button', { name: 'Yes, cancel that day' }).click();
  await expect(dialog.getByRole('button', { name: /^Undo the cancel on / })).toBeVisible();
  await staff.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(geography).toContainText('Canceled');

  // The student's next load of the Timetable: the class in red, "Canceled", on today's row.
  const token = await apiToken(request, AARAV);
  await page.addInitScript((value) => localStorage.setItem('jwt_token', value), token);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/timetable');
  const today = page.getByRole('row', { name: new RegExp(`^${TODAY_NAME}`) });
  const canceled = today.getByRole('button', { name: /GEOGRAPHY/ });
  await expect(canceled).toContainText('Canceled');
  await expect(canceled).toHaveClass(/bg-error/);

  // Attendance for today by keyboard: Aarav absent, Bela late, Chitra present by default; Ctrl+Enter saves.
  await staff.goto(`/staff/attendance?class=${CLASS.id}`);
  await expect(staff.getByRole('heading', { name: 'Attendance', level: 1 })).toBeVisible();
  await expect(staff.getByLabel('Date', { exact: true })).toHaveValue(iso(TODAY));
  await expect(staff.getByText('Not taken yet: everyone is Present until you mark them.')).toBeVisible();
  const register = staff.getByRole('list', { name: /^Register of / });
  await expect(register.getByRole('group')).toHaveCount(3);
  await scanStaffPage(staff, 'the attendance register');
  await register.getByRole('group', { name: new RegExp(AARAV.name) }).getByRole('radio', { name: /Present/ }).focus();
  await staff.keyboard.press('a');
  await expect(register.getByRole('group', { name: new RegExp(BELA.name) }).getByRole('radio', { name: /Present/ })).toBeFocused();
  await staff.keyboard.press('l');
  await staff.keyboard.press('Control+Enter');
  await expect(staff.getByText('Taken: showing what was saved.')).toBeVisible();
  const summary = staff.getByRole('region', { name: 'Saved for this day' });
  await expect(summary).toContainText('Present: 1');
  await expect(summary).toContainText('Absent: 1');
  await expect(summary).toContainText('Late: 1');

  // Aarav's calendar (their own read of attendance_records) shows today absent.
  await page.goto('/attendance');
  await expect(page.getByRole('table', { name: /^Attendance in / }).getByRole('cell', { name: /\(today\): Absent$/ })).toBeVisible();

  // Yesterday, corrected: Chitra on leave; the reason is asked for, then kept in the history.
  await staff.getByLabel('Date', { exact: true }).fill(YESTERDAY);
  await expect(staff.getByText(/A past day is changed only with a reason/)).toBeVisible();
  await register.getByRole('group', { name: new RegExp(CHITRA.name) }).getByRole('radio', { name: /Present/ }).focus();
  await staff.keyboard.press('v');
  await staff.getByRole('button', { name: 'Save attendance' }).click();
  await expect(staff.getByText('A past day is changed only with a reason: say why.')).toBeVisible();
  await staff.getByLabel('Reason for changing a past day').fill('Register found in the staff room');
  await staff.keyboard.press('Control+Enter');
  const history = staff.getByRole('region', { name: 'History of this day' });
  await expect(history).toContainText('Register found in the staff room');
  await expect(history).toContainText(`${CHITRA.name}: Not taken → Leave`);
  await scanStaffPage(staff, 'a past day with its history');
  await staff.close();
});
