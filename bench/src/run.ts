import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runBenchmark, type RunResults } from './run/index';
import { renderRawOnly, renderSection, updateResultsFile } from './run/report';
import { targetOf } from './target';

/**
 * npm run bench:run -- (--database-url postgres://... | --data-dir DIR) [--seconds 8] [--connections 1,32]
 *   [--only REGEX] [--no-raw | --raw-only] [--export-rows 100000] [--upload-rows 100000] [--upload-load-rows 20000] [--no-png] [--no-browser]
 *   [--web-dist DIR] [--report-cache-seconds N] [--views own|shared] [--demo] [--update-results]
 *
 * Starts the real server on a generated data set and measures it; writes bench/out/results-<set>-<db>.json
 * and .md, and with --update-results replaces that data set's section of bench/RESULTS.md. A run of some
 * calls (--only) or of the raw SQL alone (--raw-only) writes only-… or raw-… files instead, so it never
 * overwrites the last full run, which the embedded database's run compares itself with.
 */
const BENCH = path.resolve(import.meta.dirname, '..');
const OUT = path.join(BENCH, 'out');

function positiveInts(text: string, name: string): number[] {
  const values = text.split(',').map((v) => Number(v.trim()));
  if (values.some((v) => !Number.isInteger(v) || v < 1))
    throw new Error(`--${name} must be a comma-separated list of whole numbers from 1`);
  return values;
}

function nonNegative(text: string, name: string): number {
  const v = Number(text);
  if (!Number.isFinite(v) || v < 0) throw new Error(`--${name} must be a number of 0 or more`);
  return v;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      seconds: { type: 'string', default: '8' },
      connections: { type: 'string', default: '1,32' },
      only: { type: 'string' },
      'no-raw': { type: 'boolean', default: false },
      'raw-only': { type: 'boolean', default: false },
      'export-rows': { type: 'string', default: '100000' },
      'upload-rows': { type: 'string', default: '100000' },
      'upload-load-rows': { type: 'string', default: '20000' },
      'no-png': { type: 'boolean', default: false },
      'no-browser': { type: 'boolean', default: false },
      'web-dist': { type: 'string' },
      'raw-budget-ms': { type: 'string', default: '1500' },
      'update-results': { type: 'boolean', default: false },
      'report-cache-seconds': { type: 'string' },
      views: { type: 'string', default: 'own' },
      demo: { type: 'boolean', default: false },
    },
  });
  if (values['update-results'] && (values.only || values['raw-only']))
    throw new Error('--update-results needs a full run: leave out --only and --raw-only');
  const target = targetOf(values);
  if (values.views !== 'own' && values.views !== 'shared') throw new Error('--views must be own or shared');
  const say = (line: string) => process.stdout.write(`${line}\n`);
  const results = await runBenchmark({
    target,
    connections: positiveInts(values.connections!, 'connections'),
    seconds: nonNegative(values.seconds!, 'seconds'),
    only: values.only ? new RegExp(values.only, 'i') : undefined,
    raw: !values['no-raw'],
    rawOnly: values['raw-only'],
    rawBudgetMs: nonNegative(values['raw-budget-ms']!, 'raw-budget-ms'),
    rawMinIterations: values['raw-only'] ? 5 : 15,
    exportRows: nonNegative(values['export-rows']!, 'export-rows'),
    uploadRows: nonNegative(values['upload-rows']!, 'upload-rows'),
    uploadLoadRows: nonNegative(values['upload-load-rows']!, 'upload-load-rows'),
    png: !values['no-png'],
    browser: !values['no-browser'],
    webDist: values['web-dist'],
    views: values.views,
    demo: values.demo,
    reportCacheSeconds:
      values['report-cache-seconds'] === undefined
        ? undefined
        : nonNegative(values['report-cache-seconds'], 'report-cache-seconds'),
    command: `npm run bench:run -- ${process.argv.slice(2).join(' ')}`,
    log: say,
  });
  mkdirSync(OUT, { recursive: true });
  const kind = values['raw-only'] ? 'raw' : values.only ? 'only' : 'results';
  const base = path.join(OUT, `${kind}-${results.dataSet.label}-${results.driver}`);
  const pgFile = path.join(OUT, `results-${results.dataSet.label}-pg.json`);
  const pg =
    results.driver === 'pglite' && existsSync(pgFile) ? (JSON.parse(readFileSync(pgFile, 'utf8')) as RunResults) : null;
  const section = values['raw-only'] ? renderRawOnly(results) : renderSection(results, pg);
  writeFileSync(`${base}.json`, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(`${base}.md`, `${section}\n`);
  if (values['update-results'] && !values['raw-only'])
    updateResultsFile(path.join(BENCH, 'RESULTS.md'), results, section);
  say(
    `\n${section}\n\nResults: ${path.relative(process.cwd(), base)}.json and .md${values['update-results'] ? ', bench/RESULTS.md updated' : ''}`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`bench:run failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
