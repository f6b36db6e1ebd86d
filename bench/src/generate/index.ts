import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../apps/api/src/db/client';
import { analyzePendingReviews } from '../../../apps/api/src/modules/insights/analysis.repository';
import { rebuildReviewDaily, rebuildTopicDaily } from '../../../apps/api/src/modules/reviews/rollup.repository';
import { countUsers } from '../../../apps/api/src/modules/users/repository';
import { hashPassword } from '../../../apps/api/src/platform/auth/passwords';
import type { CompanySpec } from '../../../apps/api/src/seed/companies';
import { seedReporting } from '../../../apps/api/src/seed/competitors';
import { Rng } from '../../../apps/api/src/seed/random';
import { BENCH_PASSWORD, type DataSet } from '../sets';
import { openTarget, resetTarget, type Target } from '../target';
import {
  dropSecondaryIndexes,
  nextReviewId,
  openCopyLoader,
  syncReviewIdentity,
  unnestLoader,
  type BulkLoader,
} from './load';
import { analysisStats, ExternalIds, reviewChunks, type CompanyIds } from './reviews';
import { insertCompany, insertPartner } from './tenancy';
import { buildWorld } from './world';
import { rowsOf } from '../../../apps/api/src/db/rows';

export interface GenerateOptions {
  set: DataSet;
  target: Target;
  /** Empty the target first; without it the target must have no users. */
  reset?: boolean;
  seed?: number;
  now?: Date;
  log?: (line: string) => void;
}

export interface GenerateSummary {
  set: string;
  driver: 'pg' | 'pglite';
  companies: number;
  locations: number;
  reviews: number;
  responses: number;
  topicRows: number;
  seconds: number;
  /** Seconds per phase, in order. */
  phases: [string, number][];
  analysis: { texts: number; analysed: number; seconds: number };
}

const DEFAULT_SEED = 0xbe7c4;
/** Reviews per COPY or INSERT round (a multiple of the generator's slice of 2,000). */
const CHUNK = 20_000;

async function count(db: Db, table: string): Promise<number> {
  const [row] = rowsOf<{ n: string | number }>(await db.execute(sql.raw(`SELECT count(*) AS n FROM ${table}`)));
  return Number(row?.n ?? 0);
}

/**
 * Builds a data set: tenancy through Drizzle, reviews, replies and their text analysis in bulk with
 * the indexes dropped, then the indexes, the competitor seed, and the rollups with the server's own
 * functions (rebuildReviewDaily, rebuildTopicDaily).
 */
