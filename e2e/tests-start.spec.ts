import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support';

test('the scheduled tests show their labels and start rules', async ({ page }) => {
  await signIn(page, DEMO.first.email, DEMO.first.password);
  await page.goto('/test');
  const list = page.getByRole('list', { name: 'Scheduled tests' });
  await expect(list.getByRole('link', { name: 'Ready Check: General Aptitude: Practice Test' })).toHaveAttribute('href', '/test/demo-mcq/ready-check');
  // SKIP_PREPARE on the test goes straight to the instructions.
  await expect(list.getByRole('link', { name: 'Ready Check: Weekly Quiz (access code)' })).toHaveAttribute('href', '/test/demo-access-code/instruction');
  // An ended test says how long ago, and cannot be started; neither can one already attempted.
  await expect(list.getByRole('button', { name: /^Test ended \d+ days? ago: Last Week: Revision Test$/ })).toBeDisabled();
  await expect(list.getByRole('button', { name: /Chemistry Unit Test 1$/ })).toBeDisabled();
  await expect(list.getByText('50 merit points', { exact: true })).toBeVisible();
  // The refresh button stays hidden for 10 seconds after a load.
  await expect(page.getByRole('button', { name: 'Refresh' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible({ timeout: 12_000 });
});

test('an attempted test card links to its result and review; HIDE_TEST_REVIEW hides only the review', async ({ page }) => {
  await signIn(page, DEMO.first.email, DEMO.first.password);
  await page.goto('/test');
  const card = page.getByRole('article', { name: 'Chemistry Unit Test 1' });
  await expect(card.getByRole('link', { name: 'Review of Chemistry Unit Test 1' })).toHaveAttribute('href', '/test/demo-attempted/review');
  await card.getByRole('link', { name: 'Result of Chemistry Unit Test 1' }).click();
  await expect(page).toHaveURL('/test/demo-attempted/result');
  await expect(page.getByRole('heading', { name: 'Result', level: 1 })).toBeVisible();
  // A test not taken has neither.
  await page.goto('/test');
  const untaken = page.getByRole('article', { name: 'General Aptitude: Practice Test' });
  await expect(untaken.getByRole('link', { name: 'Ready Check: General Aptitude: Practice Test' })).toBeVisible();
  await expect(untaken.getByRole('link', { name: /^(Result|Review) of/ })).toHaveCount(0);

  await page.route((url) => url.pathname === '/api/user', async (route) => {
    const response = await route.fetch();
    const reply = (await response.json()) as { user: { config: Record<string, unknown> } };
    await route.fulfill({ response, json: { ...reply, user: { ...reply.user, config: { ...reply.user.config, HIDE_TEST_REVIEW: 'true' } } } });
  });
  await page.reload();
  await expect(card.getByRole('link', { name: 'Result of Chemistry Unit Test 1' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Review of Chemistry Unit Test 1' })).toHaveCount(0);
});

test('the device check sees the camera and microphone and leads to the instructions', async ({ page }) => {
  await signIn(page, DEMO.first.email, DEMO.first.password);
  await page.goto('/test');
  await page.getByRole('link', { name: 'Ready Check: General Aptitude: Practice Test' }).click();
  await expect(page).toHaveURL('/test/demo-mcq/ready-check');
  await expect(page.getByRole('heading', { name: 'Device Check' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Video' })).toBeChecked({ timeout: 10_000 });
  await expect(page.getByRole('checkbox', { name: 'Audio' })).toBeChecked();
  // The one fake camera is listed once, and shown as the one in use.
  const camera = page.getByRole('combobox', { name: 'Camera' });
  await expect(camera.getByRole('option')).toHaveText(['fake_device_0']);
  await expect(camera).toHaveValue(/.+/);
  await page.getByRole('link', { name: 'Proceed' }).click();
  await expect(page).toHaveURL('/test/demo-mcq/instruction');
  await expect(page.getByRole('heading', { name: 'Instructions' })).toBeVisible();
});

test('with no camera and no microphone the device check says both, and Proceed stays off', async ({ page }) => {
  // A computer without either device: the browser finds none for any request.
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Requested device not found', 'NotFoundError'));
    navigator.mediaDevices.enumerateDevices = () => Promise.resolve([]);
  });
  await signIn(page, DEMO.first.email, DEMO.first.password);
  await page.goto('/test/demo-mcq/ready-check');
  const alert = page.getByRole('alert');
  await expect(alert.getByText('Video is not working', { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(alert.getByText('Audio is not working.', { exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Video' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Audio' })).not.toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Camera' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Proceed' })).toBeDisabled();
  // How To Allow is a modal: its links lead to the guides, Escape closes it.
  await page.getByRole('button', { name: 'How To Allow' }).click();
  const howTo = page.getByRole('dialog', { name: 'How to allow the camera and microphone' });
  await expect(howTo.getByRole('link', { name: 'Allow your webcam' })).toHaveAttribute('href', '/troubleshoot/guide/allow-camera');
  await page.keyboard.press('Escape');
  await expect(howTo).toHaveCount(0);
});

test('start waits for the agreement and for the test to open', async ({ page }) => {
  await signIn(page, DEMO.first.email, DEMO.first.password);
  await page.goto('/test/demo-upcoming/instruction');
  await page.getByRole('checkbox', { name: /I have read and understood/ }).check();
  await expect(page.getByText(/This test opens/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start' })).toBeDisabled();

  await page.goto('/test/demo-mcq/instruction');
  const start = page.getByRole('button', { name: 'Start' });
  await expect(start).toBeDisabled();
  await page.getByRole('checkbox', { name: /I have read and understood/ }).check();
  await expect(start).toBeEnabled();
});

test('an ended test opened by its URL cannot start, and says why', async ({ page }) => {
  await signIn(page, DEMO.first.email, DEMO.first.password);
  await page.goto('/test/demo-ended/instruction');
  await expect(page.getByText('Last Week: Revision Test')).toBeVisible();
  await page.getByRole('checkbox', { name: /I have read and understood/ }).check();
  const start = page.getByRole('button', { name: 'Start' });
  await expect(start).toBeDisabled();
  await expect(start).toHaveAccessibleDescription(/^Test ended \d+ days? ago: it can no longer be started\.$/);
  await expect(page.getByText(/^Test ended \d+ days? ago: it can no longer be started\.$/)).toBeVisible();
});

test('a test with an access code asks for it and refuses a wrong one', async ({ page }) => {
  await signIn(page, DEMO.second.email, DEMO.second.password);
  await page.goto('/test/demo-access-code/instruction');
  await page.getByRole('checkbox', { name: /I have read and understood/ }).check();
  await page.getByRole('button', { name: 'Start' }).click();
  const dialog = page.getByRole('dialog', { name: 'This test needs an access code' });
  const code = dialog.getByRole('textbox', { name: 'Access Code' });
  await dialog.getByRole('button', { name: 'Start' }).click();
  await expect(dialog.getByText('Access Code is required')).toBeVisible();
  await code.fill('not-the-code');
  await dialog.getByRole('button', { name: 'Start' }).click();
  await expect(dialog.getByText('The access code is wrong.')).toBeVisible();
  await code.fill('OPEN-SESAME');
  await dialog.getByRole('button', { name: 'Start' }).click();
  await expect(page).toHaveURL('/test/demo-access-code/in');
  await expect(page.getByText('Question 1 of 3').first()).toBeVisible();
});

test('a test that costs merit points charges them once; its paper, sealed, came with the instructions', async ({ page }) => {
  await signIn(page, DEMO.first.email, DEMO.first.password);
  await expect(page.getByText('Merit points: 120')).toBeVisible();
  const sealed = page.waitForResponse((response) => response.url().includes('/api/test/sealed-paper/demo-merit/'));
  await page.goto('/test/demo-merit/instruction');
  expect((await sealed).status()).toBe(200);
  await expect(page.getByText('Starting this test uses 50 merit points. You have 120.')).toBeVisible();
  await page.getByRole('checkbox', { name: /I have read and understood/ }).check();
  const asked: string[] = [];
  page.on('request', (request) => void (/\/api\/test\/(in|paper)\//.test(request.url()) && asked.push(request.url())));
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page).toHaveURL(/\/test\/demo-merit\/in/);
  // Start's reply carried the attempt (decision 0044) and the key to the sealed paper this browser
  // already holds (decision 0046): the test opens without asking for either.
  await expect(page.getByRole('heading', { name: /^Question 1 of/ })).toBeVisible();
  expect(asked).toEqual([]);
  // Back on the list the test is resumable; resuming costs nothing more.
  await page.goto('/test');
  await page.getByRole('link', { name: 'Resume: Scholarship Test (50 merit points)' }).click();
  await expect(page).toHaveURL(/\/test\/demo-merit\/(ready-check|instruction)\?resume=true/);
  await page.goto('/');
  await expect(page.getByText('Merit points: 70')).toBeVisible();
});
