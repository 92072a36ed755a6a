import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startS3StandIn } from '../test-support/s3-stand-in';
import type { S3StandIn } from '../test-support/s3-stand-in';

/**
 * The deployment of deploy/ on loopback, for the cluster test (issue 14): a fresh PostgreSQL
 * database, Redis, an S3 stand-in from npm, `npm run migrate` once, two server processes of the
 * built server/dist/main.js with MIGRATE_ON_START=false, and Debian's nginx running the real
 * deploy/nginx/invigil.conf, rendered only for loopback ports and temporary paths.
 */

/** The response header the test's nginx adds: which upstream(s) answered ($upstream_addr). */
export const UPSTREAM_HEADER = 'x-invigil-upstream';

export interface ServerProcess {
  name: 'A' | 'B';
  port: number;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  logFile: string;
}

export interface ClusterStand {
  /** http://127.0.0.1:{nginx port} */
  url: string;
  s3: S3StandIn;
  bucket: string;
  /** The built portal nginx serves its files from (portal/dist). */
  portalDist: string;
  processes: Record<'A' | 'B', ServerProcess>;
  /** 'A' or 'B' for an $upstream_addr entry ("127.0.0.1:port"). */
  nameOf(upstream: string): 'A' | 'B' | undefined;
  /** The logs of the processes and nginx (for a failed test's message). */
  logs(): string;
  close(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, detail: () => string = () => ''): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`${what} within ${timeoutMs} ms\n${detail()}`);
}

/** Runs a command to its end without blocking this process's event loop; its output joined. */
function run(command: string, args: string[], env: Record<string, string>, timeoutMs: number): Promise<{ status: number | string; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ status: code ?? signal ?? 'unknown', output });
    });
  });
}

/** A database of its own on the PostgreSQL of TEST_DATABASE_URL, dropped at the end. */
async function freshDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `invigil_cluster_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * deploy/nginx/invigil.conf for this machine's loopback: the upstream's first two `server` lines
 * point at the two processes (their parameters kept), the site listens on 127.0.0.1:{port} only,
 * the portal's root and the logs are the given paths. Everything else is the file as shipped.
 * Throws when the file no longer has what is substituted, so a change there is noticed here.
 */
export function renderNginxSite(source: string, { ports, listenPort, root, logDir }: { ports: [number, number]; listenPort: number; root: string; logDir: string }): string {
  const problems: string[] = [];
  const once = (text: string, pattern: RegExp, replace: (match: string, ...groups: string[]) => string, what: string): string => {
    let count = 0;
    const out = text.replace(pattern, (match, ...groups: string[]) => {
      count += 1;
      return replace(match, ...groups);
    });
    if (count === 0) problems.push(what);
    return out;
  };
  let site = source;
  // The upstream's active (uncommented) server lines: the first two become the two processes, more are dropped.
  let upstreamIndex = 0;
  site = once(
    site,
    /^(\s*)server\s+[\w.:[\]-]+:\d+((?:\s+[^;\s]+)*)\s*;/gm,
    (_match, indent = '', params = '') => {
      const port = ports[upstreamIndex];
      upstreamIndex += 1;
      return port === undefined ? `${indent}# (not in the cluster test)` : `${indent}server 127.0.0.1:${port}${params};`;
    },
    'upstream `server host:port ...;` lines',
  );
  if (upstreamIndex < 2) problems.push(`two upstream server lines (found ${upstreamIndex})`);
  let listenIndex = 0;
  site = once(
    site,
    /^(\s*)listen\s+[^;]+;/gm,
    (_match, indent = '') => {
      listenIndex += 1;
      return listenIndex === 1 ? `${indent}listen 127.0.0.1:${listenPort};` : `${indent}# (one loopback listen in the cluster test)`;
    },
    '`listen` lines',
  );
  site = once(site, /^(\s*)root\s+[^;]+;/gm, (_match, indent = '') => `${indent}root ${root};`, 'a `root` line');
  site = once(site, /^(\s*)access_log\s+\/\S+/gm, (_match, indent = '') => `${indent}access_log ${join(logDir, 'access.log')}`, 'an `access_log /path` line');
  site = once(site, /^(\s*)error_log\s+\/\S+/gm, (_match, indent = '') => `${indent}error_log ${join(logDir, 'error.log')}`, 'an `error_log /path` line');
  if (problems.length > 0) throw new Error(`deploy/nginx/invigil.conf can no longer be rendered for the cluster test: missing ${problems.join('; ')}`);
  return site;
}

