import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { openPglite, type Database, type Db } from './client';
import { PgliteThread } from './pgliteThread';
import { preparedPerDb } from './prepared';

/** The rows of a raw statement (drizzle types them as unknown for the shared Db type). */
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

const t = pgTable('t', {
  id: integer('id').primaryKey(),
  at: timestamp('at', { withTimezone: true }),
  note: text('note'),
});
/** A query the server would prepare (preparedPerDb): the thread prepares it in the database. */
const noteById = preparedPerDb((db: Db) =>
  db
    .select()
    .from(t)
    .where(sql`${t.id} = ${sql.placeholder('id')}`)
    .prepare('note_by_id'),
);
const preparedInDatabase = async (db: Db) =>
  rowsOf(await db.execute(sql`SELECT statement FROM pg_prepared_statements`)).map((r) => String(r.statement));

// The embedded database runs in a worker thread; these are the promises the server relies on.
describe('embedded database thread', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openPglite(null);
    await database.db.execute(sql`CREATE TABLE t (id int PRIMARY KEY, at timestamptz, note text)`);
  });
  afterAll(() => database.close());

  it('keeps the server thread free while a statement runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    // Several hundred milliseconds of SQL: in the server's thread no timer could fire meanwhile.
    await database.db.execute(sql`SELECT count(*) FROM generate_series(1, 3000000) g WHERE md5(g::text) LIKE 'a%'`);
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(3);
  });

  it('answers rows as drizzle expects, timestamps as text', async () => {
    await database.db.execute(sql`INSERT INTO t VALUES (1, '2026-01-02T03:04:05Z', 'first')`);
    const result = await database.db.execute(sql`SELECT id, at, note FROM t`);
    expect(rowsOf(result)).toEqual([{ id: 1, at: '2026-01-02 03:04:05+00', note: 'first' }]);
  });

  it("parses each statement with the parsers it names: kept as text, or PGlite's own", async () => {
    const thread = await PgliteThread.open(null);
    try {
      const keep = (value: string) => value;
      const drizzleKeeps = Object.fromEntries(
        [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, keep]),
      );
      const statement = `SELECT '2026-01-02T03:04:05Z'::timestamptz AS at, '2026-01-02'::date AS day`;
      const rowOf = async (parsers?: Record<number, (value: string) => unknown>) =>
        (await thread.query<{ at: unknown; day: unknown }>(statement, [], parsers ? { parsers } : undefined)).rows[0];
      // Twice: the first statement sets drizzle's text types on the database's instance.
      expect(await rowOf(drizzleKeeps)).toEqual({ at: '2026-01-02 03:04:05+00', day: '2026-01-02' });
      expect(await rowOf(drizzleKeeps)).toEqual({ at: '2026-01-02 03:04:05+00', day: '2026-01-02' });
      expect(await rowOf()).toEqual({ at: new Date('2026-01-02T03:04:05Z'), day: new Date('2026-01-02T00:00:00Z') });
      const onlyTimestamps = await rowOf({ 1184: keep });
      expect(onlyTimestamps).toEqual({ at: '2026-01-02 03:04:05+00', day: new Date('2026-01-02T00:00:00Z') });
    } finally {
      await thread.close();
    }
  });

  it('passes the database error code on, as a unique violation check needs', async () => {
    const error = await database.db.execute(sql`INSERT INTO t VALUES (1, now(), 'again')`).catch((e: unknown) => e);
    const { code } = (error as { cause?: { code?: string } }).cause ?? (error as { code?: string });
    expect(code).toBe('23505');
  });

  it('commits a transaction that ends well and rolls back one that throws, savepoints included', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO t VALUES (2, now(), 'kept')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`INSERT INTO t VALUES (3, now(), 'inner, undone')`);
          throw new Error('undo the savepoint');
        })
        .catch(() => undefined);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO t VALUES (4, now(), 'undone')`);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    const ids = rowsOf(await database.db.execute(sql`SELECT id FROM t ORDER BY id`)).map((r) => r.id);
    expect(ids).toEqual([1, 2]);
  });

  it('runs statements from outside a transaction after it, not inside it', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`INSERT INTO t VALUES (5, now(), 'in tx')`);
      await held;
      await t.execute(sql`DELETE FROM t WHERE id = 5`);
    });
    await new Promise((r) => setTimeout(r, 20));
    const outside = database.db.execute(sql`SELECT count(*)::int AS n FROM t WHERE id = 5`);
    release();
    await tx;
    expect(rowsOf(await outside)).toEqual([{ n: 0 }]);
  });

  it("prepares the server's prepared queries in the database and answers them as drizzle expects", async () => {
    await database.db.execute(sql`INSERT INTO t VALUES (10, '2026-03-04T05:06:07Z', 'ten'), (11, NULL, 'eleven')`);
    const query = noteById(database.db);
    expect(await query.execute({ id: 10 })).toEqual([{ id: 10, at: new Date('2026-03-04T05:06:07Z'), note: 'ten' }]);
    expect(await query.execute({ id: 11 })).toEqual([{ id: 11, at: null, note: 'eleven' }]);
    expect(await query.execute({ id: 12 })).toEqual([]);
    // Prepared once, in the database, under the server's SQL: not parsed again for every call.
    expect((await preparedInDatabase(database.db)).filter((s) => s === query.getQuery().sql)).toHaveLength(1);
  });

  it('runs a prepared query inside a transaction, where it sees and rolls back with the transaction', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO t VALUES (20, now(), 'in tx')`);
        expect((await noteById(tx).execute({ id: 20 })).map((r) => r.note)).toEqual(['in tx']);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await noteById(database.db).execute({ id: 20 })).toEqual([]);
  });

  it("passes a prepared statement's error on with its code, and goes on answering after it", async () => {
    const insert = preparedPerDb((db: Db) =>
      db
        .insert(t)
        .values({ id: sql.placeholder('id'), note: 'dup' })
        .prepare('insert_t'),
    )(database.db);
    await insert.execute({ id: 30 });
    const error = await insert.execute({ id: 30 }).catch((e: unknown) => e);
    const { code } = (error as { cause?: { code?: string } }).cause ?? (error as { code?: string });
    expect(code).toBe('23505');
    expect((await noteById(database.db).execute({ id: 30 })).map((r) => r.note)).toEqual(['dup']);
  });
});
