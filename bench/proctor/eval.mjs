// bench:proctor -- --eval: the face check, as the product runs it, on the evaluation set of issue 13
// (scripts/make-face-eval-set.mjs; decision 0037). The product's worker (shared's face-worker.ts,
// through connectFaceWorker) in headless Chromium, tfjs wasm, one thread; its faces counted by the
// product's countFaces with FACE_COUNT_OPTIONS. Then, for offline tuning, the same model at a low
// floor (RAW_FLOOR) reports every box's BlazeFace and mesh scores apart.
//
// Prints, per split (tune, test, all) and per case group: right answers for 0 / 1 / 2+ faces, the
// confusion table, NO_FACE false flags on one-face frames by skin tone and by light, and ms per frame
// (time in the worker) p50 / p95 per class. Writes every frame's raw results to RESULTS_FILE.
// Run through bench/proctor.mjs (tsx: the thresholds are imported from TypeScript).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EVAL_DIR, openEvalPage } from './eval-harness.mjs';
import { countFaces } from '../../shared/src/proctor/face-model.ts';
import { FACE_COUNT_OPTIONS, FACE_DETECTOR_FLOOR, FACE_MAX_MESHED } from '../../shared/src/proctor/face-policy.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const evalDir = EVAL_DIR;
const outDir = join(root, '.tmp/bench-proctor-eval');
export const RESULTS_FILE = join(outDir, 'eval-results.json');
/** The raw run's floor: every box BlazeFace scores above it is meshed and reported. */
const RAW_FLOOR = 0.05;
const TARGETS = { right: 0.98, perGroup: 0.95, multi: 0.95, noFace: 0.01, gap: 0.02, p50: 50, p95: 100 };

const labelOf = (n) => (n <= 0 ? '0' : n === 1 ? '1' : '2+');
const LABELS = ['0', '1', '2+'];
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : Number.NaN;
};
const pct = (a, b) => (b ? `${((100 * a) / b).toFixed(1)}%` : '-');
const pad = (s, n) => String(s).padEnd(n);
const padStart = (s, n) => String(s).padStart(n);

