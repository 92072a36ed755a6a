import { describe, expect, it } from 'vitest';
import { DEMO_TEST_IDS } from '../../seed/demo-tests';
import { useTestApp } from '../../test-support/test-app';
import { importData, ImportError, parseImportFile } from '../../import/import-service';

const newApp = useTestApp();

describe('import: proctors (staff accounts)', () => {
  it('adds a proctor who can sign in and watches the listed tests; a second import updates them', async () => {
    const t = await newApp();
    const file = { version: 1, proctors: [{ email: 'Ravi@Example.edu', name: 'Ravi Rao', password: 'secret12', tests: [DEMO_TEST_IDS.mcq] }] };
    const summary = await importData(t.db.kysely, parseImportFile(file), t.clock, t.logger);
    expect(summary.proctors).toEqual({ inserted: 1, updated: 0 });
    const login = await t.postJson('/api/proctor/login', { email: 'ravi@example.edu', password: 'secret12' });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { token: string }).token;
    expect(((await t.getJson('/api/proctor/tests', token)) as { id: string }[]).map((test) => test.id)).toEqual([DEMO_TEST_IDS.mcq]);

    const again = await importData(t.db.kysely, parseImportFile({ version: 1, proctors: [{ email: 'ravi@example.edu', name: 'Ravi R.', tests: [DEMO_TEST_IDS.mixed] }] }), t.clock, t.logger);
    expect(again.proctors).toEqual({ inserted: 0, updated: 1 });
    expect(((await t.getJson('/api/proctor/tests', token)) as { id: string }[]).map((test) => test.id)).toEqual([DEMO_TEST_IDS.mixed]);
  });

  it('refuses an unknown test, a new proctor without a password, and an email twice; nothing is written', async () => {
    const t = await newApp();
    const file = {
      version: 1,
      proctors: [
        { email: 'a@example.edu', name: 'A', tests: ['no-such-test'], password: 'secret12' },
        { email: 'b@example.edu', name: 'B' },
        { email: 'A@example.edu', name: 'A again', password: 'secret12' },
      ],
    };
    const error = await importData(t.db.kysely, parseImportFile(file), t.clock, t.logger).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).issues.map((issue) => issue.message)).toEqual([
      'There is no test no-such-test.',
      'The new proctor b@example.edu needs a password.',
      'Proctor A@example.edu is listed twice.',
    ]);
    expect(await t.db.kysely.selectFrom('staff_accounts').select('email').where('email', '=', 'a@example.edu').execute()).toEqual([]);
  });
});
