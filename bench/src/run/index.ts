import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../apps/api/src/db/client';
import { refreshReplyState } from '../../../apps/api/src/modules/reviews/repository';
import { rebuildReviewDaily } from '../../../apps/api/src/modules/reviews/rollup.repository';
import { BENCH_ACCOUNTS, BIG_COMPANY, DEMO_BENCH_ACCOUNTS } from '../sets';
import { describeTarget, openTarget, serverEnv, type Target } from '../target';
import { browserAvailable, measureBrowser, type BrowserResult } from './browser';
import { measure, type LoadResult } from './cannon';
import {
  measureExport,
  measureListDuringUpload,
  measureUpload,
  uploadCsv,
  type ExportResult,
  type ListDuringUploadResult,
  type UploadResult,
  type UploadRow,
} from './heavy';
import { callerFor, serverRoutes, signIn, type Caller } from './http';
import { captureAndTimeRaw, type RawResult } from './raw';
import { BENCH_MARK, buildScenarios, type Scenario, type ScenarioContext } from './scenarios';
import { viewPath } from './views';
import { startServer, webDist, type RunningServer } from './server';
import { rowsOf } from '../../../apps/api/src/db/rows';

export interface RunOptions {
  target: Target;
  /** Concurrent clients per measurement; the issue asks for 1 and 32. */
  connections: number[];
  /** Seconds per load measurement. */
  seconds: number;
  /** Only scenarios whose name matches. */
  only?: RegExp;
  raw: boolean;
  /** Only the raw SQL of each call (no server, no load): for iterating on a query. */
  rawOnly?: boolean;
  /** Time spent replaying each call's SQL (ms) and the fewest replays; defaults 1,500 ms and 15. */
  rawBudgetMs?: number;
  rawMinIterations?: number;
  exportRows: number;
  uploadRows: number;
  /** Rows of the upload during which the review list is probed (0: not measured), and how long the probe goes on after the import (its analysis); default 60 s. */
  uploadLoadRows: number;
  uploadLoadAfterSeconds?: number;
  png: boolean;
  browser: boolean;
  webDist?: string;
  /** Measure the demo data of `npm start` (its company and accounts) instead of a generated data set. */
  demo?: boolean;
  /** 'own': each request asks its own view of a call (run/views.ts); 'shared': every client the same URL. */
  views: 'own' | 'shared';
  /** The server's REPORT_CACHE_SECONDS; unset keeps its default (30). 0 measures every report uncached. */
  reportCacheSeconds?: number;
  command: string;
  log: (line: string) => void;
}

export interface ScenarioResult {
  name: string;
  group: Scenario['group'];
  method: string;
  path: string;
  targets: Scenario['targets'];
  /** Null when measured; otherwise why not (not available yet, failed). */
  skipped: string | null;
  load: LoadResult[];
  raw: RawResult | { error: string } | null;
  /** Each request asked its own view (run/views.ts). */
  ownView?: boolean;
}

export interface DataSetFacts {
  label: string;
  companies: number;
  locations: number;
  bigCompanyLocations: number;
  bigCompanyReviews: number;
  reviews: number;
  responses: number;
  reviewDailyRows: number;
  topicDailyRows: number;
  firstDay: string | null;
  lastDay: string | null;
}

export interface RunResults {
  when: string;
  command: string;
  target: string;
  driver: 'pg' | 'pglite';
  machine: {
    cpu: string;
    cores: number;
    memoryGb: number;
    node: string;
    database: string;
    loadBefore: number[];
    loadAfter: number[];
  };
  dataSet: DataSetFacts;
  views?: RunOptions['views'];
  reportCacheSeconds?: number;
  scenarios: ScenarioResult[];
  png: ScenarioResult | null;
  export: ExportResult | { skipped: string } | null;
  upload: UploadResult | { skipped: string } | null;
  listDuringUpload: ListDuringUploadResult | { skipped: string } | null;
  browser: BrowserResult | { skipped: string } | null;
  cleanupSeconds: number;
  seconds: number;
}

async function one<T>(db: Db, query: ReturnType<typeof sql>): Promise<T> {
  return rowsOf<T>(await db.execute(query))[0]!;
}

function labelFor(reviews: number): string {
  if (reviews >= 4_000_000) return 'W2';
  if (reviews >= 900_000) return 'W1';
  if (reviews >= 40_000) return 'W0';
  return 'tiny';
}

