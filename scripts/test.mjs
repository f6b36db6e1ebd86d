// `npm test`: installs what it needs, then lint, typecheck, unit and integration tests (PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set), the web build and the browser tests in Debian's Chromium.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureChromium, ensureInstalled, log, root, runKeepingOutput, runOrExit } from './lib.mjs';

const started = Date.now();
await ensureInstalled();
await ensureChromium();
log(`Ready to test after ${((Date.now() - started) / 1000).toFixed(0)} s`);

/** Logs a phase with the minutes it took, so a slow CI run shows where its time went. */
async function phase(name, work) {
  const at = Date.now();
  log(name);
  await work();
  log(`${name}: ${((Date.now() - at) / 1000).toFixed(0)} s`);
}

const lint = () =>
  phase('Lint', async () => {
    await runOrExit('npx', ['eslint', '.', '--max-warnings=0']);
    // The tree's format is Prettier's (.prettierrc.json, print width 120): `npm run format` rewrites it.
    await runOrExit('npx', ['prettier', '--check', '.', '--log-level', 'warn']);
  });
// The committed OpenAPI document (a test checks it is the served one) against Redocly's recommended
// rules, and the web app's types generated from it; Redocly offline (no telemetry, no update check).
const redoclyOffline = { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
const openapiLint = () =>
  phase('OpenAPI lint', async () => {
    await runOrExit('npx', ['redocly', 'lint', 'apps/api/openapi.json'], { env: redoclyOffline });
    await runOrExit(
      'npx',
      ['openapi-typescript', 'apps/api/openapi.json', '--output', 'apps/web/src/lib/api.schema.d.ts', '--check'],
      { env: redoclyOffline },
    );
  });
// Two programs: everything that runs on Node in one (tsconfig.node.json: the benchmark and the browser
// tests import the API, which each workspace's own check parsed again), and the web app.
const typecheck = () =>
  phase('Typecheck', () =>
    Promise.all([
      runOrExit('npx', ['tsc', '-p', 'tsconfig.node.json']),
      runOrExit('npm', ['run', 'typecheck', '--silent', '-w', 'apps/web']),
    ]),
  );

const reports = mkdtempSync(path.join(tmpdir(), 'reputo-test-report-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedSuites = 0;
const retried = [];
/** Every test file's wall time, for the slowest list at the end (where the next CI minutes are). */
const fileTimes = [];
/** Why a vitest run failed, printed again at the very end: CI shows only the tail of a long log. */
const whyFailed = [];

/** The lines of a failed run that say why (failed files, errors, unhandled rejections), without colours, at most 60. */
function failureLines(output) {
  // eslint-disable-next-line no-control-regex -- ANSI colour codes are control characters
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const keep = new Set();
  lines.forEach((line, i) => {
    if (/FAIL|Error|Unhandled|originated|✗|×|timed out/.test(line))
      for (let j = i; j < Math.min(lines.length, i + 4); j++) keep.add(j);
  });
  return [...keep]
    .sort((a, b) => a - b)
    .slice(0, 60)
    .map((i) => lines[i]);
}

async function vitest(name, args, opts = {}) {
  const outputFile = path.join(reports, `${name}.json`);
  const { code, output } = await runKeepingOutput(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${outputFile}`],
    opts,
  );
  if (opts.quiet) process.stdout.write(`\n----- ${name} -----\n${output}\n`);
  if (existsSync(outputFile)) {
    const report = JSON.parse(readFileSync(outputFile, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
    for (const file of report.testResults) {
      fileTimes.push({ name: path.relative(root, file.name), seconds: (file.endTime - file.startTime) / 1000 });
      for (const t of file.assertionResults) {
        // A test that passed with errors recorded passed on a retry: name it, it is flaky.
        if (t.status === 'passed' && t.failureMessages.length)
          retried.push(`${t.fullName}\n    ${t.failureMessages[0].split('\n')[0]}`);
      }
    }
  }
  if (code !== 0) {
    failedSuites += 1;
    whyFailed.push(
      `${name}: vitest exited with code ${code}\n${failureLines(output)
        .map((l) => `    ${l}`)
        .join('\n')}`,
    );
  }
}

const unitName = process.env.TEST_DATABASE_URL
  ? 'Unit and integration tests (PostgreSQL, and PGlite where the engines could differ)'
  : 'Unit and integration tests (PGlite; set TEST_DATABASE_URL to add PostgreSQL)';
// Three lanes from the start. The browser tests are the longest: the builds they need come first (about
// half a minute), then they run. The integration tests need no build and start at once. The static
// checks (lint, the OpenAPI document, typecheck) and the release check fill the gaps beside them: run
// before the browser tests, as they were, they held those back five minutes on a loaded machine.
// The browser run's output is printed when it ends, so the logs do not interleave.
const hasBrowserTests = existsSync(path.join(root, 'e2e/vitest.config.ts'));
const builds = hasBrowserTests
  ? phase('Web and API build', async () => {
      await runOrExit('npm', ['run', 'build', '-w', '@reputo/web']);
      await runOrExit(process.execPath, ['scripts/build-api.mjs']);
    })
  : Promise.resolve();
const browserLane = async () => {
  if (!hasBrowserTests) return;
  await builds;
  await phase('Browser tests (Chromium)', () =>
    vitest('browser', ['--config', 'e2e/vitest.config.ts'], {
      quiet: true,
      // The servers of the browser tests run the compiled API (apps/api/dist), as `npm start` does.
      env: { E2E_API_ENTRY: 'apps/api/dist/main.js' },
    }),
  );
  // The benchmark's smoke run on this lane: it ends before the integration tests do.
  await phase('Benchmark smoke run', () => vitest('bench', ['--project', 'bench'], { quiet: true }));
};
const checksLane = async () => {
  await Promise.all([lint(), openapiLint(), typecheck()]);
  await builds;
  // The Dockerfile's steps outside a container, on these builds: production install, start, /readyz.
  if (hasBrowserTests) await phase('Release check', () => runOrExit(process.execPath, ['scripts/release.mjs']));
};
await Promise.all([
  phase(unitName, () => vitest('unit-integration', ['--project', 'core', '--project', 'web', '--project', 'api'])),
  browserLane(),
  checksLane(),
]);

const minutes = ((Date.now() - started) / 60000).toFixed(1);
const slowest = fileTimes.sort((a, b) => b.seconds - a.seconds).slice(0, 12);
process.stdout.write(
  `\nSlowest test files:\n${slowest.map((f) => `  ${f.seconds.toFixed(0).padStart(4)} s  ${f.name}`).join('\n')}\n`,
);
log(`Done in ${minutes} min`);
if (retried.length)
  process.stdout.write(
    `\nPassed only on a retry (flaky, look into these):\n${retried.map((r) => `  - ${r}`).join('\n')}\n`,
  );
if (whyFailed.length)
  process.stdout.write(
    `\nFailed runs (a run fails on a failed test, a failed hook or an unhandled error):\n${whyFailed.map((w) => `  - ${w}`).join('\n')}\n`,
  );
process.stdout.write(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
process.exit(failedSuites > 0 || totals.failed > 0 ? 1 : 0);
