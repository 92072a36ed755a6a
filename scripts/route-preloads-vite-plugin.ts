// The chunks each route's screen needs, written to dist/.vite/route-preloads.json. The server
// names them in the page it sends for that route (<link rel="modulepreload">), so a slow phone
// fetches the screen's code while it is still fetching the entry, instead of one round trip after
// the entry has run (server/src/platform/http/portal-index.ts).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

export interface RoutePreloads {
  /**
   * In the route table's order: the first pattern that matches a path is its route. `data`: the
   * route's first GETs (its `data` in the route table), which the page's early script starts.
   */
  routes: { path: string; files: string[]; data?: string[] }[];
}

/** The page's early-data script (portal/src/lib/early-data.ts): an entry of its own, named first in the page. */
export const EARLY_DATA_ENTRY = 'early-data';

/**
 * The route table's patterns and the module each one's screen is imported from, read from its
 * source: `{ path: '/x', ... screen: Name }` with `const Name = screen(() => import('...'))`,
 * or the import written inline.
 */
export function parseRouteTable(source: string): { path: string; module: string; data?: string[] }[] {
  const named = new Map([...source.matchAll(/const (\w+) = screen\(\(\) => import\('([^']+)'\)\)/g)].map((match) => [match[1], match[2]] as const));
  const routes: { path: string; module: string; data?: string[] }[] = [];
  for (const match of source.matchAll(/\{ path: '([^']+)'[^\n]*?screen: (?:screen\(\(\) => import\('([^']+)'\)\)|(\w+))([^\n]*)/g)) {
    const [, path = '', inline, name, rest = ''] = match;
    const module = inline ?? (name ? named.get(name) : undefined);
    if (!module) throw new Error(`route-table.ts: the screen of ${path} is neither an import nor a named screen(() => import(...)).`);
    const dataList = /\bdata: \[([^\]]*)\]/.exec(rest)?.[1];
    const data = dataList === undefined ? [] : [...dataList.matchAll(/'([^']+)'/g)].map((call) => call[1] ?? '');
    routes.push(data.length > 0 ? { path, module, data } : { path, module });
  }
  return routes;
}

function staticClosure(bundle: OutputBundle, start: OutputChunk, into = new Set<string>()): Set<string> {
  if (into.has(start.fileName)) return into;
  into.add(start.fileName);
  for (const name of start.imports) {
    const chunk = bundle[name];
    if (chunk?.type === 'chunk') staticClosure(bundle, chunk, into);
  }
  return into;
}

function moduleFile(base: string): string | undefined {
  return ['.tsx', '.ts'].map((extension) => base + extension).find((file) => existsSync(file));
}

export function routePreloadsPlugin(): Plugin {
  let root = '';
  return {
    name: 'invigil-route-preloads',
    apply: 'build',
    // The early-data script is a second entry, so that it arrives and runs long before the app's.
    config(config) {
      const projectRoot = resolve(config.root ?? process.cwd());
      return {
        build: {
          rolldownOptions: {
            input: { index: join(projectRoot, 'index.html'), [EARLY_DATA_ENTRY]: join(projectRoot, 'src', 'lib', 'early-data.ts') },
          },
        },
      };
    },
    configResolved(config) {
      root = config.root;
    },
    // Named first in <head>, async: it runs as soon as it is here, whatever else is still loading.
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunk = Object.values(context.bundle ?? {}).find((item): item is OutputChunk => item.type === 'chunk' && item.isEntry && item.name === EARLY_DATA_ENTRY);
        if (!chunk) return [];
        return [{ tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src: `/${chunk.fileName}` }, injectTo: 'head-prepend' }];
      },
    },
    generateBundle(_options, bundle) {
      const tableFile = join(root, 'src', 'app', 'route-table.ts');
      const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
      // What the entry loads anyway (index.html names those already).
      const withEntry = new Set<string>();
      for (const entry of chunks.filter((chunk) => chunk.isEntry)) staticClosure(bundle, entry, withEntry);
      const byModule = new Map(chunks.filter((chunk) => chunk.facadeModuleId).map((chunk) => [chunk.facadeModuleId, chunk] as const));
      const routes = parseRouteTable(readFileSync(tableFile, 'utf8')).map(({ path, module, data }) => {
        const file = moduleFile(resolve(dirname(tableFile), module));
        const chunk = file ? byModule.get(file) : undefined;
        if (!chunk) this.error(`route-preloads: no chunk for the screen of ${path} (${module}).`);
        const files = [...staticClosure(bundle, chunk)].filter((name) => !withEntry.has(name));
        return data ? { path, files, data } : { path, files };
      });
      const preloads: RoutePreloads = { routes };
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(preloads, null, 1)}\n` });
    },
  };
}