export async function generateDataSet(opts: GenerateOptions): Promise<GenerateSummary> {
  const log = opts.log ?? (() => undefined);
  const now = opts.now ?? new Date();
  const seed = opts.seed ?? DEFAULT_SEED;
  const t0 = performance.now();
  const phases: [string, number][] = [];
  let lapStart = t0;
  const lap = (name: string) => {
    const s = (performance.now() - lapStart) / 1000;
    phases.push([name, Math.round(s * 10) / 10]);
    log(`generate: ${name} in ${s.toFixed(1)} s`);
    lapStart = performance.now();
  };

  if (opts.reset) await resetTarget(opts.target);
  const database = await openTarget(opts.target);
  const db = database.db;
  let loader: BulkLoader | null = null;
  try {
    await database.migrate();
    if ((await countUsers(db)) > 0) throw new Error('The target already has data: pass --reset to empty it first.');
    lap('migrations');

    const world = buildWorld(opts.set, now, seed);
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const partnerId = await insertPartner(db, world.partner, passwordHash);
    const companies: [CompanySpec, CompanyIds][] = [];
    for (const c of [world.big, ...world.small])
      companies.push([c, await insertCompany(db, c, c.partner ? partnerId : null, passwordHash)]);
    lap(`${companies.length} companies, ${companies.reduce((n, [c]) => n + c.locations.length, 0)} locations`);

    const indexes = await dropSecondaryIndexes(db);
    loader = opts.target.kind === 'pg' ? await openCopyLoader(opts.target.databaseUrl) : unnestLoader(db);
    const externalIds = new ExternalIds(new Rng(seed ^ 0x1d5));
    let firstId = await nextReviewId(db);
    let written = 0;
    try {
      for (const [i, [spec, ids]] of companies.entries()) {
        const total = spec.reviews;
        let pending: Promise<void> = Promise.resolve();
        let done = 0;
        const started = performance.now();
        // While the database takes one chunk, the next one is generated.
        for await (const chunk of reviewChunks(spec, ids, {
          now,
          count: total,
          years: opts.set.years,
          seed: seed + i * 7919,
          chunkSize: CHUNK,
          firstId,
          ids: externalIds,
        })) {
          await pending;
          pending = loader.write(chunk);
          done += chunk.reviews.length;
          firstId += chunk.reviews.length;
          if (total >= 100_000 && done % 100_000 === 0)
            log(
              `generate: ${spec.name}: ${done.toLocaleString('en')} of ${total.toLocaleString('en')} reviews (${Math.round(done / ((performance.now() - started) / 1000))}/s)`,
            );
        }
        await pending;
        written += done;
      }
    } finally {
      await loader.close();
      loader = null;
      await syncReviewIdentity(db);
    }
    lap(`${written.toLocaleString('en')} reviews with replies and text analysis loaded`);
    await indexes.restore();
    await db.execute(sql`ANALYZE reviews`);
    await db.execute(sql`ANALYZE responses`);
    await db.execute(sql`ANALYZE review_topics`);
    lap(`indexes rebuilt (${indexes.names.length})`);

    const [bigSpec, big] = companies[0]!;
    await db.transaction((tx) =>
      seedReporting(tx, {
        companyIds: new Map([['saffron', big.companyId]]),
        now,
        scale: opts.set.competitorScale,
        log: (m) => log(`generate: ${bigSpec.name} ${m.replace(/ \(.*\)$/, '')}`),
      }),
    );
    const competitorReviews = await analyzePendingReviews(db, big.companyId);
    lap(`competitors of ${bigSpec.name} (${competitorReviews} reviews analysed by the server's analysis)`);

    for (const [, ids] of companies.slice(1)) await rebuildReviewDaily(db, ids.companyId);
    lap('review_daily of the small companies (rebuildReviewDaily)');
    for (const [, ids] of companies) await rebuildTopicDaily(db, ids.companyId);
    lap('topic_daily (rebuildTopicDaily)');
    // VACUUM as well: the visibility map makes index-only scans possible (PostgreSQL's autovacuum
    // would do it later; embedded PGlite has no autovacuum).
    await db.execute(sql`VACUUM ANALYZE`);
    lap('VACUUM ANALYZE');

    return {
      set: opts.set.name,
      driver: opts.target.kind,
      companies: companies.length,
      locations: await count(db, 'locations'),
      reviews: await count(db, 'reviews'),
      responses: await count(db, 'responses'),
      topicRows: await count(db, 'review_topics'),
      seconds: Math.round((performance.now() - t0) / 100) / 10,
      phases,
      analysis: {
        texts: analysisStats.texts,
        analysed: analysisStats.analysed,
        seconds: Math.round(analysisStats.ms / 100) / 10,
      },
    };
  } finally {
    await loader?.close();
    await database.close();
  }
}

/**
 * Brings an existing data set up to the server's current schema: applies new migrations (which fill
 * new rollups from the old ones), optionally rebuilds every company's rollups with the server's own
 * functions (after a migration changed how a rollup is computed), then VACUUM ANALYZE.
 */
export async function refreshRollups(
  target: Target,
  log: (line: string) => void = () => undefined,
  rebuild = true,
): Promise<number> {
  const database = await openTarget(target);
  const t0 = performance.now();
  try {
    await database.migrate();
    const ids = rowsOf<{ id: number }>(await database.db.execute(sql`SELECT id FROM companies ORDER BY id`)).map((r) =>
      Number(r.id),
    );
    for (const id of rebuild ? ids : []) {
      await rebuildReviewDaily(database.db, id);
      await rebuildTopicDaily(database.db, id);
    }
    await database.db.execute(sql`VACUUM ANALYZE`);
    const seconds = Math.round((performance.now() - t0) / 100) / 10;
    log(
      rebuild
        ? `generate: rollups of ${ids.length} companies rebuilt in ${seconds} s`
        : `generate: migrations and VACUUM ANALYZE in ${seconds} s`,
    );
    return seconds;
  } finally {
    await database.close();
  }
}
