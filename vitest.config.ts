import { defineConfig } from 'vitest/config';

// One `vitest run` covers the unit tests of every package. Server tests pick their database
// from TEST_DATABASE_URL (unset: a temporary SQLite file), see scripts/test-server.sh.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: './shared', include: ['src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'server', root: './server', include: ['src/**/*.test.ts'], environment: 'node', testTimeout: 20_000, hookTimeout: 30_000 } },
      { test: { name: 'portal', root: './portal', include: ['src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'extension', root: './extension', include: ['**/*.test.ts'], exclude: ['node_modules/**', 'build/**', '.plasmo/**'], environment: 'node' } },
    ],
  },
});
