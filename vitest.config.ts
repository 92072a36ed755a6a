import { defineConfig } from 'vitest/config';

// One `vitest run` covers the unit tests of every package. Server tests pick their database
// from TEST_DATABASE_URL (unset: a temporary SQLite file), see scripts/test-server.sh.
export default defineConfig({
  test: {
    projects: [
      // The unit projects also share a module graph per worker (isolate: false): the run took about
      // 60 s of which the tests were 4 s; importing each file's graph afresh was the rest. A file
      // that stubs a global unstubs it after (vi.unstubAllGlobals), and none mocks a module.
      { test: { name: 'shared', root: './shared', include: ['src/**/*.test.ts'], environment: 'node', isolate: false } },
      // One module graph per worker, not per file: importing the server's sources again for each of
      // its ~45 files was a third of the server run's time. Each file still builds its own apps,
      // databases and clocks (test-support), and no file mocks a module.
      { test: { name: 'server', root: './server', include: ['src/**/*.test.ts'], environment: 'node', testTimeout: 20_000, hookTimeout: 30_000, isolate: false } },
      { test: { name: 'portal', root: './portal', include: ['src/**/*.test.ts'], environment: 'node', isolate: false } },
      { test: { name: 'extension', root: './extension', include: ['**/*.test.ts'], exclude: ['node_modules/**', 'build/**', '.plasmo/**'], environment: 'node', isolate: false } },
    ],
  },
});
