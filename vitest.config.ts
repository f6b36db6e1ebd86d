import { defineConfig } from 'vitest/config';

// Unit and integration tests; browser tests have their own config in e2e/.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on this 2-core machine. Integration
    // files wait on PostgreSQL much of the time, so two workers finish the suite in about 80% of the time.
    // Three (beside the browser lane) were slower still and timed a seeding hook out: 2,631 s of test
    // time against 1,788 s with two.
    maxWorkers: 2,
    projects: [
      { test: { name: 'core', root: 'packages/core', include: ['src/**/*.test.ts'] } },
      // The web app's catalogues and formatting rules (no DOM: the screens are tested in a browser, e2e/).
      { test: { name: 'web', root: 'apps/web', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
          pool: 'forks',
          // Migrates one database per driver for the files to copy (src/test/databaseTemplates.ts).
          globalSetup: ['src/test/globalSetup.ts'],
          // Files share a worker's module graph: each file built the whole app's modules anew (172 s of
          // imports in a CI run); every file still builds its own app and database (test/harness.ts).
          isolate: false,
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
