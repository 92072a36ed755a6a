// gzip and brotli siblings (file.js.gz, file.js.br) of the portal's built text files: the server
// sends a sibling when the browser accepts it (server/src/platform/http/portal-routes.ts) and compresses
// nothing on the fly, so without them the scripts go over the wire at full size, about 3.5 times
// their gzip size (npm run bench:portal counts both).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt', '.vtt']);
/** Below this, the compressed file saves less than a packet. */
const MIN_BYTES = 1_024;

export function compressAssetsPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'invigil-compress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      // After the other plugins wrote their files (the service worker, the face worker's own siblings).
      order: 'post',
      handler(_options, bundle) {
        for (const name of Object.keys(bundle)) {
          if (!TEXT.has(extname(name))) continue;
          const file = join(outDir, name);
          let bytes: Buffer;
          try {
            bytes = readFileSync(file);
          } catch {
            continue; // not written (an asset a plugin removed)
          }
          // Too small to gain, or compressed already (the face worker's bundle, by its own plugin).
          if (bytes.length < MIN_BYTES || existsSync(`${file}.br`)) continue;
          writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
          writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
        }
      },
    },
  };
}
