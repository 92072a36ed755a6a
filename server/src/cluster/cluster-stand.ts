import { spawn } from 'node:child_process';
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
 * deploy/nginx/invigil.conf, rendered for loopback ports and temporary paths by
 * deploy/nginx/local-nginx.sh.
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
      // A short warm-up: the production path is taken, without its seconds of CPU on the test's cores.
      WARM_UP_ROUNDS: '50',
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
        `--- nginx error.log ---\n${readLog(join(dir, 'nginx', 'error.log')).split('\n').slice(-40).join('\n')}`,
      ].join('\n');
    for (const p of Object.values(processes)) {
      await waitFor(
        `server ${p.name} was not ready`,
        async () => (await fetch(`http://127.0.0.1:${p.port}/api/health/ready`)).status === 200,
        30_000,
        logs,
      );
    }

    // nginx as deploy/nginx/local-nginx.sh renders it (the site config unchanged but for ports and
    // paths), with one line added: which process answered each request ($upstream_addr; after a
    // failover every process tried). The site's proxied locations set no add_header, so inherit it.
    const nginxDir = join(dir, 'nginx');
    const rendered = await run('bash', [join(repo, 'deploy', 'nginx', 'local-nginx.sh'), '--dir', nginxDir, '--port', String(nginxPort), '--upstream', `127.0.0.1:${portA},127.0.0.1:${portB}`, '--dist', portalDist, '--check'], env, 30_000);
    if (rendered.status !== 0) throw new Error(`deploy/nginx/local-nginx.sh --check failed (${rendered.status}):\n${rendered.output}`);
    const generated = readFileSync(join(nginxDir, 'nginx.conf'), 'utf8');
    if (!/^http \{$/m.test(generated)) throw new Error(`deploy/nginx/local-nginx.sh wrote no \`http {\` line to add the upstream header to:\n${generated}`);
    const nginxConf = join(nginxDir, 'cluster-nginx.conf');
    writeFileSync(nginxConf, generated.replace(/^http \{$/m, 'http {\n    add_header X-Invigil-Upstream $upstream_addr always;'));
    const checked = await run('nginx', ['-t', '-q', '-c', nginxConf, '-e', join(nginxDir, 'error.log')], env, 10_000);
    if (checked.status !== 0) throw new Error(`nginx -t refused the cluster's nginx.conf:\n${checked.output}`);
    const nginxLog = createWriteStream(join(nginxDir, 'nginx.out'));
    const nginx = spawn('nginx', ['-c', nginxConf, '-e', join(nginxDir, 'error.log')], { stdio: ['ignore', 'pipe', 'pipe'] });
    nginx.stdout?.pipe(nginxLog);
    nginx.stderr?.pipe(nginxLog);
    const nginxExited = new Promise<void>((resolve) => nginx.once('exit', () => resolve()));
    // Not among `children`, whose leftovers get SIGKILL: a master killed so leaves its workers
    // running (they held the port and outlived the test run). SIGTERM stops master and workers.
    cleanups.push(async () => {
      if (nginx.exitCode === null && nginx.signalCode === null) nginx.kill('SIGTERM');
      await Promise.race([nginxExited, sleep(5000)]);
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
