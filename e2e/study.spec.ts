import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { expectSnackbar, recordSnackbars } from './snackbar-recorder';
import { apiToken } from './student-session';
import { DEMO } from './support';

/**
 * Study material and the upload view, as Rohan (his files change; Asha's demo state, which the
 * accessibility scans read, stays as seeded). One page load: the Assignment route's subject card,
 * the Physics list, and in the upload view a PDF uploaded with its progress, viewed on pdf.js and
 * deleted, then a camera snapshot (Chromium's fake camera) taken, retaken, uploaded and deleted.
 */

const ROHAN = { reg_no: DEMO.second.regNo, email: DEMO.second.email, name: DEMO.second.name, password: DEMO.second.password };
const ASHA = { reg_no: DEMO.first.regNo, email: DEMO.first.email, name: DEMO.first.name, password: DEMO.first.password };
const ASSIGNMENT = 'Laws of Motion: problem set 1';

/** A one-page PDF with a line of text and a correct cross-reference table (pdf.js renders it). */
function onePagePdf(text: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    (() => {
      const stream = `BT /F1 18 Tf 20 100 Td (${text}) Tj ET`;
      return `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
    })(),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** axe on the upload view only (e2e/accessibility.spec.ts scans the routes as loaded). */
async function expectAccessible(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).include('dialog[open]').exclude('[data-focus-guard]').analyze();
  expect(results.violations.map((v) => `${v.id} [${v.impact}]: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), where).toEqual([]);
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(sideways, `${where}: no sideways scroll`).toBeLessThanOrEqual(0);
}

test('an assignment: a file uploaded with its progress, viewed and deleted; a camera snapshot taken, uploaded and deleted', async ({ page, request }) => {
  test.setTimeout(90_000);
  const token = await apiToken(request, ROHAN);
  await page.addInitScript((value) => localStorage.setItem('jwt_token', value), token);
  await page.setViewportSize({ width: 1280, height: 800 });
  await recordSnackbars(page);

  // The Assignment route: the subject cards of assignments; Physics's View opens its list.
  await page.goto('/assignment');
  await expect(page.getByRole('heading', { level: 1, name: 'Assignment' })).toBeVisible();
  await expect(page.getByLabel('Type')).toHaveValue('assignment');
  await page.getByRole('link', { name: 'View Physics, Dr. Anil Kumar' }).click();
  await expect(page).toHaveURL(/\/study\/demo-physics\?.*type=assignment/);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: ASSIGNMENT }) });
  await expect(card).toContainText('Max marks20');
  await expect(page.getByRole('heading', { name: 'Friction worksheet' }).locator('xpath=ancestor::li[1]')).toContainText('7 / 10');

  await card.getByRole('button', { name: `Attempt ${ASSIGNMENT}` }).click();
  const view = page.getByRole('dialog', { name: `Uploads: ${ASSIGNMENT}` });
  await expect(view.getByText('UPLOADED FILES WILL BE SHOWN HERE!')).toBeVisible();

  // A PDF: its PUT is held a moment, so its progress shows, then it is listed with its size.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/blobs/study-upload/**', async (route) => {
    await held;
    await route.continue();
  }, { times: 1 });
  const pdf = onePagePdf('My working');
  await view.getByLabel('File Upload').setInputFiles({ name: 'working.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(view.getByRole('progressbar', { name: 'working.pdf upload progress' })).toBeVisible();
  await expect(view.getByTestId('upload-percent')).toHaveText(/^\d{1,3}%$/);
  release();
  await expectSnackbar(page, 'UPLOAD SUCCESSFULL', 'success');
  const files = view.getByRole('list', { name: 'Uploaded files' });
  await expect(files.getByRole('listitem')).toHaveCount(1);
  await expect(files).toContainText('working.pdf');
  await expect(files).toContainText(`${(pdf.length / 1048576).toFixed(2)} MB`);
  await expect(view.getByTestId('upload-count')).toHaveText('1');

  // View: the PDF in the full-screen viewer, drawn by pdf.js.
  await files.getByRole('button', { name: 'View working.pdf' }).click();
  const viewer = page.getByRole('dialog', { name: 'working.pdf' });
  // pdf.js and its worker load only now: on a busy machine that takes a while.
  await expect(viewer.getByTestId('pdf-pages').locator('canvas')).toHaveCount(1, { timeout: 20_000 });
  await expect(viewer.getByText('1 page', { exact: true })).toBeVisible();
  await viewer.getByRole('button', { name: 'Close' }).click();

  // Delete, confirmed once more.
  await files.getByRole('button', { name: 'Delete working.pdf' }).click();
  await files.getByRole('button', { name: 'Yes, delete' }).click();
  await expectSnackbar(page, 'File deleted!', 'success');
  await expect(view.getByText('UPLOADED FILES WILL BE SHOWN HERE!')).toBeVisible();

  // A snapshot from the (fake) camera: Capture, Retake, Capture, Upload.
  await view.getByRole('button', { name: 'Take Snapshot' }).click();
  const capture = view.getByRole('button', { name: 'Capture' });
  await expect(capture).toBeEnabled({ timeout: 15_000 });
  // The device selector lists the cameras once one runs.
  await expect(view.getByRole('combobox', { name: /^Camera/ })).toBeVisible();
  await capture.click();
  await expect(view.getByRole('img', { name: 'Snapshot preview' })).toBeVisible();
  await view.getByRole('button', { name: 'Retake' }).click();
  await expect(capture).toBeEnabled({ timeout: 15_000 });
  await capture.click();
  await view.getByRole('button', { name: 'Upload', exact: true }).click();
  await expectSnackbar(page, 'UPLOAD SUCCESSFULL', 'success');
  await expect(files.getByRole('listitem')).toHaveCount(1);
  await expect(files).toContainText('Snapshot.png');
  const size = await files.getByRole('listitem').first().textContent();
  expect(size).toMatch(/0\.\d\d MB/);

  await expectAccessible(page, 'the upload view with a file, at 1280 px');
  await page.setViewportSize({ width: 360, height: 740 });
  await expectAccessible(page, 'the upload view with a file, at 360 px');

  // Rohan's files as they were: none.
  await files.getByRole('button', { name: 'Delete Snapshot.png' }).click();
  await files.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(view.getByTestId('upload-count')).toHaveText('0');
  await view.getByRole('button', { name: 'Close' }).last().click();
  await expect(card.getByRole('button', { name: `Uploads (0): ${ASSIGNMENT}` })).toBeVisible();
});

