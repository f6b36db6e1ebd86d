import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';
import { rowsOf } from './rows';

/**
 * Report reads asked in the same turn of the event loop (a report's `Promise.all` of its periods,
 * sums and edge days; other requests' reads of that moment) go to the database as one statement:
 * each read a scalar subquery giving its rows as one JSON text. Every statement cost the server's one
 * thread a socket write and the database a round of its protocol (on the embedded database, a hop to
 * its thread), whatever its size, and a report made four to six of them (bench/RESULTS.md).
 * Results go back to each read by position, so no request ever sees another's rows. When the
 * combined statement fails, each read runs again alone, so that the failure reaches only its owner.
 * A transaction's reads are not combined: a failed statement would abort the transaction. Nor are
 * reads while the pool has connections to spare (`spareConnections`).
 */
interface PendingRead {
  query: SQL;
  resolve: (json: string) => void;
  reject: (error: unknown) => void;
}

/** The most reads in one statement: its planning is theirs together, and a read waits for the batch. */
export const MAX_BATCHED_READS = 12;

const pending = new WeakMap<Db, PendingRead[]>();

function isTransaction(db: Db): boolean {
  return 'rollback' in db;
}

/** The pool of a PostgreSQL handle (node-postgres); the embedded database has none. */
interface PoolGauges {
  idleCount: number;
  totalCount: number;
  waitingCount: number;
  options: { max?: number };
}

/**
 * Connections a read could start on now. While some are free, reads run at once, side by side (a
 * single user's report is then as fast as before: combined, its reads would run one after another).
 * The embedded database runs one statement at a time whatever it is given: none.
 */
function spareConnections(db: Db): number {
  const pool = (db as unknown as { $client?: Partial<PoolGauges> }).$client;
  if (typeof pool?.idleCount !== 'number' || pool.waitingCount) return 0;
  return pool.idleCount + Math.max(0, (pool.options?.max ?? 10) - (pool.totalCount ?? 0));
}

/** The rows of a read-only query, parsed from JSON (dates and times as their ISO texts). */
export async function readJsonRows<T>(db: Db, query: SQL): Promise<T[]> {
  const alone = isTransaction(db) || (!pending.has(db) && spareConnections(db) > 1);
  const json = alone ? await runAlone(db, query) : await enqueue(db, query);
  return JSON.parse(json) as T[];
}

function enqueue(db: Db, query: SQL): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let batch = pending.get(db);
    if (!batch) {
      batch = [];
      pending.set(db, batch);
      setImmediate(() => void flush(db, batch!));
    }
    batch.push({ query, resolve, reject });
    if (batch.length >= MAX_BATCHED_READS) {
      pending.delete(db);
      void flush(db, batch);
      // The timer set for this batch finds it emptied and sends nothing.
    }
  });
}

/** A query's rows as one JSON text, in the column `rows` (one row whatever the query gives). */
export const jsonRowsSql = (query: SQL) => sql`SELECT coalesce(json_agg(q), '[]')::text AS rows FROM (${query}) AS q`;

async function runAlone(db: Db, query: SQL): Promise<string> {
  const [row] = rowsOf<{ rows: string }>(await db.execute(jsonRowsSql(query)));
  return row!.rows;
}

async function flush(db: Db, batch: PendingRead[]): Promise<void> {
  if (pending.get(db) === batch) pending.delete(db);
  const reads = batch.splice(0);
  if (!reads.length) return;
  if (reads.length === 1) return settle(reads[0]!, () => runAlone(db, reads[0]!.query));
  try {
    const columns = reads.map((r, i) => sql`(${jsonRowsSql(r.query)}) AS ${sql.identifier(`r${i}`)}`);
    const [row] = rowsOf<Record<string, string>>(await db.execute(sql`SELECT ${sql.join(columns, sql`, `)}`));
    reads.forEach((r, i) => r.resolve(row![`r${i}`]!));
  } catch {
    await Promise.all(reads.map((r) => settle(r, () => runAlone(db, r.query))));
  }
}

async function settle(read: PendingRead, run: () => Promise<string>): Promise<void> {
  try {
    read.resolve(await run());
  } catch (error) {
    read.reject(error);
  }
}
