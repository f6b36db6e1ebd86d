import { defineConfig } from 'vitest/config';

// Browser tests: one fork, files one after another (they share one server), generous timeouts.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
    globalSetup: ['./support/globalSetup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 60_000,
    // One more try for a browser test that failed: on a loaded 2-core CI machine a page can miss a
    // timeout. scripts/test.mjs lists every test that needed it, with its first failure.
    retry: 1,
    hookTimeout: 180_000,
  },
});
