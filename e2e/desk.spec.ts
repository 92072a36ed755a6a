import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { format } from 'date-fns';
import { E2E_DATA_DIR } from './e2e-env';
import { recordSnackbars, expectSnackbar } from './snackbar-recorder';
import { apiToken, importFixture, type E2eStudent } from './student-session';

/**
 * The home desk by the spec's labels and messages (student-portal.md: Home desk, Bookmarks and
 * Todo widgets, sections 4, 5 and 8): the loading dialog, every card, notices read on opening,
 * todos added, toggled by the section 4 rule and deleted, a bookmark deleted and one opened at its
 * notes. A student of this spec's own (in the demo class), so the demo students stay as they are.
 */

const STUDENT: E2eStudent = { reg_no: 'E2EDESK1', email: 'desk-e2e@example.edu', name: 'Dev Desk', password: 'desk-e2e-1' };

test.beforeAll(() => {
  importFixture(E2E_DATA_DIR, 'desk-e2e', {
    students: [STUDENT],
    profiles: [{ reg_no: STUDENT.reg_no, class_id: 'demo-class-10a' }],
    notices: [
      { id: 'e2e-desk-notice-new', title: 'E2E: Lab test moved', content: 'The lab test moves to Monday.', audience: 'student', reg_no: STUDENT.reg_no },
      { id: 'e2e-desk-notice-old', title: 'E2E: Fees reminder', content: 'Fees are due on the 10th.', audience: 'student', reg_no: STUDENT.reg_no, read_by: [STUDENT.reg_no] },
    ],
    chapter_notes: [
      {
        chapter_id: 'e2e-desk-optics',
        subject_name: 'Physics',
        chapter_name: 'Ray Optics',
        topics: [
          { id: 'reflection', name: 'Reflection', content: '<p>The angle of incidence equals the angle of reflection.</p>' },
          {
            id: 'refraction',
            name: 'Refraction',
            content: '<p>Light bends when it passes from one medium into another.</p>',
            subtopics: [{ id: 'snell', name: "Snell's law", content: '<p>n<sub>1</sub> sin i = n<sub>2</sub> sin r</p>' }],
          },
        ],
      },
    ],
    bookmarks: [
      { id: 'e2e-desk-mark-1', reg_no: STUDENT.reg_no, chapter_id: 'e2e-desk-optics', topic_id: 'reflection', created_at: '2025-01-02T10:00:00Z' },
      { id: 'e2e-desk-mark-2', reg_no: STUDENT.reg_no, chapter_id: 'e2e-desk-optics', topic_id: 'refraction', subtopic_id: 'snell', created_at: '2025-01-01T10:00:00Z' },
    ],
    todos: [
      { id: 'e2e-desk-todo-1', reg_no: STUDENT.reg_no, text: 'Revise ray diagrams', done: false, created_at: '2025-01-01T10:00:00Z' },
      { id: 'e2e-desk-todo-2', reg_no: STUDENT.reg_no, text: 'Finish the lab record', done: true, created_at: '2025-01-02T10:00:00Z' },
    ],
  });
});

async function expectNoSidewaysScroll(page: Page, where: string) {
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(sideways, `${where}: no sideways scroll`).toBeLessThanOrEqual(0);
}

/** e2e/accessibility.spec.ts scans both routes as loaded; these scans are of the states reached here. */
async function expectAccessible(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).exclude('[data-focus-guard]').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), where).toEqual([]);
  await expectNoSidewaysScroll(page, where);
}

