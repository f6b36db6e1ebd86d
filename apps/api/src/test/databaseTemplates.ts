/**
 * Migrated databases to copy: every integration test file gets a database of its own per driver, and
 * building each from nothing (PGlite's initdb, then 30-odd migrations; on PostgreSQL the migrations)
 * cost seconds a file. The suite's global setup migrates one of each per migration set; a file's
 * database is then a copy: PGlite loads the template's data directory, PostgreSQL creates the
 * database from a template database. Keyed by the migrations' content, so a changed migration gets
 * a template of its own, and kept between runs on a developer's machine.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPostgres } from '../db/client';
import { MIGRATIONS_FOLDER as migrationsFolder } from '../db/migrationState';

export interface DatabaseTemplates {
  /** A PGlite data directory dump (tar) with every migration applied, once pgliteTemplateReady says so. */
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

/**
 * The PGlite template's file, built by a process of its own when missing (test/buildPgliteTemplate.ts):
 * PGlite's initdb and the migrations take 20-odd seconds, 40 to 60 at a loaded CI run's start, and the
 * files on PostgreSQL, most of them, need not wait for it. A file on PGlite waits (pgliteTemplateReady).
 */
function startPgliteTemplate(key: string): { file: string; built: Promise<void> } {
  const file = path.join(tmpdir(), `reputo-test-pglite-${key}.tar`);
  if (existsSync(file)) return { file, built: Promise.resolve() };
  rmSync(failedMarker(file), { force: true });
  const builder = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'buildPgliteTemplate.ts'), file],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const built = new Promise<void>((resolve) => builder.once('exit', () => resolve()));
  return { file, built };
}

/** Written by the builder when it failed, with its error: the files waiting for the template stop waiting. */
export function failedMarker(file: string): string {
  return `${file}.failed`;
}

/** Waits until the run's PGlite template is there (see startPgliteTemplate). */
export async function pgliteTemplateReady(file: string): Promise<void> {
  const deadline = Date.now() + 240_000;
  while (!existsSync(file)) {
    if (existsSync(failedMarker(file)))
      throw new Error(`The PGlite template could not be built: ${readFileSync(failedMarker(file), 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`No PGlite template at ${file} after 4 minutes`);
    await new Promise((r) => setTimeout(r, 200));
  }
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

/** The templates of this run; the PGlite one may still be building (`pgliteBuilt`). */
export async function buildDatabaseTemplates(): Promise<{ templates: DatabaseTemplates; pgliteBuilt: Promise<void> }> {
  const key = templateKey();
  const adminUrl = process.env.TEST_DATABASE_URL;
  const pglite = startPgliteTemplate(key);
  const pg = adminUrl ? await postgresTemplate(adminUrl, key) : null;
  return { templates: { pglite: pglite.file, pg }, pgliteBuilt: pglite.built };
}
