#!/usr/bin/env node
// Prints the gzip size of the JavaScript the login route loads, and of every route chunk.
// Usage: npm run bench:bundle   (builds the portal first when portal/dist is missing)
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'portal', 'dist');
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath) || process.argv.includes('--build')) {
  execSync('npm run build -w portal', { cwd: root, stdio: 'inherit' });
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const LOGIN_TARGET_KB = 100;

const sizes = new Map();
function sizeOf(file) {
  if (!sizes.has(file)) {
    const bytes = readFileSync(join(dist, file));
    sizes.set(file, {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    });
  }
  return sizes.get(file);
}

/** The JS files a chunk needs before it runs: itself and its static imports, recursively. */
function staticClosure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) staticClosure(dep, seen);
  return seen;
}

const total = (files) =>
  [...files].reduce((sum, file) => {
    const size = sizeOf(file);
    return { raw: sum.raw + size.raw, gzip: sum.gzip + size.gzip, brotli: sum.brotli + size.brotli };
  }, { raw: 0, gzip: 0, brotli: 0 });
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entryFiles = staticClosure(entryKey);
const routeKeys = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry);

console.log('Route chunks (each with the static imports it adds beyond the entry):');
console.log(`${'chunk'.padEnd(58)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)} ${'brotli'.padStart(10)}`);
const row = (name, size) => console.log(`${name.padEnd(58)} ${kb(size.raw).padStart(10)} ${kb(size.gzip).padStart(10)} ${kb(size.brotli).padStart(10)}`);
row(`entry ${entryKey}`, total(entryFiles));
for (const key of routeKeys.sort()) {
  const own = [...staticClosure(key)].filter((file) => !entryFiles.has(file));
  row(`  ${key}`, total(own));
}

const loginKey = routeKeys.find((key) => key.endsWith('features/auth/login-page.tsx'));
const loginFiles = new Set([...entryFiles, ...staticClosure(loginKey)]);
const login = total(loginFiles);
console.log('');
console.log(`Login route (/auth/login) JavaScript: ${kb(login.gzip)} gzip, ${kb(login.brotli)} brotli, ${kb(login.raw)} raw in ${loginFiles.size} files`);
console.log(`Target: at most ${LOGIN_TARGET_KB} KB gzip -> ${login.gzip / 1024 <= LOGIN_TARGET_KB ? 'met' : 'NOT met'}`);
