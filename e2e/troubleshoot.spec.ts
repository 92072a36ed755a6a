import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support';

test('troubleshoot checks the camera and microphone and leads to the capture check', async ({ page }) => {
  await signIn(page, DEMO.first.email, DEMO.first.password);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Troubleshoot' }).click();
  await expect(page).toHaveURL('/troubleshoot');
  await expect(page.getByRole('heading', { name: 'Troubleshoot', level: 1 })).toBeVisible();
  for (const item of ['An updated Chrome browser', 'A working webcam', 'A working microphone']) await expect(page.getByText(item)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Video' })).toBeChecked({ timeout: 10_000 });
  await expect(page.getByRole('checkbox', { name: 'Audio' })).toBeChecked();
  await expect(page.getByRole('link', { name: 'Update Google Chrome' })).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();

  await page.getByRole('link', { name: 'Check image and audio capture' }).click();
  await expect(page).toHaveURL('/troubleshoot/capture-image');
  await expect(page.getByText('Check that your handwriting is visible and the image is not flipped.')).toBeVisible();
  await page.getByRole('button', { name: 'Capture' }).click();
  await expect(page.getByRole('img', { name: 'Captured image' })).toBeVisible();
  await page.getByRole('button', { name: 'Retake' }).click();
  await expect(page.getByLabel('Camera preview')).toBeVisible();

  await page.getByRole('tab', { name: 'Audio' }).click();
  await page.getByRole('button', { name: 'Record' }).click();
  await expect(page.getByRole('timer')).toHaveText('1 s', { timeout: 5_000 });
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByLabel('Your recording')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();

  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL('/troubleshoot');
});
