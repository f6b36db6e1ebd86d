import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { locations, responses, reviews } from '../../db/schema';
import { describeEachDatabase, freshPostgres } from '../../test/harness';
import { bearer, signIn } from '../../test/http';
import { createReviewWorld, type ReviewWorld } from '../reviews/test/world';
import { EXPORT_TABLES, exportCompany, ImportError, importCompany } from './service';

/** A fresh, migrated database of the same kind as the test's (the other Reputo instance). */
async function otherInstance(driver: 'pglite' | 'pg'): Promise<{ database: Database; dispose: () => Promise<void> }> {
  if (driver === 'pg') {
    const pg = await freshPostgres();
    await pg.database.migrate();
    return {
      database: pg.database,
      dispose: async () => {
        await pg.database.close();
        await pg.drop();
      },
    };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reputo-import-'));
  const database = await openDatabase({ dataDir });
  await database.migrate();
  return {
    database,
    dispose: async () => {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describeEachDatabase('Company export and import', (use) => {
  let world: ReviewWorld;
  beforeAll(async () => {
    const { database, fx } = use();
    world = await createReviewWorld(database.db, fx);
  });

  it('exports a company as JSON and CSV in a zip that a fresh instance imports with the same counts', async () => {
    const { database, fx, driver } = use();
    const exported = (await exportCompany(database.db, fx.companyA.id, 'test'))!;
    expect(exported.counts.companies).toBe(1);
    expect(exported.counts.reviews).toBeGreaterThan(0);
    expect(exported.counts.responses).toBeGreaterThan(0);
    expect(exported.counts.locations).toBeGreaterThan(0);
    const zip = await JSZip.loadAsync(exported.zip);
    expect(Object.keys(zip.files).sort()).toEqual(
      ['manifest.json', ...EXPORT_TABLES.flatMap((t) => [`${t}.json`, `${t}.csv`])].sort(),
    );
    const csv = await zip.file('reviews.csv')!.async('string');
    expect(csv.split('\r\n')[0]).toContain('rating');
    expect(csv.split('\r\n').length).toBe(exported.counts.reviews! + 1);

    const other = await otherInstance(driver);
    try {
      // Something of the other instance's own first, so its new ids differ from the exported ones.
      await other.database.db.execute(
        sql`INSERT INTO companies (company_name, type) VALUES ('Already here', 'Restaurant')`,
      );
      const imported = await importCompany(other.database.db, exported.zip);
      expect(imported.counts).toEqual(exported.counts);
      expect(imported.companyId).not.toBe(fx.companyA.id);
      const count = async (table: string) =>
        Number(
          (
            (await other.database.db.execute(
              sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${sql.identifier(table === 'companies' ? 'id' : 'company_id')} = ${imported.companyId}`,
            )) as unknown as { rows: { n: number }[] }
          ).rows[0]!.n,
        );
      for (const table of EXPORT_TABLES) expect(await count(table), table).toBe(exported.counts[table]);
      // Pointers follow the new ids: a reply is on the review of the same text, at the same location name.
      const [source] = await database.db
        .select({ text: reviews.text, reply: responses.text, location: locations.title })
        .from(responses)
        .innerJoin(reviews, eq(reviews.id, responses.reviewId))
        .innerJoin(locations, eq(locations.id, reviews.locationId))
        .where(eq(reviews.id, world.ids.r1!));
      const copies = await other.database.db
        .select({ text: reviews.text, reply: responses.text, location: locations.title })
        .from(responses)
        .innerJoin(reviews, eq(reviews.id, responses.reviewId))
        .innerJoin(locations, eq(locations.id, reviews.locationId))
        .where(eq(reviews.companyId, imported.companyId));
      expect(copies).toContainEqual(source);
      // The rollups are rebuilt: the imported company's reports count its reviews.
      const rollup = (await other.database.db.execute(
        sql`SELECT coalesce(sum(reviews), 0)::int AS n FROM review_daily WHERE company_id = ${imported.companyId} AND NOT is_competitor`,
      )) as unknown as { rows: { n: number }[] };
      expect(rollup.rows[0]!.n).toBe(exported.counts.reviews);
      await expect(importCompany(other.database.db, Buffer.from('not a zip'))).rejects.toBeInstanceOf(ImportError);
    } finally {
      await other.dispose();
    }
  }, 90_000); // a round trip into a fresh database: 8-27 s, 30 s was too short on an overloaded CI machine

  it("answers the zip to the Owner and the company's Partner, and not to others", async () => {
    const { app, fx } = use();
    const call = async (email: string) => {
      const { access_token } = await signIn(app, email);
      return app.inject({ url: `/v2/api/admin/companies/${fx.companyA.id}/export`, headers: bearer(access_token) });
    };
    const res = await call('owner@fixture.test');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="company-\d+-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const zip = await JSZip.loadAsync(res.rawPayload);
    expect(JSON.parse(await zip.file('manifest.json')!.async('string'))).toMatchObject({
      format: 'reputo-company-export',
      companyId: fx.companyA.id,
    });
    expect((await call('partner1@fixture.test')).statusCode).toBe(200);
    expect((await call('partner2@fixture.test')).statusCode).toBe(404);
    expect((await call('admin@alpha.test')).statusCode).toBe(403);
  });
});
