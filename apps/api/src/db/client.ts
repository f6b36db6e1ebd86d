import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockDataDir } from './dataDirLock';
import { MIGRATIONS_FOLDER } from './migrationState';
import { PgliteThread } from './pgliteThread';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both drivers: repositories never know which database they talk to. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  driver: 'pglite' | 'pg';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = MIGRATIONS_FOLDER;
/** The session advisory lock that migrations hold, so that processes starting together migrate one at a time. */
const MIGRATION_LOCK = 72450001;

/**
 * Applies the migrations on one connection holding an advisory lock: a second process starting at the
 * same moment waits, then finds them applied (Drizzle's migrator alone would race: both would see a
 * migration missing and the slower one fail on "already exists").
 */
async function migrateLocked(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

/**
 * Session settings of the server's own connections, unless the URL names its own (`?options=`):
 * no parallel plans. A report is a few small index reads, and under many users on few cores a
 * parallel plan only adds the start of two worker processes to each: the filtered review page
 * answered 150 requests a second at 32 clients with them and 205 without (bench/RESULTS.md).
 */
const SESSION_OPTIONS = '-c max_parallel_workers_per_gather=0';

/** A real PostgreSQL server over `pg`. */
export function openPostgres(url: string, poolSize = 10): Database {
  const own = new URL(url).searchParams.has('options');
  const pool = new pg.Pool({ connectionString: url, max: poolSize, ...(own ? {} : { options: SESSION_OPTIONS }) });
  let closing = false;
  // An idle connection the server ends (a restart, an administrator, a dropped database) is an
  // 'error' on the pool, which drops that connection and opens another when needed. Unheard, the
  // event would end the process; after close() the pool's last connections may still hear it.
  pool.on('error', (error) => {
    if (!closing)
      console.warn(`PostgreSQL closed an idle connection (${error.message}); the pool opens a new one when needed.`);
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pg',
    migrate: () => migrateLocked(pool),
    close: () => {
      closing = true;
      return pool.end();
    },
  };
}

/**
 * Embedded PGlite, in its own thread (db/pgliteThread.ts): file-backed under `dataDir`, or in
 * memory when `dataDir` is null.
 */
/** `loadFrom`: a data directory dump (tar) to start from, as the tests' migrated template. */
export async function openPglite(dataDir: string | null, loadFrom?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // Loaded here, not at the top: Drizzle's PGlite driver imports PGlite itself (~40 MB), which a
  // server on PostgreSQL never needs (the database runs in the thread either way).
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  let client: PGlite;
  try {
    // Drizzle calls only the query and transaction methods the thread offers.
    client = (await PgliteThread.open(dataDir, loadFrom)) as unknown as PGlite;
  } catch (err) {
    unlock();
    throw err;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(path.join(opts.dataDir, 'pglite'));
}
