#!/usr/bin/env node
// npm run bench:results [-- --attempts 10000 --runs 5] [--postgres]
//
// Results at scale (issue 29): a test of 20 questions (16 single choice, 2 multiple choice,
// 2 numerical, in two parts) with ATTEMPTS submitted attempts, their answers and results, seeded
// straight into a temporary database (SQLite in a temporary DATA_DIR, or with --postgres a
// throwaway PostgreSQL from scripts/with-postgres.sh): the built server first starts on the empty
// database to migrate it and seed the demo (its admin signs in), then the students, attempts and
// answers are inserted in batches and scored with the server's own rescoreAttempts (timed: what a
// re-key costs without HTTP). Then the built server starts again and RUNS times each the bench
// times over HTTP: the results table's first page (and a far page sorted by name), the CSV and
// XLSX exports of the whole table, item analysis, the tests list; and one re-key of a question
// (every attempt scored again, 10,000 notifications). Targets: first page and CSV within 3 s, item
// analysis within 2 s. Prints p50 and max in ms. Needs `npm run build` (server/dist).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './bench-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const ATTEMPTS = arg('attempts', 10_000);
const RUNS = arg('runs', 5);
const POSTGRES = args.includes('--postgres');
const TEST_ID = 'bench-results';
const ADMIN = { email: 'admin@example.edu', password: 'demo1234' };
const TARGETS = { 'attempts, first page': 3000, 'attempts.csv': 3000, 'item analysis': 2000 };

if (POSTGRES && !process.env.TEST_DATABASE_URL) {
  const run = spawnSync('bash', [join(root, 'scripts/with-postgres.sh'), process.execPath, join(root, 'node_modules/tsx/dist/cli.mjs'), ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}
if (!existsSync(join(root, 'server/dist/main.js'))) {
  console.error('bench:results needs the built server: npm run build');
  process.exit(1);
}

const { createDatabase } = await import('../server/src/platform/db.ts');
const { silentLogger } = await import('../server/src/platform/lib/logger.ts');
const { importData, parseImportFile } = await import('../server/src/import/import-service.ts');
const { rescoreAttempts } = await import('../server/src/modules/exam/exam-module.ts');
const { systemClock } = await import('../server/src/platform/lib/clock.ts');

const databaseUrl = POSTGRES ? process.env.TEST_DATABASE_URL : undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'invigil-bench-results-'));
const env = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production', WARM_UP_ROUNDS: '0', LOGIN_MAX_FAILURES_PER_IP: '100000', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
if (!databaseUrl) delete env.DATABASE_URL;