/** The main nginx.conf around the site, as Debian's /etc/nginx/nginx.conf would be, in a temporary folder. */
function nginxMain(dir: string, siteFile: string): string {
  const runningAsRoot = process.getuid?.() === 0;
  return [
    // As root, workers would switch to `nobody`, who cannot read the checkout or write the temp folder.
    runningAsRoot ? 'user root;' : '',
    'daemon off;',
    'worker_processes 1;',
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'error.log')} warn;`,
    'events { worker_connections 1024; }',
    'http {',
    '    include /etc/nginx/mime.types;',
    '    default_type application/octet-stream;',
    '    sendfile on;',
    `    client_body_temp_path ${join(dir, 'client_body')};`,
    `    proxy_temp_path ${join(dir, 'proxy')};`,
    `    fastcgi_temp_path ${join(dir, 'fastcgi')};`,
    `    uwsgi_temp_path ${join(dir, 'uwsgi')};`,
    `    scgi_temp_path ${join(dir, 'scgi')};`,
    // The test's one addition: which process answered each proxied request (and, after a
    // failover, every process tried). Inherited by the site's proxied locations, which set no add_header.
    `    add_header X-Invigil-Upstream $upstream_addr always;`,
    `    include ${siteFile};`,
    '}',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

function findRepoRootFrom(start: string): string {
  let dir = start;
  while (!existsSync(join(dir, 'deploy', 'nginx', 'invigil.conf')) || !existsSync(join(dir, 'server', 'package.json'))) {
    const parent = join(dir, '..');
    if (parent === dir) throw new Error('The repository (deploy/nginx/invigil.conf) was not found above the working folder.');
    dir = parent;
  }
  return dir;
}

export async function startCluster({ databaseUrl, redisUrl }: { databaseUrl: string; redisUrl: string }): Promise<ClusterStand> {
  const repo = findRepoRootFrom(process.cwd());
  const mainJs = join(repo, 'server', 'dist', 'main.js');
  const migrateJs = join(repo, 'server', 'dist', 'cli', 'migrate.js');
  for (const file of [mainJs, migrateJs]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: build the server first (npm run build -w server).`);
  }
  const portalDist = join(repo, 'portal', 'dist');
  const dir = mkdtempSync(join(tmpdir(), 'invigil-cluster-'));
  const dataDir = join(dir, 'data');
  mkdirSync(dataDir);
  for (const temp of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, temp));

  const cleanups: (() => Promise<void> | void)[] = [() => rmSync(dir, { recursive: true, force: true })];
  const children: ChildProcess[] = [];
  const runCleanups = async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const cleanup of cleanups.splice(0).reverse()) await Promise.resolve(cleanup()).catch(() => {});
  };

  try {
    const database = await freshDatabase(databaseUrl);
    cleanups.push(database.drop);
    const bucket = 'invigil-cluster';
    const s3 = await startS3StandIn({ buckets: [bucket] });
    cleanups.push(() => s3.close());

    // What every process shares (deploy/env.example): the database, Redis, the bucket and the
    // secrets. DATA_DIR is shared too, so VAPID keys generated there are the same for both.
    const env: Record<string, string> = {
      PATH: process.env['PATH'] ?? '/usr/bin:/bin',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      ...s3.env(bucket),
      JWT_SECRET: randomBytes(32).toString('base64url'),
      DATA_DIR: dataDir,
      PORTAL_DIST: portalDist,
      TRUST_PROXY: 'true',
      MIGRATE_ON_START: 'false',
      LOG_FORMAT: 'json',
      SHUTDOWN_TIMEOUT_SECONDS: '5',
    };

    // Migrations (and the demo data of an empty database) once, before any process starts.
    // Not spawnSync: the S3 stand-in runs in this process and must answer the migration's calls.
    const migrated = await run(process.execPath, [migrateJs], env, 60_000);
    if (migrated.status !== 0) throw new Error(`npm run migrate failed (${migrated.status}):\n${migrated.output}`);

    const [portA, portB, nginxPort] = [await freePort(), await freePort(), await freePort()];
    const startProcess = (name: 'A' | 'B', port: number): ServerProcess => {
      const logFile = join(dir, `server-${name}.log`);
      const log = createWriteStream(logFile);
      const child = spawn(process.execPath, [mainJs], { env: { ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
      children.push(child);
      child.stdout?.pipe(log);
      child.stderr?.pipe(log);
      const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
      return { name, port, child, exited, logFile };
    };
    const processes = { A: startProcess('A', portA), B: startProcess('B', portB) };
    const readLog = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '(no log)');
    const logs = () =>
      [
        ...Object.values(processes).map((p) => `--- server ${p.name} (port ${p.port}, ${p.logFile}) ---\n${readLog(p.logFile).split('\n').slice(-40).join('\n')}`),
        `--- nginx error.log ---\n${readLog(join(dir, 'error.log')).split('\n').slice(-40).join('\n')}`,
      ].join('\n');
    for (const p of Object.values(processes)) {
      await waitFor(
        `server ${p.name} was not ready`,
        async () => (await fetch(`http://127.0.0.1:${p.port}/api/health/ready`)).status === 200,
        30_000,
        logs,
      );
    }

    const siteFile = join(dir, 'invigil.conf');
    writeFileSync(siteFile, renderNginxSite(readFileSync(join(repo, 'deploy', 'nginx', 'invigil.conf'), 'utf8'), { ports: [portA, portB], listenPort: nginxPort, root: portalDist, logDir: dir }));
    const nginxConf = join(dir, 'nginx.conf');
    writeFileSync(nginxConf, nginxMain(dir, siteFile));
    const checked = spawnSync('nginx', ['-t', '-q', '-c', nginxConf, '-p', dir], { encoding: 'utf8' });
    if (checked.status !== 0) throw new Error(`nginx -t refused the rendered deploy/nginx/invigil.conf:\n${checked.stderr}`);
    const nginxLog = createWriteStream(join(dir, 'nginx.out'));
    const nginx = spawn('nginx', ['-c', nginxConf, '-p', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(nginx);
    nginx.stdout?.pipe(nginxLog);
    nginx.stderr?.pipe(nginxLog);
    const nginxExited = new Promise<void>((resolve) => nginx.once('exit', () => resolve()));
    cleanups.push(async () => {
      if (nginx.exitCode === null && nginx.signalCode === null) nginx.kill('SIGTERM');
      await Promise.race([nginxExited, sleep(3000)]);
    });
    const url = `http://127.0.0.1:${nginxPort}`;
    await waitFor('nginx did not answer', async () => (await fetch(`${url}/api/health/ready`)).status === 200, 10_000, logs);

    const byAddress = new Map<string, 'A' | 'B'>([
      [`127.0.0.1:${portA}`, 'A'],
      [`127.0.0.1:${portB}`, 'B'],
    ]);
    return {
      url,
      s3,
      bucket,
      portalDist,
      processes,
      nameOf: (upstream) => byAddress.get(upstream.trim()),
      logs,
      close: async () => {
        // SIGTERM, as systemd stops a unit: each live process finishes and exits on its own.
        const alive = Object.values(processes).filter((p) => p.child.exitCode === null && p.child.signalCode === null);
        for (const p of alive) p.child.kill('SIGTERM');
        await Promise.race([Promise.all(alive.map((p) => p.exited)), sleep(8000)]);
        await runCleanups();
      },
    };
  } catch (error) {
    await runCleanups();
    throw error;
  }
}