/** What the run needs from the database before the server holds it (PGlite allows one process). */
interface Preparation {
  facts: DataSetFacts;
  context: ScenarioContext;
  bigCompanyId: number;
  database: string;
  uploadRows: UploadRow[];
}

/** The company measured: the generated data set's big company, or with --demo the demo company of its admin. */
async function bigCompanyIdOf(db: Db, demo: boolean): Promise<number> {
  const big = await one<{ id: number } | undefined>(
    db,
    demo
      ? sql`SELECT company_id AS id FROM users WHERE email = ${DEMO_BENCH_ACCOUNTS.admin}`
      : sql`SELECT id FROM companies WHERE company_name = ${BIG_COMPANY} ORDER BY id LIMIT 1`,
  );
  if (!big)
    throw new Error(
      demo
        ? `No ${DEMO_BENCH_ACCOUNTS.admin} in this database: start the server once on it with DEMO_MODE=true`
        : `No "${BIG_COMPANY}" in this database: generate a data set first (npm run bench:generate -- --set W0 ...)`,
    );
  return Number(big.id);
}

/** Facts, review ids and the upload file, read after cleanUp so they describe the data set as generated. */
async function prepare(db: Db, id: number, uploadRows: number, demo: boolean): Promise<Preparation> {
  const n = (v: unknown) => Number(v ?? 0);
  const counts = await one<Record<string, unknown>>(
    db,
    sql`SELECT
      (SELECT count(*) FROM companies) AS companies, (SELECT count(*) FROM locations) AS locations,
      (SELECT count(*) FROM locations WHERE company_id = ${id}) AS big_locations,
      (SELECT count(*) FROM reviews WHERE company_id = ${id} AND NOT is_competitor) AS big_reviews,
      (SELECT count(*) FROM reviews) AS reviews, (SELECT count(*) FROM responses) AS responses,
      (SELECT count(*) FROM review_daily) AS daily, (SELECT count(*) FROM topic_daily) AS topics,
      (SELECT to_char(min(day), 'YYYY-MM-DD') FROM review_daily WHERE company_id = ${id}) AS first_day,
      (SELECT to_char(max(day), 'YYYY-MM-DD') FROM review_daily WHERE company_id = ${id}) AS last_day,
      version() AS version`,
  );
  const recent = rowsOf<{ id: number }>(
    await db.execute(
      sql`SELECT id FROM reviews WHERE company_id = ${id} AND NOT is_competitor ORDER BY created_at DESC, id DESC LIMIT 100`,
    ),
  );
  const older = rowsOf<{ id: number }>(
    await db.execute(
      sql`SELECT id FROM reviews WHERE company_id = ${id} AND NOT is_competitor ORDER BY created_at DESC, id DESC OFFSET 5000 LIMIT 100`,
    ),
  );
  const brand = await one<{ id: number } | undefined>(
    db,
    sql`SELECT brand_id AS id FROM locations WHERE company_id = ${id} AND brand_id IS NOT NULL GROUP BY brand_id ORDER BY count(*) DESC LIMIT 1`,
  );
  const locationIds = rowsOf<{ id: number }>(
    await db.execute(sql`SELECT id FROM locations WHERE company_id = ${id} ORDER BY id`),
  ).map((r) => Number(r.id));
  // The upload file: copies of the company's own reviews under new source ids, as a customer would upload an export from elsewhere.
  const sample =
    uploadRows > 0
      ? rowsOf<{
          source: string;
          day: string;
          rating: number | null;
          text: string | null;
          title: string | null;
          author_name: string | null;
          code: string | null;
          language: string | null;
        }>(
          await db.execute(sql`SELECT r.source, to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS day, r.rating, r.text, r.title, r.author_name, l.location_id AS code, r.language
          FROM reviews r JOIN locations l ON l.id = r.location_id
          WHERE r.company_id = ${id} AND NOT r.is_competitor ORDER BY r.id DESC LIMIT ${uploadRows}`),
        )
      : [];
  return {
    facts: {
      label: demo ? 'demo' : labelFor(n(counts.big_reviews)),
      companies: n(counts.companies),
      locations: n(counts.locations),
      bigCompanyLocations: n(counts.big_locations),
      bigCompanyReviews: n(counts.big_reviews),
      reviews: n(counts.reviews),
      responses: n(counts.responses),
      reviewDailyRows: n(counts.daily),
      topicDailyRows: n(counts.topics),
      firstDay: (counts.first_day as string | null) ?? null,
      lastDay: (counts.last_day as string | null) ?? null,
    },
    context: {
      reviewIds: [...recent, ...older].map((r) => Number(r.id)),
      brandId: brand ? Number(brand.id) : null,
      today: new Date().toISOString().slice(0, 10),
      locationIds,
    },
    bigCompanyId: id,
    database: String(counts.version).split(' on ')[0]!,
    uploadRows: sample.map((r, i) => ({
      source: r.source,
      date: r.day,
      rating: r.rating,
      text: r.text,
      title: r.title,
      authorName: r.author_name,
      locationCode: r.code,
      externalId: `bench-upload-${i + 1}`,
      language: r.language,
    })),
  };
}

