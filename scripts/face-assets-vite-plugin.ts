// The face check's model and wasm files in the portal's build (decisions 0009, 0015): copied from
// node_modules into dist/assets/face-<hash>/ by copy-face-assets.ts, with gzip and brotli siblings
// for the wasm and JSON files and the worker's bundle (the server sends those when the browser
// accepts them). The folder is named by the files' content, so the server's one-year immutable
// cache for /assets/ is safe and a new model or tfjs build gets a new URL. The page learns the folder from __FACE_ASSET_DIR__.
// `vite dev` serves the same URLs straight from node_modules.
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { PORTAL_FACE_ASSETS } from '../shared/src/proctor/face-assets';
import { copyFaceAssets, packageDir } from './copy-face-assets';

const sourceOf = (asset: (typeof PORTAL_FACE_ASSETS)[number]) => join(packageDir(asset.package), asset.file);

/** The first 10 hex digits of a SHA-256 over every face asset's path and bytes. */
export function faceAssetsHash(): string {
  const hash = createHash('sha256');
  for (const asset of PORTAL_FACE_ASSETS) hash.update(asset.path).update('\0').update(readFileSync(sourceOf(asset)));
  return hash.digest('hex').slice(0, 10);
}

const TYPES: Record<string, string> = { '.wasm': 'application/wasm', '.json': 'application/json', '.bin': 'application/octet-stream' };
/** Worth compressing: the wasm binaries (about a third of their size) and the model graphs; weights are not. */
const PRECOMPRESS = new Set(['.wasm', '.json']);

export function faceAssetsPlugin(): Plugin {
  const folder = `assets/face-${faceAssetsHash()}`;
  let outDir = 'dist';
  let base = '/';
  return {
    name: 'invigil-face-assets',
    config: () => ({ define: { __FACE_ASSET_DIR__: JSON.stringify(folder) } }),
    configResolved(config) {
      base = config.base;
      outDir = resolve(config.root, config.build.outDir);
    },
    configureServer(server) {
      const prefix = `${base}${folder}/`;
      server.middlewares.use((req, res, next) => {
        const path = req.url?.split('?')[0] ?? '';
        const asset = path.startsWith(prefix) ? PORTAL_FACE_ASSETS.find((a) => a.path === path.slice(prefix.length)) : undefined;
        if (!asset) return next();
        res.setHeader('Content-Type', TYPES[extname(asset.path)] ?? 'application/octet-stream');
        createReadStream(sourceOf(asset)).pipe(res);
      });
    },
    writeBundle(_options, bundle) {
      const files = copyFaceAssets(join(outDir, folder), PORTAL_FACE_ASSETS).filter((file) => PRECOMPRESS.has(extname(file)));
      // The worker's bundle (Human with tfjs, 1.5 MB) too: about a quarter of it goes over the wire.
      for (const name of Object.keys(bundle)) if (/^assets\/face-worker-entry-[\w-]+\.js$/.test(name)) files.push(join(outDir, name));
      for (const file of files) {
        const bytes = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }));
      }
    },
  };
}
