import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support';
import { submitFromLastQuestion } from './student-session';

/**
 * The demo's proctored practice test, as a student meets it: device check, instructions, full
 * screen, the camera's face check and the microphone's speech check running (Playwright's fake
 * camera shows one moving face-like pattern: no face, so NO_FACE flags are expected), and the
 * flags on the result's Proctoring tab.
 */
test('the demo proctored test runs every check and shows its flags with the result', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO.second.email, DEMO.second.password);
  await page.goto('/test');
  await page.getByRole('link', { name: 'Ready Check: Proctored Practice: camera, microphone and full screen' }).click();
  await expect(page.getByRole('checkbox', { name: 'Video' })).toBeChecked({ timeout: 10_000 });
  await expect(page.getByRole('table').or(page.getByRole('list')).filter({ hasText: 'Tab and window switches' }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Proceed' }).click();
  await page.getByRole('checkbox', { name: /I have read and understood/ }).check();
  await page.getByRole('button', { name: 'Start' }).click();

  const gate = page.getByRole('dialog', { name: 'Full screen required' });
  await gate.getByRole('button', { name: 'Enter full screen' }).click();
  await expect(gate).toBeHidden();
  const status = page.getByTestId('proctor-status');
  await expect(status).toContainText('Camera: face check on', { timeout: 30_000 });
  await expect(status).toContainText('Microphone: listening');

  // Chromium's fake camera shows no face: after the first checks (every 10 s, confirmed over three
  // frames) the camera flags it, with a snapshot.
  await page.waitForTimeout(20_000);

  // Answer, then submit from the last question.
  for (let n = 1; n <= 5; n += 1) {
    await page.getByRole('radio').first().check();
    if (n < 5) await page.getByRole('button', { name: 'Save & Next' }).click();
  }
  await submitFromLastQuestion(page);

  await page.goto('/test/demo-proctored/result');
  await page.getByRole('tab', { name: /Proctoring/ }).click();
  const panel = page.getByRole('tabpanel', { name: /Proctoring/ });
  await expect(panel.getByText('Entered full screen')).toBeVisible();
  await expect(panel.getByText('No face seen by the camera').first()).toBeVisible();
  await expect(panel.getByRole('img', { name: /^Snapshot: No face seen by the camera at/ }).first()).toBeVisible();
});
