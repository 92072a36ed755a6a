#!/usr/bin/env node
// Builds the face check's evaluation set (issue 13, decision 0037): 640x480 frames with no face, one
// face or two and more, in named case groups (a second face small, at the edge, blurred, turned,
// partly hidden; one face in low light, backlit, with glasses, a hand over the mouth, tilted, partly
// out of frame, at 60 % and 40 % size; no face with posters, pets, cartoons, patterns), with a
// manifest that records for every frame its label, case group, skin tone and light groups, the
// transforms applied and the source of every picture in it (package and path), and a fixed test
// split (a third of each case group, seeded draw) that no threshold may be tuned on.
//
// Usage: node scripts/make-face-eval-set.mjs [--out DIR] [--force]    (default DIR: .tmp/face-eval)
//
// Every picture ships in a package (scripts/ensure-face-sources.sh unpacks them from the .deb files
// of python3-skimage, opencv-doc and python-matplotlib-data; @vladmandic/face-api's demo photos come
// from node_modules). Real faces are transformed (scaled, blurred, rotated, cropped, darkened,
// backlit, partly covered, pasted into other scenes): every such transform is synthetic and named in
// the manifest. Skin tones are NOT synthesised: a face is in the group its photo shows (judged by eye:
// 'lighter', 'medium', 'darker'); the darker group is small and made of low-resolution faces whose
// photos carry drawn landmark annotations, cleaned by a crude inpainting (see the manifest's notes).
// Labels were checked by looking at every frame (scripts/face-eval-sheets.mjs), not by a detector.
//
// Output: DIR/frames/NNN-<case>.png and DIR/manifest.json. Deterministic: same inputs, same bytes.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
export const EVAL_DIR = join(root, '.tmp/face-eval');
const outDir = args.includes('--out') ? args[args.indexOf('--out') + 1] : EVAL_DIR;
const force = args.includes('--force');
const W = 640;
const H = 480;
/** Bump when frames, labels or the split change. */
const VERSION = 1;
/** The seed of the test split's draw; fixed before any tuning (issue 13). */
const SPLIT_SEED = 1301;

const require = createRequire(join(root, 'shared/package.json'));
const faceApiDir = dirname(require.resolve('@vladmandic/face-api/package.json'));
const debDir = join(root, '.tmp/face-sources');