async function startServer() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(root, 'server/dist/main.js')], { cwd: root, env: { ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (i > 300) {
      child.kill();
      throw new Error('The server did not start.');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { base, child };
}

const stop = (child) => new Promise((resolve) => {
  child.once('exit', resolve);
  child.kill();
});

// A deterministic random source, so every run seeds the same answers.
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const LABELS = ['A', 'B', 'C', 'D'];

function testFile() {
  const mcq = (answer) => ({ qt: 3, pm: 4, nm: 1, text: '<p>Choose the right option.</p>', options: { A: 'one', B: 'two', C: 'three', D: 'four' }, answer });
  const multi = (answer) => ({ qt: 4, pm: 4, nm: 2, text: '<p>Choose every right option.</p>', options: { A: 'one', B: 'two', C: 'three', D: 'four' }, answer });
  const numerical = (answer) => ({ qt: 6, pm: 4, nm: 0, text: '<p>How much?</p>', answer });
  const part1 = Array.from({ length: 8 }, (_, i) => mcq(LABELS[i % 4]));
  const part2 = [...Array.from({ length: 8 }, (_, i) => mcq(LABELS[(i + 1) % 4])), multi(['A', 'C']), multi(['B', 'D']), numerical('2.5'), numerical('9.8..9.82')];
  const now = Date.now();
  return {
    version: 1,
    tests: [
      {
        _id: TEST_ID,
        name: 'Benchmark: results of 10,000 attempts',
        format: { duration: 60, parts: [{ name: 'Physics', sections: [{ name: 'A', questions: part1 }] }, { name: 'Chemistry', sections: [{ name: 'B', questions: part2 }] }] },
        activation_date: new Date(now - 5 * 3_600_000).toISOString(),
        ends_at: new Date(now - 3_600_000).toISOString(),
        open_to_all: true,
      },
    ],
  };
}

async function seedAttempts(db, key) {
  const now = Date.now();
  const classes = Array.from({ length: 10 }, (_, i) => ({ id: `bench-class-${i + 1}`, name: `Bench ${i + 1}` }));
  await db.insertInto('classes').values(classes).execute();
  const hash = 'scrypt$bench$not-a-real-hash';
  const BATCH = 500;
  for (let start = 0; start < ATTEMPTS; start += BATCH) {
    const users = [];
    const profiles = [];
    const attempts = [];
    const answers = [];
    for (let i = start; i < Math.min(ATTEMPTS, start + BATCH); i += 1) {
      const id = `b${String(i).padStart(23, '0')}`;
      const started = now - 3 * 3_600_000 + (i % 600) * 1000;
      const submitted = started + (20 + (i % 35)) * 60_000;
      users.push({ id, reg_no: `BR${String(i + 1).padStart(6, '0')}`, email: `bench${i + 1}@example.edu`, name: `Bench Student ${i + 1}`, phone: String(8_000_000_000 + i), password_hash: hash, meritpoints: 0, avatar: null, config: '{}', verified: 1, otp_hash: null, otp_expires_at: null, password_changed_at: now, created_at: now, disabled_at: null, last_sign_in_at: null });
      profiles.push({ user_id: id, class_id: classes[i % classes.length].id, address: '', institute: '', city: '', updated_at: now });
      const attemptId = `a${String(i).padStart(23, '0')}`;
      attempts.push({ id: attemptId, user_id: id, test_id: TEST_ID, test_version: 1, started_at: started, deadline_ms: started + 3_600_000, extensions: '[]', submitted_at: submitted, submit_reason: 'manual', late: 0, last_qn: 20, devices: '[]', mp_charged: 0, result: null, remark: null, updated_at: submitted, paused_at: null });
      const ability = random();
      for (const question of key.questions) {
        if (random() < 0.1) continue; // skipped
        const right = random() < ability;
        let ua;
        if (question.qt === 6) ua = right ? (question.answer.includes('..') ? '9.81' : '2.5') : String((random() * 10).toFixed(1));
        else if (question.qt === 4) ua = right ? question.answer : [LABELS[Math.floor(random() * 4)]];
        // Question 5's key is wrong: the strong students choose D.
        else if (question.qn === 5) ua = ability > 0.6 ? 'D' : LABELS[Math.floor(random() * 4)];
        else ua = right ? question.answer : LABELS[Math.floor(random() * 4)];
        answers.push({ attempt_id: attemptId, qn: question.qn, late: 0, rev: question.qn, ua: JSON.stringify(ua), ats: submitted - 60_000, mts: null, vts: started, s: 30 + Math.floor(random() * 120), r: null, client_at: null, updated_at: submitted });
      }
    }
    await db.insertInto('users').values(users).execute();
    await db.insertInto('student_profiles').values(profiles).execute();
    await db.insertInto('attempts').values(attempts).execute();
    for (let at = 0; at < answers.length; at += 1000) await db.insertInto('answers').values(answers.slice(at, at + 1000)).execute();
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

try {
  // 1. The server migrates and seeds the demo (its admin) on the empty database.
  let { child } = await startServer();
  await stop(child);

  // 2. The test, then the attempts straight into the database, scored by the server's own code.
  const app = createDatabase({ databaseUrl, sqlitePath: join(dataDir, 'invigil.sqlite'), logger: silentLogger });
  const seedStart = performance.now();
  await importData(app.kysely, parseImportFile(testFile()), systemClock, silentLogger);
  const row = await app.kysely.selectFrom('tests').select('answer_key').where('id', '=', TEST_ID).executeTakeFirstOrThrow();
  const key = JSON.parse(row.answer_key);
  await seedAttempts(app.kysely, key);
  const seeded = performance.now();
  const scored = await rescoreAttempts(app.kysely, TEST_ID);
  const rescoreMs = performance.now() - seeded;
  const answerCount = (await app.kysely.selectFrom('answers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n;
  await app.destroy();
  console.log(
    `bench:results (${POSTGRES ? 'PostgreSQL' : 'SQLite'}): ${ATTEMPTS} attempts, ${answerCount} answers seeded in ${((seeded - seedStart) / 1000).toFixed(1)} s; rescoreAttempts scored ${scored} in ${rescoreMs.toFixed(0)} ms; ${RUNS} runs a call; load average ${loadavg()[0].toFixed(2)}`,
  );

  // 3. The built server again; the calls over HTTP.
  const started = await startServer();
  child = started.child;
  const { base } = started;
  const login = await fetch(`${base}/api/staff/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  const { token } = await login.json();
  const headers = { 'x-access-token': token, 'content-type': 'application/json' };
  const path = (suffix) => `${base}/api/staff/results/${TEST_ID}${suffix}`;
  const calls = [
    ['attempts, first page', path('/attempts')],
    ['attempts, page 150 by name', path('/attempts?sort=name&page=150')],
    ['attempts, search + class', path('/attempts?q=student 12&class=bench-class-3')],
    ['attempts.csv', path('/attempts.csv')],
    ['attempts.xlsx', path('/attempts.xlsx')],
    ['item analysis', path('/items')],
    ['tests list', `${base}/api/staff/results`],
  ];
  console.log(`  ${'call'.padEnd(30)} ${'bytes'.padStart(10)}  p50 ms  max ms  target`);
  let failed = false;
  for (const [label, url] of calls) {
    const times = [];
    let bytes = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const t0 = performance.now();
      const response = await fetch(url, { headers });
      const body = await response.arrayBuffer();
      times.push(performance.now() - t0);
      bytes = body.byteLength;
      if (!response.ok) throw new Error(`${label}: ${response.status} ${new TextDecoder().decode(body).slice(0, 200)}`);
    }
    times.sort((a, b) => a - b);
    const target = TARGETS[label];
    const max = times[times.length - 1];
    if (target !== undefined && max > target) failed = true;
    console.log(`  ${label.padEnd(30)} ${String(bytes).padStart(10)}  ${percentile(times, 50).toFixed(0).padStart(6)}  ${max.toFixed(0).padStart(6)}  ${target === undefined ? '' : `${target} ${max <= target ? 'ok' : 'MISSED'}`}`);
  }
  const items = await (await fetch(path('/items'), { headers })).json();
  console.log(`  item analysis: ${items.counted} counted; "key looks wrong" on question(s) ${items.items.filter((item) => item.key_suspect).map((item) => item.qn).join(', ') || 'none'}`);
  const t0 = performance.now();
  const rekey = await fetch(path('/questions/5/rekey'), { method: 'POST', headers, body: JSON.stringify({ answer: 'D', reason: 'The key was wrong.' }) });
  const rekeyMs = performance.now() - t0;
  const reply = await rekey.json();
  if (!rekey.ok) throw new Error(`rekey: ${rekey.status} ${JSON.stringify(reply)}`);
  console.log(`  re-key (HTTP): ${reply.change.rescored} attempts scored again, ${reply.notified} students notified in ${rekeyMs.toFixed(0)} ms`);
  await stop(child);
  if (failed) {
    console.log('bench:results: a target was missed.');
    process.exitCode = 1;
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
