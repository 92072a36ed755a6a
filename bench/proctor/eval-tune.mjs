#!/usr/bin/env node
// Offline tuning of the face count (decision 0038): replays the raw per-box scores that
// `npm run bench:proctor -- --eval` saved (every BlazeFace box at floor 0.05 with its mesh score,
// .tmp/bench-proctor-eval/eval-results.json) through candidate counting rules, with the product's
// own countFaces, on the TUNE split only. The test split is never read unless --test is given, and
// then only for the one rule named on the command line (after choosing).
//
//   npx tsx bench/proctor/eval-tune.mjs                     # grid on tune, best rules first
//   npx tsx bench/proctor/eval-tune.mjs --test --rule=JSON  # that one rule on tune AND test
//
// What a rule is: the detector's floor (BlazeFace's minConfidence), the cap on boxes meshed per frame
// (its maxDetected: Human keeps the best boxes, so a cap takes the first K of the raw list), the
// mesh confirmation (detector >= D and mesh >= M, or detector >= S and mesh >= SM), and the merge
// of boxes that overlap a counted one. Cost: boxes meshed per frame (each mesh ~8-12 ms on one wasm
// thread; the detector itself ~35-45 ms), the frame's time is measured by the real bench afterwards.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { countFaces, isCountedFace, overlapOfSmaller } from '../../shared/src/proctor/face-model.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const data = JSON.parse(readFileSync(join(root, '.tmp/bench-proctor-eval/eval-results.json'), 'utf8'));
const withTest = args.includes('--test');
const frames = data.frames.filter((f) => withTest || f.split === 'tune');
const labelOf = (n) => (n <= 0 ? '0' : n === 1 ? '1' : '2+');

/** The boxes the product's worker would return for a rule: those at or above the floor, the best `cap`. */
function boxesFor(frame, rule) {
  return [...frame.raw.faces]
    .sort((a, b) => b.boxScore - a.boxScore)
    .filter((f) => f.boxScore >= rule.floor)
    .slice(0, rule.cap)
    .map((f) => ({ x: f.box[0], y: f.box[1], width: f.box[2], height: f.box[3], score: Math.min(f.boxScore, f.faceScore), detectorScore: f.boxScore, meshScore: f.faceScore }));
}

export function optionsOf(rule) {
  return {
    minScore: rule.minMesh,
    minSizePx: 0,
    mesh: { minDetectorScore: rule.minDet ?? rule.floor, minMeshScore: rule.minMesh, strongDetectorScore: rule.strong, strongMinMeshScore: rule.strongMesh },
    ...(rule.overlap < 1 ? { maxOverlap: rule.overlap } : {}),
    ...(rule.overlap < 1 && rule.mergeBelow !== undefined ? { mergeBelowDetectorScore: rule.mergeBelow } : {}),
  };
}

function evaluate(rule, fs) {
  const options = optionsOf(rule);
  let right = 0;
  let multi = 0;
  let multiN = 0;
  let noFace = 0;
  let ones = 0;
  let zeroWrong = 0;
  let meshes = 0;
  const groups = {};
  const wrong = [];
  for (const f of fs) {
    const boxes = boxesFor(f, rule);
    meshes += boxes.length;
    const got = labelOf(countFaces(boxes, options));
    const ok = got === f.label;
    right += ok;
    (groups[f.case] ??= [0, 0])[1]++;
    if (ok) groups[f.case][0]++;
    else wrong.push(`${f.id} ${f.case} ${f.label}->${got}`);
    if (f.label === '2+') {
      multiN++;
      multi += ok;
    }
    if (f.label === '1') {
      ones++;
      noFace += got === '0';
    }
    if (f.label === '0') zeroWrong += !ok;
  }
  const worstGroup = Math.min(...Object.values(groups).map(([a, b]) => a / b));
  return { right, n: fs.length, multi, multiN, noFace, ones, zeroWrong, meshes: meshes / fs.length, worstGroup, groups, wrong };
}

const fmt = (r) => `right ${r.right}/${r.n} (${((100 * r.right) / r.n).toFixed(1)}%)  2+ ${r.multi}/${r.multiN}  NO_FACE on 1 ${r.noFace}/${r.ones}  0 wrong ${r.zeroWrong}  worst group ${(100 * r.worstGroup).toFixed(0)}%  meshes/frame ${r.meshes.toFixed(2)}`;

if (withTest) {
  const rule = JSON.parse(args.find((a) => a.startsWith('--rule='))?.slice('--rule='.length) ?? 'null');
  if (!rule) throw new Error('--test needs --rule={"floor":..,"cap":..,"minMesh":..,"strong":..,"strongMesh":..,"overlap":..}');
  for (const split of ['tune', 'test']) {
    const r = evaluate(rule, frames.filter((f) => f.split === split));
    console.log(`${split}: ${fmt(r)}`);
    for (const [g, [a, b]] of Object.entries(r.groups)) if (a < b) console.log(`   ${g} ${a}/${b}`);
  }
  process.exit(0);
}

