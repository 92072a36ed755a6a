import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from './e2e-env';
import { apiToken, importFixture, openStartedTest, signIn, type E2eStudent } from './student-session';

/**
 * Answer uploads against the real server: a camera snapshot and chosen images on subjective
 * questions, an answer-sheet PDF, a failed upload retried without losing the file, the pre-submit
 * upload dialog, and the post-test PDF UPLOAD from Scheduled Tests.
 */

const STUDENT: E2eStudent = { reg_no: 'UPLOAD01', email: 'upload01@example.edu', name: 'Upload Tester', password: 'upload123', config: { POST_PDF_UPLOAD: true } };

const descriptive = (id: string, name: string) => ({
  _id: id,
  name,
  config: { PDF_UPLOAD: true, HIDE_PRE_SUBMIT: false },
  format: {
    duration: 30,
    parts: [
      {
        name: 'Paper',
        sections: [
          {
            name: 'Written',
            questions: [
              { qt: 1, pm: 5, text: '<p>Describe the water cycle.</p>' },
              { qt: 8, pm: 5, text: '<p>Draw and label a plant cell.</p>' },
            ],
          },
          { name: 'Choice', questions: [{ qt: 3, pm: 1, text: '<p>One plus one?</p>', options: { A: 'One', B: 'Two', C: 'Three', D: 'Four' }, answer: 'B' }] },
        ],
      },
    ],
  },
  assigned_to: [STUDENT.reg_no],
});

const TESTS = {
  main: descriptive('e2e-uploads', 'E2E: Answer Uploads'),
  postTest: descriptive('e2e-post-upload', 'E2E: Post-test PDF'),
  offline: descriptive('e2e-offline-upload', 'E2E: Offline photo'),
};

// A 2x2 PNG and a one-page PDF, small enough to write inline.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

test.beforeAll(() => {
  importFixture(E2E_DATA_DIR, 'uploads-e2e', { students: [STUDENT], tests: Object.values(TESTS) });
});

interface Files {
  pu: string[];
  test_data: { qn: number; iu: string[]; ats: number | null }[];
}

async function serverFiles(request: APIRequestContext, token: string, testId: string, submitted = false): Promise<Files> {
  const path = submitted ? `/api/test/answer/${testId}` : `/api/test/in/${testId}?ts=${Date.now()}&embed=0`;
  const reply = await request.get(path, { headers: { 'x-access-token': token } });
  expect(reply.ok()).toBe(true);
  return ((await reply.json()) as { userData: Files }).userData;
}

const photosOf = (files: Files, qn: number) => files.test_data.find((state) => state.qn === qn)?.iu ?? [];
const snackbar = (page: Page, text: string) => page.getByText(text, { exact: true });

