// Bundles a face-check page and its workers for a browser with esbuild, as the e2e face harness
// and the proctor benches serve them (not the portal's build, which Vite makes).
import { build } from 'esbuild';

export async function buildFaceBundles(entryPoints: string[] | Record<string, string>, outdir: string): Promise<void> {
  await build({
    entryPoints,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    outdir,
    logLevel: 'warning',
    // Human and face-api mention Node built-ins behind runtime checks that are false in a browser.
    external: ['fs', 'path', 'os', 'crypto', 'util', 'worker_threads'],
  });
}