/**
 * Puts the data set back as it was, with the server's own functions: the replies written under load
 * (marked [bench]) go and their reviews' reply state follows (refreshReplyState); the upload's reviews
 * go and the company's review rollups are rebuilt (rebuildReviewDaily) and reindexed. Also run first,
 * in case an earlier run stopped half-way.
 */
async function cleanUp(db: Db, companyId: number): Promise<void> {
  const replied = rowsOf<{ review_id: number }>(
    await db.execute(
      sql`SELECT DISTINCT review_id FROM responses WHERE company_id = ${companyId} AND text LIKE ${`%${BENCH_MARK}`}`,
    ),
  );
  await db.execute(sql`DELETE FROM responses WHERE company_id = ${companyId} AND text LIKE ${`%${BENCH_MARK}`}`);
  for (const r of replied) await refreshReplyState(db, Number(r.review_id));
  // The upload's reviews: deleted in one statement, then the company's review rollups rebuilt whole
  // (seconds). Recomputing their keys with refreshRollups, 20,000 reviews at a time, took minutes a
  // batch at W1. Their topics leave topic_daily by trigger (migration 0007).
  const [uploaded] = rowsOf<{ n: number }>(
    await db.execute(
      sql`SELECT count(*)::int AS n FROM reviews WHERE company_id = ${companyId} AND external_id LIKE 'bench-upload-%'`,
    ),
  );
  if (Number(uploaded?.n ?? 0) > 0) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`DELETE FROM reviews WHERE company_id = ${companyId} AND external_id LIKE 'bench-upload-%'`);
      await rebuildReviewDaily(tx, companyId);
    });
    // The rebuild deleted and inserted every review_daily row of the company, which doubles its
    // indexes (the covering index 98 -> 208 MB at W1) and slowed the next run's rankings (their
    // slowest statement 18-25 ms -> 41-62 ms raw); reindexed, they are as generated.
    await db.execute(sql`REINDEX TABLE review_daily`);
    // The tables its triggers keep were rewritten row by row as well: review_location_monthly was
    // nine times its size after two runs (90 MB against 10), and the next run's rankings read it;
    // two 50,000-row uploads left review_location_source_monthly eight times its live rows in dead ones.
    const kept = sql`review_location_monthly, review_location_source_monthly, review_company_daily, review_monthly, review_location_mtd, review_location_ytd`;
    await db.execute(sql`VACUUM FULL ${kept}`);
    // As after generation (and as autovacuum keeps them in production): the visibility map makes the
    // rollups' index-only scans possible again (VACUUM FULL leaves it empty: every row was read from
    // the heap: a run after an upload answered premium at 10 requests a second, 162 after a VACUUM),
    // and the next run's export does not wade through the deleted reviews (an export of the newest
    // 100,000 took 5.6-6.2 s with 380,000 of them left, 3.6-3.8 s without).
    await db.execute(sql`VACUUM ANALYZE reviews, review_daily, ${kept}`);
  }
  await db.execute(sql`DELETE FROM review_shares WHERE company_id = ${companyId}`);
  await db.execute(sql`DELETE FROM review_imports WHERE company_id = ${companyId}`);
}

