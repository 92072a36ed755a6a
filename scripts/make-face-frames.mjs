#!/usr/bin/env node
// Builds the labelled face frame set of the proctoring bench and tests: 30 frames of 640x480, ten
// with no face, ten with one face and ten with two or more, plus fake-camera videos (.y4m) for
// Chromium's --use-file-for-fake-video-capture.
//
// Usage: node scripts/make-face-frames.mjs [--out DIR] [--force]     (default DIR: .tmp/face-frames)
//
// Every picture ships in a package: the demo photos of the npm package @vladmandic/face-api, and
// images of Debian's python3-skimage and opencv-doc (scripts/ensure-face-sources.sh unpacks those
// few files from the .deb without installing anything). The frames are crops of those pictures
// (4:3 crops for one face or a group, two 3:4 portraits side by side, a small face pasted behind a
// large one) and face-free scenes; every crop box below was chosen by eye on the full-size source
// and every frame's label was checked by looking at the frame, not by any detector.
//
// A second set, far/, holds the same 30 frames shrunk to 60% on a plain wall: the same people
// sitting further back, or standing further behind (a robustness check, not the target set).
//
// Output: DIR/frames/NN-label-name.png, DIR/far/NN-label-name.png,
// DIR/labels.json ({ frames: [{ file, label: '0'|'1'|'2+', faces, ... }], far: [...] }),
// DIR/video/{one-face,two-faces,no-face}.y4m (one frame each; Chromium loops the file) and
// DIR/video/one-two-none.y4m (one face, then two, then none, SEGMENT_S seconds each at FPS).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const outDir = args.includes('--out') ? args[args.indexOf('--out') + 1] : join(root, '.tmp/face-frames');
const force = args.includes('--force');
export const W = 640;
export const H = 480;
/** The sequence video: frames per second and seconds per segment (one face, two faces, none). */
const FPS = 5;
const SEGMENT_S = 6;
/** Bump when the frames change, so an old set is rebuilt. */
const VERSION = 2;
/** The far set: each frame at this scale, centred on the synthetic wall. */
const FAR_SCALE = 0.6;

const require = createRequire(join(root, 'shared/package.json'));
const faceApiDemo = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');
const debDir = join(root, '.tmp/face-sources');

const src = {
  sample1: join(faceApiDemo, 'sample1.jpg'), // 1920x1280, three women
  sample2: join(faceApiDemo, 'sample2.jpg'), // 1920x1367, three women, two looking down
  sample3: join(faceApiDemo, 'sample3.jpg'), // 1920x1350, three women on a sofa
  sample4: join(faceApiDemo, 'sample4.jpg'), // 1920x1448, four women standing
  sample5: join(faceApiDemo, 'sample5.jpg'), // 1920x1398, five women on a staircase
  sample6: join(faceApiDemo, 'sample6.jpg'), // 1920x1537, four women by a window
  astronaut: join(debDir, 'astronaut.png'), // python3-skimage, 512x512
  coffee: join(debDir, 'coffee.png'), // python3-skimage, 600x400, a cup on a table
  motorcycle: join(debDir, 'motorcycle_left.png'), // python3-skimage, 741x497, a garage
  messi: join(debDir, 'messi5.jpg'), // opencv-doc, 548x342, one player, blurred crowd
  stuff: join(debDir, 'stuff.jpg'), // opencv-doc, a desk top from above
  leuven: join(debDir, 'leuvenA.jpg'), // opencv-doc, a street
  chessboard: join(debDir, 'left01.jpg'), // opencv-doc, 640x480, a person whose face a board hides
};

