#!/usr/bin/env node
// npm run bench:staff-students [-- --rows 10000 --runs 30]
//
// The staff's students list of issue 28 on ROWS students (written through the roster writer into a
// temporary, migrated SQLite database, 20 classes, one hash shared by every row so seeding takes
// seconds): each query the screen sends while someone types (a search of 1, 2, 3 letters, a name, a
// registration number, a phone, an e-mail), with a class and a status filter, and a far page, RUNS
// times each through the real service (students-service.ts). Prints p50 and p95 in ms per query
// and over all of them, and SQLite's plan of the page query.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createDatabase } from '../server/src/platform/db.ts';
import { silentLogger } from '../server/src/platform/lib/logger.ts';
import { PROVISIONAL_N, hashPassword } from '../server/src/platform/lib/password.ts';
import { migrateToLatest } from '../server/src/platform/migrations/migrate.ts';
import { checkRoster } from '../server/src/modules/students/roster-check.ts';
import { loadRosterLookups, writeRoster } from '../server/src/modules/students/roster-writer.ts';
import { createStudentsService } from '../server/src/modules/students/students-service.ts';

const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const ROWS = arg('rows', 10_000);
const RUNS = arg('runs', 30);
const CLASSES = Array.from({ length: 20 }, (_, i) => ({ id: `class-${i + 1}`, name: `${i < 10 ? 'XI' : 'XII'}-${'ABCDEFGHIJ'[i % 10]}` }));
const SURNAMES = ['Rao', 'Iyer', 'Singh', 'Khan', 'Das', 'Verma', 'Nair', 'Gupta'];

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const dir = mkdtempSync(join(tmpdir(), 'invigil-bench-students-'));
try {
  const app = createDatabase({ sqlitePath: join(dir, 'bench.sqlite'), logger: silentLogger });
  const db = app.kysely;
  await migrateToLatest(db);
  await db.insertInto('classes').values(CLASSES).execute();
  const fileRows = Array.from({ length: ROWS }, (_, i) => ({
    rowNumber: i + 2,
    values: {
      reg_no: `R2025${String(i + 1).padStart(5, '0')}`,
      name: `Student ${i + 1} ${SURNAMES[i % SURNAMES.length]}`,
      email: `student${i + 1}@example.edu`,
      phone: String(9_000_000_000 + i),
      class: CLASSES[i % CLASSES.length].name,
      password: 'Pass@12345',
      verified: i % 10 === 0 ? 'no' : '',
    },
  }));
  const seedStart = performance.now();
  const check = checkRoster(fileRows, await loadRosterLookups(db, fileRows));
  const hash = await hashPassword('Pass@12345', PROVISIONAL_N);
  const written = await writeRoster(db, check.plan, { now: Date.now(), hashes: new Map(check.plan.map((item) => [item.rowNumber, hash])) });
  // A few disabled students for the status filter.
  await db.updateTable('users').set({ disabled_at: Date.now() }).where('reg_no', 'like', 'R20250010%').execute();
  console.log(`bench:staff-students: ${written.summary.created} students seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s; ${RUNS} runs a query; load average ${loadavg()[0].toFixed(2)}`);

  const students = createStudentsService(db, { now: () => Date.now() });
  const base = { q: '', class: '', status: '', page: 1 };
  const queries = [
    ['first page', base],
    ['q=s', { ...base, q: 's' }],
    ['q=st', { ...base, q: 'st' }],
    ['q=stu', { ...base, q: 'stu' }],
    ['q=student 4321', { ...base, q: 'student 4321' }],
    ['q=iyer', { ...base, q: 'iyer' }],
    ['q=r202507', { ...base, q: 'r202507' }],
    ['q=9000004', { ...base, q: '9000004' }],
    ['q=student77@', { ...base, q: 'student77@' }],
    ['q=nobody', { ...base, q: 'nobody' }],
    ['class=class-7', { ...base, class: 'class-7' }],
    ['class + q=rao', { ...base, class: 'class-7', q: 'rao' }],
    ['status=unverified', { ...base, status: 'unverified' }],
    ['status=disabled', { ...base, status: 'disabled' }],
    ['page 300', { ...base, page: 300 }],
    ['teacher scope (2 classes) + q=khan', { ...base, q: 'khan', scope: { classIds: ['class-1', 'class-2'] } }],
  ];
  const all = [];
  console.log(`  ${'query'.padEnd(36)} ${'total'.padStart(6)}  p50 ms  p95 ms`);
  for (const [label, { scope = null, ...query }] of queries) {
    const times = [];
    let total = 0;
    for (let run = 0; run < RUNS + 3; run++) {
      const start = performance.now();
      const reply = await students.list(query, scope);
      const ms = performance.now() - start;
      total = reply.total;
      if (run >= 3) times.push(ms); // the first runs warm the statement cache
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    console.log(`  ${label.padEnd(36)} ${String(total).padStart(6)}  ${percentile(times, 50).toFixed(2).padStart(6)}  ${percentile(times, 95).toFixed(2).padStart(6)}`);
  }
  all.sort((a, b) => a - b);
  console.log(`  ${'all queries'.padEnd(36)} ${''.padStart(6)}  ${percentile(all, 50).toFixed(2).padStart(6)}  ${percentile(all, 95).toFixed(2).padStart(6)}`);

  const plan = await sql`explain query plan select users.id from users left join student_profiles on student_profiles.user_id = users.id left join classes on classes.id = student_profiles.class_id where student_profiles.class_id = 'class-7' order by users.name, users.id limit 25`.execute(db);
  console.log(`  plan (class filter): ${plan.rows.map((row) => row.detail).join(' | ')}`);
  const planAll = await sql`explain query plan select users.id from users left join student_profiles on student_profiles.user_id = users.id order by users.name, users.id limit 25`.execute(db);
  console.log(`  plan (first page):   ${planAll.rows.map((row) => row.detail).join(' | ')}`);
  await app.destroy?.();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
