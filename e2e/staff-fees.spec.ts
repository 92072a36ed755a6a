import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from './e2e-env';
import { DEMO_ADMIN, newStaffPage, scanStaffPage, staffSignIn } from './staff-e2e';
import { apiToken, forThisWorker, importFixture, type E2eStudent } from './student-session';

/**
 * Fees in the staff console (issue 30), each loop through both sides: a fee charged by the admin
 * to a class of this spec's own is seen in the student's My Fees; a receipt the student uploads
 * is accepted in part (the student sees the part paid and the balance), another rejected with a
 * reason (the student sees Rejected and why); a capture the fee no longer needed is listed as a
 * refund owed and marked refunded; the CSV downloads with its header. The student's screens are
 * loaded again after each staff write: what they show comes from the server at once.
 */

const worker = process.env.TEST_WORKER_INDEX ?? '0';
const run = Date.now().toString(36);
const CLASS = { id: `e2e-fees-class-w${worker}`, name: `Fees Class W${worker}` };
const PAYER: E2eStudent = forThisWorker({ reg_no: 'SFEE01', email: 'sfee01@example.edu', name: `Priya Payer ${worker}`, password: 'sfee-1234' });
const OTHER: E2eStudent = forThisWorker({ reg_no: 'SFEE02', email: 'sfee02@example.edu', name: `Rahul Rejected ${worker}`, password: 'sfee-1234' });
const HEAD = `Lab Fee W${worker} ${run}`;
// A 1x1 PNG: the receipt image.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6c3a80000000049454e44ae426082', 'hex');

test.beforeAll(() => {
  importFixture(E2E_DATA_DIR, `staff-fees-e2e-${worker}`, {
    students: [PAYER, OTHER],
    classes: [CLASS],
    profiles: [
      { reg_no: PAYER.reg_no, class_id: CLASS.id },
      { reg_no: OTHER.reg_no, class_id: CLASS.id },
    ],
  });
});

async function studentPage(page: Page, token: string): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('jwt_token', value), token);
  await page.goto('/fee-list');
}

const feeRow = (page: Page) => page.getByTestId('fee-table').getByRole('row', { name: new RegExp(HEAD) });

/** The receipt uploaded through the API (the student's screen is driven for the other one). */
async function uploadByApi(request: APIRequestContext, token: string, feeId: string): Promise<void> {
  const headers = { 'x-access-token': token };
  const presigned = (await (await request.post('/api/upload-receipt', { headers, data: { contentType: 'image/png' } })).json()) as { url: string };
  expect((await request.put(presigned.url, { headers: { 'content-type': 'image/png' }, data: PNG })).ok()).toBe(true);
  expect((await request.post('/api/save-receipt', { headers, data: { id: feeId, transaction_date: '2026-01-05', transaction_id: `UTR-OTHER-${run}`, url: presigned.url } })).ok()).toBe(true);
}

