/**
 * Migrated databases to copy: every integration test file gets a database of its own per driver, and
 * building each from nothing (PGlite's initdb, then 30-odd migrations; on PostgreSQL the migrations)
 * cost seconds a file. The suite's global setup migrates one of each per migration set; a file's
 * database is then a copy: PGlite loads the template's data directory, PostgreSQL creates the
 * database from a template database. Keyed by the migrations' content, so a changed migration gets
 * a template of its own, and kept between runs on a developer's machine.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { openPostgres } from '../db/client';
import { MIGRATIONS_FOLDER as migrationsFolder } from '../db/migrationState';

export interface DatabaseTemplates {
  /** A PGlite data directory dump (tar) with every migration applied. */
  pglite: string;
  /** A PostgreSQL database with every migration applied, to create test databases from. */
  pg: string | null;
}

/** The migrations' content and PGlite's version: what a template depends on. */
function templateKey(): string {
  const hash = createHash('sha256');
  for (const dir of [migrationsFolder, path.join(migrationsFolder, 'meta')]) {
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(name).update(readFileSync(file));
    }
  }
  // The package's exports hide its package.json: found beside its entry point.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const packageDir = entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`));
  hash.update(String(JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')).version));
  return hash.digest('hex').slice(0, 12);
}

async function pgliteTemplate(key: string): Promise<string> {
  const file = path.join(tmpdir(), `reputo-test-pglite-${key}.tar`);
  if (existsSync(file)) return file;
  const db = await PGlite.create();
  await migrate(drizzle({ client: db }), { migrationsFolder });
  const dump = await db.dumpDataDir('none');
  await db.close();
  // Written aside, then renamed: a run beside this one never reads half a file.
  const partial = `${file}.${process.pid}`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
  return file;
}

async function postgresTemplate(adminUrl: string, key: string): Promise<string> {
  const name = `reputo_template_${key}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // One builder at a time across runs on this server (helpers' and CI's runs share it).
    await admin.query('SELECT pg_advisory_lock(8202611)');
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return name;
    const building = `${name}_building`;
    await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${building}`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    const database = openPostgres(url.toString(), 1);
    await database.migrate();
    await database.close();
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    return name;
  } finally {
    await admin.end();
  }
}

export async function buildDatabaseTemplates(): Promise<DatabaseTemplates> {
  const key = templateKey();
  const adminUrl = process.env.TEST_DATABASE_URL;
  const [pglite, pgName] = await Promise.all([
    pgliteTemplate(key),
    adminUrl ? postgresTemplate(adminUrl, key) : Promise.resolve(null),
  ]);
  return { pglite, pg: pgName };
}
