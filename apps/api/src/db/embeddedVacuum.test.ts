import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobQueueFor } from '../platform/jobs';
import { createTestEnv, type TestEnv } from '../test/harness';
import { EMBEDDED_VACUUM_JOB, vacuumEmbeddedTables } from './embeddedVacuum';
import { rowsOf } from './rows';

/** What the planner knows of a table: its row estimate (-1: never analysed) and its all-visible pages. */
async function tableState(env: TestEnv, table: string) {
  const [row] = rowsOf<{ reltuples: number; relpages: number; relallvisible: number }>(
    await env.database.db.execute(
      sql`SELECT reltuples::float8 AS reltuples, relpages, relallvisible FROM pg_class WHERE relname = ${table}`,
    ),
  );
  return { rows: Number(row!.reltuples), pages: Number(row!.relpages), allVisible: Number(row!.relallvisible) };
}

// The embedded database has no autovacuum daemon; the app's job does its work (db/embeddedVacuum.ts).
describe('embedded database upkeep [pglite]', () => {
  let env: TestEnv & { dispose: () => Promise<void> };
  beforeAll(async () => {
    env = await createTestEnv('pglite');
  });
  afterAll(() => env.dispose());

  it('analyses and vacuums the tables the planner knew nothing of, through the job queue', async () => {
    // 3,000 reviews of company A, as a seed or an import stores them.
    await env.database.db.execute(sql`
      INSERT INTO reviews (company_id, source, external_id, author_name, rating, text, created_at)
      SELECT ${env.fx.companyA.id}, 'google', 'g-' || g, 'Guest ' || g, 1 + g % 5, 'Review number ' || g, now() - g * interval '1 hour'
      FROM generate_series(1, 3000) AS g`);
    expect((await tableState(env, 'reviews')).rows).toBe(-1);
    await jobQueueFor({ db: env.database.db }).enqueue(EMBEDDED_VACUUM_JOB);
    expect(await jobQueueFor({ db: env.database.db }).runDue()).toBeGreaterThan(0);
    const reviews = await tableState(env, 'reviews');
    const [count] = rowsOf<{ n: number }>(await env.database.db.execute(sql`SELECT count(*)::int AS n FROM reviews`));
    expect(count!.n).toBeGreaterThan(0);
    expect(reviews.rows).toBe(count!.n);
    expect(reviews.pages).toBeGreaterThan(0);
    expect(reviews.allVisible).toBe(reviews.pages);
  });

  it('analyses a table filled since it was analysed empty, though the counts of its inserts were lost (a restart)', async () => {
    const db = env.database.db;
    await db.execute(sql`CREATE TABLE upkeep_probe (id integer PRIMARY KEY, note text)`);
    try {
      expect(await vacuumEmbeddedTables(db)).toContain('upkeep_probe');
      expect((await tableState(env, 'upkeep_probe')).rows).toBe(0);
      await db.execute(sql`INSERT INTO upkeep_probe SELECT g, 'row number ' || g FROM generate_series(1, 3000) AS g`);
      // What a reopened database starts from: the inserts counted nowhere.
      await db.execute(sql`SELECT pg_stat_force_next_flush()`);
      await db.execute(sql`SELECT 1`);
      await db.execute(sql`SELECT pg_stat_reset()`);
      expect(await vacuumEmbeddedTables(db)).toContain('upkeep_probe');
      const probe = await tableState(env, 'upkeep_probe');
      expect(probe.rows).toBe(3000);
      expect(probe.allVisible).toBe(probe.pages);
      expect(await vacuumEmbeddedTables(db)).not.toContain('upkeep_probe');
    } finally {
      await db.execute(sql`DROP TABLE upkeep_probe`);
    }
  });

  it('leaves tables alone until a tenth of their rows changed, then analyses them again', async () => {
    const db = env.database.db;
    expect(await vacuumEmbeddedTables(db)).not.toContain('reviews');
    const before = (await tableState(env, 'reviews')).rows;
    // Copies of every review under new source ids: the table doubles.
    await db.execute(sql`
      INSERT INTO reviews (company_id, location_id, source, external_id, author_name, rating, text, created_at)
      SELECT company_id, location_id, source, external_id || '-copy', author_name, rating, text, created_at FROM reviews`);
    expect(await vacuumEmbeddedTables(db)).toContain('reviews');
    expect((await tableState(env, 'reviews')).rows).toBe(before * 2);
    expect(await vacuumEmbeddedTables(db)).not.toContain('reviews');
  });
});
