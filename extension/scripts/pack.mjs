// @ts-check
// Packs the product build as a zip for the Chrome Web Store (decision 0069):
//
//   npm run pack:extension            (root: builds, then packs)
//   npm run pack -w extension         (packs build/chrome-mv3-prod as it is)
//
// Output: build/invigil-proctor-<version>.zip, manifest.json at its root, no source maps or test
// files. The build's own origins are the default unless PLASMO_PUBLIC_PORTAL_ORIGINS was set; an
// institute sets its portal's origins by policy (extension/README.md).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { packBuild } from './zip.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const build = join(root, 'build', 'chrome-mv3-prod');
const { paths, archive } = packBuild(build);
const { version } = /** @type {{ version: string }} */ (JSON.parse(readFileSync(join(build, 'manifest.json'), 'utf8')));
const out = join(root, 'build', `invigil-proctor-${version}.zip`);
writeFileSync(out, archive);
console.log(`pack: ${out} (${paths.length} files, ${(archive.length / 1024).toFixed(0)} KB)`);
