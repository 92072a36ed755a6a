import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';

/**
 * A real Chromium, attached over CDP. Playwright's own launch emulates focus for every page, so
 * visibilitychange and blur never fire there; a browser it merely attaches to behaves like a
 * student's: opening another tab hides the test, and so on.
 */
export interface CdpBrowser {
  browser: Browser;
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * `fakeMedia: false` leaves out the fake camera, microphone and prompts: the browser's own pickers
 * then open (and wait). `fakePrompts: false` keeps the fake devices but lets the browser ask for them.
 * `display` (':N', e2e/xvfb.ts) runs Chromium headed on that virtual screen: headless Chromium
 * refuses a permission it would have to ask for, without asking.
 */
export async function launchCdpBrowser(extraArgs: readonly string[] = [], { fakeMedia = true, fakePrompts = true, display }: { fakeMedia?: boolean; fakePrompts?: boolean; display?: string } = {}): Promise<CdpBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'invigil-cdp-'));
  const child: ChildProcess = spawn(
    '/usr/bin/chromium',
    [
      ...(display ? [] : ['--headless=new']),
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--no-default-browser-check',
      '--disable-background-networking',
      '--disable-component-update',
      ...(fakeMedia && fakePrompts ? ['--use-fake-ui-for-media-stream'] : []),
      ...(fakeMedia ? ['--use-fake-device-for-media-stream'] : []),
      ...extraArgs,
      'about:blank',
    ],
    // Its own process group, so closing kills the zygote and renderers too, not only the main process.
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true, ...(display ? { env: { ...process.env, DISPLAY: display } } : {}) },
  );
  const endpoint = await new Promise<string>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not print its DevTools address:\n${text}`)), 20_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(text);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}):\n${text}`)));
  });
  const browser = await chromium.connectOverCDP(endpoint, { noDefaults: true });
  const context = browser.contexts()[0] ?? (await browser.newContext());
  return {
    browser,
    context,
    async close() {
      await browser.close().catch(() => undefined);
      const exited = new Promise((resolve) => (child.exitCode === null && child.signalCode === null ? child.once('exit', resolve) : resolve(null)));
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
      await exited;
      // A helper process may still be finishing its last write: a leftover temporary profile is
      // harmless, a failed test because of it is not.
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
      } catch {
        // left for the system's temporary-file cleanup
      }
    },
  };
}
