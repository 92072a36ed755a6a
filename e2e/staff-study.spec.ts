import { expect, test, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from './e2e-env';
import { DEMO_ADMIN, newStaffPage, scanStaffPage, staffSignIn } from './staff-e2e';
import { apiToken, forThisWorker, importFixture, type E2eStudent } from './student-session';

/**
 * Study material from the staff console to the student and back (issue 30): an admin publishes an
 * assignment with an image attached to a class of this spec's own; its student sees it on their
 * Assignment screen (the student's screens read the item at once: no reload of anything else),
 * opens the attachment and hands in a photo; the admin grades it by keyboard in the grading
 * screen, publishes the scores, and the student's card shows the score. Each staff route is
 * scanned by axe at 1280 and 360 px.
 */

const worker = process.env.TEST_WORKER_INDEX ?? '0';
const CLASS = { id: `e2e-study-class-w${worker}`, name: `Study Class W${worker}` };
const STUDENT: E2eStudent = forThisWorker({ reg_no: 'STUDY01', email: 'study01@example.edu', name: `Sana Study ${worker}`, password: 'study1234' });
const TITLE = `Vectors worksheet W${worker} ${Date.now().toString(36)}`;
// A 1x1 PNG: the attachment and the student's photo.
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6c3a80000000049454e44ae426082', 'hex');

test.beforeAll(() => {
  importFixture(E2E_DATA_DIR, `staff-study-e2e-${worker}`, {
    students: [STUDENT],
    classes: [CLASS],
    profiles: [{ reg_no: STUDENT.reg_no, class_id: CLASS.id }],
  });
});

async function studentAssignments(page: Page) {
  await page.goto('/assignment');
  await page.getByRole('link', { name: 'View Physics, Meera Iyer' }).click();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: TITLE }) });
  await expect(card).toBeVisible();
  return card;
}

test('an assignment published with an image, opened and handed in with a photo by the student, graded by keyboard, its score published and seen', async ({ browser, page, request }) => {
  const staff = await newStaffPage(browser);
  await staff.goto('/staff/study');
  await staffSignIn(staff, DEMO_ADMIN);
  await expect(staff.getByRole('heading', { level: 1, name: 'Study material' })).toBeVisible();
  await scanStaffPage(staff, '/staff/study');

  // Publish: an assignment for the spec's class, with an image uploaded as its attachment.
  await staff.getByRole('link', { name: 'New study item' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'New study item' })).toBeVisible();
  await scanStaffPage(staff, '/staff/study/new');
  await staff.getByLabel('Type').selectOption('assignment');
  await staff.getByLabel('Title').fill(TITLE);
  await staff.getByLabel('Class').selectOption({ label: CLASS.name });
  await staff.getByLabel('Subject').selectOption({ label: 'Physics' });
  // The Publish button checks the form first: the missing due date is named at its field.
  await staff.getByLabel('Max marks').fill('10');
  await staff.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(staff.getByLabel('Due')).toBeFocused();
  await expect(staff.getByText('Choose a due date for an assignment or home work.')).toBeVisible();
  await staff.getByLabel('Due').fill('2031-01-15T10:00');
  await staff.getByLabel('Description').fill('Draw the three vectors and hand in a photo.');
  await staff.getByLabel('Upload a file').setInputFiles({ name: 'vectors.png', mimeType: 'image/png', buffer: PNG });
  await expect(staff.getByText('vectors.png (uploaded, saved with the item)')).toBeVisible();
  await staff.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(staff.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  const itemUrl = staff.url();
  await expect(staff.getByText('0 of 1 submitted, 0 graded')).toBeVisible();
  await scanStaffPage(staff, '/staff/study/:id');

  // The student: the item on their Assignment screen, its image opened, a photo handed in.
  const token = await apiToken(request, STUDENT);
  await page.addInitScript((value) => localStorage.setItem('jwt_token', value), token);
  await page.setViewportSize({ width: 1280, height: 800 });
  let card = await studentAssignments(page);
  await expect(card).toContainText('Max marks10');
  await card.getByRole('button', { name: 'Show attachments (1)' }).click();
  await card.getByRole('list', { name: `Attachments of ${TITLE}` }).getByRole('button', { name: 'vectors.png' }).click();
  const viewer = page.getByRole('dialog', { name: 'vectors.png' });
  await expect(viewer.getByRole('img', { name: 'vectors.png' })).toBeVisible();
  expect(await viewer.getByRole('img', { name: 'vectors.png' }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await viewer.getByRole('button', { name: 'Close' }).click();
  await card.getByRole('button', { name: `Attempt ${TITLE}` }).click();
  const uploads = page.getByRole('dialog', { name: `Uploads: ${TITLE}` });
  await uploads.getByLabel('File Upload').setInputFiles({ name: 'my-vectors.png', mimeType: 'image/png', buffer: PNG });
  await expect(uploads.getByRole('list', { name: 'Uploaded files' }).getByRole('listitem')).toHaveCount(1);
  await uploads.getByRole('button', { name: 'Close' }).last().click();

  // The grading start page lists it under Assignments; the grading screen, anonymous, by keyboard.
  await staff.goto('/staff/grading');
  const assignments = staff.getByRole('region', { name: 'Assignments' });
  await assignments.getByRole('link', { name: TITLE }).click();
  await expect(staff.getByRole('heading', { level: 1, name: `Grade: ${TITLE}` })).toBeVisible();
  await expect(staff.getByRole('heading', { level: 2, name: 'Submission 1' })).toBeVisible();
  await expect(staff.getByText('0 of 1 graded')).toBeVisible();
  await expect(staff.getByRole('img', { name: /^Submission 1, photo 1 of 1/ })).toBeVisible();
  await scanStaffPage(staff, '/staff/grading/assignments/:id');
  const marks = staff.getByLabel('Marks');
  await marks.focus();
  await staff.keyboard.type('11');
  await staff.keyboard.press('Enter');
  await expect(staff.getByRole('alert')).toHaveText('Marks cannot be above 10, the max marks.');
  await expect(marks).toBeFocused();
  await staff.keyboard.press('ControlOrMeta+a');
  await staff.keyboard.type('8.5');
  await staff.keyboard.press('Tab');
  await staff.keyboard.type('Neat diagrams.');
  await staff.keyboard.press('Control+Enter');
  await expect(staff.getByText('Saved: Submission 1, 8.5 marks. That was the last submission.').last()).toBeVisible();
  await expect(staff.getByText('1 of 1 graded')).toBeVisible();
  await expect(staff.getByText(/^Scored 8\.5 by Meera Iyer/)).toBeVisible();

  // Publish the scores from the item's page; the student sees the score on their next load.
  await staff.goto(itemUrl);
  await expect(staff.getByRole('row', { name: new RegExp(STUDENT.name) })).toContainText('8.5');
  await staff.getByRole('button', { name: 'Publish scores' }).click();
  await staff.getByRole('dialog', { name: 'Publish scores?' }).getByRole('button', { name: 'Publish and notify' }).click();
  await expect(staff.getByText('Scores published: 1 student notified.').last()).toBeVisible();
  await staff.context().close();

  card = await studentAssignments(page);
  await expect(card).toContainText('8.5 / 10');
  await expect(card).toContainText('Teacher’s commentNeat diagrams.');
});
