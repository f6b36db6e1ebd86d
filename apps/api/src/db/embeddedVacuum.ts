import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './client';
import { rowsOf } from './rows';

/**
 * The embedded database (PGlite) runs PostgreSQL in one process, without the autovacuum daemon: its
 * tables were never analysed nor vacuumed, so the planner guessed every row count and no index-only
 * scan could skip the table (the visibility map stayed empty). On the demo data, 32 users each on
 * their own review page waited 1.5 s at p95 instead of 0.2 s (bench/RESULTS.md). This job does the
 * daemon's work with its thresholds (PostgreSQL's defaults): a table is analysed once a tenth of its
 * rows changed, and vacuumed once a fifth are dead or were inserted since the last vacuum. Counters
 * start from zero when the database opens, so a table also qualifies when it was never analysed,
 * when less than nine tenths of its pages are all-visible, or when its size on disk is not the size
 * the planner knows: the demo's topic tables were analysed empty at start-up and filled by the text
 * analysis before a restart lost the count of its inserts, so the planner took them for empty.
 */
export const EMBEDDED_VACUUM_JOB = 'database.vacuum';
export const EMBEDDED_VACUUM_EVERY_SECONDS = 60;

interface TableState {
  name: string;
  analyze: boolean;
  vacuum: boolean;
}

/** The tables that need the daemon's work now, by its thresholds (see above). */
async function tablesDue(db: Db): Promise<TableState[]> {
  // Statistics reach pg_stat_user_tables when the backend flushes them: at once, here.
  await db.execute(sql`SELECT pg_stat_force_next_flush()`);
  // resized: the table's pages on disk differ from what the planner was told by more than a tenth (and 8 pages).
  const rows = rowsOf<TableState>(
    await db.execute(sql`
      SELECT name,
        (reltuples < 0 OR resized OR n_mod_since_analyze > 50 + 0.1 * greatest(reltuples, 0)) AS analyze,
        (resized OR n_dead_tup > 50 + 0.2 * greatest(reltuples, 0) OR n_ins_since_vacuum > 1000 + 0.2 * greatest(reltuples, 0)
          OR relallvisible < 0.9 * relpages) AS vacuum
      FROM (
        SELECT s.relname AS name, c.reltuples, c.relpages, c.relallvisible, s.n_mod_since_analyze, s.n_dead_tup,
          s.n_ins_since_vacuum,
          abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages) > 8 + 0.1 * c.relpages AS resized
        FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
        WHERE s.schemaname = 'public'
      ) AS t
      ORDER BY name`),
  );
  return rows.filter((r) => r.analyze || r.vacuum);
}

/** Analyses and vacuums the tables that are due; returns their names. */
export async function vacuumEmbeddedTables(db: Db, log?: FastifyBaseLogger): Promise<string[]> {
  const due = await tablesDue(db);
  for (const t of due) {
    const table = sql.identifier(t.name);
    await db.execute(t.vacuum ? sql`VACUUM (ANALYZE) ${table}` : sql`ANALYZE ${table}`);
  }
  if (due.length) log?.info({ tables: due.map((t) => t.name) }, 'embedded database: tables analysed and vacuumed');
  return due.map((t) => t.name);
}
