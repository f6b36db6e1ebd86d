import { defineConfig } from 'vitest/config';

// Unit and integration tests; browser tests have their own config in e2e/.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on this 2-core machine. Integration
    // files wait on PostgreSQL much of the time, so two workers finish the suite in about 80% of the time.
    maxWorkers: 2,
    projects: [
      { test: { name: 'core', root: 'packages/core', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
          pool: 'forks',
        },
      },
      // The benchmark's smoke run (tiny data set, real server): it must keep working; no timings asserted.
      {
        test: {
          name: 'bench',
          root: 'bench',
          include: ['src/**/*.test.ts'],
          testTimeout: 240000,
          hookTimeout: 60000,
          pool: 'forks',
        },
      },
    ],
  },
});
