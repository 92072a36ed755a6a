import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from './e2e-env';
import { expectSnackbar, recordSnackbars } from './snackbar-recorder';
import { apiToken, importFixture, type E2eStudent } from './student-session';

/**
 * My Fees by the spec's labels (student-portal.md: My Fees; sections 3, 4, 5, 8, 9): a tuition
 * fee on the table's second page paid online through the gateway simulator and seen paid, on its
 * page, with a printable receipt; the browser's Back then shows the order paid; then a receipt
 * uploaded for the overdue transport fee (its fine shown due), waiting for processing. A student of
 * this spec's own.
 */

const STUDENT: E2eStudent = { reg_no: 'E2EFEE1', email: 'fee-e2e@example.edu', name: 'Farah Fees', password: 'fee-e2e-1' };
// A 1x1 PNG: the receipt image.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6c3a80000000049454e44ae426082', 'hex');

test.beforeAll(() => {
  importFixture(E2E_DATA_DIR, 'fees-e2e', {
    students: [STUDENT],
    // The demo's fee heads.
    student_fees: [
      { id: 'e2e-fee-tuition', reg_no: STUDENT.reg_no, fee_head_id: 'demo-fh-tuition', due_month: '2031-04', due_date: '2031-04-10', fee_amount_paise: 1_250_000 },
      { id: 'e2e-fee-transport', reg_no: STUDENT.reg_no, fee_head_id: 'demo-fh-transport', due_month: '2020-04', due_date: '2020-04-05', fee_amount_paise: 180_000, fine_amount_paise: 5_000 },
      // Nine months paid before (Rs 100 each): the tuition fee is the 11th row, on page 2.
      ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((month) => ({ id: `e2e-fee-paid-${month}`, reg_no: STUDENT.reg_no, fee_head_id: 'demo-fh-tuition', due_month: `2021-0${month}`, due_date: `2021-0${month}-10`, fee_amount_paise: 10_000, paid_amount_paise: 10_000 })),
    ],
  });
});

async function expectAccessible(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).exclude('[data-focus-guard]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), where).toEqual([]);
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(sideways, `${where}: no sideways scroll`).toBeLessThanOrEqual(0);
}

/** The gateway's return message: in the page above the fee table, covering none of it (a snackbar covered a Balance cell). */
async function expectPaymentOutcome(page: Page, text: string | RegExp) {
  const message = page.getByTestId('payment-outcome');
  await expect(message).toContainText(text);
  const [box, table] = [await message.boundingBox(), await page.getByTestId('fee-table').boundingBox()];
  expect(box !== null && table !== null && box.y + box.height <= table.y, 'the payment message sits above the table').toBe(true);
}

