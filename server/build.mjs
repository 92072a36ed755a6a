// Bundles the server into dist/main.js, the import CLI into dist/cli/import.js and the migrate step into dist/cli/migrate.js (the e2e
// fixtures import through it: node on a bundle starts several times faster than tsx). @invigil/shared is TypeScript source, so it is bundled;
// the real npm dependencies (native better-sqlite3, pg, hono...) stay external and load from
// node_modules at run time.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const manifest = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
const external = Object.keys(manifest.dependencies ?? {})
  .filter((name) => !name.startsWith('@invigil/'))
  .flatMap((name) => [name, `${name}/*`]);

const result = await build({
  entryPoints: [join(here, 'src', 'main.ts'), join(here, 'src', 'cli', 'import.ts'), join(here, 'src', 'cli', 'migrate.ts')],
  outbase: join(here, 'src'),
  outdir: join(here, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  // Bundled CommonJS code (if any) may call require(); give it one in this ES module.
  banner: { js: "import { createRequire as __invigilCreateRequire } from 'node:module';\nconst require = __invigilCreateRequire(import.meta.url);" },
  logLevel: 'warning',
  metafile: true,
});

const bytes = Object.values(result.metafile.outputs).find((output) => output.entryPoint?.endsWith('main.ts'))?.bytes ?? 0;
console.log(`server/dist/main.js built (${(bytes / 1024).toFixed(1)} KB; external: ${external.filter((name) => !name.endsWith('/*')).join(', ')})`);
