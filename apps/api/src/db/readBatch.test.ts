import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Database } from './client';
import { MAX_BATCHED_READS, readJsonRows } from './readBatch';

const url = process.env.TEST_DATABASE_URL;

type Db = Database['db'];
/**
 * A read that says which it is and the transaction it ran in: outside a transaction each statement is
 * its own, so reads of one statement share it (statement_timestamp() would too, but the embedded
 * database's clock has only milliseconds, and two statements can fall in one).
 */
const whoAndWhen = (db: Db, i: number) =>
  readJsonRows<{ i: number; at: string }>(db, sql`SELECT ${i}::int AS i, txid_current()::text AS at`);

async function readsTogether(db: Db, count: number) {
  const rows = await Promise.all(Array.from({ length: count }, (_, i) => whoAndWhen(db, i)));
  return rows.map(([row]) => row!);
}

/** Reads asked together share a statement when no connection is spare; a failure stays with its read. */
function sharedStatementCases(open: () => Promise<Database>) {
  let database: Database;
  beforeAll(async () => {
    database = await open();
  });
  afterAll(() => database.close());

  it('reads asked together come back from one statement, each with its own rows', async () => {
    const rows = await readsTogether(database.db, 5);
    expect(rows.map((r) => r.i)).toEqual([0, 1, 2, 3, 4]);
    expect(new Set(rows.map((r) => r.at)).size).toBe(1);
  });

  it('more reads than one statement takes are all answered, in statements of at most the limit', async () => {
    const rows = await readsTogether(database.db, MAX_BATCHED_READS * 2 + 3);
    expect(rows.map((r) => r.i)).toEqual(Array.from({ length: MAX_BATCHED_READS * 2 + 3 }, (_, i) => i));
    const perStatement = new Map<string, number>();
    for (const r of rows) perStatement.set(r.at, (perStatement.get(r.at) ?? 0) + 1);
    expect(Math.max(...perStatement.values())).toBeLessThanOrEqual(MAX_BATCHED_READS);
  });

  it('a read that fails fails alone: the others asked with it are answered', async () => {
    const [before, failing, after] = await Promise.allSettled([
      whoAndWhen(database.db, 1),
      readJsonRows(database.db, sql`SELECT 1 / ${0}::int AS n`),
      whoAndWhen(database.db, 2),
    ]);
    expect(before).toMatchObject({ status: 'fulfilled', value: [{ i: 1 }] });
    expect(after).toMatchObject({ status: 'fulfilled', value: [{ i: 2 }] });
    expect(failing.status).toBe('rejected');
    const reason = (failing as PromiseRejectedResult).reason as Error;
    expect(String(reason.cause ?? reason)).toMatch(/division by zero/);
  });

  it("a transaction's reads run in the transaction", async () => {
    const [own, rows] = await database.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const [row] = await readJsonRows<{ at: string }>(db, sql`SELECT txid_current()::text AS at`);
      return [row!.at, await Promise.all([whoAndWhen(db, 1), whoAndWhen(db, 2)])] as const;
    });
    expect(rows.map(([r]) => r!.i)).toEqual([1, 2]);
    expect(rows.map(([r]) => r!.at)).toEqual([own, own]);
  });
}

describe.skipIf(!url)('reads combined on a busy pool [pg]', () => {
  // One connection: never one to spare, as under many users.
  sharedStatementCases(async () => openPostgres(url!, 1));
});

describe.skipIf(!url)('reads side by side while connections are spare [pg]', () => {
  it('a single report runs its reads at once on their own connections', async () => {
    const database = openPostgres(url!, 10);
    try {
      const rows = await readsTogether(database.db, 3);
      expect(rows.map((r) => r.i)).toEqual([0, 1, 2]);
      expect(new Set(rows.map((r) => r.at)).size).toBe(3);
    } finally {
      await database.close();
    }
  });
});

describe('reads combined on the embedded database [pglite]', () => {
  // One statement at a time whatever it is given: reads asked together always share one.
  sharedStatementCases(() => openPglite(null));
});
