// Copies the face check's model and wasm files (shared/src/proctor/face-assets.ts) from
// node_modules into a build's output, so the portal and the extension serve them themselves:
// never a CDN. Refuses when the wasm binaries do not match the tfjs that @vladmandic/human bundles.
//
// Usage: npx tsx scripts/copy-face-assets.ts OUT_DIR     (the files land in OUT_DIR/<asset path>)
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FACE_ASSETS, FACE_TFJS_VERSION, type FaceAsset } from '../shared/src/proctor/face-assets';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A package's folder as Node finds it from shared/ (some packages export no package.json). */
export function packageDir(name: string): string {
  const dir = [join(root, 'shared/node_modules', name), join(root, 'node_modules', name)].find((d) => existsSync(join(d, 'package.json')));
  if (!dir) throw new Error(`${name} is not installed: run npm install`);
  return dir;
}

/** The tfjs versions that must agree: Human's bundled backend glue and the wasm package. */
export function faceTfjsVersions(): { human: string; wasm: string } {
  const bundled = readFileSync(join(packageDir('@vladmandic/human'), 'dist/tfjs.version.js'), 'utf8');
  const glue = /"tfjs-backend-wasm":(\w+)/.exec(bundled)?.[1];
  const human = glue ? (new RegExp(`var ${glue}="([^"]+)"`).exec(bundled)?.[1] ?? '?') : '?';
  const wasm = (JSON.parse(readFileSync(join(packageDir('@tensorflow/tfjs-backend-wasm'), 'package.json'), 'utf8')) as { version: string }).version;
  return { human, wasm };
}

export function copyFaceAssets(outDir: string, assets: readonly FaceAsset[] = FACE_ASSETS): string[] {
  const { human, wasm } = faceTfjsVersions();
  if (human !== FACE_TFJS_VERSION || wasm !== FACE_TFJS_VERSION) {
    throw new Error(`Face assets: @vladmandic/human bundles tfjs ${human}, @tensorflow/tfjs-backend-wasm is ${wasm}, face-assets.ts expects ${FACE_TFJS_VERSION}: pin them together`);
  }
  const copied: string[] = [];
  for (const asset of assets) {
    const to = join(outDir, asset.path);
    mkdirSync(dirname(to), { recursive: true });
    copyFileSync(join(packageDir(asset.package), asset.file), to);
    copied.push(to);
  }
  return copied;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = process.argv[2];
  if (!outDir) {
    console.error('Usage: npx tsx scripts/copy-face-assets.ts OUT_DIR');
    process.exit(2);
  }
  const copied = copyFaceAssets(resolve(outDir));
  console.log(`Copied ${copied.length} face assets to ${outDir}`);
}
