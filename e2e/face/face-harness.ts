import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFaceBundles } from '../../scripts/face-bundles';
import { copyFaceAssets } from '../../scripts/copy-face-assets';

/**
 * What the face-check specs need outside the product (the portal's camera module has its own spec):
 * the fake-camera videos (scripts/make-face-frames.mjs), the camera page and the face worker
 * bundled from shared/, and the model and wasm files copied as a build copies them, all served on
 * 127.0.0.1 by a small static server.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const FACE_FRAMES_DIR = join(root, '.tmp/face-frames');
const outDir = join(root, '.tmp/e2e-face');

export interface FaceVideos {
  stills: Record<string, string>;
  sequence: { file: string; segmentSeconds: number; segments: string[] };
}

export function faceVideos(): FaceVideos {
  execFileSync(process.execPath, [join(root, 'scripts/make-face-frames.mjs')], { stdio: 'inherit' });
  const labels = JSON.parse(readFileSync(join(FACE_FRAMES_DIR, 'labels.json'), 'utf8')) as { videos: FaceVideos };
  return labels.videos;
}

export async function serveFacePage(): Promise<{ origin: string; server: Server }> {
  mkdirSync(outDir, { recursive: true });
  await buildFaceBundles({ 'camera-page': join(root, 'e2e/face/camera-page.ts'), 'face-worker': join(root, 'shared/src/proctor/browser/face-worker.ts') }, outDir);
  copyFaceAssets(join(outDir, 'face-assets'));
  const types: Record<string, string> = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json', '.bin': 'application/octet-stream' };
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><meta charset="utf-8"><title>face check</title><script type="module" src="/camera-page.js"></script>');
      return;
    }
    const file = join(outDir, normalize(path));
    if (path.includes('..') || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
