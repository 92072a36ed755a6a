import { expect, test } from '@playwright/test';
import { DEMO, signIn } from './support';

test('troubleshoot checks the camera and microphone and leads to the capture check', async ({ page }) => {
  await signIn(page, DEMO.first.email, DEMO.first.password);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Troubleshoot' }).click();
  await expect(page).toHaveURL('/troubleshoot');
  await expect(page.getByRole('heading', { name: 'Troubleshoot', level: 1 })).toBeVisible();
  for (const item of ['An updated Chrome browser', 'A working webcam', 'A working microphone']) await expect(page.getByText(item)).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Video' })).toBeChecked({ timeout: 10_000 });
  await expect(page.getByRole('checkbox', { name: 'Audio' })).toBeChecked();
  // The one fake camera, once.
  await expect(page.getByRole('combobox', { name: 'Camera' }).getByRole('option')).toHaveText(['fake_device_0']);
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

test('troubleshoot links to three guide pages and plays its two videos, with captions', async ({ page }) => {
  await signIn(page, DEMO.first.email, DEMO.first.password, '/');
  await page.goto('/troubleshoot');
  const guides = page.getByRole('region', { name: 'Guides' });
  const topics = [
    { link: 'Update Google Chrome', path: '/troubleshoot/guide/update-chrome', step: /About Google Chrome/ },
    { link: 'Allow your webcam', path: '/troubleshoot/guide/allow-camera', step: /Allow while visiting the site/ },
    { link: 'Allow your microphone', path: '/troubleshoot/guide/allow-microphone', step: /Turn Microphone on/ },
  ];
  for (const topic of topics) {
    await guides.getByRole('link', { name: topic.link }).click();
    await expect(page).toHaveURL(topic.path);
    await expect(page.getByRole('heading', { level: 1, name: topic.link })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: topic.step }).first()).toBeVisible();
    await expect(page).toHaveTitle(`${topic.link} · Troubleshoot`);
    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL('/troubleshoot');
  }

  const videos = page.getByRole('region', { name: 'Videos' });
  for (const name of ['The device check before a test', 'Allowing the camera and microphone']) {
    const video = videos.getByLabel(name, { exact: true });
    await video.scrollIntoViewIfNeeded();
    // Served from this portal, long enough to show something, and it really plays.
    const played = await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      await element.play();
      await new Promise((resolve) => setTimeout(resolve, 1200));
      const result = { src: element.currentSrc, duration: element.duration, time: element.currentTime, readyState: element.readyState, cues: element.textTracks[0]?.cues?.length ?? 0 };
      element.pause();
      return result;
    });
    expect(new URL(played.src).origin).toBe(new URL(page.url()).origin);
    expect(played.duration).toBeGreaterThan(10);
    expect(played.time).toBeGreaterThan(0.5);
    expect(played.readyState).toBeGreaterThanOrEqual(2);
    expect(played.cues).toBeGreaterThan(3);
  }
  // The same steps as text, for anyone who cannot watch.
  await videos.getByText('What the video shows').first().click();
  await expect(videos.getByText('When both are green, select Proceed to read the instructions.')).toBeVisible();
});

test('an unknown guide is a page not found', async ({ page }) => {
  await signIn(page, DEMO.first.email, DEMO.first.password, '/');
  await page.goto('/troubleshoot/guide/nothing-here');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
