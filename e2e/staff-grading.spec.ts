import { expect, test } from '@playwright/test';
import { E2E_DATA_DIR } from './e2e-env';
import { DEMO_ADMIN as ADMIN, DEMO_PROCTOR as PROCTOR, newStaffPage, scanStaffPage as scan, staffSignIn } from './staff-e2e';
import { forThisWorker, importFixture, openStartedTest, submitFromLastQuestion, type E2eStudent } from './student-session';

/**
 * Grading (issue 29), by visible labels: a student types a descriptive answer and uploads a photo
 * of another; the grader writes a rubric for each question, grades the first by keyboard (rubric
 * keys, Ctrl+Enter) and the second by clicks; the student then sees the marks and the remark in
 * the review (released on submission). A proctor cannot open grading. axe (0 violations) and no
 * sideways scroll at 1280 and 360 px on the list, the grading screen and the question reports.
 */

const RUN = `${process.env.TEST_WORKER_INDEX ?? '0'}${Date.now().toString(36)}`.toUpperCase();
const STUDENT: E2eStudent = forThisWorker({ reg_no: `E2EGR${RUN}`, email: `grading-${RUN}@example.edu`.toLowerCase(), name: 'Gita Grader', password: 'grading-e2e-1' });
const TEST_ID = `e2e-grading-${RUN}`.toLowerCase();
const TEST_NAME = `E2E Grading ${RUN}`;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');

test.beforeAll(() => {
  importFixture(E2E_DATA_DIR, `staff-grading-${RUN}`, {
    students: [STUDENT],
    tests: [
      {
        _id: TEST_ID,
        name: TEST_NAME,
        review: 'on_submit',
        format: {
          duration: 30,
          parts: [
            {
              name: 'Paper',
              sections: [
                {
                  name: 'Written',
                  questions: [
                    { qt: 1, pm: 5, text: '<p>What is photosynthesis?</p>', solution: '<p>Plants make food from light, water and carbon dioxide.</p>' },
                    { qt: 8, pm: 5, text: '<p>Draw and label a leaf.</p>', solution: '<p>Blade, veins, petiole.</p>' },
                  ],
                },
              ],
            },
          ],
        },
        assigned_to: [STUDENT.reg_no],
      },
    ],
  });
});

