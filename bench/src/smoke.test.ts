import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testDrivers } from '../../apps/api/src/test/drivers';
import { generateDataSet } from './generate/index';
import { runBenchmark } from './run/index';
import { renderSection, verdict } from './run/report';
import { DATA_SETS } from './sets';
import type { Target } from './target';

/** Calls the server answers from the request's kept identity rows alone. */
const ANSWERED_FROM_KEPT_ROWS = new Set(['me', 'insights categories']);

/**
 * The benchmark must not rot: on the tiny data set, generation and a short run (a few calls, a
 * fraction of a second each) complete against the real server and produce well-formed results.
 * No timing is asserted here; timings live in bench/RESULTS.md.
 */

/** As the integration tests choose: PostgreSQL when there is one (TEST_PGLITE=all adds PGlite). */
const drivers = testDrivers();
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function freshTarget(driver: 'pglite' | 'pg'): Promise<Target> {
  if (driver === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'reputo-bench-smoke-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    return { kind: 'pglite', dataDir };
  }
  const url = new URL(process.env.TEST_DATABASE_URL!);
  const name = `reputo_bench_smoke_${randomBytes(5).toString('hex')}`;
  cleanups.push(async () => {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  url.pathname = `/${name}`;
  return { kind: 'pg', databaseUrl: url.toString() };
}

describe.each(drivers)('benchmark smoke run on %s', (driver) => {
  it('generates the tiny data set, measures the real server and writes well-formed results', async () => {
    const target = await freshTarget(driver);
    const summary = await generateDataSet({ set: DATA_SETS.tiny, target });
    expect(summary.companies).toBe(1 + DATA_SETS.tiny.smallCompanies);
    expect(summary.reviews).toBeGreaterThanOrEqual(
      DATA_SETS.tiny.reviews + DATA_SETS.tiny.smallCompanies * DATA_SETS.tiny.smallReviews,
    );
    expect(summary.responses).toBeGreaterThan(0);
    expect(summary.topicRows).toBeGreaterThan(0);

    const results = await runBenchmark({
      target,
      connections: [1, 2],
      seconds: 0.3,
      only: /^(me|reviews: first page|reviews: full-text search.*|statistics reviews\/volume \(90 days\)|insights primary \(90 days\)|reply .*)$/,
      raw: true,
      rawBudgetMs: 20,
      rawMinIterations: 2,
      exportRows: 200,
      uploadRows: 100,
      uploadLoadRows: 60,
      uploadLoadAfterSeconds: 0.5,
      png: false,
      browser: false,
      views: 'own',
      command: 'smoke',
      log: () => undefined,
    });

    expect(results.dataSet.label).toBe('tiny');
    expect(results.dataSet.bigCompanyReviews).toBe(DATA_SETS.tiny.reviews);
    expect(results.scenarios.map((s) => s.name)).toContain('reviews: first page');
    for (const s of results.scenarios) {
      // Measured, or skipped with the reason said (an endpoint another engineer has not built yet).
      if (s.skipped) {
        expect(s.skipped).toMatch(/\S/);
        continue;
      }
      expect(s.load.map((l) => l.connections)).toEqual([1, 2]);
      for (const l of s.load) {
        expect(l.failures, `${s.name} at ${l.connections} clients: ${JSON.stringify(l.statuses)}`).toBe(0);
        expect(l.requests).toBeGreaterThan(0);
        expect(l.p95).toBeGreaterThanOrEqual(l.p50);
      }
      expect(s.raw && 'statements' in s.raw, `${s.name}: its SQL was captured: ${JSON.stringify(s.raw)}`).toBe(true);
      const statements = s.raw && 'statements' in s.raw ? s.raw.statements : 0;
      // The user, company and partner rows are kept between requests (identityCache.ts): these two need nothing else.
      if (ANSWERED_FROM_KEPT_ROWS.has(s.name)) expect(statements, `${s.name} sends no SQL`).toBe(0);
      else expect(statements, `${s.name}: the SQL it sends was captured`).toBeGreaterThan(0);
      expect(verdict(s, [1, 2])).not.toBe('failed');
    }
    // Each request of a report or list asks its own view; a single review or a search keeps its one.
    const own = (name: string) => results.scenarios.find((s) => s.name === name)?.ownView;
    expect(own('reviews: first page')).toBe(true);
    expect(own('statistics reviews/volume (90 days)')).toBe(true);
    expect(own('reviews: full-text search "cold food"')).toBe(false);
    if (results.export && !('skipped' in results.export)) expect(results.export.rows).toBeGreaterThan(0);
    if (results.upload && !('skipped' in results.upload))
      expect(results.upload).toMatchObject({ status: 'done', imported: 100, rejected: 0 });
    if (results.listDuringUpload && !('skipped' in results.listDuringUpload)) {
      expect(results.listDuringUpload).toMatchObject({ status: 'done', failures: 0 });
      expect(results.listDuringUpload.requests).toBeGreaterThan(0);
    }

    const markdown = renderSection(results);
    expect(markdown).toContain('### tiny on');
    expect(markdown).toMatch(
      /\| reviews: first page \| 20 \(1 client\), 60 \| [\d.]+ \/ [\d.]+ \| [\d.]+ \/ [\d.]+ \|/,
    );
  });
});
