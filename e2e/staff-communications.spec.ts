import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from './e2e-env';
import { DEMO_ADMIN, newStaffPage, scanStaffPage, staffSignIn } from './staff-e2e';
import { apiToken, forThisWorker, importFixture, type E2eStudent } from './student-session';

/**
 * Notices, queries and certificates from the staff console (issue 30, decision 0063), each loop
 * through both sides, with a student and a class of this spec's own:
 * - the admin composes a notification to the class by keyboard, previews it and sends it; the
 *   student finds it in the portal's notifications, and the sent list then shows it read. (The web
 *   push itself is checked in staff-notice-routes.test.ts with a fake push service: a subscribed
 *   browser is not available here.)
 * - the student asks a query (API); the admin answers it with a PDF attached and closes it; the
 *   student's own query screen shows the reply and that it is closed.
 * - the student pays two certificates through the gateway simulator; the admin delivers one with
 *   a PDF (the student downloads those bytes) and rejects the other with a reason (the student's
 *   list shows Rejected and the reason).
 * Every staff route of the area is scanned by axe at 1280 and 360 px.
 */

const worker = process.env.TEST_WORKER_INDEX ?? '0';
const CLASS_ID = `e2e-comms-class-w${worker}`;
const CLASS_NAME = `E2E Comms Class ${worker}`;
const STUDENT: E2eStudent = forThisWorker({ reg_no: 'COMMS01', email: 'comms01@example.edu', name: `Nisha Notice ${worker}`, password: 'comms-e2e-1' });
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const stamp = Date.now().toString(36);

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  importFixture(E2E_DATA_DIR, `staff-communications-e2e-${worker}`, {
    students: [STUDENT],
    classes: [{ id: CLASS_ID, name: CLASS_NAME }],
    profiles: [{ reg_no: STUDENT.reg_no, class_id: CLASS_ID }],
  });
});

let admin: Page;
let token: string;

test.beforeAll(async ({ browser, request }) => {
  token = await apiToken(request, STUDENT);
  admin = await newStaffPage(browser);
  await admin.goto('/staff/notices');
  await staffSignIn(admin, DEMO_ADMIN);
  await expect(admin.getByRole('heading', { name: 'Notices', level: 1 })).toBeVisible();
});

async function studentPage(page: Page): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('jwt_token', value), token);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a notification composed by keyboard, previewed and sent to a class reaches its student, and is then read', async ({ page }) => {
  const title = `Lab day ${stamp}`;
  await scanStaffPage(admin, '/staff/notices');
  await admin.getByRole('link', { name: 'Compose a notice' }).click();
  await expect(admin).toHaveURL('/staff/notices/new');
  await expect(admin.getByRole('heading', { name: 'Compose a notice' })).toBeVisible();
  await expect(admin.getByLabel('Notification', { exact: true })).toBeChecked();
  await admin.getByLabel('A class').check();
  await admin.getByLabel('Class', { exact: true }).selectOption({ label: `${CLASS_NAME} (1 student)` });

  // By keyboard: Title, Tab to the message (Enter makes a new line), Tab to the links, then Preview.
  await admin.getByLabel('Title').focus();
  await admin.keyboard.type(title);
  await admin.keyboard.press('Tab');
  await expect(admin.getByLabel('Message')).toBeFocused();
  await admin.keyboard.type('Bring your lab coats on Friday.');
  await admin.keyboard.press('Enter');
  await admin.keyboard.press('Enter');
  await admin.keyboard.type('The lab opens at 9.');
  await admin.keyboard.press('Tab');
  await expect(admin.getByLabel('Attachments (optional)')).toBeFocused();
  await admin.keyboard.type('https://example.edu/lab-rules.pdf');
  await expect(admin.getByRole('button', { name: 'Send' })).toBeDisabled();
  await admin.keyboard.press('Tab');
  await admin.keyboard.press('Tab');
  await expect(admin.getByRole('button', { name: 'Preview' })).toBeFocused();
  await admin.keyboard.press('Enter');

  const preview = admin.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText('It will reach 1 student');
  await expect(preview).toContainText(title);
  await expect(preview.getByRole('link', { name: 'https://example.edu/lab-rules.pdf' })).toBeVisible();
  await scanStaffPage(admin, '/staff/notices/new with its preview');
  await admin.getByRole('button', { name: 'Send' }).focus();
  await admin.keyboard.press('Enter');
  await expect(admin).toHaveURL('/staff/notices');
  const row = admin.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText(CLASS_NAME);
  await expect(row).toContainText('Read by 0 of 1');

  // The student: in the portal's notifications at once; opening it marks it read.
  await studentPage(page);
  await page.goto('/');
  await page.getByRole('button', { name: /^Notifications: \d+ unread$/ }).click();
  const item = page.getByRole('button', { name: new RegExp(title) });
  await item.click();
  await expect(page.getByText('The lab opens at 9.')).toBeVisible();
  await expect(page.getByRole('link', { name: /lab-rules\.pdf/ })).toBeVisible();

  await admin.reload();
  await expect(admin.getByRole('row', { name: new RegExp(title) })).toContainText('Read by 1 of 1', { timeout: 10_000 });
  await admin.getByRole('button', { name: title }).click();
  const dialog = admin.getByRole('dialog', { name: title });
  await expect(dialog.getByRole('region', { name: /Read \(1\)/ })).toContainText(STUDENT.name);
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
});

async function submitQuery(request: APIRequestContext, text: string): Promise<string> {
  const reply = await request.post('/api/submit-query', { data: { query: text, query_type_id: 'demo-qt-general', query_sub_type_id: 'other', subject_id: null, attachment: null }, headers: { 'x-access-token': token } });
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { data: { _id: string } }).data._id;
}