test('a typed answer and a photo answer are graded with rubrics, and the student sees marks and remark in the review', async ({ browser, page, request }) => {
  test.setTimeout(150_000);
  // The student: a typed answer to question 1, a photo for question 2, then submits.
  await openStartedTest(page, request, STUDENT, TEST_ID);
  await page.getByLabel('Your answer').fill('Plants use sunlight to make sugar.');
  await page.getByRole('button', { name: 'Save & Next' }).click();
  await expect(page.getByRole('heading', { name: 'Question 2 of 2' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload answer', exact: true }).click();
  const upload = page.getByRole('dialog', { name: 'Upload answer for question 2' });
  await upload.getByTestId('choose-images').setInputFiles({ name: 'leaf.png', mimeType: 'image/png', buffer: PNG });
  await upload.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(upload).toBeHidden();
  await expect(page.getByRole('list', { name: 'Uploaded answer images for question 2' }).getByRole('img')).toHaveCount(1);
  await submitFromLastQuestion(page);

  // The grader: the tests with answers to grade.
  const staff = await newStaffPage(browser);
  await staff.goto('/staff/grading');
  await staffSignIn(staff, ADMIN);
  await expect(staff.getByRole('heading', { name: 'Grading', level: 1 })).toBeVisible();
  const row = staff.getByRole('row').filter({ hasText: TEST_NAME });
  await expect(row.getByRole('cell').first()).toHaveText('2');
  await scan(staff, 'Grading');
  await row.getByRole('link', { name: TEST_NAME }).click();
  await expect(staff.getByRole('heading', { name: `Grade: ${TEST_NAME}` })).toBeVisible();
  await expect(staff.getByText('0 of 2 graded', { exact: true })).toBeVisible();

  // Question 1, anonymous: a rubric, applied by keys 1 and 2, a comment, Ctrl+Enter saves and moves on.
  await expect(staff.getByRole('heading', { name: /^Answer 1, question 1/ })).toBeVisible();
  await expect(staff.getByText('Gita Grader')).toHaveCount(0);
  await expect(staff.getByTestId('typed-answer')).toHaveText('Plants use sunlight to make sugar.');
  await expect(staff.getByText('Plants make food from light, water and carbon dioxide.')).toBeVisible();
  await staff.getByRole('button', { name: 'Add a rubric' }).click();
  await staff.getByLabel('Points 1').fill('3');
  await staff.getByLabel('Text 1').fill('Names light as the source.');
  await staff.getByRole('button', { name: 'Add item' }).click();
  await staff.getByLabel('Points 2').fill('1.5');
  await staff.getByLabel('Text 2').fill('Names the product.');
  await staff.getByRole('button', { name: 'Save rubric' }).click();
  await expect(staff.getByText('Rubric saved.', { exact: true }).last()).toBeVisible();
  await staff.getByRole('heading', { name: /^Answer 1, question 1/ }).click();
  await staff.keyboard.press('1');
  await staff.keyboard.press('2');
  const marks = staff.getByRole('textbox', { name: 'Marks' });
  await expect(marks).toHaveValue('4.5');
  await staff.getByLabel('Comment for the student').fill('Mention water and carbon dioxide too.');
  await staff.getByLabel('Comment for the student').press('Control+Enter');
  await expect(staff.getByText('Saved: Answer 1, 4.5 marks.', { exact: true }).last()).toBeVisible();

  // Question 2: the photo, large; a rubric item by click; Save.
  await expect(staff.getByRole('heading', { name: /^Answer 1, question 2/ })).toBeVisible();
  await expect(staff.getByRole('img', { name: 'Answer 1, photo 1 of 1' })).toBeVisible();
  await scan(staff, 'Grade answers');
  await staff.getByRole('button', { name: 'Add a rubric' }).click();
  await staff.getByLabel('Points 1').fill('2');
  await staff.getByLabel('Text 1').fill('Veins labelled.');
  await staff.getByRole('button', { name: 'Save rubric' }).click();
  await staff.getByRole('checkbox', { name: /Veins labelled/ }).check();
  await expect(marks).toHaveValue('2');
  await staff.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(staff.getByText('2 of 2 graded', { exact: true })).toBeVisible();
  await expect(staff.getByText(/^Graded 2 by Meera Iyer/)).toBeVisible();
  // Names only when asked for.
  await staff.getByLabel('Answers', { exact: true }).selectOption({ label: 'All answers' });
  await staff.getByRole('checkbox', { name: 'Show names' }).check();
  await expect(staff.getByText(`Gita Grader (${STUDENT.reg_no})`)).toBeVisible();

  await staff.getByRole('link', { name: /^Question reports/ }).first().click();
  await expect(staff.getByRole('heading', { name: 'Question reports', level: 1 })).toBeVisible();
  await scan(staff, 'Question reports');

  // The student's review: the marks and the remark (rubric items, then the comment).
  await page.goto(`/test/${TEST_ID}/review`);
  await expect(page.getByRole('heading', { name: /Question 1/ })).toBeVisible();
  await expect(page.getByText('Scored: +4.5 (graded by your teacher)')).toBeVisible();
  const remark = page.getByRole('region', { name: "Teacher's remark", exact: true });
  await expect(remark).toContainText('Names light as the source.');
  await expect(remark).toContainText('Mention water and carbon dioxide too.');
});

test('a proctor cannot open grading', async ({ browser }) => {
  const page = await newStaffPage(browser);
  await page.goto('/staff/login');
  await staffSignIn(page, PROCTOR);
  await expect(page).toHaveURL('/proctor');
  await page.goto('/staff/grading');
  await expect(page.getByRole('heading', { name: 'Not available for your role' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Grading', level: 1 })).toHaveCount(0);
});