// ---------------------------------------------------------------------------------------------
// Sources: where each picture comes from (package and path inside it).
const SKIMAGE = 'python3-skimage:/usr/lib/python3/dist-packages/skimage/data';
const OPENCV = 'opencv-doc:/usr/share/doc/opencv-doc/examples/data';
const OPENCV_HTML = 'opencv-doc:/usr/share/doc/opencv-doc/opencv4/html';
const FACEAPI = '@vladmandic/face-api (npm):demo';
const MPL = 'python-matplotlib-data:/usr/share/matplotlib/mpl-data/sample_data';
const SRC = {};
const source = (key, file, pkg, inPackage = file.replace(/^.*\//, '')) => (SRC[key] = { file, origin: `${pkg}/${inPackage}` });
for (const n of [1, 2, 3, 4, 5, 6]) source(`sample${n}`, join(faceApiDir, `demo/sample${n}.jpg`), FACEAPI);
for (const [key, file] of Object.entries({ astronaut: 'astronaut.png', coffee: 'coffee.png', garage: 'motorcycle_left.png', chelsea: 'chelsea.png', brick: 'brick.png', grass: 'grass.png', gravel: 'gravel.png', cameraman: 'camera.png', rocket: 'rocket.jpg' })) source(key, join(debDir, file), SKIMAGE, file);
for (const [key, file] of Object.entries({ messi: 'messi5.jpg', stuff: 'stuff.jpg', leuven: 'leuvenA.jpg', chessboard: 'left01.jpg', baboon: 'baboon.jpg', fish: 'HappyFish.jpg', suzanne: 'Blender_Suzanne1.jpg', squirrel: 'squirrel_cls.jpg', chick: 'chicky_512.png', starry: 'starry_night.jpg', building: 'building.jpg', basketball: 'basketball1.png', home: 'home.jpg', graffiti: 'graf1.png', fruits: 'fruits.jpg', board: 'board.jpg', butterfly: 'butterfly.jpg', aloe: 'aloeL.jpg' })) source(key, join(debDir, file), OPENCV, file);
for (const [key, [file, inPackage]] of Object.entries({
  manA: ['ocv-man-a.jpg', '227943776_1.jpg'],
  manB: ['ocv-man-b.jpg', '230501201_1.jpg'],
  w05: ['ocv-woman-05.jpg', '05.jpg'],
  w06: ['ocv-woman-06.jpg', '06.jpg'],
  w12: ['ocv-woman-12.jpg', '12.jpg'],
  glassesMan: ['ocv-glasses.jpg', 'example.jpg'],
  facereg: ['ocv-facereg.jpg', 'facereg.jpg'],
  faceGrid: ['ocv-faces-grid.jpg', '3.jpg'],
  webcamWoman: ['ocv-webcam-woman.jpg', 'Cascade_Classifier_Tutorial_Result_Haar.jpg'],
  glider: ['ocv-glider.jpg', 'Template_Matching_Original_Image.jpg'],
  clock: ['ocv-webcam-clock.jpg', 'Threshold_inRange_Tutorial_Result_input.jpeg'],
  hand: ['ocv-hand.jpg', 'handSrc.jpg'],
  couple: ['ocv-couple.jpg', 'inpaint_basics.jpg'],
  cat: ['ocv-cat.jpg', 'cat_det.jpg'],
  dogA: ['ocv-dog-a.jpg', 'Pyramids_Tutorial_Original_Image.jpg'],
  dogB: ['ocv-dog-b.jpg', 'Remap_Tutorial_Original_Image.jpg'],
  kitten: ['ocv-kitten.jpg', 'Morphology_1_Tutorial_Dilation_Result.jpg'],
  comic: ['ocv-comic.jpg', 'bicubic_comic.jpg'],
  cartoon3d: ['ocv-cartoon-3d.png', 'resultOutputWideoWrite.png'],
  pattern: ['ocv-random-pattern.jpg', 'random_pattern.jpg'],
  hall: ['ocv-lecture-hall.jpg', 'studentsSample_input.jpg'],
})) source(key, join(debDir, file), OPENCV_HTML, inPackage);
source('grace', join(debDir, 'grace_hopper.jpg'), MPL);

// ---------------------------------------------------------------------------------------------
// Subjects: one person each, as a 3:4 portrait box [left, top, width, height] in the source's
// pixels, chosen by eye. face: the face's centre and width as fractions of the portrait (for
// placing a hand, the backlight, the out-of-frame shift). tone: the skin tone the photo shows, by
// eye. notes: what is not clean about the photo.
const subject = (id, src, box, tone, more = {}) => ({ id, src, box, tone, face: [0.5, 0.36, 0.5], glasses: false, ...more });
export const SUBJECTS = [
  subject('astronaut', 'astronaut', [110, 10, 240, 320], 'lighter', { face: [0.55, 0.42, 0.5] }),
  subject('s1A', 'sample1', [360, 260, 340, 453], 'lighter', { notes: 'stage make-up' }),
  subject('s1B', 'sample1', [770, 300, 360, 480], 'medium', { notes: 'head tilted' }),
  subject('s2B', 'sample2', [820, 100, 360, 480], 'lighter', { notes: 'looking down' }),
  subject('s3A', 'sample3', [500, 240, 380, 507], 'lighter'),
  subject('s3B', 'sample3', [1020, 160, 360, 480], 'lighter'),
  subject('s5D', 'sample5', [1360, 300, 360, 480], 'medium'),
  subject('s6B', 'sample6', [580, 260, 360, 480], 'medium'),
  subject('s6C', 'sample6', [1120, 260, 330, 440], 'medium'),
  subject('s6D', 'sample6', [1450, 220, 360, 480], 'lighter'),
  subject('grace', 'grace', [90, 20, 360, 480], 'lighter', { glasses: true, face: [0.5, 0.4, 0.6] }),
  subject('manA', 'manA', [120, 10, 300, 400], 'lighter', { face: [0.5, 0.5, 0.55] }),
  subject('manB', 'manB', [40, 60, 510, 680], 'lighter', { face: [0.5, 0.45, 0.55] }),
  subject('w05', 'w05', [60, 0, 345, 460], 'lighter', { face: [0.5, 0.5, 0.7], notes: 'film still, warm light' }),
  subject('w06', 'w06', [60, 0, 345, 460], 'lighter', { face: [0.5, 0.5, 0.7], notes: 'film still' }),
  subject('w12', 'w12', [60, 0, 345, 460], 'lighter', { face: [0.5, 0.5, 0.7], notes: 'film still' }),
  subject('glassesMan', 'glassesMan', [0, 40, 340, 453], 'lighter', { glasses: true, face: [0.5, 0.5, 0.85] }),
  subject('webcamWoman', 'webcamWoman', [100, 40, 330, 440], 'medium', { clean: 'circles', face: [0.5, 0.5, 0.6], notes: 'a real webcam frame; drawn detection circles removed by inpainting (traces remain)' }),
  subject('faceregMedium', 'facereg', [8, 100, 75, 100], 'medium', { clean: 'dots', face: [0.5, 0.5, 0.9], notes: '100 px source; drawn landmark dots removed by inpainting (traces remain)' }),
  subject('faceregGlasses', 'facereg', [112, 0, 75, 100], 'darker', { glasses: true, clean: 'dots', face: [0.5, 0.5, 0.9], notes: '100 px source; drawn landmark dots removed by inpainting (traces remain)' }),
  subject('faceregDark', 'facereg', [108, 100, 75, 100], 'darker', { clean: 'dots', face: [0.5, 0.5, 0.9], notes: '100 px source; drawn landmark dots removed by inpainting (traces remain)' }),
  subject('gridDark', 'faceGrid', [147, 70, 52, 69], 'darker', { clean: 'lines', face: [0.5, 0.5, 0.95], notes: '69 px source; drawn landmark lines removed by inpainting (traces remain)' }),
  subject('gridRed', 'faceGrid', [285, 70, 52, 69], 'darker', { clean: 'lines', face: [0.5, 0.5, 0.95], notes: '69 px source, reddish light; drawn landmark lines removed by inpainting (traces remain)' }),
  subject('gridMedium', 'faceGrid', [354, 0, 52, 69], 'medium', { clean: 'lines', face: [0.5, 0.5, 0.95], notes: '69 px source; drawn landmark lines removed by inpainting (traces remain)' }),
];
/** Faces turned towards profile (real photos; few exist in the packages). */
export const PROFILES = [
  subject('cameraman', 'cameraman', [140, 50, 150, 200], 'medium', { notes: 'three-quarter profile, grey-scale' }),
  subject('s4A', 'sample4', [170, 90, 270, 360], 'lighter', { notes: 'head turned and tilted' }),
];
/** A real face with a hand at the mouth (annotated, low resolution). */
const GRID_HAND = subject('gridHand', 'faceGrid', [216, 70, 52, 69], 'darker', { clean: 'lines', face: [0.5, 0.5, 0.95], notes: '69 px source; a real hand at the mouth; drawn landmark lines removed by inpainting' });

/** Rooms and scenes without a face: 4:3 boxes. */
const SCENES = [
  ['garage', [0, 0, 662, 497]],
  ['coffee', [34, 0, 533, 400]],
  ['sample1', [0, 0, 380, 285]],
  ['sample5', [0, 0, 520, 390]],
  ['sample3', [0, 0, 440, 330]],
  ['leuven', [0, 0, 600, 450]],
  ['stuff', [0, 0, 640, 480]],
  ['home', [0, 0, 512, 384]],
  ['building', [0, 0, 800, 600]],
  ['aloe', [0, 0, 600, 450]],
];

// ---------------------------------------------------------------------------------------------
// Deterministic randomness (mulberry32).
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Images as { data (RGB bytes), width, height }.
const rawOf = async (pipeline) => {
  const { data, info } = await pipeline.removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};
const cleaned = new Map();
/** A source, with drawn annotations removed when asked (clean: 'dots' | 'lines' | 'circles'). */
async function sourceImage(key, clean) {
  const id = `${key}:${clean ?? ''}`;
  if (!cleaned.has(id)) {
    const image = await rawOf(sharp(SRC[key].file));
    if (clean) inpaint(image, clean);
    cleaned.set(id, image);
  }
  return cleaned.get(id);
}
/** Pixels of drawn annotations (yellow dots, green lines, magenta and blue circles) refilled from their neighbours. */
function inpaint(image, kind) {
  const { data, width, height } = image;
  const mask = new Uint8Array(width * height);
  for (let i = 0; i < width * height; i++) {
    const [r, g, b] = [data[i * 3], data[i * 3 + 1], data[i * 3 + 2]];
    if (kind === 'dots') mask[i] = r > 120 && g > 0.78 * r && b < 0.65 * g ? 1 : 0;
    else if (kind === 'lines') mask[i] = g > r + 18 && g > b + 18 ? 1 : 0;
    else mask[i] = (b > g + 45 && b > 90) || (r > g + 70 && b > g + 50) ? 1 : 0;
  }
  const grown = mask.slice();
  let left = grown.reduce((n, v) => n + v, 0);
  for (let pass = 0; left > 0 && pass < 60; pass++) {
    const next = grown.slice();
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        if (!grown[i]) continue;
        let n = 0;
        const sum = [0, 0, 0];
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const xx = x + dx;
            const yy = y + dy;
            if (xx < 0 || yy < 0 || xx >= width || yy >= height || grown[yy * width + xx]) continue;
            const j = (yy * width + xx) * 3;
            sum[0] += data[j];
            sum[1] += data[j + 1];
            sum[2] += data[j + 2];
            n++;
          }
        }
        if (n >= 2) {
          for (let c = 0; c < 3; c++) data[i * 3 + c] = Math.round(sum[c] / n);
          next[i] = 0;
          left--;
        }
      }
    }
    grown.set(next);
  }
}

