// Versions the portal's service worker (portal/public/sw.js) at build time. Its line
// `const TEST_PAGE_FILES = [];` becomes the list of the build's files the test page needs (the
// entries, the test screen's chunks with every chunk it may load later, their styles and fonts),
// which the worker keeps while an attempt runs so that a reload offline shows the test (decision
// 0068); then `VERSION = 'dev'` becomes a hash of the worker (list included) and the files it
// caches for the offline page. A build that changes any of them changes sw.js, so browsers install
// the new worker, whose activation deletes the old build's caches.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

export const SERVICE_WORKER_FILE = 'sw.js';
/** The files sw.js caches (its OFFLINE_FILES), relative to the build's root. */
export const OFFLINE_FILES = ['offline.html', 'offline.js', 'favicon.svg'];
const VERSION_LINE = "const VERSION = 'dev';";
const TEST_PAGE_FILES_LINE = 'const TEST_PAGE_FILES = [];';
/** The module of the in-test screen (both test-in routes). */
export const TEST_PAGE_MODULE = /\/features\/attempt\/test-in-page\.tsx$/;

/** The worker's text with its version set from its own bytes and the offline files'. */
export function versionServiceWorker(source: string, offlineFiles: readonly Buffer[]): string {
  if (!source.includes(VERSION_LINE)) throw new Error(`${SERVICE_WORKER_FILE} has no line ${VERSION_LINE}`);
  const hash = createHash('sha256').update(source);
  for (const bytes of offlineFiles) hash.update('\0').update(bytes);
  return source.replace(VERSION_LINE, `const VERSION = '${hash.digest('hex').slice(0, 12)}';`);
}

/** The worker's text with the test page's files named (paths from the site's root, sorted). */
export function withTestPageFiles(source: string, files: readonly string[]): string {
  if (!source.includes(TEST_PAGE_FILES_LINE)) throw new Error(`${SERVICE_WORKER_FILE} has no line ${TEST_PAGE_FILES_LINE}`);
  const list = [...new Set(files)].sort().map((file) => `/${file}`);
  return source.replace(TEST_PAGE_FILES_LINE, `const TEST_PAGE_FILES = ${JSON.stringify(list)};`);
}

type Item = OutputBundle[string];
interface ChunkMeta {
  viteMetadata?: { importedCss?: Set<string>; importedAssets?: Set<string> };
}

/**
 * The files the test page may load: the entries with what they import, and the test screen's
 * chunk with everything it imports, now or later (dynamic imports: the live layer, the dialogs,
 * the PDF viewer), their styles and the fonts and images those styles name.
 */
export function testPageFiles(bundle: Record<string, Item>, isTestPage: (moduleId: string) => boolean): string[] {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const files = new Set<string>();
  const visit = (chunk: OutputChunk, dynamic: boolean) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    const meta = (chunk as OutputChunk & ChunkMeta).viteMetadata;
    for (const css of meta?.importedCss ?? []) files.add(css);
    for (const asset of meta?.importedAssets ?? []) files.add(asset);
    for (const name of dynamic ? [...chunk.imports, ...chunk.dynamicImports] : chunk.imports) {
      const next = bundle[name];
      if (next?.type === 'chunk') visit(next, dynamic);
    }
  };
  const testPage = chunks.find((chunk) => chunk.facadeModuleId && isTestPage(chunk.facadeModuleId));
  if (!testPage) throw new Error('service worker: no chunk for the test page');
  for (const entry of chunks.filter((chunk) => chunk.isEntry)) visit(entry, false);
  visit(testPage, true);
  // Fonts and images the styles name (url(/assets/...)).
  for (const file of [...files].filter((name) => name.endsWith('.css'))) {
    const css = bundle[file];
    const text = css?.type === 'asset' ? String(css.source) : '';
    for (const match of text.matchAll(/url\(\s*["']?\/?(assets\/[^"')?#]+)/g)) if (match[1] && bundle[match[1]]) files.add(match[1]);
  }
  return [...files].sort();
}

export function serviceWorkerPlugin(): Plugin {
  let outDir = 'dist';
  let publicDir = 'public';
  let files: string[] = [];
  return {
    name: 'invigil-service-worker-version',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      publicDir = config.publicDir;
    },
    generateBundle(_options, bundle) {
      files = testPageFiles(bundle as Record<string, Item>, (id) => TEST_PAGE_MODULE.test(id.replace(/\\/g, '/')));
    },
    // After the public folder is copied into outDir. The worker and its files are read from the
    // public folder, never from outDir: a second build running at once in the same checkout may
    // have versioned outDir's copy already (issue 31: "sw.js has no line const VERSION = 'dev'").
    // Written to a file of this process's own and renamed over, so no one reads it half written.
    closeBundle() {
      const source = join(publicDir, SERVICE_WORKER_FILE);
      if (!existsSync(source) || !existsSync(join(outDir, SERVICE_WORKER_FILE))) return;
      const offline = OFFLINE_FILES.map((name) => readFileSync(join(publicDir, name)));
      const partial = join(outDir, `.${SERVICE_WORKER_FILE}.${process.pid}`);
      writeFileSync(partial, versionServiceWorker(withTestPageFiles(readFileSync(source, 'utf8'), files), offline));
      renameSync(partial, join(outDir, SERVICE_WORKER_FILE));
    },
  };
}