test('the study list: 10 items a page numbered on across pages, the type filter, a type with nothing, a video lecture in its player', async ({ page, request }) => {
  // As Asha, who only reads here: Rohan's config turns Video Lecture off (require-page).
  const token = await apiToken(request, ASHA);
  await page.addInitScript((value) => localStorage.setItem('jwt_token', value), token);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goto('/study');
  await expect(page.getByLabel('Type')).toHaveValue('all');
  await page.getByRole('link', { name: 'View Physics, Dr. Anil Kumar' }).click();
  const items = page.getByTestId('study-item');
  const pages = page.getByRole('navigation', { name: 'Pages of study items' });
  await expect(items).toHaveCount(10);
  await expect(items.first().getByRole('heading')).toContainText('1.');
  await expect(items.last().getByRole('heading')).toContainText('10.');
  await expect(pages.getByRole('button', { name: 'Prev' })).toBeDisabled();
  await pages.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(items.first().getByRole('heading')).toContainText('11.');
  await expect(pages.getByText('Page 2')).toBeVisible();
  await pages.getByRole('link', { name: 'Prev' }).click();
  await expect(items.first().getByRole('heading')).toContainText('1.');

  // The filter narrows the list to one type and says which type is shown on each card.
  await page.getByLabel('Type').selectOption({ label: 'Video-Lecture' });
  await expect(page).toHaveURL(/type=video-lecture/);
  await expect(items).toHaveCount(2);
  for (const badge of await items.locator('.badge-outline').allTextContents()) expect(badge).toBe('Video-Lecture');

  // A video lecture opens full screen in a player that can play it.
  const lecture = items.filter({ has: page.getByRole('heading', { name: /Lecture 1: Getting ready/ }) });
  await lecture.getByRole('button', { name: 'Show attachments (1)' }).click();
  await lecture.getByRole('list', { name: /^Attachments of Lecture 1/ }).getByRole('button', { name: 'Lecture 1.webm' }).click();
  const viewer = page.getByRole('dialog', { name: 'Lecture 1.webm' });
  const video = viewer.locator('video');
  await expect(video).toBeVisible();
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  expect(await video.evaluate((element: HTMLVideoElement) => element.duration)).toBeGreaterThan(0);
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();

  // A subject with none of a type says so in the spec's words.
  await page.goto('/study/demo-english?tid=demo-teacher-kavita&sn=English&tn=Ms.%20Kavita%20Rao&type=assignment');
  await expect(page.getByText('NO ASSIGNMENT FOUND')).toBeVisible();
});

test('an assignment file chosen without a connection waits, says so, and is sent once the student is online', async ({ page, context, request }) => {
  const token = await apiToken(request, ROHAN);
  await page.addInitScript((value) => localStorage.setItem('jwt_token', value), token);
  await page.setViewportSize({ width: 360, height: 740 });
  await recordSnackbars(page);
  const title = 'Projectile motion';
  await page.goto('/study/demo-physics?tid=demo-teacher-anil&sn=Physics&tn=Dr.%20Anil%20Kumar&type=assignment');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await card.getByRole('button', { name: `Attempt ${title}` }).click();
  const view = page.getByRole('dialog', { name: `Uploads: ${title}` });
  await expect(view.getByText('UPLOADED FILES WILL BE SHOWN HERE!')).toBeVisible();

  await context.setOffline(true);
  await view.getByLabel('File Upload').setInputFiles({ name: 'offline.pdf', mimeType: 'application/pdf', buffer: onePagePdf('Written offline') });
  await expectSnackbar(page, 'Waiting for a connection: it is sent as soon as you are online.', 'warning');
  const waiting = view.getByRole('list', { name: 'Files waiting for a connection' });
  await expect(waiting).toContainText('offline.pdf');
  await expect(waiting).toContainText('Waiting to upload');

  await context.setOffline(false);
  const files = view.getByRole('list', { name: 'Uploaded files' });
  await expect(files).toContainText('offline.pdf', { timeout: 20_000 });
  await expect(waiting).toBeHidden();
  await expect(view.getByTestId('upload-count')).toHaveText('1');

  // Sent once: a reload lists it once, and nothing is left waiting.
  await page.reload();
  await card.getByRole('button', { name: `Uploads (1): ${title}` }).click();
  await expect(view.getByRole('list', { name: 'Uploaded files' }).getByRole('listitem')).toHaveCount(1);
  await view.getByRole('list', { name: 'Uploaded files' }).getByRole('button', { name: 'Delete offline.pdf' }).click();
  await view.getByRole('list', { name: 'Uploaded files' }).getByRole('button', { name: 'Yes, delete' }).click();
  await expect(view.getByTestId('upload-count')).toHaveText('0');
});
