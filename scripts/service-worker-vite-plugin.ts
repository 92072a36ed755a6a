// Versions the portal's service worker (portal/public/sw.js) at build time: its `VERSION = 'dev'`
// becomes a hash of the worker and the files it caches for the offline page. A build that changes
// any of them changes sw.js, so browsers install the new worker, whose activation deletes the old
// cache; a build that changes none leaves the worker as it is (it never serves the app's code).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

export const SERVICE_WORKER_FILE = 'sw.js';
/** The files sw.js caches (its OFFLINE_FILES), relative to the build's root. */
export const OFFLINE_FILES = ['offline.html', 'offline.js', 'favicon.svg'];
const VERSION_LINE = "const VERSION = 'dev';";

/** The worker's text with its version set from its own bytes and the offline files'. */
export function versionServiceWorker(source: string, offlineFiles: readonly Buffer[]): string {
  if (!source.includes(VERSION_LINE)) throw new Error(`${SERVICE_WORKER_FILE} has no line ${VERSION_LINE}`);
  const hash = createHash('sha256').update(source);
  for (const bytes of offlineFiles) hash.update('\0').update(bytes);
  return source.replace(VERSION_LINE, `const VERSION = '${hash.digest('hex').slice(0, 12)}';`);
}

export function serviceWorkerPlugin(): Plugin {
  let outDir = 'dist';
  let publicDir = 'public';
  return {
    name: 'invigil-service-worker-version',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      publicDir = config.publicDir;
    },
    // After the public folder is copied into outDir. The worker and its files are read from the
    // public folder, never from outDir: a second build running at once in the same checkout may
    // have versioned outDir's copy already (issue 31: "sw.js has no line const VERSION = 'dev'").
    // Written to a file of this process's own and renamed over, so no one reads it half written.
    closeBundle() {
      const source = join(publicDir, SERVICE_WORKER_FILE);
      if (!existsSync(source) || !existsSync(join(outDir, SERVICE_WORKER_FILE))) return;
      const files = OFFLINE_FILES.map((name) => readFileSync(join(publicDir, name)));
      const partial = join(outDir, `.${SERVICE_WORKER_FILE}.${process.pid}`);
      writeFileSync(partial, versionServiceWorker(readFileSync(source, 'utf8'), files));
      renameSync(partial, join(outDir, SERVICE_WORKER_FILE));
    },
  };
}
