import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from './e2e-env';
import { recordSnackbars, expectSnackbar } from './snackbar-recorder';
import { apiToken, importFixture, type E2eStudent } from './student-session';

/**
 * Attendance and profile by the spec's labels and messages, with a student of this spec's own (so
 * the demo students stay as the other journeys expect). Her attendance is in last month, placed
 * by weekday, so the calendar's marks hold whatever today is; the server's zone is this machine's.
 */

const STUDENT: E2eStudent = { reg_no: 'E2EPA001', email: 'profile-e2e@example.edu', name: 'Pia Profile', password: 'profile-e2e-1' };
const NEW_PASSWORD = 'profile-e2e-2';
/** Signs in again in the recent-login journey: a student of her own, so the journeys stand apart. */
const SECOND: E2eStudent = { reg_no: 'E2EPA002', email: 'profile-e2e-2@example.edu', name: 'Ravi Relogin', password: 'profile-e2e-3' };

const pad = (value: number) => String(value).padStart(2, '0');
const iso = (at: Date) => `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
const NOW = new Date();
const TODAY = iso(NOW);
/** The first Monday of last month and the days after it. */
const LAST_MONTH = new Date(NOW.getFullYear(), NOW.getMonth() - 1, 1);
const FIRST_MONDAY = new Date(LAST_MONTH);
while (FIRST_MONDAY.getDay() !== 1) FIRST_MONDAY.setDate(FIRST_MONDAY.getDate() + 1);
const day = (offset: number) => {
  const at = new Date(FIRST_MONDAY);
  at.setDate(at.getDate() + offset);
  return at;
};
const RECORDS: [number, string][] = [[0, 'present'], [1, 'late'], [2, 'half_day'], [3, 'leave'], [4, 'absent'], [7, 'present']];
/** What the calendar cell of `offset` days after the first Monday reads (its accessible name). */
const cellName = (offset: number, words: string) =>
  `${day(offset).toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).replace(/^(\w+) /, '$1, ')}: ${words}`;

/** The stat card's numbers, counted as the server counts (docs/decisions/0022-attendance-counting.md). */
function expectedStat() {
  let schoolDays = 0;
  for (const at = new Date(FIRST_MONDAY); iso(at) < TODAY; at.setDate(at.getDate() + 1)) if (at.getDay() !== 0) schoolDays += 1;
  return { present: 2, late: 1, absent: 1 + schoolDays - RECORDS.length };
}

test.beforeAll(() => {
  importFixture(E2E_DATA_DIR, 'profile-attendance-e2e', {
    students: [{ ...STUDENT, phone: '9811111111' }, SECOND],
    classes: [{ id: 'e2e-pa-class', name: 'Class 8 - Profile', subjects: [{ subject_id: 'demo-physics' }, { subject_id: 'demo-chemistry' }] }],
    profiles: [{ reg_no: STUDENT.reg_no, class_id: 'e2e-pa-class', address: '7 Lake View', institute: 'Invigil Demo Institute' }],
    attendance: RECORDS.map(([offset, attendance]) => ({ reg_no: STUDENT.reg_no, date: iso(day(offset)), attendance })),
    purchases: [{ id: 'e2e-pa-purchase', reg_no: STUDENT.reg_no, meritpoints: 150, amount_paise: 49_950, created_at: '2025-01-15T10:30:00+05:30' }],
  });
});

// Under load (2 cores, the whole suite) the profile journeys take longer than the default 30 s.
test.describe.configure({ timeout: 60_000 });

async function signedIn(context: BrowserContext, request: Parameters<typeof apiToken>[0], student: E2eStudent = STUDENT): Promise<void> {
  await recordSnackbars(context);
  const token = await apiToken(request, student);
  // Only the first page load: a later reload must not bring back a token the portal cleared.
  await context.addInitScript((value) => {
    if (!sessionStorage.getItem('e2e-token-set')) {
      localStorage.setItem('jwt_token', value);
      sessionStorage.setItem('e2e-token-set', '1');
    }
  }, token);
}

async function expectNoAxeViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).exclude('[data-focus-guard]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), where).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test('attendance: the stat card, the legend and the month calendar with Prev and Next (desktop and phone)', async ({ context, page, request }) => {
  await signedIn(context, request);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/attendance');
  await expect(page.getByRole('heading', { level: 1, name: 'Attendance' })).toBeVisible();
  const stats = page.getByRole('region', { name: 'Statistics' });
  const expected = expectedStat();
  await expect(stats.getByText('Present').locator('..')).toContainText(String(expected.present));
  await expect(stats.getByText('Absent').locator('..')).toContainText(String(expected.absent));
  await expect(stats.getByText('Late').locator('..')).toContainText(String(expected.late));
  await expect(stats).toContainText('Half day: 1 · Leave: 1');
  const legend = page.getByRole('list', { name: 'Legend' });
  for (const entry of ['P = Present', 'A = Absent', 'L = Late', 'H = Half day', 'LV = Leave', 'N = Not yet', 'Sunday: blank']) await expect(legend).toContainText(entry);

  // This month: today is N unless over; the grid has weekday headers.
  const calendar = page.getByRole('table', { name: /^Attendance in / });
  await expect(calendar.getByRole('columnheader')).toHaveText(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
  if (NOW.getDay() !== 0) await expect(calendar.getByRole('cell', { name: /\(today\): Not yet$/ })).toHaveText(/N/);

  await page.getByRole('button', { name: 'Prev' }).click();
  const lastMonth = LAST_MONTH.toLocaleDateString('en-GB', { month: 'long', year: 'numeric' });
  await expect(page.getByRole('heading', { name: lastMonth })).toBeVisible();
  const marks: [number, string, string][] = [
    [0, 'Present', 'P'], [1, 'Late', 'L'], [2, 'Half day', 'H'], [3, 'Leave', 'LV'], [4, 'Absent', 'A'], [5, 'Absent (no record)', 'A'], [6, 'Sunday', ''], [7, 'Present', 'P'],
  ];
  for (const [offset, words, letter] of marks) {
    const cell = calendar.getByRole('cell', { name: cellName(offset, words), exact: true });
    await expect(cell, words).toBeVisible();
    await expect(cell.locator('[aria-hidden="true"]').last()).toHaveText(letter);
  }
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: NOW.toLocaleDateString('en-GB', { month: 'long', year: 'numeric' }) })).toBeVisible();

  await page.setViewportSize({ width: 360, height: 740 });
  await page.getByRole('button', { name: 'Prev' }).click();
  await expect(calendar.getByRole('cell', { name: cellName(1, 'Late'), exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page);
  // Every mark of the legend is on screen (the accessibility spec scans this month's page at both sizes).
  await expectNoAxeViolations(page, 'attendance, last month, phone');
});

test('profile: details, subjects, purchases, and the edit dialog with its rules for the name and the e-mail', async ({ context, page, request }) => {
  await signedIn(context, request);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/profile');
  const details = page.getByRole('region', { name: STUDENT.name });
  await expect(details).toContainText('Class 8 - Profile');
  await expect(details).toContainText('9811111111');
  await expect(details).toContainText(STUDENT.email);
  await expect(page.getByRole('img', { name: 'No avatar yet' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Subjects' }).getByRole('listitem')).toHaveText(['Chemistry', 'Physics']);
  const purchases = page.getByRole('region', { name: 'Purchase history' });
  await expect(purchases.getByRole('columnheader')).toHaveText(['Purchase Date', 'Meritpoints', 'Paid']);
  await expect(purchases.getByRole('row').nth(1)).toContainText(/15 Jan, 2025.*150.*Rs 499\.50/);

  // The name: the section 5 rules inline, then the top bar's name follows.
  await page.getByRole('button', { name: 'Edit name' }).click();
  let dialog = page.getByRole('dialog', { name: 'Edit name' });
  const name = dialog.getByLabel('Name');
  await expect(name).toBeFocused();
  await name.fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Required.')).toBeVisible();
  await name.fill('Pi');
  await expect(dialog.getByText('Min 3 characters')).toBeVisible();
  await expectNoAxeViolations(page, 'edit name dialog with an error');
  await name.fill('Pia Renamed');
  await name.press('Enter');
  await expectSnackbar(page, 'Update successful!', 'success');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Edit name' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Account: Pia Renamed' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pia Renamed' })).toBeVisible();

  // The e-mail: format, taken, then changed (this sign-in is recent).
  await page.getByRole('button', { name: 'Edit email' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit email' });
  const email = dialog.getByLabel('Email');
  await email.fill('not-an-email');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Invalid e-mail.')).toBeVisible();
  await email.fill('second@example.edu');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('That e-mail is taken by another account.')).toBeVisible();
  await email.fill('pia.renamed@example.edu');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectSnackbar(page, 'Update successful!', 'success');
  await expect(page.getByRole('region', { name: 'Pia Renamed' })).toContainText('pia.renamed@example.edu');
});

test('profile: the password, other details and the avatar', async ({ context, page, request }) => {
  await signedIn(context, request);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/profile');

  // The password: the hint, the rules, then changed; this session goes on with its new token.
  await page.getByRole('button', { name: 'Edit password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit password' });
  await expect(dialog.getByText('At least 6 characters').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Required.')).toHaveCount(2);
  await dialog.getByLabel('Current Password').fill(STUDENT.password);
  await dialog.getByLabel('New Password').fill('short');
  await expect(dialog.getByText('Min 6 characters')).toBeVisible();
  await dialog.getByLabel('New Password').fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectSnackbar(page, 'Update successful!', 'success');
  await expect(dialog).toBeHidden();
  expect((await request.post('/api/login', { data: { phone: STUDENT.reg_no, password: NEW_PASSWORD } })).ok()).toBe(true);

  // Other details through /update/other.
  const other = page.getByRole('region', { name: 'Other details' });
  await other.getByLabel('Address').fill('x'.repeat(256));
  await other.getByRole('button', { name: 'Save details' }).click();
  await expect(other.getByText('Max 255 characters')).toBeVisible();
  await other.getByLabel('Address').fill('21 Hill Road, Pune');
  await other.getByLabel('Phone').fill('98222');
  await other.getByRole('button', { name: 'Save details' }).click();
  await expect(other.getByText('Invalid phone number')).toBeVisible();
  await other.getByLabel('Phone').fill('9822222222');
  await other.getByRole('button', { name: 'Save details' }).click();
  await expectSnackbar(page, 'Update successful!', 'success');
  // Her name may be the one the journey above gave her.
  await expect(page.getByRole('region', { name: /^Pia (Profile|Renamed)$/ })).toContainText('9822222222');

  // The avatar: .png and .jpg only.
  const avatarInput = page.getByLabel('Upload avatar (.png, .jpg)');
  await avatarInput.setInputFiles({ name: 'me.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(page.getByText('Only .png and .jpg images can be used as the avatar.')).toBeVisible();
  await expectSnackbar(page, 'Update failed!', 'error');
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  await avatarInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expectSnackbar(page, 'Update successful!', 'success');
  await expect(page.getByRole('img', { name: 'Your avatar' })).toBeVisible();
  // Shown, then loaded: the new picture itself (a 1x1 PNG) is what the student sees.
  await expect.poll(() => page.getByRole('img', { name: 'Your avatar' }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoSidewaysScroll(page);
});

test('an old sign-in changing the e-mail: signed out, "Please log in again!", and back to /profile after logging in', async ({ context, page, request }) => {
  await signedIn(context, request, SECOND);
  await page.setViewportSize({ width: 1280, height: 800 });
  // A sign-in older than 5 minutes, as the server answers it (the server's rule is tested in profile-routes.test.ts).
  await page.route('**/api/update/basic/email', (route) =>
    route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ message: 'For your safety, please log in again before changing your e-mail or password.', code: 'auth/requires-recent-login' }) }),
  );
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit email' });
  await dialog.getByLabel('Email').fill('ravi.new@example.edu');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectSnackbar(page, 'Please log in again!', 'info');
  await expect(page).toHaveURL('/auth/login?nextUrl=%2Fprofile');
  expect(await page.evaluate(() => [localStorage.getItem('jwt_token'), localStorage.getItem('auth')])).toEqual([null, null]);

  await page.getByLabel('Email or Reg. No.').fill(SECOND.reg_no);
  await page.getByLabel('Password').fill(SECOND.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('region', { name: SECOND.name })).toContainText(SECOND.email);
});

test('signed out, /profile asks to log in; a failed load says "Error fetching data!"; the keyboard reaches every control', async ({ context, page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/profile');
  await expect(page).toHaveURL('/auth/login?nextUrl=%2Fprofile');

  await signedIn(context, request, SECOND);
  // A failed load says so (red) and offers a retry.
  await page.route('**/api/user/profile', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Something went wrong!"}' }), { times: 1 });
  await page.goto('/profile');
  await expectSnackbar(page, 'Error fetching data!', 'error');
  await page.getByRole('alert').getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('button', { name: 'Edit name' })).toBeVisible();
  const reached = new Set<string>();
  for (let i = 0; i < 18; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const element = document.activeElement === document.body ? null : (document.activeElement as HTMLElement | null);
      const box = element?.getBoundingClientRect();
      const style = element ? getComputedStyle(element) : null;
      const visible = !!style && (style.outlineStyle !== 'none' || style.boxShadow !== 'none');
      return element ? { label: element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.id, visible, shown: !!box && box.width > 0 } : null;
    });
    if (focused?.shown) {
      expect(focused.visible, `focus ring on ${focused.label}`).toBe(true);
      reached.add(focused.label ?? '');
    }
  }
  for (const label of ['Back', 'Edit name', 'Edit email', 'Edit password', 'Save details']) expect([...reached], label).toContain(label);
  await page.getByRole('button', { name: 'Edit password' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Edit password' }).getByLabel('Current Password')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Edit password' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Edit password' })).toBeFocused();
});
