import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_JITSI_DOMAIN, E2E_PORT } from './e2e/e2e-env';

/**
 * Spec files that sign in as the demo students (Asha, Rohan, Neha) and change what they have (tests
 * started, sign-in failures counted, results read in a given state): they run one after another in
 * one worker. Every other spec imports students of its own (e2e/student-session.ts) and runs beside
 * them in a second worker: the suite takes about half the time on two cores.
 */
const DEMO_STUDENT_SPECS = [
  'accessibility', 'chapter-test', 'demo-proctored', 'extension-portal', 'results-journeys',
  'shell', 'sign-in', 'sign-out', 'tests-start', 'troubleshoot',
].map((name) => `**/${name}.spec.ts`);

// The product as a student gets it: the built server serving the built portal on one origin,
// on a fresh data folder, in Debian's headless Chromium. scripts/test-e2e.sh builds first.
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  projects: [
    { name: 'demo students', testMatch: DEMO_STUDENT_SPECS, workers: 1 },
    { name: 'own students', testIgnore: DEMO_STUDENT_SPECS },
  ],
  retries: process.env.CI ? 1 : 0,
  // A ceiling, not a speed check: two workers on two cores make a slow step slower.
  timeout: 60_000,
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
    // Every run starts on fresh demo data: the folder is emptied as the server starts, never when
    // a worker or a listing (playwright test --list) loads this file.
    command: `rm -rf '${E2E_DATA_DIR}' && mkdir -p '${E2E_DATA_DIR}' && exec node server/dist/main.js`,
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    // push.example.net: the stand-in push service of notifications.spec.ts, allowed as an institute allows its own (decision 0052).
    env: { PORT: String(E2E_PORT), HOST: '127.0.0.1', DATA_DIR: E2E_DATA_DIR, NODE_ENV: 'production', JITSI_DOMAIN: E2E_JITSI_DOMAIN, WARM_UP_ROUNDS: '0', PUSH_ALLOWED_HOSTS: 'push.example.net' },
  },
});