// Boxes are [left, top, width, height] in the source's own pixels.
const crop = (image, box) => ({ image, box });
/** Portraits (3:4) of one person each, for the side-by-side frames. */
const portrait = {
  astronaut: crop('astronaut', [110, 10, 240, 320]),
  s1A: crop('sample1', [360, 260, 340, 453]),
  s1B: crop('sample1', [770, 300, 360, 480]),
  s2B: crop('sample2', [820, 100, 360, 480]),
  s3A: crop('sample3', [500, 240, 380, 507]),
  s3B: crop('sample3', [1020, 160, 360, 480]),
  s5D: crop('sample5', [1360, 300, 360, 480]),
  s6B: crop('sample6', [580, 260, 360, 480]),
  s6C: crop('sample6', [1120, 260, 330, 440]),
  s6D: crop('sample6', [1450, 220, 360, 480]),
};

/**
 * The frame set. kind: 'crop' (a 4:3 box scaled to 640x480), 'pair' (two portraits side by side),
 * 'overlay' (a crop with a smaller portrait pasted at `at`), 'dark' (a covered camera), 'wall'.
 * faces: how many faces a person sees in the frame.
 */
export const FRAMES = [
  // No face: an empty room, a desk, a covered camera, a face hidden behind a board.
  { name: 'garage', faces: 0, kind: 'crop', ...crop('motorcycle', [0, 0, 662, 497]) },
  { name: 'desk-top', faces: 0, kind: 'crop', ...crop('stuff', [0, 0, 640, 480]) },
  { name: 'coffee', faces: 0, kind: 'crop', ...crop('coffee', [34, 0, 533, 400]) },
  { name: 'room-corner', faces: 0, kind: 'crop', ...crop('sample1', [0, 0, 380, 285]) },
  { name: 'staircase', faces: 0, kind: 'crop', ...crop('sample5', [0, 0, 520, 390]) },
  { name: 'door', faces: 0, kind: 'crop', ...crop('sample3', [0, 0, 440, 330]) },
  { name: 'street', faces: 0, kind: 'crop', ...crop('leuven', [0, 0, 600, 450]) },
  { name: 'face-behind-board', faces: 0, kind: 'crop', ...crop('chessboard', [0, 0, 640, 480]) },
  { name: 'covered-camera', faces: 0, kind: 'dark' },
  { name: 'blank-wall', faces: 0, kind: 'wall' },
  // One face: a student in front of the camera, near or far, frontal, tilted or looking down.
  { name: 'astronaut', faces: 1, kind: 'crop', ...crop('astronaut', [0, 0, 512, 384]) },
  { name: 'player', faces: 1, kind: 'crop', ...crop('messi', [140, 30, 200, 150]) },
  { name: 's1-left', faces: 1, kind: 'crop', ...crop('sample1', [220, 220, 540, 405]) },
  { name: 's1-right', faces: 1, kind: 'crop', ...crop('sample1', [1300, 100, 600, 450]) },
  { name: 's2-looking-down', faces: 1, kind: 'crop', ...crop('sample2', [1300, 40, 620, 465]) },
  { name: 's3-left', faces: 1, kind: 'crop', ...crop('sample3', [400, 220, 600, 450]) },
  { name: 's3-right', faces: 1, kind: 'crop', ...crop('sample3', [1380, 220, 540, 405]) },
  { name: 's5-dim', faces: 1, kind: 'crop', ...crop('sample5', [160, 800, 640, 480]) },
  { name: 's6-left', faces: 1, kind: 'crop', ...crop('sample6', [60, 380, 560, 420]) },
  { name: 's6-right', faces: 1, kind: 'crop', ...crop('sample6', [1440, 200, 480, 360]) },
  // Two or more: two people side by side, someone behind the student, groups.
  { name: 'pair-s1B-s6B', faces: 2, kind: 'pair', left: portrait.s1B, right: portrait.s6B },
  { name: 'pair-astronaut-s3B', faces: 2, kind: 'pair', left: portrait.astronaut, right: portrait.s3B },
  { name: 'pair-s6C-s5D', faces: 2, kind: 'pair', left: portrait.s6C, right: portrait.s5D },
  { name: 'pair-s2B-s1A', faces: 2, kind: 'pair', left: portrait.s2B, right: portrait.s1A },
  { name: 'pair-s3A-s6D', faces: 2, kind: 'pair', left: portrait.s3A, right: portrait.s6D },
  { name: 'someone-behind', faces: 2, kind: 'overlay', ...crop('sample6', [520, 200, 560, 420]), over: portrait.s3B, at: [470, 20, 120, 160] },
  { name: 'group-s4', faces: 4, kind: 'crop', ...crop('sample4', [0, 0, 1920, 1440]) },
  { name: 'group-s3', faces: 3, kind: 'crop', ...crop('sample3', [400, 60, 1520, 1140]) },
  { name: 'group-s6', faces: 4, kind: 'crop', ...crop('sample6', [100, 150, 1800, 1350]) },
  { name: 'group-s1', faces: 3, kind: 'crop', ...crop('sample1', [300, 60, 1600, 1200]) },
];

