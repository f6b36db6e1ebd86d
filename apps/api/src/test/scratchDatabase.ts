import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A database of its own on the PostgreSQL server of TEST_DATABASE_URL, empty or a copy of a migrated
 * template, with its URL and a drop. Free of vitest and the app, so the browser tests' server uses
 * it as the integration harness does.
 */
export async function scratchDatabase(
  prefix: string,
  template: string | null = null,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(adminUrl, async (client) => {
    let copy = '';
    if (template) {
      // FILE_COPY copies the template's files: PostgreSQL 15's default (WAL_LOG) writes every block
      // of it through the WAL, 0.44 s and 0.5 CPU-s a database against 0.12 s and 0.16, over a
      // hundred a run. (Before PostgreSQL 15, FILE_COPY was the only way and the option is unknown.)
      const { rows } = await client.query<{ server_version_num: string }>('SHOW server_version_num');
      copy = ` TEMPLATE ${template}${Number(rows[0]!.server_version_num) >= 150000 ? ' STRATEGY FILE_COPY' : ''}`;
    }
    await client.query(`CREATE DATABASE ${name}${copy}`);
    // A test database is thrown away: its commits need not wait for the WAL to reach the disk. The
    // integration tests and the browser tests' server commit small transactions by the thousand.
    await client.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

/** Work on the PostgreSQL server's admin connection, closed after. */
async function onServer(adminUrl: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
