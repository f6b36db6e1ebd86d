import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openPostgres } from './client';
import { anyOf, executePrepared, MAX_NAMED_STATEMENTS } from './prepared';

const url = process.env.TEST_DATABASE_URL;

/** What the connection keeps prepared (one connection, so every call below runs on it). */
async function preparedOnConnection(db: Parameters<typeof executePrepared>[0]): Promise<string[]> {
  const rows = await executePrepared<{ statement: string }>(
    db,
    sql`SELECT statement FROM pg_prepared_statements WHERE NOT from_sql`,
  );
  return rows.map((r) => r.statement);
}

// Reports run their statements prepared (db/prepared.ts): parsed once per connection, planned once
// when a generic plan costs no more, and never more texts than the connection can keep.
describe.skipIf(!url)('prepared report statements [pg]', () => {
  it('answer like a query, stay prepared on their connection, and stop naming new texts at the limit', async () => {
    const database = openPostgres(url!, 1);
    try {
      const { db } = database;
      const days = (ids: number[]) =>
        executePrepared<{ n: number }>(
          db,
          sql`SELECT n FROM generate_series(1, 30) AS n WHERE ${anyOf(sql`n`, ids)} ORDER BY n`,
        );
      // One text for any number of ids, none matching an empty list.
      expect((await days([3, 1, 29])).map((r) => r.n)).toEqual([1, 3, 29]);
      expect((await days([7])).map((r) => r.n)).toEqual([7]);
      expect(await days([])).toEqual([]);
      const kept = await preparedOnConnection(db);
      expect(kept.filter((s) => s.includes('generate_series(1, 30)'))).toHaveLength(1);

      // Many more texts than the limit: all answer, and the connection keeps no more than the limit.
      for (let i = 0; i < MAX_NAMED_STATEMENTS + 20; i++) {
        const [row] = await executePrepared<{ v: number }>(db, sql.raw(`SELECT ${i}::int + 1 AS v`));
        expect(row!.v).toBe(i + 1);
      }
      expect((await preparedOnConnection(db)).length).toBeLessThanOrEqual(MAX_NAMED_STATEMENTS);
    } finally {
      await database.close();
    }
  });
});
