import { mkdirSync, rmSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_JITSI_DOMAIN, E2E_PORT } from './e2e/e2e-env';

// Every run starts on fresh demo data. Workers load this file too: only the main process,
// before it starts the server, may empty the folder.
if (!process.env.TEST_WORKER_INDEX) {
  rmSync(E2E_DATA_DIR, { recursive: true, force: true });
  mkdirSync(E2E_DATA_DIR, { recursive: true });
}

// The product as a student gets it: the built server serving the built portal on one origin,
// on a fresh data folder, in Debian's headless Chromium. scripts/test-e2e.sh builds first.
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
        // A fake camera and microphone, allowed without a prompt, for the device check.
        '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream',
      ],
    },
  },
  webServer: {
    command: 'node server/dist/main.js',
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    env: { PORT: String(E2E_PORT), HOST: '127.0.0.1', DATA_DIR: E2E_DATA_DIR, NODE_ENV: 'production', JITSI_DOMAIN: E2E_JITSI_DOMAIN },
  },
});
