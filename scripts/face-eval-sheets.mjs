#!/usr/bin/env node
// Contact sheets of the face evaluation set (scripts/make-face-eval-set.mjs), 24 frames a sheet with
// their id, label, case group and split, for checking every label by eye.
// Usage: node scripts/face-eval-sheets.mjs [--dir DIR] [--out OUT]   (defaults: .tmp/face-eval, DIR/sheets)
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { EVAL_DIR } from './make-face-eval-set.mjs';

const args = process.argv.slice(2);
const dir = args.includes('--dir') ? args[args.indexOf('--dir') + 1] : EVAL_DIR;
const out = args.includes('--out') ? args[args.indexOf('--out') + 1] : join(dir, 'sheets');
const { frames } = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
const COLS = 6;
const PER = 24;
const TW = 320;
const TH = 240;
const BAR = 18;
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
mkdirSync(out, { recursive: true });
for (let s = 0; s * PER < frames.length; s++) {
  const part = frames.slice(s * PER, (s + 1) * PER);
  const layers = [];
  for (const [i, f] of part.entries()) {
    const x = (i % COLS) * TW;
    const y = Math.floor(i / COLS) * (TH + BAR);
    layers.push({ input: await sharp(join(dir, f.file)).resize(TW, TH).toBuffer(), left: x, top: y + BAR });
    const text = `${f.id} [${f.label}] ${f.case}${f.skinTone ? ` ${f.skinTone}` : ''} ${f.split}`;
    const colour = f.label === '0' ? '#8cf' : f.label === '1' ? '#afa' : '#fa8';
    layers.push({ input: Buffer.from(`<svg width="${TW}" height="${BAR}"><rect width="100%" height="100%" fill="#000"/><text x="3" y="13" font-size="13" font-family="sans-serif" fill="${colour}">${esc(text)}</text></svg>`), left: x, top: y });
  }
  const file = join(out, `sheet-${String(s + 1).padStart(2, '0')}.png`);
  await sharp({ create: { width: COLS * TW, height: Math.ceil(part.length / COLS) * (TH + BAR), channels: 3, background: '#222' } }).composite(layers).png().toFile(file);
  console.log(file);
}
