import { defineConfig } from 'vitest/config';

// The cluster test (issue 14) alone: two built server processes behind nginx on PostgreSQL, Redis
// and S3. Run by scripts/test-cluster.sh (npm run test:cluster), never by the server project's run.
export default defineConfig({
  test: {
    name: 'cluster',
    root: './server',
    include: ['src/cluster/**/*.cluster.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // One stand of processes at a time: the two tests share it, in order.
    fileParallelism: false,
  },
});
