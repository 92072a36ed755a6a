import { defineConfig } from 'vitest/config';

// One `vitest run` covers the unit tests of every package. Server tests pick their database
// from TEST_DATABASE_URL (unset: a temporary SQLite file), see scripts/test-server.sh.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: './shared', include: ['src/**/*.test.ts'], environment: 'node' } },
      // One module graph per worker, not per file: importing the server's sources again for each of
      // its ~45 files was a third of the server run's time. Each file still builds its own apps,
      // databases and clocks (test-support), and no file mocks a module.
      { test: { name: 'server', root: './server', include: ['src/**/*.test.ts'], environment: 'node', testTimeout: 20_000, hookTimeout: 30_000, isolate: false } },
      { test: { name: 'portal', root: './portal', include: ['src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'extension', root: './extension', include: ['**/*.test.ts'], exclude: ['node_modules/**', 'build/**', '.plasmo/**'], environment: 'node' } },
    ],
  },
});
