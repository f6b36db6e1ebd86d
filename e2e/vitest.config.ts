import { defineConfig } from 'vitest/config';

// Browser tests: two files at a time, each in its own fork and Chromium, all against one server;
// generous timeouts. A browser test spends most of its time waiting on a page, so two at once took the
// suite from 714 s to 488 s on this 2-core machine. Files must not depend on what another file changes:
// each works on its own records or only reads the demo data's shape.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
    globalSetup: ['./support/globalSetup.ts'],
    pool: 'forks',
    // A worker keeps its modules, its Chromium and its warm contexts for its next file
    // (support/browser.ts useBrowser): a new fork, Playwright's import and a browser launch per file
    // cost 5 to 18 s between files on a loaded CI machine.
    isolate: false,
    maxWorkers: 2,
    fileParallelism: true,
    testTimeout: 60_000,
    // One more try for a browser test that failed: on a loaded 2-core CI machine a page can miss a
    // timeout. scripts/test.mjs lists every test that needed it, with its first failure.
    retry: 1,
    hookTimeout: 180_000,
    // expect.poll's own default is one second: on a loaded machine a filtered list can take longer to
    // come back, and the first CI run to fail on it had its URL right and its list one request behind.
    expect: { poll: { timeout: 15_000 } },
  },
});
