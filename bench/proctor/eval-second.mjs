#!/usr/bin/env node
// A second opinion for the face check's unsure boxes (decision 0038): runs @vladmandic/face-api's
// detectors (not shipped) on every frame of the evaluation set (decision 0037), whole frame, one
// wasm thread in a worker, and saves their boxes and scores, so that bench/proctor/eval-tune.mjs
// --second can replay "ask face-api only when BlazeFace is unsure" offline on the tune split.
//
//   npx tsx bench/proctor/eval-second.mjs [--only=tiny320,ssd]   # ~3-5 min; .tmp/bench-proctor-eval/second-results.json
import { createReadStream, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { copyFaceAssets, packageDir } from '../../scripts/copy-face-assets.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const evalDir = join(root, '.tmp/face-eval');
const outDir = join(root, '.tmp/bench-proctor-eval');
const args = process.argv.slice(2);
const only = (args.find((a) => a.startsWith('--only='))?.slice(7) ?? 'tiny224,tiny320,tiny416,ssd').split(',');
const CANDIDATES = {
  tiny224: { detector: 'tiny', inputSize: 224, minConfidence: 0.05 },
  tiny320: { detector: 'tiny', inputSize: 320, minConfidence: 0.05 },
  tiny416: { detector: 'tiny', inputSize: 416, minConfidence: 0.05 },
  ssd: { detector: 'ssd', minConfidence: 0.05, maxFaces: 10 },
};

const manifest = JSON.parse(readFileSync(join(evalDir, 'manifest.json'), 'utf8'));
mkdirSync(outDir, { recursive: true });
await build({ entryPoints: { 'worker-faceapi': join(root, 'bench/proctor/worker-faceapi.ts') }, bundle: true, format: 'esm', platform: 'browser', target: 'chrome120', outdir: outDir, logLevel: 'warning', external: ['fs', 'path', 'os', 'crypto', 'util', 'worker_threads'] });
const assetDir = join(outDir, 'face-assets');
copyFaceAssets(assetDir);
const faceapiModels = join(packageDir('@vladmandic/face-api'), 'model');
const types = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json', '.png': 'image/png', '.bin': 'application/octet-stream' };
const page = `<!doctype html><meta charset="utf-8"><script type="module">
const worker = new Worker('/bench/worker-faceapi.js', { type: 'module' });
const pending = [];
worker.onmessage = (e) => pending.shift()(e.data);
const ask = (m, t = []) => new Promise((r) => { pending.push(r); worker.postMessage(m, t); });
window.runSecond = async ({ options, frames }) => {
  const loaded = await ask({ type: 'load', options });
  if (loaded.type !== 'loaded') throw new Error(loaded.message);
  const out = [];
  for (let i = 0; i < frames.length + 3; i++) {
    const frame = frames[i < 3 ? 0 : i - 3];
    const bitmap = await createImageBitmap(await (await fetch('/set/' + frame)).blob());
    const r = await ask({ type: 'detect', id: i, bitmap }, [bitmap]);
    if (r.type !== 'result') throw new Error(r.message);
    if (i >= 3) out.push({ frame, ms: r.ms, faces: r.faces.map((f) => ({ box: [f.x, f.y, f.width, f.height].map(Math.round), score: Math.round(f.score * 1000) / 1000 })) });
  }
  return out;
};
window.ready = true;
</script>`;
const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  if (path === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(page);
  let file = null;
  if (path.startsWith('/bench/')) file = join(outDir, normalize(path.slice(7)));
  else if (path.startsWith('/set/')) file = join(evalDir, normalize(path.slice(5)));
  else if (path.startsWith('/face-assets/face-api/')) file = join(faceapiModels, normalize(path.slice('/face-assets/face-api/'.length)));
  else if (path.startsWith('/face-assets/')) file = join(assetDir, normalize(path.slice(13)));
  if (!file || path.includes('..') || !existsSync(file) || !statSync(file).isFile()) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true });
const file = join(outDir, 'second-results.json');
const results = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : { candidates: {} };
try {
  for (const id of only) {
    const context = await browser.newContext();
    const p = await context.newPage();
    p.on('pageerror', (e) => console.error(String(e)));
    await p.goto(origin);
    await p.waitForFunction(() => 'ready' in window);
    const load = loadavg()[0];
    const started = Date.now();
    const frames = await p.evaluate((input) => window.runSecond(input), { options: { assetBase: `${origin}/face-assets`, ...CANDIDATES[id] }, frames: manifest.frames.map((f) => f.file) });
    const ms = frames.map((f) => f.ms).sort((a, b) => a - b);
    console.log(`${id}: ${((Date.now() - started) / 1000).toFixed(0)} s, ms p10/p50/p95 ${ms[Math.floor(ms.length * 0.1)].toFixed(0)}/${ms[Math.floor(ms.length / 2)].toFixed(0)}/${ms[Math.floor(ms.length * 0.95)].toFixed(0)}, load ${load.toFixed(1)}-${loadavg()[0].toFixed(1)}`);
    results.candidates[id] = { options: CANDIDATES[id], load: [load, loadavg()[0]], when: new Date().toISOString(), frames };
    writeFileSync(file, JSON.stringify(results));
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
