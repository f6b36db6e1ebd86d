import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openPglite, openPostgres, type Database } from '../../db/client';
import { testDrivers } from '../../test/drivers';
import { freshPostgres } from '../../test/harness';

/** A server on a database nobody has migrated yet, as a second process might meet it during a deploy. */
async function unmigrated(driver: 'pglite' | 'pg') {
  if (driver === 'pglite') return { database: await openPglite(null), url: null, drop: async () => undefined };
  return freshPostgres();
}

describe.each(testDrivers(true))('readiness and migrations [%s]', (driver) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reputo-ready-'));
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is not ready until the migrations of this build are applied, while alive all along', async () => {
    const fresh = await unmigrated(driver);
    cleanups.push(
      () => fresh.drop(),
      () => fresh.database.close(),
    );
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_MODE: 'false' }),
      db: fresh.database.db,
      logger: false,
    });
    cleanups.push(() => app.close());
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    const before = await app.inject({ url: '/readyz' });
    expect(before.statusCode).toBe(503);
    expect(before.json()).toMatchObject({ status: 'not_ready', migrations: { applied: 0, current: false } });
    expect(before.json().reason).toMatch(/lacks migrations/);

    if (driver === 'pg') {
      // Three processes starting together: the advisory lock lets one migrate, the others find it done.
      const others: Database[] = [openPostgres(fresh.url!, 1), openPostgres(fresh.url!, 1)];
      cleanups.push(...others.map((d) => () => d.close()));
      await Promise.all([fresh.database.migrate(), ...others.map((d) => d.migrate())]);
    } else {
      await fresh.database.migrate();
    }
    const after = await app.inject({ url: '/readyz' });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ status: 'ready', reason: null, migrations: { current: true } });
    expect(after.json().migrations.applied).toBe(after.json().migrations.expected);
  }, 120_000); // a fresh PGlite and thirty-odd migrations: over 30 s on a loaded CI machine
});
