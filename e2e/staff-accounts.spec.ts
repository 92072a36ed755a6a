import { expect, test, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from './e2e-env';
import { apiToken, forThisWorker, importFixture, type E2eStudent } from './student-session';
import { DEMO_ADMIN as ADMIN, DEMO_PROCTOR as PROCTOR, DEMO_TEACHER as TEACHER, newStaffPage as newPage, scanStaffPage as scan, staffSignIn as signIn } from './staff-e2e';

/**
 * The staff side, part 1 (issue 28): one staff sign-in for every role, what each role may open,
 * and the admin's Staff screen (add, edit, disable, reset a password, assignments), by visible
 * labels, with axe (0 violations) and no sideways scroll at 1280 and 360 px. The demo admin,
 * teacher and proctor come from the seed; accounts this spec adds have addresses of their own.
 */

/** A retry (or another worker) adds its own accounts: the emails are unique to this run. */
const RUN = `${process.env.TEST_WORKER_INDEX ?? '0'}-${Date.now().toString(36)}`;

const STUDENT: E2eStudent = forThisWorker({ reg_no: 'STAFF01', email: 'staff01@example.edu', name: 'Staff Check Student', password: 'staff-check-1' });

test.beforeAll(() => {
  importFixture(E2E_DATA_DIR, 'staff-accounts-e2e', { students: [STUDENT] });
});

const snackbar = (page: Page) => page.getByRole('status').filter({ hasText: /\S/ }).last();
const staffNav = (page: Page) => page.getByRole('navigation', { name: 'Staff' });

test('each role signs in at /staff/login, lands where it works, and is told what it cannot open', async ({ browser, request }) => {
  // Signed out: a staff page sends to the sign-in with the page as next.
  const page = await newPage(browser);
  await page.goto('/staff');
  await expect(page).toHaveURL('/staff/login?next=%2Fstaff');
  await scan(page, 'the staff sign-in');

  // A teacher lands at Staff Home; Staff (admin only) is not offered, and refused when opened.
  await signIn(page, TEACHER);
  await expect(page).toHaveURL('/staff');
  await expect(page.getByRole('heading', { name: 'Staff Home', level: 1 })).toBeVisible();
  await expect(page.getByText('(Teacher)')).toBeVisible();
  await expect(staffNav(page).getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(staffNav(page).getByRole('link', { name: 'Staff', exact: true })).toHaveCount(0);
  await scan(page, "the teacher's Staff Home");
  await page.goto('/staff/accounts');
  await expect(page.getByRole('heading', { name: 'Not available for your role' })).toBeVisible();
  await expect(page.getByText('This needs the Admin role.')).toBeVisible();
  await scan(page, 'a screen the teacher may not open');
  await page.getByRole('link', { name: 'Home', exact: true }).last().click();
  await expect(page).toHaveURL('/staff');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/staff/login');

  // A proctor lands at the live console; Staff is refused to them too.
  await signIn(page, PROCTOR);
  await expect(page).toHaveURL('/proctor');
  await expect(page.getByRole('heading', { name: 'Proctor Console' })).toBeVisible();
  await page.goto('/staff/accounts');
  await expect(page.getByRole('heading', { name: 'Not available for your role' })).toBeVisible();
  await page.goto('/staff');
  await expect(staffNav(page).getByRole('link', { name: 'Live console' })).toBeVisible();
  await expect(staffNav(page).getByRole('link', { name: 'Staff', exact: true })).toHaveCount(0);

  // A wrong password is refused with the server's message, on the form.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, { email: ADMIN.email, password: 'not-the-password' });
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
  await expect(page).toHaveURL('/staff/login');

  // A student's session opens no staff page, and a student's token no staff call.
  const studentToken = await apiToken(request, STUDENT);
  const student = await (await browser.newContext()).newPage();
  await student.goto('/');
  await student.evaluate((value) => localStorage.setItem('jwt_token', value), studentToken);
  await student.goto('/staff/accounts');
  await expect(student).toHaveURL('/staff/login?next=%2Fstaff%2Faccounts');
  expect((await request.get('/api/staff/accounts', { headers: { 'x-access-token': studentToken } })).status()).toBe(401);
});

test('an admin adds a teacher, makes them a proctor with a test, disables and enables them, and resets their password', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const page = await newPage(browser);
  const name = `E2E Staff ${RUN}`;
  const email = `e2e-staff-${RUN}@example.edu`;

  // The sign-in comes back to the page asked for.
  await page.goto('/staff/accounts');
  await expect(page).toHaveURL('/staff/login?next=%2Fstaff%2Faccounts');
  await signIn(page, ADMIN);
  await expect(page).toHaveURL('/staff/accounts');
  await expect(page.getByRole('heading', { name: 'Staff', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Staff accounts' });
  await expect(table.getByRole('row', { name: /teacher@example\.edu/ })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Staff pages' })).toBeVisible();
  await scan(page, 'the Staff screen');

  // The search narrows the table.
  await page.getByLabel('Search staff').fill('teacher@example.edu');
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByLabel('Search staff').fill('');

  // Add staff: the server's refusals beside their fields, then a generated password.
  await page.getByRole('button', { name: 'Add staff' }).click();
  const add = page.getByRole('dialog', { name: 'Add staff' });
  // The dialog opens on its first field, not on Close.
  await expect(add.getByLabel('Name')).toBeFocused();
  await add.getByLabel('Name').fill(name);
  await add.getByLabel('Email').fill(TEACHER.email);
  await add.getByLabel('Role').selectOption({ label: 'Teacher' });
  await add.getByLabel('Password').fill('short');
  await scan(page, 'the Add staff dialog');
  await add.getByRole('button', { name: 'Add staff' }).click();
  await expect(add.getByText('A password has at least 8 characters.')).toBeVisible();
  await add.getByRole('button', { name: 'Generate' }).click();
  await expect(add.getByLabel('Password')).toHaveValue(/^\S{14}$/);
  await add.getByRole('button', { name: 'Add staff' }).click();
  await expect(add.getByText('A staff account with this email already exists.')).toBeVisible();
  await expect(add.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await add.getByLabel('Email').fill(email);
  await add.getByRole('button', { name: 'Add staff' }).click();
  await expect(add).toBeHidden();
  await expect(snackbar(page)).toContainText(`Added ${name} (Teacher).`);

  // Their account: now a proctor, with a test.
  await page.getByLabel('Search staff').fill(email);
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('button', { name }).click();
  let account = page.getByRole('dialog', { name: `${name} · Teacher` });
  await expect(account.getByRole('group', { name: /Classes/ })).toBeVisible();
  await scan(page, "a teacher's account");
  await account.getByLabel('Role').selectOption({ label: 'Proctor' });
  await account.getByRole('button', { name: 'Save details' }).click();
  account = page.getByRole('dialog', { name: `${name} · Proctor` });
  await expect(account).toBeVisible();
  const tests = account.getByRole('group', { name: /Tests/ });
  await tests.getByRole('checkbox').first().check();
  await expect(tests).toContainText('(1 chosen)');
  await account.getByRole('button', { name: 'Save assignments' }).click();
  await expect(snackbar(page)).toContainText(`Saved the assignments of ${name}.`);

  // Disable, after a confirmation naming them: they cannot sign in.
  await account.getByRole('button', { name: 'Disable', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: `Disable ${name}?` });
  await expect(confirm).toContainText(email);
  await scan(page, 'the Disable confirmation');
  await confirm.getByRole('button', { name: `Disable ${name}` }).click();
  await expect(confirm).toBeHidden();
  await expect(account.getByText('Disabled', { exact: true })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(email.replace(/[.-]/g, '\\$&')) })).toContainText('Disabled');

  // Enable, and a new password: they sign in with it, as a proctor.
  await account.getByRole('button', { name: 'Enable', exact: true }).click();
  await page.getByRole('dialog', { name: `Enable ${name}?` }).getByRole('button', { name: `Enable ${name}` }).click();
  await expect(account.getByText('Active', { exact: true })).toBeVisible();
  await account.getByRole('button', { name: 'Generate' }).click();
  const password = await account.getByLabel('New password').inputValue();
  await account.getByRole('button', { name: 'Reset password' }).click();
  await expect(snackbar(page)).toContainText(`The password of ${name} is reset.`);
  const login = await request.post('/api/staff/login', { data: { email, password } });
  expect(login.ok()).toBe(true);
  expect(((await login.json()) as { staff: { role: string } }).staff.role).toBe('proctor');

  // Keyboard: Escape closes the account, the focus comes back to the page.
  await page.keyboard.press('Escape');
  await expect(account).toBeHidden();
});

test('sign out ends the session on the server; a session ended elsewhere sends back to the sign-in', async ({ browser, request }) => {
  const page = await newPage(browser);
  await page.goto('/staff/login');
  await signIn(page, ADMIN);
  await expect(page).toHaveURL('/staff');
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('invigil_staff_session') ?? '{}') as { token?: string }).token ?? '');
  expect(token).not.toBe('');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/staff/login');
  expect(await page.evaluate(() => localStorage.getItem('invigil_staff_session'))).toBeNull();
  await expect.poll(async () => (await request.get('/api/staff/me', { headers: { 'x-access-token': token } })).status()).toBe(401);

  // Signed in again, that session ends on the server (another tab signed out): the next staff call is a 401.
  await signIn(page, ADMIN);
  await expect(page).toHaveURL('/staff');
  const second = await page.evaluate(() => (JSON.parse(localStorage.getItem('invigil_staff_session') ?? '{}') as { token?: string }).token ?? '');
  expect((await request.post('/api/staff/logout', { headers: { 'x-access-token': second } })).ok()).toBe(true);
  await staffNav(page).getByRole('link', { name: 'Staff', exact: true }).click();
  await expect(page).toHaveURL('/staff/login?next=%2Fstaff%2Faccounts');
  await signIn(page, ADMIN);
  await expect(page).toHaveURL('/staff/accounts');
});
