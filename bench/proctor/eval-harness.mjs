// The evaluation set's page for the face benches (eval.mjs, identity-eval.mjs): their page and the
// product's face worker bundled, the face assets copied, served with the set's frames from one local
// origin, and opened in headless Chromium with every request off that origin refused and counted.
import { createReadStream, existsSync, mkdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { buildFaceBundles } from '../../scripts/face-bundles.ts';
import { copyFaceAssets } from '../../scripts/copy-face-assets.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const EVAL_DIR = join(root, '.tmp/face-eval');
const TYPES = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json', '.png': 'image/png', '.bin': 'application/octet-stream' };

/**
 * Builds `bundles` (name -> entry; `page` names the page's own) into `outDir`, copies `assets` and
 * serves `/` (the page), `/bench/*` (the bundles), `/set/*` (the frames) and `/face-assets/*`.
 * Opens it and waits for `window[ready]`. Returns the page, its origin, the refused off-origin
 * requests, the page errors, and close().
 */
export async function openEvalPage({ outDir, bundles, page: pageName, title, assets, ready }) {
  mkdirSync(outDir, { recursive: true });
  await buildFaceBundles(bundles, outDir);
  const assetDir = join(outDir, 'face-assets');
  copyFaceAssets(assetDir, assets);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><meta charset="utf-8"><title>${title}</title><script type="module" src="/bench/${pageName}.js"></script>`);
      return;
    }
    let file = null;
    if (path.startsWith('/bench/')) file = join(outDir, normalize(path.slice('/bench/'.length)));
    else if (path.startsWith('/set/')) file = join(EVAL_DIR, normalize(path.slice('/set/'.length)));
    else if (path.startsWith('/face-assets/')) file = join(assetDir, normalize(path.slice('/face-assets/'.length)));
    if (!file || path.includes('..') || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true });
  const offOrigin = [];
  const errors = [];
  const close = async () => {
    await browser.close();
    server.close();
  };
  try {
    const context = await browser.newContext();
    await context.route('**/*', (route) => (route.request().url().startsWith(origin) ? route.continue() : (offOrigin.push(route.request().url()), route.abort())));
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(origin);
    await page.waitForFunction((name) => name in window, ready);
    return { page, origin, browser, offOrigin, errors, close };
  } catch (error) {
    await close();
    throw error;
  }
}