test('a query asked by the student is answered with a PDF attached and closed; the student sees both', async ({ page, request }) => {
  const text = `Where do I collect my ID card? (${stamp})`;
  const id = await submitQuery(request, text);

  await admin.goto('/staff/queries');
  await admin.getByLabel('Search by student').fill(STUDENT.reg_no);
  const row = admin.getByRole('row', { name: new RegExp(STUDENT.name) });
  await expect(admin.getByRole('table').getByRole('row')).toHaveCount(2);
  await expect(row).toContainText('Waiting for a reply');
  await expect(row).toContainText('General');
  await scanStaffPage(admin, '/staff/queries');
  await row.getByRole('link').click();
  await expect(admin).toHaveURL(`/staff/queries/${id}`);
  await expect(admin.getByRole('list', { name: 'Conversation' })).toContainText(text);
  await scanStaffPage(admin, '/staff/queries/:id');

  await admin.getByLabel('Your reply').fill('At the front office, from 10 to 4. The form is attached.');
  await admin.getByLabel(/^Attachment/).setInputFiles({ name: 'id-card-form.pdf', mimeType: 'application/pdf', buffer: PDF });
  await admin.getByRole('button', { name: 'Send reply' }).click();
  await expect(admin.getByRole('list', { name: 'Conversation' })).toContainText('At the front office');
  await expect(admin.getByRole('link', { name: /Open the attachment from Meera Iyer/ })).toBeVisible();
  await admin.getByRole('button', { name: 'Close query' }).click();
  await admin.getByRole('dialog', { name: 'Close this query?' }).getByRole('button', { name: 'Yes, close it' }).click();
  await expect(admin.getByText('This query is closed: reopen it to reply.')).toBeVisible();

  // The student's own query screen, loaded afresh.
  await studentPage(page);
  await page.goto(`/queries/${id}`);
  await expect(page.getByText('At the front office, from 10 to 4.')).toBeVisible();
  await expect(page.getByText('Meera Iyer').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'The query is closed!' })).toBeVisible();
  const attachment = await request.get(await page.getByRole('link', { name: /attachment/i }).last().getAttribute('href') ?? '');
  expect(Buffer.from(await attachment.body())).toEqual(PDF);
});

/** Pays a certificate type through the admin page and the gateway simulator, as the student's Pay Now does. */
async function payCertificate(page: Page, request: APIRequestContext, typeTitle: string, rupees: string): Promise<void> {
  const types = ((await (await request.get('/api/certificate-request-types', { headers: { 'x-access-token': token } })).json()) as { data: { title: string; pay_url: string }[] }).data;
  const type = types.find((each) => each.title === typeTitle);
  expect(type).toBeDefined();
  await page.goto(type?.pay_url ?? '');
  await page.getByRole('button', { name: `Pay Rs ${rupees}` }).click();
  await expect(page).toHaveURL(/\/gateway\/checkout\?order_id=order_/);
  await page.getByRole('button', { name: `Pay Rs ${rupees}` }).click();
  await expect(page.getByText('Your certificate request has been generated.')).toBeVisible();
}

test('paid certificates: one delivered with a PDF the student downloads, one rejected with a reason the student sees', async ({ page, request }) => {
  await payCertificate(page, request, 'Bonafide Certificate', '100.00');
  await payCertificate(page, request, 'Character Certificate', '150.00');

  await admin.goto('/staff/certificates');
  await admin.getByLabel('Search').fill(STUDENT.reg_no);
  // The search applies after a pause in typing: the rows are found by the student's name too.
  const bonafide = admin.getByRole('row', { name: new RegExp(`${STUDENT.name}.*Bonafide Certificate`) });
  const character = admin.getByRole('row', { name: new RegExp(`${STUDENT.name}.*Character Certificate`) });
  await expect(bonafide).toContainText('Paid, waiting');
  await expect(character).toContainText('₹150.00');
  await scanStaffPage(admin, '/staff/certificates');

  await bonafide.getByRole('button', { name: /^Deliver/ }).click();
  const deliver = admin.getByRole('dialog', { name: 'Deliver Bonafide Certificate' });
  await deliver.getByLabel('Certificate PDF').setInputFiles({ name: 'bonafide.pdf', mimeType: 'application/pdf', buffer: PDF });
  await deliver.getByRole('button', { name: 'Deliver' }).click();
  await expect(deliver).toBeHidden();

  await character.getByRole('button', { name: /^Reject/ }).click();
  const reject = admin.getByRole('dialog', { name: 'Reject Character Certificate' });
  await reject.getByRole('button', { name: 'Reject request' }).click();
  await expect(reject.getByText('Give the reason the student will see.')).toBeVisible();
  await reject.getByLabel('Reason (the student sees it)').fill('The character certificate is issued only in the final year.');
  await reject.getByRole('button', { name: 'Reject request' }).click();
  await expect(reject).toBeHidden();
  await expect(admin.getByText('No requests match.')).toBeVisible();

  // The student's Certificates, loaded afresh.
  await studentPage(page);
  await page.goto('/certificates');
  const list = page.getByTestId('certificate-requests');
  await expect(list.getByRole('row', { name: /Bonafide Certificate/ })).toContainText('Delivered');
  const rejected = list.getByRole('row', { name: /Character Certificate/ });
  await expect(rejected).toContainText('Rejected');
  await expect(rejected).toContainText('The character certificate is issued only in the final year.');
  const [download] = await Promise.all([page.waitForEvent('download'), list.getByRole('link', { name: 'Download Bonafide Certificate' }).click()]);
  expect(readFileSync(await download.path())).toEqual(PDF);
});
