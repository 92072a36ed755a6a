// The built server on a temporary DATA_DIR (with a bench's own import file, or the demo data), for
// the benches and scripts that drive a real browser against it (test-ui, the proctor bench's test
// page, scripts/make-troubleshoot-videos.ts).
import { execFileSync, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Imports `importData` through the server's own import path into `dataDir`, starts
 * server/dist/main.js on a free port and waits for its health check. Returns its base URL and the
 * child process (kill it when done).
 */
export async function startImportedServer(root, dataDir, importData) {
  const file = join(dataDir, 'bench-import.json');
  writeFileSync(file, JSON.stringify(importData));
  const env = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production', WARM_UP_ROUNDS: '0' };
  delete env.DATABASE_URL;
  execFileSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), join(root, 'server/src/cli/import.ts'), file], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  return startBuiltServer(root, dataDir);
}

/**
 * Starts server/dist/main.js on `dataDir` (SQLite; demo data on a fresh folder) on a free port,
 * serving the portal from PORTAL_DIST when set, and waits for its health check. Returns its base
 * URL and the child process (kill it when done).
 */
export async function startBuiltServer(root, dataDir) {
  const env = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production', WARM_UP_ROUNDS: '0' };
  delete env.DATABASE_URL;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [join(root, 'server/dist/main.js')], { cwd: root, env: { ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (i > 100) {
      server.kill();
      throw new Error('The server did not start.');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { base, server };
}
