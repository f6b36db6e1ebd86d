import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPostgres } from './client';
import { rowsOf } from './rows';

const url = process.env.TEST_DATABASE_URL;

/** The server keeps answering when PostgreSQL ends one of its idle connections (a restart, an administrator). */
describe.skipIf(!url)('PostgreSQL connection pool', () => {
  it('replaces an idle connection the server ended, instead of crashing the process', async () => {
    const database = openPostgres(url!, 2);
    try {
      const pidOf = async () =>
        Number(rowsOf<{ pid: number }>(await database.db.execute(sql`SELECT pg_backend_pid() AS pid`))[0]!.pid);
      const before = await pidOf();
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend($1)', [before]);
      await admin.end();
      // The idle connection hears the termination: without a listener on the pool this is an unhandled 'error'.
      await new Promise((r) => setTimeout(r, 300));
      const after = await pidOf();
      expect(after).not.toBe(before);
    } finally {
      await database.close();
    }
  });

  it('plans without parallel workers, unless the URL sets its own session options', async () => {
    const workersOf = async (connection: string) => {
      const database = openPostgres(connection, 1);
      try {
        const [row] = rowsOf<{ max_parallel_workers_per_gather: string }>(
          await database.db.execute(sql`SHOW max_parallel_workers_per_gather`),
        );
        return row!.max_parallel_workers_per_gather;
      } finally {
        await database.close();
      }
    };
    expect(await workersOf(url!)).toBe('0');
    const own = new URL(url!);
    own.searchParams.set('options', '-c max_parallel_workers_per_gather=3');
    expect(await workersOf(own.toString())).toBe('3');
  });
});