test('a fee paid online through the gateway shows paid with a receipt to print; an uploaded receipt waits for processing', async ({ page, request }) => {
  const token = await apiToken(request, STUDENT);
  await page.addInitScript((value) => localStorage.setItem('jwt_token', value), token);
  await recordSnackbars(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/fee-list');
  const table = page.getByTestId('fee-table');
  for (const header of ['Fee Details', 'Due Date', 'Total Amount', 'Paid (with Fine)', 'Balance', 'Status', 'Actions']) await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  const tuition = table.getByRole('row', { name: /Tuition Fee - April 2031/ });
  const transport = table.getByRole('row', { name: /Transport Fee - April 2020/ });
  await expect(transport).toContainText('Overdue');
  await expect(transport).toContainText('Rs 1,850.00');
  // Its fine is not paid: Paid (with Fine) shows it due, not as paid.
  await expect(transport).toContainText('Fine Rs 50.00 due');
  await expect(page.getByTestId('fee-total-total-fee')).toHaveText('Rs 15,250.00');
  await expect(page.getByTestId('fee-total-balance')).toHaveText('Rs 14,350.00');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(tuition).toContainText('Unpaid');
  await expect(tuition.getByRole('button', { name: /^Print Receipt/ })).toBeDisabled();

  // Payment methods: UPI with its QR code (the qrcode package loads only now) and the bank's instructions.
  await tuition.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Payment Methods' }).click();
  const methods = page.getByRole('dialog', { name: 'Payment Methods' });
  await expect(methods.getByText('invigil.institute@sbi')).toBeVisible();
  await expect(methods.getByText('Amount: Rs 12,500.00 (the selected fees)')).toBeVisible();
  await expect(methods.getByRole('img', { name: 'UPI QR code to pay invigil.institute@sbi' })).toBeVisible();
  await expect(methods.getByText(/IFSC/)).toBeVisible();
  await expectAccessible(page, 'payment methods at 1280 px');
  await page.screenshot({ path: test.info().outputPath('fees-methods-1280.png') });
  await page.keyboard.press('Escape');
  await expect(methods).toBeHidden();
  await expectAccessible(page, 'fee list at 1280 px');
  await page.screenshot({ path: test.info().outputPath('fees-list-1280.png'), fullPage: true });

  // PAY ONLINE: the gateway's page with the order_id in its address; paying there brings the student back.
  await tuition.getByRole('button', { name: /^Pay online/ }).click();
  await expect(page).toHaveURL(/\/gateway\/checkout\?order_id=order_[A-Za-z0-9]{14}$/);
  const checkout = page.url();
  await page.getByRole('button', { name: 'Pay Rs 12,500.00' }).click();
  await expect(page).toHaveURL('/fee-list');
  // Back on page 2, where the fee is, highlighted with the focus on it; the message above the table.
  await expectPaymentOutcome(page, 'Payment successful!');
  await expectPaymentOutcome(page, 'Tuition Fee - April 2031: Paid');
  await expect(tuition.getByRole('button', { name: /details$/ })).toBeFocused();
  await expect(tuition).toBeInViewport();
  await expect(tuition).toContainText('Paid');
  await expect(tuition.getByRole('button', { name: /^Pay online/ })).toBeDisabled();
  await expect(page.getByTestId('fee-total-paid')).toHaveText('Rs 13,400.00');
  await expect(page.getByTestId('fee-total-balance')).toHaveText('Rs 1,850.00');

  // The browser's Back: the checkout page says the order is paid, and offers no Pay.
  await page.goBack();
  await expect(page).toHaveURL(checkout);
  await expect(page.getByRole('heading', { name: 'Already paid' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to the institute' }).click();
  await expect(page).toHaveURL('/fee-list');

  // The list opens on page 1 again. Upload Receipt for the transport fee: UPLOAD waits for the transaction date.
  await transport.getByRole('button', { name: /^Upload Receipt/ }).click();
  const upload = page.getByRole('dialog', { name: 'Upload Receipt' });
  await upload.getByLabel('Receipt image (.png, .jpeg, .jpg)').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  await upload.getByLabel('Transaction ID (optional)').fill('UTR2020040501');
  await upload.getByText('Paid by cheque').click();
  await upload.getByLabel('Cheque Number').fill('004512');
  await expect(upload.getByRole('button', { name: 'Upload' })).toBeDisabled();
  await upload.getByLabel('Transaction Date *').fill('2020-04-04');
  await expectAccessible(page, 'upload receipt at 1280 px');
  await upload.getByRole('button', { name: 'Upload' }).click();
  await expectSnackbar(page, 'Waiting for processing!', 'success');
  await expect(upload).toBeHidden();
  await transport.getByRole('button', { name: /details$/ }).click();
  const details = page.getByRole('dialog', { name: 'Fee Details' });
  await expect(details.getByTestId('fee-receipts')).toContainText('Waiting for processing!');
  await expect(details.getByTestId('fee-receipts')).toContainText('Cheque Number: 004512');
  await expectAccessible(page, 'fee details at 1280 px');
  await page.keyboard.press('Escape');

  // The paid fee on page 2. Print Receipt: the admin service's receipt HTML in a print frame.
  await page.getByRole('button', { name: 'Next' }).click();
  await tuition.getByRole('button', { name: /^Print Receipt/ }).click();
  const receipt = page.frameLocator('#fee-receipt-print');
  await expect(receipt.getByRole('heading', { name: 'Fee receipt' })).toBeAttached();
  await expect(receipt.locator('body')).toContainText('Tuition Fee - April 2031');
  await expect(receipt.locator('body')).toContainText('Rs 12,500.00');

  await page.setViewportSize({ width: 360, height: 740 });
  await expectAccessible(page, 'fee list at 360 px');
  await page.screenshot({ path: test.info().outputPath('fees-list-360.png'), fullPage: true });
});

const TWO_TABS: E2eStudent = { reg_no: 'E2EFEE2', email: 'fee-e2e-2@example.edu', name: 'Tarun Tabs', password: 'fee-e2e-2' };
const TWO_TABS_FEE = { id: 'e2e-fee-two-tabs', reg_no: TWO_TABS.reg_no, fee_head_id: 'demo-fh-tuition', due_month: '2031-05', due_date: '2031-05-10', fee_amount_paise: 500_000 };

test('a fee paid from two tabs is paid once: the old tab\'s order, paid after a newer one settled the fee, is not counted and the fee says it is already paid', async ({ browser, request }) => {
  importFixture(E2E_DATA_DIR, 'fees-e2e-two-tabs', { students: [TWO_TABS] });
  const token = await apiToken(request, TWO_TABS);
  const shots = test.info().outputPath();
  for (const width of [1280, 360]) {
    // Each width its own fee (the first one is paid by then).
    const feeId = `${TWO_TABS_FEE.id}-${width}`;
    importFixture(E2E_DATA_DIR, `fees-e2e-two-tabs-${width}`, { student_fees: [{ ...TWO_TABS_FEE, id: feeId, due_month: width === 1280 ? '2031-05' : '2031-06', due_date: width === 1280 ? '2031-05-10' : '2031-06-10' }] });
    const context = await browser.newContext({ viewport: width === 1280 ? { width: 1280, height: 800 } : { width: 360, height: 740 } });
    await context.addInitScript((value) => localStorage.setItem('jwt_token', value), token);
    const tab = async () => {
      const page = await context.newPage();
      await recordSnackbars(page);
      await page.goto('/fee-list');
      return page;
    };
    const month = width === 1280 ? 'May 2031' : 'June 2031';
    const row = (page: Page) => page.getByTestId('fee-table').getByRole('row', { name: new RegExp(`Tuition Fee - ${month}`) });

    // Tab 1 opens the gateway's page for Rs 5,000 and is left there.
    const first = await tab();
    const stale = await tab(); // a third tab keeps the list as it was
    await row(first).getByRole('button', { name: /^Pay online/ }).click();
    await expect(first.getByRole('button', { name: 'Pay Rs 5,000.00' })).toBeVisible();
    const orderA = first.url();
    // The institute adds a fine of Rs 100; tab 2's Pay makes a new order for Rs 5,100 and pays it.
    importFixture(E2E_DATA_DIR, `fees-e2e-two-tabs-fine-${width}`, { student_fees: [{ ...TWO_TABS_FEE, id: feeId, due_month: width === 1280 ? '2031-05' : '2031-06', due_date: width === 1280 ? '2031-05-10' : '2031-06-10', fine_amount_paise: 10_000 }] });
    const second = await tab();
    await row(second).getByRole('button', { name: /^Pay online/ }).click();
    await second.getByRole('button', { name: 'Pay Rs 5,100.00' }).click();
    await expect(second).toHaveURL('/fee-list');
    await expectPaymentOutcome(second, 'Payment successful!');
    await expect(row(second)).toContainText('Paid');

    // Order A's page opened now says the fee is already paid, and offers no Pay.
    const reopened = await context.newPage();
    await reopened.goto(orderA);
    await expect(reopened.getByRole('heading', { name: 'This fee is already paid.' })).toBeVisible();
    await expect(reopened.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
    await reopened.screenshot({ path: `${shots}/two-tabs-order-page-${width}.png`, fullPage: true });
    await reopened.getByRole('link', { name: 'Back to the institute' }).click();
    await expect(reopened).toHaveURL('/fee-list');

    // Tab 1 still shows Pay Rs 5,000: pressed, the gateway takes it, and the portal says the fee was already paid.
    await first.getByRole('button', { name: 'Pay Rs 5,000.00' }).click();
    await expect(first).toHaveURL('/fee-list');
    await expectPaymentOutcome(first, 'This fee was already paid: this payment was not counted and will be refunded.');
    await expect(row(first)).toContainText('Paid');
    await expect(row(first)).toContainText('Rs 5,100.00');
    await expect(first.getByTestId('fee-total-advance')).toHaveText('Rs 0.00');
    await first.screenshot({ path: `${shots}/two-tabs-refund-${width}.png`, fullPage: true });

    // The list left open before: PAY ONLINE says the fee is already paid and shows it paid.
    await row(stale).getByRole('button', { name: /^Pay online/ }).click();
    await expectSnackbar(stale, 'This fee is already paid.', 'info');
    await expect(row(stale).getByRole('button', { name: /^Pay online/ })).toBeDisabled();

    await expectAccessible(first, `fee list after the refund at ${width} px`);
    await context.close();
  }
});
