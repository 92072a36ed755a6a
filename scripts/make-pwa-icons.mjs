// Draws the web app manifest's PNG icons from portal/public/favicon.svg with headless Chromium:
//   icon-192.png, icon-512.png      the shield on transparent ('any')
//   icon-maskable-512.png           white shield on the logo's indigo, inside the 80% safe zone ('maskable')
//   apple-touch-icon.png (180)      the shield on white (iOS fills transparency with black)
//   badge-96.png                    the shield in white, its tick cut out (Android's status bar badge: alpha only)
// Run: node scripts/make-pwa-icons.mjs   (the PNGs are committed; run again when the logo changes)
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const svg = readFileSync(join(root, 'portal', 'public', 'favicon.svg'), 'utf8');
const out = join(root, 'portal', 'public', 'icons');
mkdirSync(out, { recursive: true });

const INDIGO = '#4338ca';
const recolour = (from, to) => svg.replace(`fill="${from}"`, `fill="${to}"`);
/** A badge is an alpha mask: the shield in white with its tick cut out. */
function badge() {
  const [shield, tick] = [...svg.matchAll(/<path d="([^"]+)"/g)].map((match) => match[1]);
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><mask id="cut"><rect width="64" height="64" fill="#fff"/>' +
    `<path d="${tick}" fill="none" stroke="#000" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/></mask>` +
    `<path d="${shield}" fill="#fff" mask="url(#cut)"/></svg>`
  );
}

const icons = [
  { file: 'icon-192.png', size: 192, background: 'transparent', logo: svg, scale: 0.92 },
  { file: 'icon-512.png', size: 512, background: 'transparent', logo: svg, scale: 0.92 },
  // The white shield's tick is drawn in indigo (the favicon's tick is white).
  { file: 'icon-maskable-512.png', size: 512, background: INDIGO, logo: recolour(INDIGO, '#ffffff').replace('stroke="#fff"', `stroke="${INDIGO}"`), scale: 0.6 },
  { file: 'apple-touch-icon.png', size: 180, background: '#ffffff', logo: svg, scale: 0.8 },
  { file: 'badge-96.png', size: 96, background: 'transparent', logo: badge(), scale: 0.9 },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size });
    const inner = Math.round(icon.size * icon.scale);
    const logo = `data:image/svg+xml;base64,${Buffer.from(icon.logo).toString('base64')}`;
    await page.setContent(
      `<html><body style="margin:0;width:${icon.size}px;height:${icon.size}px;display:grid;place-items:center;background:${icon.background}">` +
        `<img src="${logo}" width="${inner}" height="${inner}"></body></html>`,
    );
    await page.screenshot({ path: join(out, icon.file), omitBackground: icon.background === 'transparent' });
    console.log(`portal/public/icons/${icon.file} (${icon.size}x${icon.size})`);
  }
} finally {
  await browser.close();
}