const secondArg = args.find((a) => a.startsWith('--second='));
if (secondArg) {
  // A second detector asked only when BlazeFace is unsure: a frame whose meshed boxes include one at
  // or above `unsure` that the rule did not count. Its boxes (face-api, whole frame; from
  // bench/proctor/eval-second.mjs) at or above `min` that overlap no counted face are added.
  const rule = JSON.parse(args.find((a) => a.startsWith('--rule='))?.slice('--rule='.length) ?? 'null');
  const second = JSON.parse(readFileSync(join(root, '.tmp/bench-proctor-eval/second-results.json'), 'utf8')).candidates;
  const options = optionsOf(rule);
  for (const id of secondArg.slice('--second='.length).split(',')) {
    const byFrame = new Map(second[id].frames.map((f) => [f.frame, f]));
    const ms = second[id].frames.map((f) => f.ms).sort((a, b) => a - b);
    console.log(`\n${id} (p10 ${ms[Math.floor(ms.length / 10)].toFixed(0)} ms, p50 ${ms[Math.floor(ms.length / 2)].toFixed(0)} ms a frame at load ${second[id].load.map((l) => l.toFixed(1)).join('-')}):`);
    for (const unsure of [0.15, 0.2, 0.3])
      for (const min of [0.2, 0.3, 0.4, 0.5, 0.6, 0.7]) {
        let right = 0;
        let asked = 0;
        let multi = 0;
        let multiN = 0;
        let zeroWrong = 0;
        const wrong = [];
        for (const f of frames) {
          const boxes = boxesFor(f, rule);
          const counted = boxes.filter((b) => isCountedFace(b, options));
          let n = countFaces(boxes, options);
          if (boxes.some((b) => b.detectorScore >= unsure && !isCountedFace(b, options))) {
            asked++;
            const extra = byFrame.get(f.file).faces.map((x) => ({ x: x.box[0], y: x.box[1], width: x.box[2], height: x.box[3], score: x.score })).filter((x) => x.score >= min && !counted.some((c) => overlapOfSmaller(c, x) > 0.3));
            n += extra.length;
          }
          const ok = labelOf(n) === f.label;
          right += ok;
          if (f.label === '2+') {
            multiN++;
            multi += ok;
          }
          if (f.label === '0') zeroWrong += !ok;
          if (!ok) wrong.push(f.id);
        }
        console.log(`  unsure >= ${unsure}, second >= ${min}: right ${right}/${frames.length} (${((100 * right) / frames.length).toFixed(1)}%)  2+ ${multi}/${multiN}  0 wrong ${zeroWrong}  asked on ${asked}/${frames.length} frames`);
      }
  }
  process.exit(0);
}

const grid = [];
for (const floor of [0.05, 0.08, 0.1, 0.12, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5])
  for (const cap of [1, 2, 3, 4, 5, 6, 10])
    for (const minMesh of [0.6, 0.7, 0.8, 0.9, 0.95])
      for (const [strong, strongMesh] of [[2, 2], [0.5, 0.1], [0.5, 0.15], [0.55, 0.1], [0.55, 0.15], [0.6, 0.1], [0.85, 0], [0.9, 0]])
        for (const overlap of [1, 0.3, 0.5, 0.7]) grid.push({ floor, cap, minMesh, strong, strongMesh, overlap });

const baseline = { floor: 0.5, minDet: 0.6, cap: 10, minMesh: 0.6, strong: 2, strongMesh: 2, overlap: 1 };
console.log(`Tune split only (${frames.length} frames); raw run ${data.when}, floor ${data.rawFloor}.`);
console.log(`baseline (floor 0.5, both scores >= 0.6): ${fmt(evaluate({ ...baseline, minMesh: 0.6 }, frames))}`);
const results = grid.map((rule) => ({ rule, r: evaluate(rule, frames) }));
// Best first: right answers, then fewer false NO_FACE, then fewer meshes (time), then the simpler rule.
const simplicity = (rule) => (rule.strong > 1 ? 0 : 1) + (rule.overlap < 1 ? 0 : 0);
results.sort((a, b) => b.r.right - a.r.right || a.r.noFace - b.r.noFace || a.r.meshes - b.r.meshes || simplicity(a.rule) - simplicity(b.rule));
const top = Number(args.find((a) => a.startsWith('--top='))?.split('=')[1] ?? 25);
for (const { rule, r } of results.slice(0, top)) console.log(`${JSON.stringify(rule)}  ${fmt(r)}`);
// Per cap: the best rule (time matters: each mesh is a model run).
console.log('\nBest per cap (meshes per frame):');
for (const cap of [1, 2, 3, 4, 5, 6, 10]) {
  const best = results.find((x) => x.rule.cap === cap);
  console.log(`  cap ${cap}: ${JSON.stringify(best.rule)}  ${fmt(best.r)}`);
}
const around = args.find((a) => a.startsWith('--around='));
if (around) {
  // Sensitivity: one setting changed at a time around a rule.
  const rule = JSON.parse(around.slice('--around='.length));
  const alts = { floor: [0.1, 0.12, 0.15, 0.2, 0.25], cap: [2, 3, 4, 5, 10], minMesh: [0.6, 0.7, 0.8, 0.9], strong: [0.45, 0.5, 0.55, 0.6, 2], strongMesh: [0, 0.05, 0.1, 0.15, 0.2, 0.3], overlap: [1, 0.2, 0.3, 0.5, 0.7], mergeBelow: [0.3, 0.4, 0.45, 0.5, 0.55, 0.6, 1] };
  console.log(`\nAround ${JSON.stringify(rule)}: ${fmt(evaluate(rule, frames))}`);
  for (const [key, values] of Object.entries(alts)) for (const v of values) if (v !== rule[key]) console.log(`  ${key}=${v}: ${fmt(evaluate({ ...rule, [key]: v }, frames))}`);
}
if (args.includes('--wrong')) {
  const best = results[0];
  console.log(`\nWrong with the best rule (${best.r.wrong.length}): ${best.r.wrong.join(', ')}`);
}
