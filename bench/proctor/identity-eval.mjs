// bench:proctor -- --identity: the identity check (decision 0043) measured on the evaluation set of
// decision 0037 (scripts/make-face-eval-set.mjs). The product's face worker, loaded with
// `{ assetBase, describe: true }`, describes every one-face frame; the product's own functions pick
// the counted face and its descriptor (referenceDescriptor, lookDescriptor: countedFaces with
// FACE_COUNT_OPTIONS) and compare them (descriptorSimilarity).
//
// References: each subject's reference is the frame that shows its photo with no synthetic change
// (case one-plain, one-glasses or one-low-res: the crop scaled to 480 px high, sides filled; for
// gridHand, whose photo has a real hand at the mouth, that frame). That is what a profile photo is.
//
// Pairs, each in the split of its frame (reference vs reference: in a split when both references
// are, else "mixed"):
//   same-photo  the subject's reference vs a transformed frame of the SAME photo. No two photos of one
//               person exist in these packages, so this is NOT a false non-match rate: a real student
//               on a real camera differs from their profile photo far more than a filter does.
//   ref-frame   a reference vs every transformed frame of another subject (different people).
//   ref-ref     a reference vs every other reference (different people, untransformed).
// Some people are cropped from one photograph (sample6's three women, facereg's three faces): those
// pairs share light and camera and are also reported apart ("diff-picture" leaves them out).
// The 25 people are in both splits (the split is by frame, not by person): the test split is not
// held-out people, and the pairs of one person pair are not independent.
//
// Prints the pairs' counts, similarity distributions, false-match rates and same-photo mismatch
// rates over thresholds, the threshold chosen on the tune split and its test figures, and ms per
// detect with and without describe in the worker (tfjs wasm, one thread).
// Raw results: RESULTS_FILE (every one-face frame's faces with descriptors and ms). -- --report reprints.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EVAL_DIR, openEvalPage } from './eval-harness.mjs';
import { PORTAL_FACE_ASSETS } from '../../shared/src/proctor/face-assets.ts';
import { countedFaces } from '../../shared/src/proctor/face-model.ts';
import { FACE_COUNT_OPTIONS } from '../../shared/src/proctor/face-policy.ts';
import { FACE_MATCH_MIN_SIMILARITY, descriptorSimilarity, lookDescriptor, referenceDescriptor } from '../../shared/src/proctor/face-identity.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const evalDir = EVAL_DIR;
const outDir = join(root, '.tmp/bench-proctor-identity');
export const RESULTS_FILE = join(outDir, 'identity-results.json');
const THRESHOLDS = Array.from({ length: 13 }, (_, i) => Math.round((0.2 + i * 0.05) * 100) / 100);
const MAX_FMR = 0.01;
/** The frames that show a subject's photo as it is (no synthetic transform): the references. */
const REFERENCE_CASES = ['one-plain', 'one-glasses', 'one-low-res'];
const isReference = (f) => REFERENCE_CASES.includes(f.case) || (f.subject === 'gridHand' && f.transforms.every((t) => /480 px high|^sides:/.test(t)));

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : Number.NaN;
};
const pad = (s, n) => String(s).padEnd(n);
const padStart = (s, n) => String(s).padStart(n);
const rate = (k, n) => (n ? `${((100 * k) / n).toFixed(1)}%` : '-');