async function measure({ rounds }) {
  execFileSync(process.execPath, [join(root, 'scripts/make-face-eval-set.mjs')], { stdio: 'inherit' });
  execFileSync('bash', [join(root, 'scripts/ensure-chromium.sh')], { stdio: 'inherit' });
  const manifest = JSON.parse(readFileSync(join(evalDir, 'manifest.json'), 'utf8'));
  const loadStart = loadavg()[0];
  const { page, origin, browser, offOrigin, errors, close } = await openEvalPage({
    outDir,
    bundles: { 'eval-page': join(root, 'bench/proctor/eval-page.ts'), 'face-worker': join(root, 'shared/src/proctor/browser/face-worker.ts'), 'worker-human-raw': join(root, 'bench/proctor/worker-human-raw.ts') },
    page: 'eval-page',
    title: 'bench:proctor eval',
    assets: undefined,
    ready: 'runEval',
  });
  try {
    console.log(`Evaluating ${manifest.frames.length} frames: the product's face worker (${rounds} round${rounds > 1 ? 's' : ''}), then raw scores at floor ${RAW_FLOOR}...`);
    const started = Date.now();
    const run = await page.evaluate((input) => window.runEval(input), { frames: manifest.frames.map((f) => f.file), assetBase: `${origin}/face-assets`, rawFloor: RAW_FLOOR, rounds, warmup: 5 });
    console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.${errors.length ? ` Page errors: ${errors.slice(0, 3).join('; ')}` : ''}`);
    const frames = manifest.frames.map((f) => {
      const mine = run.results.filter((r) => r.frame === f.file);
      return {
        ...f,
        product: { counts: mine.map((r) => countFaces(r.faces, FACE_COUNT_OPTIONS)), ms: mine.map((r) => r.ms), faces: mine[0].faces },
        raw: run.raw.find((r) => r.frame === f.file),
      };
    });
    return {
      when: new Date().toISOString(),
      command: `npm run bench:proctor -- --eval${rounds !== 1 ? ` --rounds=${rounds}` : ''}`,
      browser: browser.version(),
      cores: cpus().length,
      load: [loadStart, loadavg()[0]],
      setVersion: manifest.version,
      splitSeed: manifest.splitSeed,
      product: { detectorFloor: FACE_DETECTOR_FLOOR, maxMeshed: FACE_MAX_MESHED, count: FACE_COUNT_OPTIONS, worker: 'shared/src/proctor/browser/face-worker.ts' },
      rawFloor: RAW_FLOOR,
      offOrigin,
      frames,
    };
  } finally {
    await close();
  }
}

/** The class a frame was put in: the product's count in every round (right only when all rounds are). */
const predicted = (f) => labelOf(f.product.counts[0]);
const right = (f) => f.product.counts.every((c) => labelOf(c) === f.label);

function table(frames, title) {
  const lines = [`\n== ${title}: ${frames.length} frames ==`];
  const per = Object.fromEntries(LABELS.map((l) => [l, frames.filter((f) => f.label === l)]));
  const ok = frames.filter(right).length;
  lines.push(`right: ${ok}/${frames.length} (${pct(ok, frames.length)})   ${LABELS.map((l) => `${l}: ${per[l].filter(right).length}/${per[l].length} (${pct(per[l].filter(right).length, per[l].length)})`).join('   ')}`);
  lines.push(`confusion (rows: label, columns: counted)   ${LABELS.map((l) => padStart(l, 5)).join('')}`);
  for (const l of LABELS) lines.push(`  ${pad(l, 43)}${LABELS.map((p) => padStart(per[l].filter((f) => predicted(f) === p).length, 5)).join('')}`);
  const ones = per['1'];
  const noFace = (fs) => `${fs.filter((f) => f.product.counts.some((c) => c === 0)).length}/${fs.length} (${pct(fs.filter((f) => f.product.counts.some((c) => c === 0)).length, fs.length)})`;
  lines.push(`NO_FACE false flags on one-face frames: ${noFace(ones)}`);
  for (const key of ['skinTone', 'light']) {
    const groups = [...new Set(ones.map((f) => f[key]).filter(Boolean))].sort();
    lines.push(`  by ${key === 'skinTone' ? 'skin tone' : 'light'}: ${groups.map((g) => `${g} ${noFace(ones.filter((f) => f[key] === g))}`).join('   ')}`);
  }
  lines.push(`ms per frame in the worker, p50 / p95: ${LABELS.map((l) => `${l}: ${percentile(per[l].flatMap((f) => f.product.ms), 50).toFixed(1)} / ${percentile(per[l].flatMap((f) => f.product.ms), 95).toFixed(1)}`).join('   ')}   all: ${percentile(frames.flatMap((f) => f.product.ms), 50).toFixed(1)} / ${percentile(frames.flatMap((f) => f.product.ms), 95).toFixed(1)}`);
  return lines;
}

function groupTable(frames) {
  const lines = [`\nPer case group (right / frames; tune and test; wrong frames of the test split with their counts):`];
  lines.push(`  ${pad('case group', 26)}${pad('label', 7)}${padStart('tune', 10)}${padStart('test', 10)}${padStart('all', 12)}`);
  for (const group of [...new Set(frames.map((f) => f.case))]) {
    const g = frames.filter((f) => f.case === group);
    const s = (split) => {
      const x = split ? g.filter((f) => f.split === split) : g;
      return `${x.filter(right).length}/${x.length}`;
    };
    const all = `${s()} ${pct(g.filter(right).length, g.length)}`;
    lines.push(`  ${pad(group, 26)}${pad([...new Set(g.map((f) => f.label))].join(','), 7)}${padStart(s('tune'), 10)}${padStart(s('test'), 10)}${padStart(all, 14)}`);
  }
  return lines;
}

export async function runEvalBench(args) {
  const arg = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
  const data = args.includes('--report') ? JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) : await measure({ rounds: Number(arg('rounds', 1)) });
  if (!args.includes('--report')) writeFileSync(RESULTS_FILE, JSON.stringify(data));
  const { frames } = data;
  const out = [];
  const rule = data.product.count.mesh
    ? `best ${data.product.maxMeshed} boxes meshed, counted when BlazeFace >= ${data.product.count.mesh.minDetectorScore} and mesh >= ${data.product.count.mesh.minMeshScore}, or BlazeFace >= ${data.product.count.mesh.strongDetectorScore} and mesh >= ${data.product.count.mesh.strongMinMeshScore}${data.product.count.maxOverlap !== undefined ? `, overlaps > ${data.product.count.maxOverlap} merged` : ''}`
    : `mesh, counted at ${data.product.count.minScore}`;
  out.push(`\nFace check on the evaluation set (decisions 0037, 0038), as the product runs it: BlazeFace floor ${data.product.detectorFloor}, ${rule} (FACE_COUNT_OPTIONS).`);
  out.push(`Chromium ${data.browser} headless, the product's worker (${data.product.worker}), tfjs wasm, one thread; ${data.cores} cores, load average ${data.load[0].toFixed(2)} at the start, ${data.load[1].toFixed(2)} at the end. ${data.when}`);
  out.push(`Targets (issue 13): >= ${TARGETS.right * 100}% right on the test split, >= ${TARGETS.perGroup * 100}% in every case group, 2+ found in >= ${TARGETS.multi * 100}%, NO_FACE false flags <= ${TARGETS.noFace * 100}% with no skin tone or light group ${TARGETS.gap * 100} points worse than the best; p50 <= ${TARGETS.p50} ms, p95 <= ${TARGETS.p95} ms.`);
  for (const [split, title] of [['tune', 'tune split'], ['test', 'test split (no threshold may be tuned on it)'], [null, 'all frames']]) out.push(...table(split ? frames.filter((f) => f.split === split) : frames, title));
  out.push(...groupTable(frames));
  const missed = frames.filter((f) => f.label === '2+' && !right(f));
  out.push(`\nTwo-or-more frames counted wrong (${missed.length}): the raw boxes (BlazeFace score / mesh score) at floor ${data.rawFloor}:`);
  for (const f of missed.slice(0, 40)) out.push(`  ${f.id} ${pad(f.case, 20)} counted ${f.product.counts.join('/')}: ${f.raw.faces.map((x) => `${x.boxScore.toFixed(2)}/${x.faceScore.toFixed(2)}`).join('  ') || 'no box'}`);
  const falseNoFace = frames.filter((f) => f.label === '1' && f.product.counts.some((c) => c === 0));
  out.push(`\nOne-face frames counted as none (${falseNoFace.length}):`);
  for (const f of falseNoFace.slice(0, 40)) out.push(`  ${f.id} ${pad(f.case, 20)} ${pad(f.skinTone ?? '', 8)} ${pad(f.light ?? '', 8)} raw: ${f.raw.faces.map((x) => `${x.boxScore.toFixed(2)}/${x.faceScore.toFixed(2)}`).join('  ') || 'no box'}`);
  const falseFace = frames.filter((f) => f.label === '0' && !right(f));
  out.push(`\nNo-face frames counted with faces (${falseFace.length}): ${falseFace.map((f) => `${f.id} ${f.case} (${f.product.counts.join('/')})`).join(', ') || 'none'}`);
  if (data.offOrigin.length) out.push(`\nRequests off our origin (refused): ${[...new Set(data.offOrigin)].join(', ')}`);
  out.push(`\nRaw per-frame results (product faces and ms per round; every box's BlazeFace and mesh scores at floor ${data.rawFloor}): ${RESULTS_FILE}`);
  console.log(out.join('\n'));
}
