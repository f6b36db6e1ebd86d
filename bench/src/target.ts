import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../../apps/api/src/db/client';

/**
 * Where a data set lives: a PostgreSQL database (`--database-url`) or an embedded PGlite under a
 * server data directory (`--data-dir`, the server's DATA_DIR; the database is DATA_DIR/pglite as
 * the server opens it).
 */
export type Target = { kind: 'pg'; databaseUrl: string } | { kind: 'pglite'; dataDir: string };

export function targetOf(args: { 'database-url'?: string; 'data-dir'?: string }): Target {
  if (args['database-url'] && args['data-dir']) throw new Error('Give either --database-url or --data-dir, not both');
  if (args['database-url']) {
    if (!/^postgres(ql)?:\/\//.test(args['database-url']))
      throw new Error('--database-url must start with postgres:// or postgresql://');
    return { kind: 'pg', databaseUrl: args['database-url'] };
  }
  if (args['data-dir']) return { kind: 'pglite', dataDir: path.resolve(args['data-dir']) };
  throw new Error('Give --database-url postgres://... (a PostgreSQL server) or --data-dir DIR (the embedded database)');
}

export function describeTarget(t: Target): string {
  if (t.kind === 'pglite') return `embedded PGlite in ${t.dataDir}`;
  const u = new URL(t.databaseUrl);
  return `PostgreSQL ${u.hostname}:${u.port || 5432}${u.pathname}`;
}

/** The same environment the server gets for this target. */
export function serverEnv(t: Target): Record<string, string> {
  return t.kind === 'pg' ? { DATABASE_URL: t.databaseUrl } : { DATA_DIR: t.dataDir };
}

async function withAdmin<T>(databaseUrl: string, run: (client: pg.Client, name: string) => Promise<T>): Promise<T> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await run(client, name);
  } finally {
    await client.end();
  }
}

/** Creates the PostgreSQL database when it does not exist yet. */
async function ensureDatabase(databaseUrl: string): Promise<void> {
  await withAdmin(databaseUrl, async (client, name) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  });
}

/** Empties the target: drops and recreates the PostgreSQL database, or deletes the PGlite directory. */
export async function resetTarget(t: Target): Promise<void> {
  if (t.kind === 'pglite') {
    rmSync(path.join(t.dataDir, 'pglite'), { recursive: true, force: true });
    return;
  }
  await withAdmin(t.databaseUrl, async (client, name) => {
    await client.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`);
  });
}

export async function openTarget(t: Target, poolSize = 4): Promise<Database> {
  if (t.kind === 'pglite') return openPglite(path.join(t.dataDir, 'pglite'));
  await ensureDatabase(t.databaseUrl);
  return openPostgres(t.databaseUrl, poolSize);
}