test('a fee charged to a class is seen by the student; a receipt accepted in part and another rejected; a refund owed marked refunded; the CSV downloads', async ({ browser, page, request }) => {
  const staff = await newStaffPage(browser);
  await staff.goto('/staff/fees');
  await staffSignIn(staff, DEMO_ADMIN);
  await expect(staff.getByRole('heading', { level: 1, name: 'Fees' })).toBeVisible();

  // A fee head, charged to the spec's class.
  await staff.getByRole('button', { name: 'Add fee head' }).click();
  const headDialog = staff.getByRole('dialog', { name: 'Add a fee head' });
  await headDialog.getByLabel('Title').fill(HEAD);
  await headDialog.getByLabel('Type').selectOption('exam');
  await headDialog.getByRole('button', { name: 'Save fee head' }).click();
  await expect(headDialog).toBeHidden();
  await expect(staff.getByRole('button', { name: `Edit fee head ${HEAD}` })).toBeVisible();
  await staff.getByRole('button', { name: 'Charge a fee' }).click();
  const charge = staff.getByRole('dialog', { name: 'Charge a fee' });
  await charge.getByLabel('Fee head', { exact: true }).selectOption({ label: `${HEAD} (Exam)` });
  await charge.getByLabel('Class', { exact: true }).selectOption({ label: `${CLASS.name} (2 students)` });
  await charge.getByLabel('Amount', { exact: true }).fill('1500');
  await charge.getByLabel('Due date').fill('2099-03-31');
  await scanStaffPage(staff, 'the charge dialog');
  await charge.getByRole('button', { name: 'Charge fee' }).click();
  await expect(staff.getByText('Charged 2 students.')).toBeVisible();
  await staff.getByLabel('Class', { exact: true }).selectOption({ label: CLASS.name });
  const table = staff.getByRole('table', { name: "Students' fees" });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row', { name: new RegExp(PAYER.name) })).toContainText('Rs 1,500.00');
  await scanStaffPage(staff, '/staff/fees');

  // The CSV of the filtered table.
  const [download] = await Promise.all([staff.waitForEvent('download'), staff.getByRole('button', { name: 'Download CSV' }).click()]);
  const csv = readFileSync(await download.path());
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = csv.subarray(3).toString('utf8').trim().split('\r\n');
  expect(lines[0]).toBe('Student,Reg. no,Class,Fee,Type,Due month,Due date,Amount (Rs),Fine (Rs),Paid (Rs),Balance (Rs),Status');
  expect(lines).toHaveLength(3);

  // The student sees it in My Fees and uploads a receipt through the screen.
  const payerToken = await apiToken(request, PAYER);
  await studentPage(page, payerToken);
  const row = feeRow(page);
  await expect(row).toContainText('Unpaid');
  await expect(row).toContainText('Rs 1,500.00');
  await row.getByRole('button', { name: /^Upload Receipt/ }).click();
  const upload = page.getByRole('dialog', { name: 'Upload Receipt' });
  await upload.getByLabel('Receipt image (.png, .jpeg, .jpg)').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  await upload.getByLabel('Transaction ID (optional)').fill(`UTR-PAYER-${run}`);
  await upload.getByLabel('Transaction Date *').fill('2026-01-04');
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expect(upload).toBeHidden();
  // The other student's receipt, through the API.
  const otherToken = await apiToken(request, OTHER);
  const otherFees = (await (await request.get('/api/fee-list', { headers: { 'x-access-token': otherToken } })).json()) as { fee_collections: { _id: string; fee_head_title: string }[] };
  const otherFee = otherFees.fee_collections.find((fee) => fee.fee_head_title === HEAD)?._id ?? '';
  await uploadByApi(request, otherToken, otherFee);

  // Receipts to verify: the image, then accept Rs 500 of the first; reject the other with a reason.
  await staff.goto('/staff/fees/receipts');
  await expect(staff.getByRole('heading', { level: 1, name: 'Receipts to verify' })).toBeVisible();
  const payerCard = staff.getByRole('listitem').filter({ hasText: `UTR-PAYER-${run}` });
  const otherCard = staff.getByRole('listitem').filter({ hasText: `UTR-OTHER-${run}` });
  await expect(payerCard).toContainText('Rs 1,500.00');
  await scanStaffPage(staff, '/staff/fees/receipts');
  await payerCard.getByRole('button', { name: `View the receipt image of ${PAYER.name}` }).click();
  const image = staff.getByRole('dialog', { name: `Receipt of ${PAYER.name}` });
  await expect(image.getByRole('img')).toBeVisible();
  await image.getByRole('button', { name: 'Zoom in' }).click();
  await expect(image.getByRole('link', { name: /Open full size/ })).toHaveAttribute('href', /\/blobs\//);
  await image.getByRole('button', { name: 'Close' }).click();
  await payerCard.getByRole('button', { name: `Accept the receipt of ${PAYER.name}` }).click();
  const accept = staff.getByRole('dialog', { name: 'Accept the receipt' });
  await expect(accept.getByLabel('Amount received')).toHaveValue('1500.00');
  await scanStaffPage(staff, 'the accept dialog');
  await accept.getByLabel('Amount received').fill('1500.01');
  await accept.getByRole('button', { name: 'Accept payment' }).click();
  await expect(accept.getByText('At most the balance, Rs 1,500.00.')).toBeVisible();
  await accept.getByLabel('Amount received').fill('500');
  await accept.getByRole('button', { name: 'Accept payment' }).click();
  await expect(staff.getByText(`Accepted Rs 500.00 from ${PAYER.name}'s receipt.`)).toBeVisible();
  await expect(payerCard).toHaveCount(0);
  await otherCard.getByRole('button', { name: `Reject the receipt of ${OTHER.name}` }).click();
  const reject = staff.getByRole('dialog', { name: 'Reject the receipt' });
  await reject.getByRole('button', { name: 'Reject receipt' }).click();
  await expect(reject.getByText('Give the reason the receipt is rejected.')).toBeVisible();
  await reject.getByLabel('Reason').fill('The amount is not readable.');
  await reject.getByRole('button', { name: 'Reject receipt' }).click();
  await expect(otherCard).toHaveCount(0);

  // The student, reloaded: part paid, the balance left, the receipt confirmed.
  await page.reload();
  await expect(row).toContainText('Rs 500.00');
  await expect(row).toContainText('Rs 1,000.00');
  await row.getByRole('button', { name: /details$/ }).click();
  await expect(page.getByRole('dialog', { name: 'Fee Details' }).getByTestId('fee-receipts')).toContainText('Confirmed');
  // The other student sees Rejected and why.
  const otherPage = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await studentPage(otherPage, otherToken);
  await feeRow(otherPage).getByRole('button', { name: /details$/ }).click();
  const receipts = otherPage.getByRole('dialog', { name: 'Fee Details' }).getByTestId('fee-receipts');
  await expect(receipts).toContainText('Rejected');
  await expect(receipts).toContainText('Reason: The amount is not readable.');
  await otherPage.context().close();

  // A refund owed: an order for the balance, the fee then settled at the office, the order paid after.
  const payerFee = (await (await request.get('/api/fee-list', { headers: { 'x-access-token': payerToken } })).json()) as { fee_collections: { _id: string; fee_head_title: string }[] };
  const feeId = payerFee.fee_collections.find((fee) => fee.fee_head_title === HEAD)?._id ?? '';
  const order = (await (await request.post(`/api/fee/${feeId}/pay-online`, { headers: { 'x-access-token': payerToken } })).json()) as { order_id: string };
  const staffToken = ((await (await request.post('/api/staff/login', { data: DEMO_ADMIN })).json()) as { token: string }).token;
  const cash = await request.post(`/api/staff/fees/${feeId}/offline-payments`, { headers: { 'x-access-token': staffToken }, data: { mode: 'cash', reference: `CASH-${run}`, amountPaise: 1_000_00, paidOn: '2026-01-06' } });
  expect(cash.status()).toBe(201);
  const paid = await (await request.post('/gateway/checkout/pay', { form: { order_id: order.order_id, method: 'upi', outcome: 'success' } })).text();
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(paid)?.[1] ?? '';
  await request.post('/api/payments/callback', { form: { razorpay_order_id: field('razorpay_order_id'), razorpay_payment_id: field('razorpay_payment_id'), razorpay_signature: field('razorpay_signature') }, maxRedirects: 0 });

  await staff.goto('/staff/fees/payments');
  await expect(staff.getByRole('heading', { level: 1, name: 'Online payments' })).toBeVisible();
  await expect(staff.getByRole('table', { name: 'Online payment orders' })).toBeVisible();
  await scanStaffPage(staff, '/staff/fees/payments');
  await staff.getByRole('tab', { name: 'Refunds owed' }).click();
  const owed = staff.getByRole('row', { name: new RegExp(PAYER.name) });
  await expect(owed).toContainText('Rs 1,000.00');
  await expect(owed).toContainText('already paid');
  await scanStaffPage(staff, 'the refunds owed');
  await owed.getByRole('button', { name: /^Mark refunded/ }).click();
  const refund = staff.getByRole('dialog', { name: 'Mark refunded' });
  await refund.getByLabel('Refund reference').fill(`rfnd_${run}`);
  await refund.getByRole('button', { name: 'Mark refunded' }).click();
  await expect(staff.getByText(`Marked Rs 1,000.00 to ${PAYER.name} refunded.`)).toBeVisible();
  await expect(owed).toHaveCount(0);
  await staff.getByLabel('Show').selectOption('refunded');
  await expect(staff.getByRole('row', { name: new RegExp(PAYER.name) })).toContainText(`rfnd_${run}`);

  // The reconciliation against the simulator's books for today.
  await staff.getByRole('tab', { name: 'Reconciliation' }).click();
  await staff.getByRole('button', { name: 'Compare with the gateway' }).click();
  await expect(staff.getByRole('table', { name: /^Reconciliation from/ }).getByRole('row', { name: new RegExp(field('razorpay_payment_id')) })).toContainText('Matched');
  await scanStaffPage(staff, 'the reconciliation');

  // The student: the fee is paid (the office's cash), the online payment not counted.
  await page.reload();
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('Rs 1,500.00');
});