async function measure({ rounds }) {
  execFileSync(process.execPath, [join(root, 'scripts/make-face-eval-set.mjs')], { stdio: 'inherit' });
  execFileSync('bash', [join(root, 'scripts/ensure-chromium.sh')], { stdio: 'inherit' });
  const manifest = JSON.parse(readFileSync(join(evalDir, 'manifest.json'), 'utf8'));
  const ones = manifest.frames.filter((f) => f.label === '1');
  const loadStart = loadavg()[0];
  const { page, origin, browser, offOrigin, errors, close } = await openEvalPage({
    outDir,
    bundles: { 'identity-page': join(root, 'bench/proctor/identity-page.ts'), 'face-worker': join(root, 'shared/src/proctor/browser/face-worker.ts') },
    page: 'identity-page',
    title: 'bench:proctor identity',
    assets: PORTAL_FACE_ASSETS,
    ready: 'runIdentity',
  });
  try {
    console.log(`Describing ${ones.length} one-face frames in the product's face worker (detect, and detect with describe; ${rounds} round${rounds > 1 ? 's' : ''})...`);
    const started = Date.now();
    const run = await page.evaluate((input) => window.runIdentity(input), { frames: ones.map((f) => f.file), assetBase: `${origin}/face-assets`, rounds, warmup: 4 });
    console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.${errors.length ? ` Page errors: ${errors.slice(0, 3).join('; ')}` : ''}`);
    return {
      when: new Date().toISOString(),
      command: `npm run bench:proctor -- --identity${rounds !== 1 ? ` --rounds=${rounds}` : ''}`,
      browser: browser.version(),
      model: run.name,
      cores: cpus().length,
      load: [loadStart, loadavg()[0]],
      setVersion: manifest.version,
      offOrigin,
      frames: ones.map((f) => {
        const mine = run.results.filter((r) => r.frame === f.file);
        return { ...f, faces: mine[0].faces, detectMs: mine.map((r) => r.detectMs), describeMs: mine.map((r) => r.describeMs) };
      }),
    };
  } finally {
    await close();
  }
}

/** Every pair of the three kinds, from the frames' faces as the product reads them. */
function pairsOf(frames) {
  const refs = new Map();
  const problems = [];
  for (const f of frames.filter(isReference)) {
    const ref = referenceDescriptor(f.faces, FACE_COUNT_OPTIONS);
    if ('descriptor' in ref) refs.set(f.subject, { frame: f, descriptor: ref.descriptor });
    else problems.push(`${f.subject} (${f.id}: ${ref.problem})`);
  }
  const looks = [];
  const skipped = new Map();
  for (const f of frames.filter((x) => !isReference(x))) {
    const descriptor = lookDescriptor(f.faces, FACE_COUNT_OPTIONS);
    const s = skipped.get(f.case) ?? { skipped: 0, of: 0, counts: [] };
    s.of += 1;
    if (descriptor) looks.push({ frame: f, descriptor });
    else {
      s.skipped += 1;
      s.counts.push(`${f.id}:${countedFaces(f.faces, FACE_COUNT_OPTIONS).length}`);
    }
    skipped.set(f.case, s);
  }
  // A frame with a second (hidden) person carries no skinTone of its own: the subject's, from its other frames.
  const toneOf = new Map(frames.filter((f) => f.skinTone).map((f) => [f.subject, f.skinTone]));
  const glassesOf = new Map(frames.filter((f) => f.glasses !== undefined).map((f) => [f.subject, f.glasses]));
  // People cropped from one photograph (sample6's three women, facereg's three faces...) share its
  // light, camera and processing: such pairs are told apart from people in different pictures.
  const pictureOf = new Map(frames.filter(isReference).map((f) => [f.subject, f.sources[0]]));
  const samePicture = (a, b) => pictureOf.get(a) === pictureOf.get(b);
  const pairs = [];
  for (const look of looks) {
    for (const [subject, ref] of refs) {
      const similarity = descriptorSimilarity(ref.descriptor, look.descriptor);
      const f = look.frame;
      const tags = { split: f.split, case: f.case, tone: toneOf.get(f.subject), glasses: glassesOf.get(f.subject) ? 'glasses' : 'no glasses', subjects: [subject, f.subject] };
      pairs.push({ kind: subject === f.subject ? 'same' : 'refFrame', similarity, frame: f.id, samePicture: samePicture(subject, f.subject), ...tags });
    }
  }
  const list = [...refs.values()];
  for (let i = 0; i < list.length; i++) {
    for (let j = i + 1; j < list.length; j++) {
      const [a, b] = [list[i], list[j]];
      pairs.push({ kind: 'refRef', similarity: descriptorSimilarity(a.descriptor, b.descriptor), split: a.frame.split === b.frame.split ? a.frame.split : 'mixed', samePicture: samePicture(a.frame.subject, b.frame.subject), subjects: [a.frame.subject, b.frame.subject], frame: `${a.frame.id}+${b.frame.id}` });
    }
  }
  return { pairs, refs, problems, skipped, looks };
}

const KINDS = {
  same: 'same photo, transformed (reference vs a synthetic transform of the same photo; NOT a false non-match estimate)',
  refFrame: 'different people: reference vs transformed frame of another subject',
  refRef: 'different people: reference vs reference (untransformed crops)',
};
const DIFFERENT = (p) => p.kind === 'refFrame' || p.kind === 'refRef';
const falseMatches = (pairs, t) => pairs.filter((p) => p.similarity >= t).length;
const mismatches = (pairs, t) => pairs.filter((p) => p.similarity < t).length;

export async function runIdentityBench(args) {
  const arg = (name, fallback) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback;
  const data = args.includes('--report') ? JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) : await measure({ rounds: Number(arg('rounds', 1)) });
  if (!args.includes('--report')) writeFileSync(RESULTS_FILE, JSON.stringify(data));
  const { pairs, refs, problems, skipped, looks } = pairsOf(data.frames);
  const out = [];
  const of = (kind, split) =>
    pairs.filter((p) => (kind === 'different' ? DIFFERENT(p) : kind === 'otherPicture' ? DIFFERENT(p) && !p.samePicture : p.kind === kind) && (!split || p.split === split));
  const personPairs = (ps) => new Set(ps.map((p) => [...p.subjects].sort().join('|'))).size;

  out.push(`\nIdentity check on the evaluation set (decisions 0037, 0043): ${data.model} in the product's face worker, Chromium ${data.browser} headless, tfjs wasm, one thread; faces counted by countedFaces(FACE_COUNT_OPTIONS), compared by descriptorSimilarity (cosine). ${data.cores} cores, load average ${data.load[0].toFixed(2)} at the start, ${data.load[1].toFixed(2)} at the end. ${data.when}`);
  out.push(`References: each subject's photo as it is (cases ${REFERENCE_CASES.join(', ')}; gridHand: its one real frame) = ${refs.size} of ${new Set(data.frames.map((f) => f.subject)).size} subjects${problems.length ? `; no reference for ${problems.join(', ')}` : ''}.`);
  out.push(`HONEST LIMITS: no two photos of the same person exist here, so "same photo, transformed" pairs say how robust the descriptor is to synthetic light/tilt/size/occlusion of ONE photo, not how often a real student would fail to match their profile photo. The different-person pairs are the honest part, but come from only ${refs.size} people (at most ${(refs.size * (refs.size - 1)) / 2} person pairs; pairs of the same two people are correlated), and the split is by frame, not by person: the test split holds the same people.`);

  out.push(`\nOne-face frames without exactly one counted, described face (skipped), per case group:`);
  for (const [group, s] of skipped) out.push(`  ${pad(group, 24)} ${s.skipped}/${s.of}${s.counts.length ? `   (frame:counted ${s.counts.join(' ')})` : ''}`);
  out.push(`  (reference frames are not in these groups; ${looks.length} frames described and compared)`);

  out.push(`\nPairs (person pairs in brackets):`);
  out.push(`  ${pad('kind', 112)}${padStart('tune', 12)}${padStart('test', 12)}${padStart('mixed', 12)}${padStart('all', 12)}`);
  for (const kind of [...Object.keys(KINDS), 'different', 'otherPicture']) {
    const cell = (split) => {
      const ps = of(kind, split);
      return ps.length ? `${ps.length} (${personPairs(ps)})` : '-';
    };
    out.push(`  ${pad(KINDS[kind] ?? (kind === 'different' ? 'different people: both kinds' : '  of which the two people are in different source pictures (not cropped from one photo)'), 112)}${padStart(cell('tune'), 12)}${padStart(cell('test'), 12)}${padStart(cell('mixed'), 12)}${padStart(cell(), 12)}`);
  }

  out.push(`\nCosine similarity, per kind and split (diff-picture: different people not cropped from one photograph):`);
  out.push(`  ${pad('kind', 14)}${pad('split', 7)}${padStart('n', 6)}${['min', 'p1', 'p5', 'p50', 'p95', 'p99', 'max'].map((h) => padStart(h, 7)).join('')}`);
  const short = { same: 'same photo', refFrame: 'ref-frame', refRef: 'ref-ref', different: 'different', otherPicture: 'diff-picture' };
  for (const kind of ['same', 'refFrame', 'refRef', 'different', 'otherPicture']) {
    for (const split of ['tune', 'test', 'mixed', undefined]) {
      const s = of(kind, split).map((p) => p.similarity);
      if (!s.length) continue;
      out.push(`  ${pad(short[kind], 14)}${pad(split ?? 'all', 7)}${padStart(s.length, 6)}${[0, 1, 5, 50, 95, 99, 100].map((p) => padStart((p === 0 ? Math.min(...s) : percentile(s, p)).toFixed(3), 7)).join('')}`);
    }
  }

  out.push(`\nFalse-match rate on different-person pairs (similarity >= threshold; a match), false matches in brackets:`);
  const fmrCols = [
    ['tune', 'refRef'], ['tune', 'refFrame'], ['tune', 'different'], ['tune', 'otherPicture'], ['test', 'refRef'], ['test', 'refFrame'], ['test', 'different'], ['test', 'otherPicture'], ['mixed', 'refRef'],
  ];
  out.push(`  ${pad('thr', 6)}${fmrCols.map(([split, kind]) => padStart(`${split} ${short[kind]}(${of(kind, split).length})`, 25)).join('')}`);
  for (const t of THRESHOLDS) {
    out.push(`  ${pad(t.toFixed(2), 6)}${fmrCols.map(([split, kind]) => {
      const ps = of(kind, split);
      const k = falseMatches(ps, t);
      return padStart(`${rate(k, ps.length)} (${k})`, 25);
    }).join('')}`);
  }

  const groupsOf = (key, ps) => [...new Set(ps.map((p) => p[key]))].sort();
  const allSame = of('same');
  const mismatchTable = (split) => {
    const same = of('same', split);
    const cols = [
      ...groupsOf('case', allSame).map((g) => [g.replace(/^one-/, ''), (p) => p.case === g]),
      ...groupsOf('tone', allSame).map((g) => [g, (p) => p.tone === g]),
      ...groupsOf('glasses', allSame).map((g) => [g, (p) => p.glasses === g]),
      ['all', () => true],
    ];
    const lines = [`\n"Transformed-same mismatch rate" (same photo, transformed; similarity < threshold), ${split ?? 'all splits'}: mismatches / pairs`];
    lines.push(`  ${pad('thr', 6)}${cols.map(([name]) => padStart(name, Math.max(9, name.length + 2))).join('')}`);
    for (const t of THRESHOLDS) {
      lines.push(`  ${pad(t.toFixed(2), 6)}${cols.map(([name, test]) => {
        const ps = same.filter(test);
        return padStart(ps.length ? `${mismatches(ps, t)}/${ps.length}` : '-', Math.max(9, name.length + 2));
      }).join('')}`);
    }
    return lines;
  };
  for (const split of ['tune', 'test', undefined]) out.push(...mismatchTable(split));

  // The threshold: the lowest of the grid whose false-match rate on the tune split's different-person
  // pairs is at most 1 % (the lowest: it flags the right student least often).
  const tuneDiff = of('different', 'tune');
  const chosen = THRESHOLDS.find((t) => falseMatches(tuneDiff, t) <= MAX_FMR * tuneDiff.length);
  out.push(`\nThreshold: the lowest of ${THRESHOLDS[0]}..${THRESHOLDS.at(-1)} (step 0.05) with false-match rate <= ${MAX_FMR * 100} % on the tune split's different-person pairs (both kinds): ${chosen ?? 'none'}. (The tune different-person p99 is ${percentile(tuneDiff.map((p) => p.similarity), 99).toFixed(3)}, its max ${Math.max(...tuneDiff.map((p) => p.similarity)).toFixed(3)}; the constant now: FACE_MATCH_MIN_SIMILARITY = ${FACE_MATCH_MIN_SIMILARITY}.)`);
  for (const t of [...new Set([chosen, FACE_MATCH_MIN_SIMILARITY].filter((x) => x !== undefined))]) {
    out.push(`  at ${t}${t === chosen ? ' (chosen on tune)' : ' (the current constant)'}:`);
    for (const split of ['tune', 'test']) {
      const cells = ['refRef', 'refFrame', 'different', 'otherPicture'].map((kind) => {
        const ps = of(kind, split);
        return `${short[kind]} ${rate(falseMatches(ps, t), ps.length)} (${falseMatches(ps, t)}/${ps.length})`;
      });
      const same = of('same', split);
      out.push(`    ${pad(split, 5)} false match: ${cells.join(', ')};  same photo, transformed mismatch: ${rate(mismatches(same, t), same.length)} (${mismatches(same, t)}/${same.length})`);
    }
    const worst = (split) => of('different', split).filter((p) => p.similarity >= t).sort((a, b) => b.similarity - a.similarity).slice(0, 8).map((p) => `${p.subjects.join('~')}${p.samePicture ? '*' : ''} ${p.similarity.toFixed(3)}`);
    out.push(`    different-person pairs at or above it (reference~frame subject; * cropped from one photograph): tune ${worst('tune').join(', ') || 'none'}; test ${worst('test').join(', ') || 'none'}`);
  }
  out.push(`  Top different-person similarities (all splits): ${of('different').sort((a, b) => b.similarity - a.similarity).slice(0, 10).map((p) => `${p.subjects.join('~')}${p.samePicture ? '*' : ''} [${p.kind === 'refRef' ? 'ref-ref' : `frame ${p.frame} ${p.case}`}] ${p.similarity.toFixed(3)}`).join('; ')}`);

  // Cost: the same frame, same worker, with and without describe (paired per frame and round).
  const ms = data.frames.flatMap((f) => f.detectMs.map((d, i) => ({ detect: d, describe: f.describeMs[i], described: f.faces.filter((x) => x.descriptor?.length).length })));
  const row = (name, values) => `  ${pad(name, 50)}p50 ${percentile(values, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(values, 95).toFixed(1).padStart(6)} ms`;
  out.push(`\nms per frame in the worker (${ms.length} one-face frame runs, one wasm thread; the two calls alternate order frame by frame):`);
  out.push(row('detect (the face check)', ms.map((m) => m.detect)));
  out.push(row('detect with describe', ms.map((m) => m.describe)));
  out.push(row('describe alone (difference, same frame)', ms.map((m) => m.describe - m.detect)));
  // Human describes every box it returns (up to FACE_MAX_MESHED), counted or not.
  for (const n of [...new Set(ms.map((m) => m.described))].sort()) {
    const some = ms.filter((m) => m.described === n);
    out.push(row(`  describe alone, ${n} face${n === 1 ? '' : 's'} described (${some.length} runs)`, some.map((m) => m.describe - m.detect)));
  }
  if (data.offOrigin.length) out.push(`\nRequests off our origin (refused): ${[...new Set(data.offOrigin)].join(', ')}`);
  out.push(`\nRaw results (faces with descriptors, ms): ${RESULTS_FILE}`);
  console.log(out.join('\n'));
}