async function loadScenario(
  server: RunningServer,
  caller: Caller,
  s: Pick<Scenario, 'method' | 'path' | 'body'> & Partial<Pick<Scenario, 'name' | 'view'>>,
  opts: RunOptions,
  context?: ScenarioContext,
): Promise<LoadResult[]> {
  const { view, name } = s;
  const out: LoadResult[] = [];
  for (const [phase, connections] of opts.connections.entries()) {
    // Each phase asks views of its own: the 32-client phase used to ask the 1-client phase's views
    // again, and found them in the report cache whenever that phase had made fewer requests than the
    // cache keeps (500), so a slower server read as answering more requests a second.
    const first = phase * VIEWS_PER_PHASE;
    const pathFor =
      opts.views === 'own' && view && name && context
        ? (n: number) => viewPath(s.path, view, name, first + n, context)
        : undefined;
    out.push(
      await measure(
        { url: server.url, method: s.method, path: s.path, token: caller.token, body: s.body, pathFor },
        connections,
        opts.seconds,
      ),
    );
  }
  return out;
}

/** Request numbers of one load phase's views: more than any phase asks. */
const VIEWS_PER_PHASE = 1_000_000;

/**
 * Waits (at most a minute) until the server answers /version within 100 ms again: requests the load
 * tool gave up on, such as 32 share-image renders, may still be running and would be counted in the
 * next measurement (the browser's /signin took 20 s after the PNG runs, 1.3 s alone).
 */
