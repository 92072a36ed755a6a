// @ts-check
// Builds the extension for one allow-list of portal origins.
//
//   PLASMO_PUBLIC_PORTAL_ORIGINS=https://exam.example.edu npm run build -w extension
//   PLASMO_PUBLIC_PORTAL_ORIGINS=http://127.0.0.1:18080 npm run build -w extension -- --tag=e2e
//
// 1. Resolves the allow-list (default when unset) and refuses to build when it holds no origin.
// 2. Runs `plasmo build` with that exact list in the environment, so a stray .env file cannot make
//    the code and the manifest disagree (Plasmo lets the process environment win over .env files).
// 3. Rewrites the content scripts' matches in the built manifest from the same list: Plasmo reads
//    `config.matches` literally and cannot expand a list from one variable.
// Output: build/chrome-mv3-<tag> (tag "prod" unless --tag is given).
import { spawnSync } from 'node:child_process';
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { contentMatchPatterns, MANAGED_SCHEMA_FILE, resolveOrigins, withContentMatches, withManagedSchema } from './match-patterns.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const args = process.argv.slice(2);
const unknown = args.filter((arg) => !arg.startsWith('--tag=') && arg !== '--verbose');
if (unknown.length > 0) {
  console.error(`build: unsupported arguments ${unknown.join(' ')} (only --tag=NAME and --verbose; the target is chrome-mv3)`);
  process.exit(2);
}
const tagArg = args.find((arg) => arg.startsWith('--tag='));
const tag = tagArg ? tagArg.slice('--tag='.length) : process.env.PLASMO_TAG || 'prod';
if (!/^[a-z0-9-]+$/.test(tag)) {
  console.error(`build: bad tag ${JSON.stringify(tag)}`);
  process.exit(2);
}

const origins = resolveOrigins(process.env.PLASMO_PUBLIC_PORTAL_ORIGINS);
if (origins.length === 0) {
  console.error(`build: PLASMO_PUBLIC_PORTAL_ORIGINS=${JSON.stringify(process.env.PLASMO_PUBLIC_PORTAL_ORIGINS)} holds no http(s) origin.`);
  process.exit(2);
}
for (const origin of origins) {
  const { protocol, hostname } = new URL(origin);
  if (protocol === 'http:' && hostname !== '127.0.0.1' && hostname !== 'localhost') {
    console.warn(`build: warning: ${origin} is plain http on a non-loopback host.`);
  }
}
const patterns = contentMatchPatterns(origins);
console.log(`build: tag ${tag}; portal origins ${origins.join(', ')}; content script matches ${patterns.join(', ')}`);

const plasmoBin = join(dirname(createRequire(import.meta.url).resolve('plasmo/package.json')), 'bin', 'index.mjs');
/** @type {NodeJS.ProcessEnv} */
const env = { ...process.env, PLASMO_PUBLIC_PORTAL_ORIGINS: origins.join(',') };
for (const name of ['PLASMO_TAG', 'PLASMO_TARGET', 'PLASMO_BUILD_PATH', 'PLASMO_SRC_PATH']) delete env[name];
const flags = [`--tag=${tag}`, '--target=chrome-mv3', ...args.filter((arg) => arg === '--verbose')];
const result = spawnSync(process.execPath, [plasmoBin, 'build', ...flags], { cwd: root, stdio: 'inherit', env });
if (result.status !== 0) process.exit(result.status ?? 1);

// 3b. The managed-storage schema of the institute's policy (decision 0069): copied beside the
//     manifest and named in it, so Chrome validates the policy and offers it in chrome.storage.managed.
const manifestPath = join(root, 'build', `chrome-mv3-${tag}`, 'manifest.json');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
copyFileSync(join(root, MANAGED_SCHEMA_FILE), join(root, 'build', `chrome-mv3-${tag}`, MANAGED_SCHEMA_FILE));
writeFileSync(manifestPath, `${JSON.stringify(withManagedSchema(withContentMatches(manifest, patterns)))}\n`);
console.log(`build: wrote ${manifestPath}`);

// 3c. Plasmo writes its pages (the popup, tabs/*.html) as <html> without a language: screen readers
//     then guess it, and axe reports html-has-lang. The extension's text is English.
const buildDir = join(root, 'build', `chrome-mv3-${tag}`);
for (const page of readdirSync(buildDir, { recursive: true }).map(String).filter((name) => name.endsWith('.html'))) {
  const path = join(buildDir, page);
  const html = readFileSync(path, 'utf8');
  if (html.includes('<html>')) writeFileSync(path, html.replace('<html>', '<html lang="en">'));
}

// 4. The face check's model and wasm files for the offscreen document (decision 0016), copied from
//    node_modules by the portal's own script: packaged with the extension, never a CDN.
const tsx = join(dirname(dirname(createRequire(import.meta.url).resolve('tsx/package.json'))), '.bin', 'tsx');
const copy = spawnSync(tsx, [join(root, '..', 'scripts', 'copy-face-assets.ts'), join(root, 'build', `chrome-mv3-${tag}`, 'face')], { cwd: root, stdio: 'inherit' });
if (copy.status !== 0) process.exit(copy.status ?? 1);