export const labelOf = (faces) => (faces === 0 ? '0' : faces === 1 ? '1' : '2+');

async function cropTo({ image, box }, width, height) {
  const [left, top, w, h] = box;
  return sharp(src[image]).removeAlpha().extract({ left, top, width: w, height: h }).resize(width, height, { fit: 'fill' }).toBuffer();
}

/** A deterministic pseudo-random sequence (mulberry32), for sensor noise. */
function noise(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function synthetic(kind) {
  const rand = noise(kind === 'dark' ? 7 : 11);
  const px = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3;
      if (kind === 'dark') {
        const v = 6 + rand() * 10;
        px[i] = v;
        px[i + 1] = v;
        px[i + 2] = v + 2;
      } else {
        const light = 205 - (Math.hypot(x - 420, y - 120) / 800) * 90 + (rand() - 0.5) * 8;
        px[i] = light;
        px[i + 1] = light * 0.97;
        px[i + 2] = light * 0.9;
      }
    }
  }
  return sharp(px, { raw: { width: W, height: H, channels: 3 } }).png().toBuffer();
}

async function render(frame) {
  let image;
  if (frame.kind === 'dark' || frame.kind === 'wall') image = sharp(await synthetic(frame.kind));
  else if (frame.kind === 'pair') {
    const [left, right] = await Promise.all([cropTo(frame.left, W / 2, H), cropTo(frame.right, W / 2, H)]);
    image = sharp({ create: { width: W, height: H, channels: 3, background: '#000' } }).composite([
      { input: left, left: 0, top: 0 },
      { input: right, left: W / 2, top: 0 },
    ]);
  } else {
    image = sharp(await cropTo(frame, W, H));
    if (frame.kind === 'overlay') {
      const [left, top, width, height] = frame.at;
      image = sharp(await image.png().toBuffer()).composite([{ input: await cropTo(frame.over, width, height), left, top }]);
    }
  }
  return sharp(await image.png().toBuffer()).removeAlpha().toColourspace('srgb').png().toBuffer();
}

/** RGB (640x480x3) to one y4m frame: I420, full-range BT.601 (C420jpeg). */
function y4mFrame(rgb) {
  const ySize = W * H;
  const cSize = (W / 2) * (H / 2);
  const out = Buffer.alloc(6 + ySize + 2 * cSize);
  out.write('FRAME\n', 0, 'ascii');
  const Y = 6;
  const U = Y + ySize;
  const V = U + cSize;
  const clamp = (v) => Math.max(0, Math.min(255, Math.round(v)));
  for (let i = 0; i < ySize; i++) out[Y + i] = clamp(0.299 * rgb[i * 3] + 0.587 * rgb[i * 3 + 1] + 0.114 * rgb[i * 3 + 2]);
  for (let y = 0; y < H / 2; y++) {
    for (let x = 0; x < W / 2; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1]]) {
        const i = ((y * 2 + dy) * W + x * 2 + dx) * 3;
        r += rgb[i];
        g += rgb[i + 1];
        b += rgb[i + 2];
      }
      r /= 4;
      g /= 4;
      b /= 4;
      const c = y * (W / 2) + x;
      out[U + c] = clamp(128 - 0.168736 * r - 0.331264 * g + 0.5 * b);
      out[V + c] = clamp(128 + 0.5 * r - 0.418688 * g - 0.081312 * b);
    }
  }
  return out;
}