async function settle(url: string, timeoutMs = 60_000): Promise<number> {
  const t0 = performance.now();
  while (performance.now() - t0 < timeoutMs) {
    const asked = performance.now();
    await fetch(`${url}/version`)
      .then((r) => r.arrayBuffer())
      .catch(() => undefined);
    if (performance.now() - asked < 100) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return Math.round(performance.now() - t0);
}

async function warmUp(caller: Caller, s: Scenario, times: number): Promise<{ status: number; text: string }> {
  let last = { status: 0, text: '' };
  for (let i = 0; i < times; i++) {
    const res = await fetch(`${caller.baseUrl}${s.path}`, {
      method: s.method,
      headers: { authorization: `Bearer ${caller.token}`, ...(s.body ? { 'content-type': 'application/json' } : {}) },
      body: s.body ? JSON.stringify(s.body(2_000_000 + i)) : undefined,
    });
    last = { status: res.status, text: await res.text() };
    if (res.status >= 300) break;
  }
  return last;
}

export async function runBenchmark(opts: RunOptions): Promise<RunResults> {
  const t0 = performance.now();
  const log = opts.log;
  const loadBefore = os.loadavg().map((v) => Math.round(v * 100) / 100);

  // 1. From the database: facts, ids, the upload file, and the raw SQL timings (server not running yet).
  let database = await openTarget(opts.target);
  let prep: Preparation;
  try {
    // Clean first: reviews left by an earlier run that stopped half-way must not be counted, picked for
    // a reply (cleanUp deletes them: the replies got 404) or copied into the upload file.
    const companyId = await bigCompanyIdOf(database.db, opts.demo ?? false);
    await cleanUp(database.db, companyId);
    prep = await prepare(database.db, companyId, Math.max(opts.uploadRows, opts.uploadLoadRows), opts.demo ?? false);
  } finally {
    await database.close();
  }
  log(
    `data set ${prep.facts.label}: ${prep.facts.bigCompanyReviews.toLocaleString('en')} reviews in ${prep.facts.bigCompanyLocations} locations of ${opts.demo ? 'the demo company' : BIG_COMPANY}, ${prep.facts.reviews.toLocaleString('en')} reviews in all`,
  );
  const scenarios = buildScenarios(prep.context).filter((s) => !opts.only || opts.only.test(s.name));
  const users = opts.demo ? DEMO_BENCH_ACCOUNTS : { admin: BENCH_ACCOUNTS.admin, limited: BENCH_ACCOUNTS.limited };
  const raw = opts.raw
    ? await captureAndTimeRaw({
        target: opts.target,
        scenarios,
        users,
        log,
        budgetMs: opts.rawBudgetMs,
        minIterations: opts.rawMinIterations,
      })
    : new Map<string, RawResult | { error: string }>();

  if (opts.rawOnly) {
    return finish(
      opts,
      prep,
      scenarios.map((s) => ({
        name: s.name,
        group: s.group,
        method: s.method,
        path: s.path,
        targets: s.targets,
        skipped: 'raw SQL only',
        load: [],
        raw: raw.get(s.name) ?? null,
      })),
      loadBefore,
      t0,
      {},
    );
  }

  // 2. The real server under load.
  const dist = opts.browser ? webDist(opts.webDist) : null;
  const dataDir =
    opts.target.kind === 'pglite' ? opts.target.dataDir : mkdtempSync(path.join(tmpdir(), 'reputo-bench-server-'));
  const cache: Record<string, string> =
    opts.reportCacheSeconds === undefined ? {} : { REPORT_CACHE_SECONDS: String(opts.reportCacheSeconds) };
  const server = await startServer({
    ...serverEnv(opts.target),
    DATA_DIR: dataDir,
    ...(dist ? { WEB_DIST: dist } : {}),
    ...cache,
  });
  log(`server ${server.url} (pid ${server.pid}) on ${describeTarget(opts.target)}`);
  const results: ScenarioResult[] = [];
  let png: ScenarioResult | null = null;
  let exported: RunResults['export'] = null;
  let uploaded: RunResults['upload'] = null;
  let listDuringUpload: RunResults['listDuringUpload'] = null;
  let browser: RunResults['browser'] = null;
  try {
    const callers: Record<Scenario['user'], Caller> = {
      admin: await signIn(server.url, users.admin),
      limited: await signIn(server.url, users.limited),
    };
    const routes = await serverRoutes(server.url);
    const has = (route: string) => routes.size === 0 || routes.has(route);
    // First, on the freshly started server: its peak memory is then the export's (plus the server's
    // own ~150 MB), not the heap the 32-client runs grew and V8 has not handed back yet.
    if (opts.exportRows > 0) {
      exported = has('GET /v2/api/reviews/export/excel')
        ? await attempt(() => measureExport(server, callers.admin, opts.exportRows))
        : { skipped: 'not available yet: the server has no GET /v2/api/reviews/export/excel' };
      log(`export: ${JSON.stringify(exported)}`);
    }
    for (const s of scenarios) {
      const base = {
        name: s.name,
        group: s.group,
        method: s.method,
        path: s.path,
        targets: s.targets,
        raw: raw.get(s.name) ?? null,
      };
      if (!has(s.route)) {
        results.push({ ...base, skipped: `not available yet: the server has no ${s.route}`, load: [] });
        log(`${s.name}: not available yet`);
        continue;
      }
      const warm = await warmUp(callers[s.user], s, 3);
      if (warm.status >= 300) {
        results.push({ ...base, skipped: `answered ${warm.status}: ${warm.text.slice(0, 160)}`, load: [] });
        log(`${s.name}: answered ${warm.status}, not measured`);
        continue;
      }
      const load = await loadScenario(server, callers[s.user], s, opts, prep.context);
      results.push({ ...base, skipped: null, load, ownView: opts.views === 'own' && Boolean(s.view) });
      log(
        `${s.name}: ${load.map((l) => `${l.connections}c p50 ${l.p50} p95 ${l.p95} ms ${l.rps}/s${l.failures ? ` (${l.failures} failed)` : ''}`).join(' | ')}`,
      );
    }

    if (opts.png) png = await measurePng(server, callers.admin, prep.context.reviewIds[0] ?? 1, has, opts);
    if (opts.browser) {
      log(`server settled in ${await settle(server.url)} ms`);
      browser = !dist
        ? { skipped: 'no web build: build one and pass --web-dist' }
        : !browserAvailable()
          ? { skipped: 'no Chromium at /usr/bin/chromium' }
          : await attempt(() => measureBrowser(server.url, dist, users.admin));
      log(`browser: ${JSON.stringify(browser)}`);
    }
    // Last: the upload adds reviews (taken out again below).
    if (opts.uploadRows > 0) {
      uploaded = has('POST /v2/api/reviews/upload')
        ? await attempt(() =>
            measureUpload(
              callerFor(server.url, callers.admin.token),
              uploadCsv(prep.uploadRows.slice(0, opts.uploadRows)),
              Math.min(opts.uploadRows, prep.uploadRows.length),
            ),
          )
        : { skipped: 'not available yet: the server has no POST /v2/api/reviews/upload' };
      log(`upload: ${JSON.stringify(uploaded)}`);
    }
    // The review list while another upload (under new source ids) is imported and analysed.
    if (opts.uploadLoadRows > 0) {
      const rows = prep.uploadRows
        .slice(0, opts.uploadLoadRows)
        .map((r) => ({ ...r, externalId: r.externalId.replace('bench-upload-', 'bench-upload-load-') }));
      listDuringUpload = has('POST /v2/api/reviews/upload')
        ? await attempt(() =>
            measureListDuringUpload(callerFor(server.url, callers.admin.token), uploadCsv(rows), rows.length, {
              clients: 4,
              afterSeconds: opts.uploadLoadAfterSeconds ?? 60,
            }),
          )
        : { skipped: 'not available yet: the server has no POST /v2/api/reviews/upload' };
      log(`review list during an upload: ${JSON.stringify(listDuringUpload)}`);
    }
  } finally {
    await server.stop();
    if (opts.target.kind === 'pg') rmSync(dataDir, { recursive: true, force: true });
  }

  // 3. Back to the data set as generated.
  const c0 = performance.now();
  database = await openTarget(opts.target);
  try {
    await cleanUp(database.db, prep.bigCompanyId);
  } finally {
    await database.close();
  }
  const cleanupSeconds = Math.round((performance.now() - c0) / 100) / 10;
  log(`clean-up in ${cleanupSeconds} s`);

  return finish(opts, prep, results, loadBefore, t0, {
    png,
    export: exported,
    upload: uploaded,
    listDuringUpload,
    browser,
    cleanupSeconds,
  });
}

function finish(
  opts: RunOptions,
  prep: Preparation,
  scenarios: ScenarioResult[],
  loadBefore: number[],
  t0: number,
  rest: Partial<RunResults>,
): RunResults {
  const cpus = os.cpus();
  return {
    when: new Date().toISOString(),
    command: opts.command,
    target: describeTarget(opts.target),
    driver: opts.target.kind,
    machine: {
      cpu: cpus[0]?.model ?? 'unknown',
      cores: cpus.length,
      memoryGb: Math.round(os.totalmem() / 1024 ** 3),
      node: process.version,
      database: opts.target.kind === 'pg' ? prep.database : `PGlite (${prep.database})`,
      loadBefore,
      loadAfter: os.loadavg().map((v) => Math.round(v * 100) / 100),
    },
    dataSet: prep.facts,
    views: opts.views,
    reportCacheSeconds: opts.reportCacheSeconds,
    scenarios,
    png: rest.png ?? null,
    export: rest.export ?? null,
    upload: rest.upload ?? null,
    listDuringUpload: rest.listDuringUpload ?? null,
    browser: rest.browser ?? null,
    cleanupSeconds: rest.cleanupSeconds ?? 0,
    seconds: Math.round((performance.now() - t0) / 1000),
  };
}

async function measurePng(
  server: RunningServer,
  admin: Caller,
  reviewId: number,
  has: (route: string) => boolean,
  opts: RunOptions,
): Promise<ScenarioResult> {
  const base = { name: 'share image PNG (600x315)', group: 'share' as const, method: 'GET', targets: null, raw: null };
  if (!has('POST /v2/api/reviews/image'))
    return {
      ...base,
      path: '/review/{id}/large',
      skipped: 'not available yet: the server has no POST /v2/api/reviews/image',
      load: [],
    };
  const made = await admin.send<{ imageUrl?: string }>('POST', '/v2/api/reviews/image', {
    reviewId,
    sharingSource: 'download',
  });
  if (made.status !== 201 || !made.body.imageUrl)
    return { ...base, path: '/review/{id}/large', skipped: `answered ${made.status}`, load: [] };
  const p = new URL(made.body.imageUrl).pathname;
  const res = await fetch(`${server.url}${p}`);
  if (!res.ok || res.headers.get('content-type') !== 'image/png')
    return {
      ...base,
      path: p,
      skipped: `the image answered ${res.status} ${res.headers.get('content-type')}`,
      load: [],
    };
  const load = await loadScenario(server, admin, { method: 'GET', path: p }, opts);
  log(opts, `share PNG: ${load.map((l) => `${l.connections}c p50 ${l.p50} p95 ${l.p95} ms ${l.rps}/s`).join(' | ')}`);
  return { ...base, path: p, skipped: null, load };
}

/** A measurement that fails is reported with its reason; the rest of the run goes on. */
async function attempt<T>(work: () => Promise<T>): Promise<T | { skipped: string }> {
  try {
    return await work();
  } catch (err) {
    return { skipped: `failed: ${err instanceof Error ? err.message : String(err)}` };
  }
}

function log(opts: RunOptions, line: string): void {
  opts.log(line);
}
