import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

import { createPairRequest, isAckFor } from '@invigil/shared/protocol/pairing';

import { askExtension, launchWithPolicy, openActionPopupIn, PINNED_EXTENSION_ID, policyBrowserUnavailable, PROD_EXTENSION_DIR } from './extension-fixture';

// An institute configures the extension by Chrome's managed policy, without rebuilding it
// (decision 0069). The product build trusts only the local portal on :8080; the policy names the
// test's origin, so the extension pairs there and the popup says the origins are the policy's.
// Pages are answered by Playwright (route): no server, so this runs beside the others.
const POLICY_ORIGIN = 'http://127.0.0.1:18080';
const BUILT_IN = 'http://127.0.0.1:8080';
const PAGE = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Portal stand-in</title></head><body><h1>Portal stand-in</h1></body></html>';

function policy(origins: unknown[]): Record<string, unknown> {
  return { '3rdparty': { extensions: { [PINNED_EXTENSION_ID]: { PortalOrigins: origins, SupportContact: 'IT help desk, room 12' } } } };
}


test.skip(policyBrowserUnavailable() !== null, `No browser with a policy of its own: ${policyBrowserUnavailable() ?? ''}`);

test('with the institute\'s policy naming its origin, the product build pairs there without a rebuild, and the popup says the policy set it', async ({ browserName }, testInfo) => {
  expect(browserName).toBe('chromium');
  const { context } = await launchWithPolicy(PROD_EXTENSION_DIR, policy([POLICY_ORIGIN, 'http://exam.example.edu', 'https://*.example.edu']));
  try {
    for (const origin of [POLICY_ORIGIN, BUILT_IN]) {
      await context.route(`${origin}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: PAGE }));
    }
    const page = context.pages()[0] ?? (await context.newPage());
    // The policy replaces the built-in origins: the local portal on :8080 is no longer trusted, and
    // the popup over it names the policy, offers no build command, and says whom to ask.
    // (Chrome hands the policy over a few seconds after it starts; until then the build's list
    // answers: the popup's words show when it has.)
    await page.goto(`${BUILT_IN}/auth/login`);
    const over = await openActionPopupIn(context, PINNED_EXTENSION_ID, page);
    await expect.poll(() => over.text(), { timeout: 10_000 }).toContain(`This tab's origin, ${BUILT_IN}, is not one your institute's policy names`);
    expect(await askExtension(page, createPairRequest(), 1_500)).toBeNull();
    const text = await over.text();
    expect(text).toContain("Trusted portal origins: Set by your institute's policy");
    expect(text).toContain('Help: IT help desk, room 12');
    expect(text).not.toContain('npm run build');
    await over.screenshot(testInfo.outputPath('popup-policy-untrusted.png'));

    // The origin the policy names pairs, with the same product build.
    await page.goto(`${POLICY_ORIGIN}/tests/1`);
    const request = createPairRequest();
    let ack = await askExtension(page, request, 1_000);
    for (let tries = 0; ack === null && tries < 5; tries++) ack = await askExtension(page, request, 1_000);
    expect(ack?.type).toBe('PAIR_ACK');
    expect(ack?.type === 'PAIR_ACK' && isAckFor(ack, request, POLICY_ORIGIN)).toBe(true);

    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${PINNED_EXTENSION_ID}/popup.html`);
    await expect(popup.getByRole('status')).toHaveText(`Connected to ${POLICY_ORIGIN}`);
    await expect(popup.getByText("Trusted portal origins: Set by your institute's policy")).toBeVisible();
    // Invalid entries are ignored, never trusted, and shown.
    const ignored = popup.getByRole('list', { name: 'Ignored policy entries' });
    await expect(ignored.getByRole('listitem')).toHaveText([
      'http://exam.example.edu: plain http is allowed only for 127.0.0.1 and localhost',
      'https://*.example.edu: wildcards are not allowed: name each origin exactly',
    ]);
    // The popup with the policy's lines and the ignored entries: no axe violation (Plasmo's page
    // had no language until the build set it).
    const axe = await new AxeBuilder({ page: popup }).options({ resultTypes: ['violations'] }).analyze();
    expect(axe.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  } finally {
    await context.close();
  }
});

test('on a policy origin the build was not made for, the popup offers "Allow", and once allowed the registered bridge pairs there', async ({ browserName }, testInfo) => {
  expect(browserName).toBe('chromium');
  // A copy of the product build as another institute would have built it (its static content
  // script on https://exam.example.edu only), made here without running Plasmo.
  const copies = mkdtempSync(join(tmpdir(), 'invigil-other-build-'));
  const copy = (name: string, grant: boolean) => {
    const dir = join(copies, name);
    cpSync(PROD_EXTENSION_DIR, dir, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { content_scripts: { matches: string[] }[]; host_permissions?: string[] };
    for (const script of manifest.content_scripts) script.matches = ['https://exam.example.edu/*'];
    // Chrome's "Allow" dialog cannot be answered in a headless test: a granted host permission
    // stands in for the student's click (an unpacked extension holds its manifest's at install).
    if (grant) manifest.host_permissions = ['http://127.0.0.1/*'];
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
    return dir;
  };
  try {
    const first = await launchWithPolicy(copy('not-allowed', false), policy([POLICY_ORIGIN]));
    try {
      await first.context.route(`${POLICY_ORIGIN}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: PAGE }));
      const page = first.context.pages()[0] ?? (await first.context.newPage());
      await page.goto(`${POLICY_ORIGIN}/tests/1`);
      const over = await openActionPopupIn(first.context, PINNED_EXTENSION_ID, page);
      await expect.poll(() => over.text()).toContain(`Allow on ${POLICY_ORIGIN}`);
      expect(await over.text()).toContain("a portal your institute's policy names, but Chrome has not let this extension run on it yet");
      await over.screenshot(testInfo.outputPath('popup-policy-allow.png'));
    } finally {
      await first.context.close();
    }

    const second = await launchWithPolicy(copy('allowed', true), policy([POLICY_ORIGIN]));
    try {
      await second.context.route(`${POLICY_ORIGIN}/**`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: PAGE }));
      const page = second.context.pages()[0] ?? (await second.context.newPage());
      const worker = second.context.serviceWorkers()[0] ?? (await second.context.waitForEvent('serviceworker'));
      // The worker registers the bridge for the allowed policy origin.
      await expect.poll(() => worker.evaluate(() => chrome.scripting.getRegisteredContentScripts().then((scripts) => scripts.flatMap((script) => script.matches ?? [])))).toEqual([`${POLICY_ORIGIN}/*`]);
      await page.goto(`${POLICY_ORIGIN}/tests/1`);
      const request = createPairRequest();
      let ack = await askExtension(page, request, 1_000);
      for (let tries = 0; ack === null && tries < 5; tries++) ack = await askExtension(page, request, 1_000);
      expect(ack?.type === 'PAIR_ACK' && isAckFor(ack, request, POLICY_ORIGIN)).toBe(true);
    } finally {
      await second.context.close();
    }
  } finally {
    rmSync(copies, { recursive: true, force: true });
  }
});