/** A box of an image, resized to width x height. */
async function cropOf(image, box, outW, outH) {
  // A box past the picture's edge is cut to it (the posters, whose sizes vary).
  const left = Math.max(0, box[0]);
  const top = Math.max(0, box[1]);
  const width = Math.min(box[2], image.width - left);
  const height = Math.min(box[3], image.height - top);
  const s = sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } });
  return rawOf(s.extract({ left, top, width, height }).resize(outW, outH, { fit: 'fill', kernel: 'lanczos3' }));
}
const portraitOf = async (subj, height) => cropOf(await sourceImage(subj.src, subj.clean), subj.box, Math.round((height * 3) / 4), height);
const sceneOf = async ([key, box]) => cropOf(await sourceImage(key), box, W, H);
const blank = (value = 0) => ({ data: Buffer.alloc(W * H * 3, value), width: W, height: H });

/** Gaussian blur (sharp's sigma) of an image. */
async function blurred(image, sigma) {
  return rawOf(sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } }).blur(sigma));
}
/** Rotation by `deg`, the corners made transparent; returns RGB and an alpha plane. */
async function rotated(image, deg) {
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .ensureAlpha()
    .rotate(deg, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const rgb = Buffer.alloc(info.width * info.height * 3);
  const alpha = new Float32Array(info.width * info.height);
  for (let i = 0; i < info.width * info.height; i++) {
    rgb[i * 3] = data[i * 4];
    rgb[i * 3 + 1] = data[i * 4 + 1];
    rgb[i * 3 + 2] = data[i * 4 + 2];
    alpha[i] = data[i * 4 + 3] / 255;
  }
  return { data: rgb, width: info.width, height: info.height, alpha };
}

const smooth = (e0, e1, v) => {
  const t = Math.min(1, Math.max(0, (v - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
};
/**
 * Pastes `patch` at (x, y) onto `base` (in place). mask: 'ellipse' (soft oval over the whole
 * patch: no rectangle edges), 'sides' (soft left and right edges), 'none', or a function (px, py) -> 0..1.
 */
function paste(base, patch, x, y, mask = 'ellipse') {
  x = Math.round(x);
  y = Math.round(y);
  for (let py = 0; py < patch.height; py++) {
    const by = y + py;
    if (by < 0 || by >= base.height) continue;
    for (let px = 0; px < patch.width; px++) {
      const bx = x + px;
      if (bx < 0 || bx >= base.width) continue;
      let a = 1;
      if (mask === 'ellipse') a = 1 - smooth(0.78, 1, Math.hypot((px + 0.5) / patch.width - 0.5, (py + 0.5) / patch.height - 0.5) * 2);
      else if (mask === 'sides') a = Math.min(smooth(0, 20, px), smooth(0, 20, patch.width - 1 - px));
      else if (typeof mask === 'function') a = mask(px, py);
      if (patch.alpha) a *= patch.alpha[py * patch.width + px];
      if (a <= 0) continue;
      const i = (by * base.width + bx) * 3;
      const j = (py * patch.width + px) * 3;
      for (let c = 0; c < 3; c++) base.data[i + c] = Math.round(base.data[i + c] * (1 - a) + patch.data[j + c] * a);
    }
  }
  return base;
}

/** One person filling the frame's height, the sides filled with a blurred copy (as a video call's pillarbox). */
async function fullFrame(subj, { shiftX = 0, shiftY = 0, tilt = 0 } = {}) {
  const portrait = await portraitOf(subj, H);
  // The sides: the portrait's colours only (shrunk to 8x6, then blown up and blurred), no face shape
  // that a person or a detector could take for a second face.
  const coarse = await cropOf(await sourceImage(subj.src, subj.clean), subj.box, 8, 6);
  const base = await blurred(await cropOf(coarse, [0, 0, 8, 6], W, H), 30);
  const patch = tilt ? await rotated(portrait, tilt) : portrait;
  const x = (W - patch.width) / 2 + shiftX;
  const y = (H - patch.height) / 2 + shiftY;
  paste(base, patch, x, y, tilt ? 'none' : 'sides');
  const [fx, fy, fw] = subj.face;
  const faceW = fw * portrait.width;
  return { image: base, face: { cx: (W - portrait.width) / 2 + shiftX + fx * portrait.width, cy: shiftY + fy * H, w: faceW } };
}

/** One person smaller, at the bottom of a room scene (the student sitting further back). */
async function smallIn(subj, scene, scale, offsetX = 0) {
  const base = await sceneOf(scene);
  const h = Math.round(H * scale);
  const portrait = await portraitOf(subj, h);
  const x = (W - portrait.width) / 2 + offsetX;
  const y = H - h;
  paste(base, portrait, x, y, (px, py) => {
    // Soft everywhere but at the bottom edge, where the body leaves the frame.
    const u = (px + 0.5) / portrait.width - 0.5;
    const v = Math.min(0, (py + 0.5) / portrait.height - 0.6);
    return 1 - smooth(0.8, 1, Math.hypot(u * 2, v * 2.5));
  });
  const [fx, fy, fw] = subj.face;
  return { image: base, face: { cx: x + fx * portrait.width, cy: y + fy * h, w: fw * portrait.width } };
}

/** Low light: exposure down, a little gamma, sensor noise. */
function lowLight(image, level, seed) {
  const rand = rng(seed);
  const out = { ...image, data: Buffer.alloc(image.data.length) };
  for (let i = 0; i < image.data.length; i++) {
    const v = 255 * (image.data[i] / 255) ** 1.2 * level + (rand() + rand() + rand() - 1.5) * 5;
    out.data[i] = Math.max(0, Math.min(255, Math.round(v)));
  }
  return out;
}

/** Backlight: the frame darkened, a bright window's glow added everywhere but around the head. */
function backlit(image, face, seed) {
  const rand = rng(seed);
  const out = { ...image, data: Buffer.alloc(image.data.length) };
  const rx = face.w * 0.85;
  const ry = face.w * 1.15;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const d = Math.hypot((x - face.cx) / rx, (y - face.cy) / ry);
      const glow = 0.9 * smooth(0.9, 2.2, d) * (0.75 + 0.25 * (1 - y / image.height));
      for (let c = 0; c < 3; c++) {
        const i = (y * image.width + x) * 3 + c;
        const dark = image.data[i] * 0.4;
        out.data[i] = Math.max(0, Math.min(255, Math.round(dark + (250 - dark) * glow + (rand() - 0.5) * 4)));
      }
    }
  }
  return out;
}

/** A hand (opencv-doc's handSrc.jpg, its grey background keyed out) over the lower face. */
async function handOver(image, face, flip) {
  const hand = await sourceImage('hand');
  const w = Math.round(face.w * 1.5);
  const h = Math.round(w * 0.6);
  let patch = await cropOf(hand, [60, 120, 500, 300], w, h);
  if (flip) patch = await rawOf(sharp(patch.data, { raw: { width: w, height: h, channels: 3 } }).flop());
  const alpha = new Float32Array(w * h);
  for (let i = 0; i < w * h; i++) alpha[i] = smooth(10, 24, patch.data[i * 3] - patch.data[i * 3 + 2]);
  patch.alpha = alpha;
  // The fingers cover the mouth and chin: the patch's top at the nose's tip.
  return paste(image, patch, face.cx - w * (flip ? 0.3 : 0.7), face.cy + face.w * 0.2, 'none');
}

/** A rectangle of another picture (a book, a monitor's edge, a shoulder) over part of an area. */
async function occluder(image, [x, y, w, h], fromScene) {
  const patch = await cropOf(await sourceImage(fromScene[0]), fromScene[1], Math.round(w), Math.round(h));
  return paste(image, patch, x, y, 'none');
}

// ---------------------------------------------------------------------------------------------
// The frames.
const frames = [];
const add = (image, entry) => frames.push({ image, ...entry });
const srcOf = (...keys) => [...new Set(keys)].map((k) => SRC[k].origin);
const skinSubjects = SUBJECTS;
/** The subjects whose photos are large enough to be the student close to the camera. */
const large = SUBJECTS.filter((s) => s.box[3] >= 300);

async function build() {
  // One face, per subject: normal light, low light, backlight; tilted; partly out of frame; 60 % and 40 %.
  for (const [i, subj] of skinSubjects.entries()) {
    const tags = { subject: subj.id, skinTone: subj.tone, glasses: subj.glasses, annotated: Boolean(subj.clean), sourceNotes: subj.notes };
    const normal = await fullFrame(subj);
    const onePlain = subj.glasses ? 'one-glasses' : subj.box[3] < 300 ? 'one-low-res' : 'one-plain';
    add(normal.image, { label: '1', faces: 1, case: onePlain, light: 'normal', ...tags, sources: srcOf(subj.src), transforms: [subj.box[3] < 480 ? `portrait upscaled to 480 px high` : 'portrait scaled to 480 px high', 'sides: the portrait\'s colours, blurred'] });
    add(lowLight(normal.image, i % 2 ? 0.3 : 0.22, 100 + i), { label: '1', faces: 1, case: 'one-low-light', light: 'low', ...tags, sources: srcOf(subj.src), transforms: [`synthetic low light: exposure x${i % 2 ? 0.3 : 0.22}, gamma 1.2, noise`] });
    add(backlit(normal.image, normal.face, 200 + i), { label: '1', faces: 1, case: 'one-backlit', light: 'backlit', ...tags, sources: srcOf(subj.src), transforms: ['synthetic backlight: frame at 40 %, a bright glow outside the head'] });
    const tilt = [18, -24, 30, -15, 26, -32][i % 6];
    add((await fullFrame(subj, { tilt })).image, { label: '1', faces: 1, case: 'one-tilted', light: 'normal', ...tags, sources: srcOf(subj.src), transforms: [`rotated ${tilt} degrees`] });
    const side = ['left', 'right', 'top'][i % 3];
    const cut = [0.4, 0.45, 0.2][i % 3];
    const portraitW = (H * 3) / 4;
    const faceW = subj.face[2] * portraitW;
    const faceCx = (W - portraitW) / 2 + subj.face[0] * portraitW;
    const shift = side === 'left' ? { shiftX: -(faceCx - faceW / 2 + faceW * cut) } : side === 'right' ? { shiftX: W - (faceCx + faceW / 2 - faceW * cut) } : { shiftY: -(subj.face[1] * H - faceW * 0.6 + faceW * 1.2 * cut) };
    add((await fullFrame(subj, shift)).image, { label: '1', faces: 1, case: 'one-out-of-frame', light: 'normal', ...tags, sources: srcOf(subj.src), transforms: [`shifted: about ${Math.round(cut * 100)} % of the face past the ${side} edge`] });
    for (const [scale, group] of [[0.6, 'one-size-60'], [0.4, 'one-size-40']]) {
      const scene = SCENES[(i + (scale === 0.6 ? 0 : 5)) % SCENES.length];
      add((await smallIn(subj, scene, scale, ((i % 3) - 1) * 120)).image, { label: '1', faces: 1, case: group, light: 'normal', ...tags, sources: srcOf(subj.src, scene[0]), transforms: [`portrait at ${scale * 100} % of the frame's height, pasted (soft edges) into a scene without faces`] });
    }
  }
  // A hand over the mouth: synthetic (a real hand pasted) on the larger subjects, and one real.
  for (const [i, subj] of large.slice(0, 14).entries()) {
    const f = await fullFrame(subj);
    add(await handOver(f.image, f.face, i % 2 === 1), { label: '1', faces: 1, case: 'one-hand-over-mouth', light: 'normal', subject: subj.id, skinTone: subj.tone, glasses: subj.glasses, sources: srcOf(subj.src, 'hand'), transforms: ['a real hand (grey background keyed out) pasted over the mouth and chin'] });
  }
  {
    const f = await fullFrame(GRID_HAND);
    add(f.image, { label: '1', faces: 1, case: 'one-hand-over-mouth', light: 'normal', subject: GRID_HAND.id, skinTone: GRID_HAND.tone, sources: srcOf(GRID_HAND.src), sourceNotes: GRID_HAND.notes, transforms: ['69 px face upscaled to 480 px high', 'sides: the portrait\'s colours, blurred'] });
  }

  // Two faces: the student (large subjects, normal light) and a second person.
  const pairRand = rng(77);
  const others = [...SUBJECTS];
  const pick = (not) => {
    for (;;) {
      const s = others[Math.floor(pairRand() * others.length)];
      if (s.id !== not.id) return s;
    }
  };
  const student = (k) => large[k % large.length];
  /** The student framed a little to one side so the second person has room. */
  const studentFrame = async (s, k) => fullFrame(s, { shiftX: k % 2 ? 110 : -110 });
  const secondAt = (k, h) => (k % 2 ? { x: 40 + pairRand() * 60, y: 20 + pairRand() * 60 } : { x: W - 40 - (h * 3) / 4 - pairRand() * 60, y: 20 + pairRand() * 60 });
  const pairEntry = (group, s, o, extra) => ({ label: '2+', faces: 2, case: group, light: 'normal', subject: s.id, second: o.id, secondTone: o.tone, sources: srcOf(s.src, o.src), ...extra });

  // Small second face (head 60-110 px high).
  for (let k = 0; k < 20; k++) {
    const s = student(k);
    const o = pick(s);
    const f = await studentFrame(s, k);
    const h = Math.round(60 + pairRand() * 50);
    const at = secondAt(k, h);
    paste(f.image, await portraitOf(o, h), at.x, at.y);
    add(f.image, pairEntry('two-small', s, o, { transforms: [`second person's portrait ${h} px high pasted (soft edges) behind the student`] }));
  }
  // Second face at the frame's edge (30-50 % of it cut off).
  for (let k = 0; k < 16; k++) {
    const s = student(k + 3);
    const o = pick(s);
    const f = await studentFrame(s, k);
    const h = Math.round(150 + pairRand() * 80);
    const w = (h * 3) / 4;
    const cut = 0.3 + pairRand() * 0.2;
    const faceW = o.face[2] * w;
    const x = k % 2 ? -(o.face[0] * w - faceW / 2) - faceW * cut : W - (o.face[0] * w + faceW / 2) + faceW * cut;
    paste(f.image, await portraitOf(o, h), x, 30 + pairRand() * 60);
    add(f.image, pairEntry('two-edge', s, o, { transforms: [`second person's portrait ${h} px high at the ${k % 2 ? 'left' : 'right'} edge, about ${Math.round(cut * 100)} % of the face cut off`] }));
  }
  // Blurred second face (out of focus behind the student): three blur strengths.
  for (const sigma of [2, 4, 7]) {
    for (let k = 0; k < 12; k++) {
      const s = student(k + sigma);
      const o = pick(s);
      const f = await studentFrame(s, k);
      const h = Math.round(110 + pairRand() * 80);
      const at = secondAt(k, h);
      paste(f.image, await blurred(await portraitOf(o, h), sigma), at.x, at.y);
      add(f.image, pairEntry(`two-blur-${sigma}`, s, o, { transforms: [`second person's portrait ${h} px high, Gaussian blur sigma ${sigma}`] }));
    }
  }
  // Second face turned to profile (the real profiles; mirrored too).
  for (let k = 0; k < 12; k++) {
    const s = student(k + 5);
    const o = PROFILES[k % PROFILES.length];
    const f = await studentFrame(s, k);
    const h = Math.round(140 + pairRand() * 100);
    let p = await portraitOf(o, h);
    const mirrored = k % 2 === 1;
    if (mirrored) p = await rawOf(sharp(p.data, { raw: { width: p.width, height: h, channels: 3 } }).flop());
    const at = secondAt(k, h);
    paste(f.image, p, at.x, at.y);
    add(f.image, pairEntry('two-profile', s, o, { transforms: [`second person (turned: ${o.notes}) ${h} px high${mirrored ? ', mirrored' : ''}`] }));
  }
  // Second face partly hidden (a third to a half of it behind an object).
  for (let k = 0; k < 16; k++) {
    const s = student(k + 7);
    const o = pick(s);
    const f = await studentFrame(s, k);
    const h = Math.round(150 + pairRand() * 70);
    const w = (h * 3) / 4;
    const at = secondAt(k, h);
    paste(f.image, await portraitOf(o, h), at.x, at.y);
    const faceW = o.face[2] * w;
    const fcx = at.x + o.face[0] * w;
    const fcy = at.y + o.face[1] * h;
    const part = 0.3 + pairRand() * 0.2;
    const how = ['left', 'right', 'below'][k % 3];
    const rect =
      how === 'left'
        ? [fcx - faceW / 2 - 80, fcy - faceW, 80 + faceW * part, faceW * 2.4]
        : how === 'right'
          ? [fcx + faceW / 2 - faceW * part, fcy - faceW, 80 + faceW * part, faceW * 2.4]
          : [fcx - faceW, fcy + faceW * 0.6 - faceW * 1.2 * part, faceW * 2, faceW * 1.5];
    const scene = SCENES[k % SCENES.length];
    await occluder(f.image, rect, [scene[0], [10, 10, 200, 200]]);
    add(f.image, pairEntry('two-partly-hidden', s, o, { transforms: [`second person's portrait ${h} px high, about ${Math.round(part * 100)} % of the face hidden from the ${how} by a patch of another picture`] }));
  }
  // Groups and pairs as photographed.
  const groups = [
    ['sample4', [0, 0, 1920, 1440], 4],
    ['sample3', [400, 60, 1520, 1140], 3],
    ['sample6', [100, 150, 1800, 1350], 4],
    ['sample1', [300, 60, 1600, 1200], 3],
    ['sample5', [0, 0, 1864, 1398], 5],
    ['sample2', [200, 0, 1720, 1290], 3],
    ['glider', [0, 0, 300, 225], 2],
    ['couple', [0, 0, 224, 168], 2],
  ];
  for (const [key, box, n] of groups) add(await cropOf(await sourceImage(key), box, W, H), { label: '2+', faces: n, case: 'two-photographed', light: 'normal', sources: srcOf(key), transforms: ['a 4:3 crop of the photo, scaled to 640x480'] });

  // No face.
  const zero = (group, image, sources, transforms, extra = {}) => add(image, { label: '0', faces: 0, case: group, sources, transforms, ...extra });
  for (const scene of SCENES) zero('zero-empty-room', await sceneOf(scene), srcOf(scene[0]), ['a 4:3 crop of the photo, scaled']);
  zero('zero-empty-room', await cropOf(await sourceImage('hall'), [0, 0, 640, 480], W, H), srcOf('hall'), ['as shipped']);
  zero('zero-covered', lowLight(blank(40), 0.3, 5), [], ['synthetic: a covered camera (dark grey and noise)']);
  zero('zero-covered', await cropOf(await sourceImage('clock'), [0, 20, 733, 497], W, H), srcOf('clock'), ['a real webcam frame: the face entirely behind a clock held up'], { sourceNotes: 'a person is there, the face is not visible' });
  zero('zero-covered', await cropOf(await sourceImage('chessboard'), [0, 0, 640, 480], W, H), srcOf('chessboard'), ['as shipped: a face hidden behind a calibration board'], { sourceNotes: 'a person is there, the face is not visible' });
  // Posters: pictures without a face hung in a room.
  const posters = [['starry', [0, 0, 752, 600]], ['butterfly', [0, 0, 256, 256]], ['graffiti', [0, 0, 800, 640]], ['rocket', [0, 0, 427, 640]], ['fruits', [0, 0, 512, 480]], ['building', [0, 0, 868, 600]], ['board', [0, 0, 500, 400]], ['chelsea', [0, 0, 451, 300]]];
  for (let k = 0; k < 12; k++) {
    const scene = SCENES[(k * 3) % SCENES.length];
    const base = await sceneOf(scene);
    const [pk, pbox] = posters[k % posters.length];
    const pw = Math.round(160 + ((k * 37) % 120));
    const ph = Math.round((pw * pbox[3]) / pbox[2]);
    const framed = await cropOf(await sourceImage(pk), pbox, pw, Math.min(ph, 400));
    paste(base, { ...framed }, 60 + ((k * 91) % (W - pw - 80)), 30 + ((k * 53) % 60), 'none');
    zero('zero-poster', base, srcOf(scene[0], pk), [`a ${pw} px wide picture pasted as a poster on the scene`]);
  }
  // Pets and animals.
  const pets = [['chelsea', [0, 0, 400, 300]], ['cat', [0, 0, 416, 312]], ['kitten', [0, 40, 300, 225]], ['dogA', [0, 40, 300, 225]], ['dogB', [0, 0, 249, 187]], ['baboon', [0, 0, 512, 384]], ['baboon', [56, 64, 400, 300]], ['squirrel', [0, 0, 535, 401]], ['chick', [0, 64, 512, 384]], ['dogA', [0, 0, 300, 225]]];
  for (const [key, box] of pets) zero('zero-pet', await cropOf(await sourceImage(key), box, W, H), srcOf(key), ['a 4:3 crop, scaled']);
  for (let k = 0; k < 4; k++) {
    const scene = SCENES[(k * 2 + 1) % SCENES.length];
    const base = await sceneOf(scene);
    const [key, box] = pets[k];
    paste(base, await cropOf(await sourceImage(key), box, 320, 240), 160 + (k % 2 ? 120 : -120), 200);
    zero('zero-pet', base, srcOf(scene[0], key), ['an animal pasted (soft edges) into a scene']);
  }
  // Cartoons (a drawn or rendered character is not a person in front of the camera).
  const cartoons = [['fish', [0, 0, 259, 194]], ['suzanne', [0, 0, 640, 480]], ['comic', [0, 30, 149, 112]], ['comic', [0, 0, 149, 216]], ['cartoon3d', [0, 0, 225, 169]], ['cartoon3d', [225, 0, 225, 169]], ['cartoon3d', [0, 169, 225, 169]], ['cartoon3d', [225, 169, 225, 169]]];
  for (const [key, box] of cartoons) {
    const fit = box[2] / box[3] > 1.2 ? await cropOf(await sourceImage(key), box, W, H) : null;
    if (fit) zero('zero-cartoon', fit, srcOf(key), ['a crop, scaled'], { sourceNotes: key === 'comic' || key === 'cartoon3d' ? 'a drawn or rendered human-like face' : undefined });
    else {
      const base = await sceneOf(SCENES[3]);
      const h = 420;
      paste(base, await cropOf(await sourceImage(key), box, Math.round((h * box[2]) / box[3]), h), (W - (h * box[2]) / box[3]) / 2, 30, 'none');
      zero('zero-cartoon', base, srcOf(key, SCENES[3][0]), ['a drawing pasted as a poster on a scene'], { sourceNotes: 'a drawn human-like face' });
    }
  }
  // Patterns and textures.
  for (const [key, box] of [['brick', [0, 64, 512, 384]], ['grass', [0, 64, 512, 384]], ['gravel', [0, 64, 512, 384]], ['pattern', [0, 0, 400, 300]], ['graffiti', [0, 0, 800, 600]], ['board', [0, 0, 500, 375]], ['chessboard', [100, 100, 320, 240]], ['fruits', [0, 0, 512, 384]]]) zero('zero-pattern', await cropOf(await sourceImage(key), box, W, H), srcOf(key), ['a 4:3 crop, scaled']);
}

// ---------------------------------------------------------------------------------------------
/** Labels changed after looking at the frames (the sheets): frame id -> { label, faces, case, why }. */
const RELABEL = {
  276: { label: '1', faces: 1, case: 'one-second-face-hidden', why: 'looked at: the occluder hides all of the second face but the hair; no face is visible' },
};

/** The test split: a third of each case group, by a seeded draw, fixed before any tuning. */
function drawSplit(entries) {
  const rand = rng(SPLIT_SEED);
  const byGroup = new Map();
  for (const e of entries) byGroup.set(e.case, [...(byGroup.get(e.case) ?? []), e]);
  for (const [, members] of [...byGroup].sort(([a], [b]) => a.localeCompare(b))) {
    const order = members.map((e) => ({ e, r: rand() })).sort((a, b) => a.r - b.r);
    const test = Math.round(members.length / 3);
    order.forEach(({ e }, i) => (e.split = i < test ? 'test' : 'tune'));
  }
}

async function main() {
  const stamp = join(outDir, 'manifest.json');
  if (!force && existsSync(stamp)) {
    try {
      if (JSON.parse(readFileSync(stamp, 'utf8')).version === VERSION) {
        console.log(`Face evaluation set is up to date in ${outDir}`);
        return;
      }
    } catch {
      // rebuild
    }
  }
  execFileSync('bash', [join(root, 'scripts/ensure-face-sources.sh'), debDir], { stdio: 'inherit' });
  const started = Date.now();
  await build();
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(join(outDir, 'frames'), { recursive: true });
  const entries = [];
  for (const [i, { image, ...entry }] of frames.entries()) {
    const id = String(i + 1).padStart(3, '0');
    const fix = RELABEL[Number(id)];
    const e = { id, file: `frames/${id}-${fix?.case ?? entry.case}.png`, ...entry, ...(fix ? { label: fix.label, faces: fix.faces, case: fix.case, relabelled: fix.why } : {}) };
    if (image.width !== W || image.height !== H) throw new Error(`${id}: ${image.width}x${image.height}`);
    writeFileSync(join(outDir, e.file), await sharp(image.data, { raw: { width: W, height: H, channels: 3 } }).png().toBuffer());
    entries.push(e);
  }
  drawSplit(entries);
  const manifest = {
    version: VERSION,
    width: W,
    height: H,
    splitSeed: SPLIT_SEED,
    notes: [
      'label: "0", "1" or "2+" faces a person sees in the frame; faces: how many.',
      'skinTone (one-face frames) and secondTone: the tone the source photo shows, by eye (lighter, medium, darker); never synthesised.',
      'light: normal (as photographed), low (synthetic), backlit (synthetic).',
      'transforms: every synthetic change made to the real photos.',
      'split: "test" (a third of each case group, seeded draw before any tuning) or "tune".',
    ],
    frames: entries,
  };
  writeFileSync(stamp, JSON.stringify(manifest, null, 1));
  const count = (l) => entries.filter((x) => x.label === l).length;
  console.log(`Wrote ${entries.length} frames (0: ${count('0')}, 1: ${count('1')}, 2+: ${count('2+')}) to ${outDir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
