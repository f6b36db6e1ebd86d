import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DestinationStream } from 'pino';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openPglite, openPostgres, type Database } from '../db/client';
import type { Mailer } from '../platform/mail';
import { testDrivers } from './drivers';
import { createFixtures, type Fixtures } from './fixtures';
import { pgliteTemplateReady } from './databaseTemplates';
import { scratchDatabase } from './scratchDatabase';

export interface TestEnv {
  app: BuiltApp;
  database: Database;
  config: Config;
  fx: Fixtures;
  driver: 'pglite' | 'pg';
  /** The PostgreSQL database of this test file (null on PGlite), for a second server process on it. */
  databaseUrl: string | null;
}

export type EnvOptions = {
  env?: Record<string, string>;
  mailer?: (config: Config, db: Database) => Mailer;
  /** Turns the server's logger on, writing to this stream (set LOG_LEVEL in env too). */
  logStream?: DestinationStream;
  /** Serve the web build too (for the security headers of its pages). */
  serveWeb?: boolean;
};

/** A database of its own for one test file on the PostgreSQL server (a copy of the template when given), dropped afterwards. */
export async function freshPostgres(
  template: string | null = null,
): Promise<{ database: Database; url: string; drop: () => Promise<void> }> {
  const { url, drop } = await scratchDatabase('reputo_test', template);
  return { database: openPostgres(url, 4), url, drop };
}

/**
 * A migrated database of the driver's for one test file: a copy of the run's template
 * (test/databaseTemplates.ts), so migrate() finds nothing to do. `drop` removes a PostgreSQL one.
 */
export async function migratedDatabase(
  driver: 'pglite' | 'pg',
): Promise<{ database: Database; url: string | null; drop: () => Promise<void> }> {
  const templates = inject('databaseTemplates');
  const pgDb = driver === 'pg' ? await freshPostgres(templates?.pg ?? null) : null;
  if (!pgDb && templates) await pgliteTemplateReady(templates.pglite);
  const database = pgDb ? pgDb.database : await openPglite(null, templates?.pglite);
  await database.migrate();
  return { database, url: pgDb?.url ?? null, drop: async () => void (await pgDb?.drop()) };
}

/** Tests sign in and ask for recovery mails often, from one address; the limits' own tests lower these. */
const GENEROUS_LIMITS = {
  TOKEN_RATE_LIMIT: '1000',
  TOKEN_RATE_LIMIT_PER_ADDRESS: '1000',
  RECOVERY_RATE_LIMIT: '1000',
  RECOVERY_RATE_LIMIT_PER_ADDRESS: '1000',
};

export async function createTestEnv(
  driver: 'pglite' | 'pg',
  opts: EnvOptions = {},
): Promise<TestEnv & { dispose: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reputo-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...GENEROUS_LIMITS,
    PUBLIC_URL: 'http://reputo.test',
    DEMO_MODE: 'true',
    ...opts.env,
  });
  const { database, url, drop } = await migratedDatabase(driver);
  const app = await buildApp({
    config,
    db: database.db,
    logger: opts.logStream !== undefined,
    logStream: opts.logStream,
    mailer: opts.mailer?.(config, database),
    serveWeb: opts.serveWeb,
    embedded: driver === 'pglite',
  });
  await app.ready();
  const fx = await createFixtures(database.db);
  return {
    app,
    database,
    config,
    fx,
    driver,
    databaseUrl: url,
    dispose: async () => {
      await app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second API process on the test file's database, with the same settings (and secrets) unless
 * changed: on PostgreSQL a pool of its own, as another server would have; PGlite has one owner, so
 * there it shares the first app's database.
 */
export async function secondServer(
  env: TestEnv,
  changes: Partial<Config> = {},
): Promise<{ app: BuiltApp; close: () => Promise<void> }> {
  const database = env.databaseUrl ? openPostgres(env.databaseUrl, 2) : env.database;
  const app = await buildApp({ config: { ...env.config, ...changes }, db: database.db, logger: false });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      if (database !== env.database) await database.close();
    },
  };
}

/**
 * Declares the suite once per database. `use()` inside a test gives that database's environment,
 * built once for the file's suite (creating PGlite costs seconds, so never per test).
 */
export function describeEachDatabase(
  name: string,
  body: (use: () => TestEnv, engines: Engines) => void,
  opts: EnvOptions = {},
  bothDrivers = false,
): void {
  const drivers = testDrivers(bothDrivers);
  for (const driver of drivers) {
    // PGlite's pass of a suite on both databases repeats only the tests where the engines could differ.
    const repeat = drivers.length > 1 && driver === 'pglite' && process.env.TEST_PGLITE !== 'all';
    const engines: Engines = { itOnce: it.skipIf(repeat) };
    describe(`${name} [${driver}]`, () => {
      let env: (TestEnv & { dispose: () => Promise<void> }) | undefined;
      beforeAll(async () => {
        env = await createTestEnv(driver, opts);
      });
      afterAll(async () => {
        await env?.dispose();
      });
      body(() => {
        if (!env) throw new Error('test environment not ready');
        return env;
      }, engines);
    });
  }
}

/**
 * In a suite on both databases, `itOnce` declares a test that runs on one of them only (PostgreSQL
 * when there): what it checks (validation, access, tenancy, files) does not depend on the engine.
 * Half the time of such suites went to PGlite passes of tests like these.
 */
export interface Engines {
  itOnce: ReturnType<typeof it.skipIf>;
}

/** describeEachDatabase on PGlite as well as PostgreSQL when both are there (see testDrivers). */
export function describeOnBothDatabases(
  name: string,
  body: (use: () => TestEnv, engines: Engines) => void,
  opts: EnvOptions = {},
): void {
  describeEachDatabase(name, body, opts, true);
}
