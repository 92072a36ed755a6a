// Draws assets/icon.png (512x512): a shield with a check mark. No dependencies, no downloads.
// Run once with `node extension/scripts/make-icon.mjs`; the PNG is committed.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const size = 512;
const px = Buffer.alloc(size * size * 4);
const blue = [31, 78, 161];
const white = [255, 255, 255];

function inShield(x, y) {
  const cx = size / 2;
  const dx = Math.abs(x - cx);
  if (y < 48 || y > 470) return false;
  if (y < 300) return dx < 200 - (y < 90 ? (90 - y) * 0.9 : 0);
  // lower part narrows to a point at y = 470
  return dx < 200 * (1 - (y - 300) / 170) ** 0.8;
}
function distToSegment(x, y, x1, y1, x2, y2) {
  const vx = x2 - x1, vy = y2 - y1;
  const t = Math.max(0, Math.min(1, ((x - x1) * vx + (y - y1) * vy) / (vx * vx + vy * vy)));
  return Math.hypot(x - (x1 + t * vx), y - (y1 + t * vy));
}
function inCheck(x, y) {
  return distToSegment(x, y, 160, 262, 230, 334) < 26 || distToSegment(x, y, 230, 334, 360, 186) < 26;
}
for (let y = 0; y < size; y++) {
  for (let x = 0; x < size; x++) {
    // 2x2 supersampling for smoother edges
    let shield = 0, check = 0;
    for (const [ox, oy] of [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]]) {
      if (inShield(x + ox, y + oy)) {
        shield++;
        if (inCheck(x + ox, y + oy)) check++;
      }
    }
    const i = (y * size + x) * 4;
    const c = check ? white : blue;
    const mix = (k) => Math.round((c[k] * check + blue[k] * (shield - check)) / Math.max(shield, 1));
    px[i] = mix(0); px[i + 1] = mix(1); px[i + 2] = mix(2);
    px[i + 3] = Math.round((255 * shield) / 4);
  }
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
const header = Buffer.alloc(13);
header.writeUInt32BE(size, 0);
header.writeUInt32BE(size, 4);
header[8] = 8; // bit depth
header[9] = 6; // RGBA
const raw = Buffer.alloc(size * (size * 4 + 1));
for (let y = 0; y < size; y++) px.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
writeFileSync(new URL('../assets/icon.png', import.meta.url), png);
console.log(`assets/icon.png: ${png.length} bytes`);