test('the desk: loading dialog, cards, notices, todos, bookmarks and a bookmark opening its notes', async ({ page, request }) => {
  // One journey through the whole desk (one page load); its two axe scans take most of its time.
  test.setTimeout(120_000);
  const token = await apiToken(request, STUDENT);
  await page.addInitScript((value) => localStorage.setItem('jwt_token', value), token);
  await page.setViewportSize({ width: 1280, height: 800 });
  await recordSnackbars(page);

  // The first load is held until the dialog is seen, then fails: each widget shows its load error.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/desk', async (route) => {
    await released;
    await route.fulfill({ status: 500, json: { message: 'Something went wrong!' } });
  }, { times: 1 });
  await page.goto('/desk');
  const loading = page.getByRole('dialog', { name: 'Loading data please wait...' });
  await expect(loading).toBeVisible();
  release();
  await expect(loading).toBeHidden();
  const todoCard = page.getByRole('region', { name: 'To-Do List' });
  const bookmarkCard = page.getByRole('region', { name: 'Bookmarks' });
  const noticesCard = page.getByRole('region', { name: /^Exam Updates/ });
  await expect(todoCard.getByRole('alert')).toContainText('Error loading todos!');
  await expect(bookmarkCard.getByRole('alert')).toContainText('Error loading bookmarks!');
  // Each widget retries with its own call (GET /todo/list, GET /bookmark/list).
  await todoCard.getByRole('button', { name: 'Retry' }).click();
  await expect(todoCard.getByRole('checkbox')).toHaveCount(2);
  await bookmarkCard.getByRole('button', { name: 'Retry' }).click();
  await expect(bookmarkCard.getByRole('link')).toHaveCount(2);
  await noticesCard.getByRole('button', { name: 'Retry' }).click();
  await expect(noticesCard.getByRole('button', { name: /E2E: Lab test moved/ })).toBeVisible();

  // The cards of the spec.
  await expect(noticesCard.getByRole('button', { name: 'Enable notifications' })).toBeVisible();
  const today = new Date();
  await expect(page.getByRole('heading', { name: format(today, 'LLLL yyyy') })).toBeVisible();
  await expect(page.locator('[aria-current="date"]')).toHaveText(`${today.getDate()}, today`);
  await expect(page.getByRole('region', { name: 'Attendance' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Daily Schedule' }).getByRole('link', { name: 'Timetable' })).toHaveAttribute('href', '/timetable');
  await expect(page.getByRole('region', { name: 'Upcoming Exams' })).toContainText('No upcoming exam!');
  await expect(page.getByRole('region', { name: 'Motivation' })).toBeVisible();

  // Notices: the unread one is marked; opening it shows it and marks it read, on the server too.
  const fresh = noticesCard.getByRole('button', { name: /E2E: Lab test moved/ });
  await expect(fresh).toContainText('Unread');
  await expect(noticesCard.getByRole('button', { name: /E2E: Fees reminder/ })).not.toContainText('Unread');
  await fresh.click();
  await expect(noticesCard.getByText('The lab test moves to Monday.')).toBeVisible();
  await expect(fresh).not.toContainText('Unread');
  const desk = (await (await request.get('/api/desk', { headers: { 'x-access-token': token } })).json()) as { notices: { _id: string; read_at: number | null }[] };
  expect(desk.notices.find((notice) => notice._id === 'e2e-desk-notice-new')?.read_at).not.toBeNull();
  await expectAccessible(page, 'desk, desktop');

  // Add: empty text, a failed save, then a saved todo.
  await todoCard.getByRole('button', { name: 'Add' }).click();
  const addDialog = page.getByRole('dialog', { name: 'New Todo' });
  await addDialog.getByRole('button', { name: 'Save' }).click();
  await expectSnackbar(page, 'Please type something!', 'error');
  await addDialog.getByLabel('Todo').fill('Practise lens problems');
  await page.route('**/api/todo/save', (route) => route.fulfill({ status: 500, json: { message: 'Something went wrong!' } }), { times: 1 });
  await addDialog.getByLabel('Todo').press('Enter');
  await expectSnackbar(page, 'Error saving new todo!', 'error');
  await addDialog.getByRole('button', { name: 'Save' }).click();
  await expectSnackbar(page, 'New todo saved!', 'success');
  await expect(addDialog).toBeHidden();
  const lens = todoCard.getByRole('checkbox', { name: 'Practise lens problems' });
  await expect(lens).toBeVisible();

  // The done toggle (spec section 4): with a done todo in the selection it becomes false for all.
  const revise = todoCard.getByRole('checkbox', { name: /^Revise ray diagrams/ });
  const record = todoCard.getByRole('checkbox', { name: /^Finish the lab record/ });
  await expect(record).toHaveAccessibleName('Finish the lab record (done)');
  await revise.check();
  await record.check();
  await todoCard.getByRole('button', { name: 'Mark not done' }).click();
  await expectSnackbar(page, 'Todos updated successfully!', 'success');
  await expect(record).toHaveAccessibleName('Finish the lab record');
  await expect(record).not.toBeChecked();
  // With none done it becomes true.
  await revise.check();
  await lens.check();
  await todoCard.getByRole('button', { name: 'Mark done' }).click();
  await expect(revise).toHaveAccessibleName('Revise ray diagrams (done)');
  await expect(lens).toHaveAccessibleName('Practise lens problems (done)');

  // Delete: asked first; Cancel keeps it; a failure says so; then it goes.
  await lens.check();
  const deleteTodo = todoCard.getByRole('button', { name: 'Delete' });
  await deleteTodo.click();
  const confirm = page.getByRole('dialog', { name: 'Delete todos' });
  await expect(confirm).toContainText('Are you sure to delete?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(lens).toBeVisible();
  await page.route('**/api/todo/delete', (route) => route.fulfill({ status: 500, json: { message: 'Something went wrong!' } }), { times: 1 });
  await deleteTodo.click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectSnackbar(page, 'Error deleting todos!', 'error');
  await deleteTodo.click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expectSnackbar(page, 'Todos deleted successfully!', 'success');
  await expect(lens).toHaveCount(0);
  await expect(todoCard.getByRole('checkbox')).toHaveCount(2);

  // Bookmarks: a failed delete, then a deleted one.
  await bookmarkCard.getByRole('checkbox', { name: 'Select Reflection' }).check();
  await page.route('**/api/bookmark/delete', (route) => route.fulfill({ status: 500, json: { message: 'Something went wrong!' } }), { times: 1 });
  await bookmarkCard.getByRole('button', { name: 'Delete' }).click();
  await expectSnackbar(page, 'Error deleting bookmark!', 'error');
  await bookmarkCard.getByRole('button', { name: 'Delete' }).click();
  await expectSnackbar(page, 'Bookmark deleted!', 'success');
  await expect(bookmarkCard.getByRole('link')).toHaveCount(1);

  // The phone's desk.
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoSidewaysScroll(page, 'desk, phone');

  // A bookmark opens its chapter's notes at the subtopic, highlighted and focused.
  await bookmarkCard.getByRole('link', { name: /Refraction: Snell's law/ }).click();
  await expect(page).toHaveURL('/notes/Physics/Ray-Optics/e2e-desk-optics?topic=refraction&subtopic=snell');
  await expect(page.getByRole('heading', { level: 1, name: 'Ray Optics' })).toBeVisible();
  await expect(page.getByText('Physics', { exact: true })).toBeVisible();
  const snell = page.getByRole('region', { name: /Snell's law/ });
  await expect(snell).toBeFocused();
  await expect(snell).toContainText('Bookmarked');
  await expect(snell).toBeInViewport();
  await expect(page.getByRole('region', { name: 'Reflection' })).toContainText('The angle of incidence equals the angle of reflection.');
  await expectAccessible(page, 'notes, phone');
  await page.getByRole('link', { name: 'Back to Desk' }).click();
  await expect(page).toHaveURL('/desk');
  await expect(todoCard.getByRole('checkbox')).toHaveCount(2);
});

test('a chapter without notes says so', async ({ page, request }) => {
  const token = await apiToken(request, STUDENT);
  await page.addInitScript((value) => localStorage.setItem('jwt_token', value), token);
  await page.goto('/notes/Physics/Wave-Optics/e2e-no-such-chapter?topic=interference');
  await expect(page.getByRole('heading', { level: 1, name: 'Wave Optics' })).toBeVisible();
  await expect(page.getByText('There are no notes for this chapter yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Desk' })).toHaveAttribute('href', '/desk');
});