test('a student photographs and uploads answers, uploads a PDF answer sheet, and submits through the pre-submit dialog', async ({ page, request }) => {
  const token = await openStartedTest(page, request, STUDENT, TESTS.main._id);

  // Question 1: a camera snapshot (the fake camera), previewed, then uploaded.
  await page.getByRole('button', { name: 'Upload answer', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload answer for question 1' });
  await dialog.getByRole('button', { name: 'Take a photo' }).click();
  await expect(dialog.getByLabel('Camera preview')).toBeVisible();
  await expect(dialog.getByText('Check that your handwriting is readable and the image is not flipped.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Capture' }).click();
  await expect(dialog.getByRole('img', { name: 'Preview of Camera photo' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(snackbar(page, 'File Upload Successfull.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const q1Photos = page.getByRole('list', { name: 'Uploaded answer images for question 1' });
  await expect(q1Photos.getByRole('img')).toHaveCount(1);
  await expect(page.getByText('Answer photos (1)')).toBeVisible();
  await expect.poll(async () => photosOf(await serverFiles(request, token, TESTS.main._id), 1).length).toBe(1);
  await expect.poll(async () => (await serverFiles(request, token, TESTS.main._id)).test_data.find((s) => s.qn === 1)?.ats ?? null).not.toBeNull();

  // Question 2: a chosen image; the first try fails (a server error), the file stays for a retry.
  await page.getByRole('button', { name: 'Save & Next' }).click();
  // A photo alone answers a subjective question: the navigator says so.
  await expect(page.getByRole('button', { name: 'Question 1, Answered' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload answer', exact: true }).click();
  const dialog2 = page.getByRole('dialog', { name: 'Upload answer for question 2' });
  await dialog2.getByTestId('choose-images').setInputFiles({ name: 'cell.png', mimeType: 'image/png', buffer: PNG });
  await expect(dialog2.getByRole('img', { name: 'Preview of cell.png' })).toBeVisible();
  let failOnce = true;
  await page.route('**/blobs/upload/**', async (route) => {
    if (failOnce) {
      failOnce = false;
      await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Service unavailable' }) });
    } else await route.continue();
  });
  await dialog2.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog2.getByRole('alert')).toContainText('image upload failed. Please try again.');
  await expect(dialog2.getByRole('img', { name: 'Preview of cell.png' })).toBeVisible();
  await dialog2.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog2).toBeHidden();
  const q2Photos = page.getByRole('list', { name: 'Uploaded answer images for question 2' });
  await expect(q2Photos.getByRole('img')).toHaveCount(1);

  // Deleting asks once more, then removes it here and on the server.
  await q2Photos.getByRole('button', { name: 'Delete Image 1' }).click();
  await q2Photos.getByRole('button', { name: 'Yes, delete' }).click();
  await expect(snackbar(page, 'File deleted!')).toBeVisible();
  await expect(q2Photos).toBeHidden();
  await expect.poll(async () => photosOf(await serverFiles(request, token, TESTS.main._id), 2).length).toBe(0);

  // The answer-sheet PDF, from the navigator's tools.
  await page.getByRole('button', { name: 'Upload Answer Sheet' }).click();
  const sheet = page.getByRole('dialog', { name: 'Answer sheet' });
  await expect(sheet.getByText('No answer sheet uploaded yet.')).toBeVisible();
  await sheet.getByRole('button', { name: 'Upload PDF' }).click();
  const pdfDialog = page.getByRole('dialog', { name: 'Upload answer sheet (PDF)' });
  await pdfDialog.getByTestId('choose-pdf').setInputFiles({ name: 'answers.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(pdfDialog.getByText('answers.pdf')).toBeVisible();
  await pdfDialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(pdfDialog).toBeHidden();
  await expect(sheet.getByRole('link', { name: 'Open PDF 1' })).toBeVisible();
  await sheet.getByRole('button', { name: 'Done' }).click();

  // A reload shows what the server holds.
  await page.reload();
  await expect(page.getByRole('heading', { name: /^Question \d of 3$/ })).toBeVisible();
  await page.getByRole('button', { name: /^Question 1,/ }).click();
  await expect(page.getByRole('list', { name: 'Uploaded answer images for question 1' }).getByRole('img')).toHaveCount(1);

  // Submit: the pre-submit upload dialog first (HIDE_PRE_SUBMIT off), then the submit dialog.
  await page.getByRole('button', { name: /^Question 3,/ }).click();
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const preSubmit = page.getByRole('dialog', { name: 'Upload your answers' });
  await expect(preSubmit.getByText('Answer photos uploaded on questions: 1')).toBeVisible();
  await expect(preSubmit.getByRole('link', { name: 'Open PDF 1' })).toBeVisible();
  await preSubmit.getByRole('button', { name: 'Continue' }).click();
  const submitDialog = page.getByRole('dialog', { name: 'Submit Test' });
  await expect(submitDialog.getByRole('row', { name: 'Images uploaded 1' })).toBeVisible();
  await submitDialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/test-submitted/);
  await expect(page.getByRole('link', { name: 'Upload PDFs' })).toHaveAttribute('href', '/test');

  const submitted = await serverFiles(request, token, TESTS.main._id, true);
  expect(photosOf(submitted, 1)).toHaveLength(1);
  expect(submitted.pu).toHaveLength(1);
  // The student's own files open by their signed URLs; a bare URL does not.
  expect((await request.get(submitted.pu[0] as string)).status()).toBe(200);
  expect((await request.get((submitted.pu[0] as string).split('?')[0] as string)).status()).toBe(403);
});

test('after submitting, PDF UPLOAD on Scheduled Tests adds an answer sheet', async ({ page, request }) => {
  const token = await apiToken(request, STUDENT);
  const headers = { 'x-access-token': token };
  expect((await request.post('/api/test/start', { data: { id: TESTS.postTest._id, devices: [] }, headers })).ok()).toBe(true);

  await signIn(page, STUDENT);
  await page.goto('/test');
  const upload = page.getByRole('button', { name: `PDF UPLOAD: ${TESTS.postTest.name}` });
  // Started but not submitted: resumable, so PDF UPLOAD is not yet enabled.
  await expect(upload).toBeDisabled();

  expect((await request.post('/api/test/submit', { data: { id: TESTS.postTest._id, updates: [], terminated: 'manual' }, headers })).ok()).toBe(true);
  await page.reload();
  await expect(upload).toBeEnabled();
  await upload.click();
  const sheets = page.getByRole('dialog', { name: `Answer sheets: ${TESTS.postTest.name}` });
  await sheets.getByRole('button', { name: 'Upload PDF' }).click();
  const pdfDialog = page.getByRole('dialog', { name: 'Upload answer sheet (PDF)' });
  await pdfDialog.getByTestId('choose-pdf').setInputFiles({ name: 'late-sheet.pdf', mimeType: 'application/pdf', buffer: PDF });
  await pdfDialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(snackbar(page, 'File Upload Successfull.')).toBeVisible();
  await expect(sheets.getByRole('link', { name: 'Open PDF 1' })).toBeVisible();
  expect((await serverFiles(request, token, TESTS.postTest._id, true)).pu).toHaveLength(1);
});

test('a photo taken offline is kept on the device, survives closing the tab, and uploads once back online', async ({ page, context, request }) => {
  const token = await openStartedTest(page, request, STUDENT, TESTS.offline._id);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Upload answer', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload answer for question 1' });
  await dialog.getByTestId('choose-images').setInputFiles({ name: 'offline-page.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(snackbar(page, 'No connection: your file is kept on this device and will upload as soon as you are back online.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Waiting to upload: 1 file kept on this device')).toBeVisible();
  await page.close();

  await context.setOffline(false);
  const again = await context.newPage();
  await again.goto(`/test/${TESTS.offline._id}/in`);
  await expect(again.getByRole('heading', { name: 'Question 1 of 3' })).toBeVisible();
  await expect(again.getByRole('list', { name: 'Uploaded answer images for question 1' }).getByRole('img')).toHaveCount(1);
  await expect(again.getByText(/Waiting to upload/)).toBeHidden();
  await expect.poll(async () => photosOf(await serverFiles(request, token, TESTS.offline._id), 1).length).toBe(1);
});