const y4mHeader = (fps) => Buffer.from(`YUV4MPEG2 W${W} H${H} F${fps}:1 Ip A1:1 C420jpeg\n`, 'ascii');

async function main() {
  const stamp = join(outDir, 'labels.json');
  if (!force && existsSync(stamp)) {
    try {
      if (JSON.parse(readFileSync(stamp, 'utf8')).version === VERSION) {
        console.log(`Face frames are up to date in ${outDir}`);
        return;
      }
    } catch {
      // rebuild
    }
  }
  execFileSync('bash', [join(root, 'scripts/ensure-face-sources.sh'), debDir], { stdio: 'inherit' });
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(join(outDir, 'frames'), { recursive: true });
  mkdirSync(join(outDir, 'video'), { recursive: true });
  mkdirSync(join(outDir, 'far'), { recursive: true });
  const wall = await synthetic('wall');

  const labels = [];
  const rgbOf = {};
  for (const [i, frame] of FRAMES.entries()) {
    const png = await render(frame);
    const label = labelOf(frame.faces);
    const file = `frames/${String(i + 1).padStart(2, '0')}-${label === '2+' ? '2plus' : label}-${frame.name}.png`;
    writeFileSync(join(outDir, file), png);
    rgbOf[frame.name] = await sharp(png).raw().toBuffer();
    const source = frame.kind === 'pair' ? [frame.left.image, frame.right.image] : frame.kind === 'overlay' ? [frame.image, frame.over.image] : frame.image ? [frame.image] : ['synthetic'];
    labels.push({ file, name: frame.name, label, faces: frame.faces, kind: frame.kind, sources: source });
    const small = await sharp(png).resize(Math.round(W * FAR_SCALE), Math.round(H * FAR_SCALE)).toBuffer();
    const farPng = await sharp(wall)
      .composite([{ input: small, left: Math.round((W * (1 - FAR_SCALE)) / 2), top: Math.round((H * (1 - FAR_SCALE)) / 2) }])
      .png()
      .toBuffer();
    writeFileSync(join(outDir, file.replace(/^frames\//, 'far/')), farPng);
  }

  // Fake camera videos: one still frame each (Chromium loops the file), and the sequence.
  const still = { 'one-face': 'astronaut', 'two-faces': 'pair-s1B-s6B', 'no-face': 'garage' };
  for (const [video, frame] of Object.entries(still)) {
    writeFileSync(join(outDir, 'video', `${video}.y4m`), Buffer.concat([y4mHeader(FPS), y4mFrame(rgbOf[frame])]));
  }
  const segments = [still['one-face'], still['two-faces'], still['no-face']].map((name) => y4mFrame(rgbOf[name]));
  const sequence = [y4mHeader(FPS)];
  for (const segment of segments) for (let f = 0; f < FPS * SEGMENT_S; f++) sequence.push(segment);
  writeFileSync(join(outDir, 'video/one-two-none.y4m'), Buffer.concat(sequence));

  const videos = {
    fps: FPS,
    stills: Object.fromEntries(Object.entries(still).map(([video, frame]) => [`video/${video}.y4m`, frame])),
    sequence: { file: 'video/one-two-none.y4m', segmentSeconds: SEGMENT_S, segments: [still['one-face'], still['two-faces'], still['no-face']] },
  };
  const far = labels.map((l) => ({ ...l, file: l.file.replace(/^frames\//, 'far/'), scale: FAR_SCALE }));
  writeFileSync(stamp, JSON.stringify({ version: VERSION, width: W, height: H, frames: labels, far, videos }, null, 2));
  const count = (l) => labels.filter((x) => x.label === l).length;
  console.log(`Wrote ${labels.length} frames (0: ${count('0')}, 1: ${count('1')}, 2+: ${count('2+')}) and 4 videos to ${outDir}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
