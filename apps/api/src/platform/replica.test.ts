import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { reviewCategories, reviewSettings, templates } from '../db/schema';
import { buildApp, type BuiltApp } from '../app';
import { createReviewWorld } from '../modules/reviews/test/world';
import { createFixtures } from '../test/fixtures';
import { createTestEnv, freshPostgres, type TestEnv } from '../test/harness';
import { bearer, signIn } from '../test/http';

/**
 * DATABASE_REPLICA_URL: reports are read from a second database, everything else from the primary.
 * The "replica" here is a second PostgreSQL database that the test fills itself, standing in for
 * streaming replication: first empty (a replica that has not caught up), then with the same rows.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('reports read from the read replica [pg]', () => {
  let env: TestEnv & { dispose: () => Promise<void> };
  let replica: Awaited<ReturnType<typeof freshPostgres>>;
  let app: BuiltApp;
  let token: string;

  beforeAll(async () => {
    env = await createTestEnv('pg', { env: { REPORT_CACHE_SECONDS: '0' } });
    await createReviewWorld(env.database.db, env.fx);
    replica = await freshPostgres();
    await replica.database.migrate();
    app = await buildApp({
      config: { ...env.config, databaseReplicaUrl: replica.url },
      db: env.database.db,
      reportDb: replica.database.db,
      logger: false,
    });
    await app.ready();
    token = (await signIn(app, 'admin@alpha.test')).access_token;
  });
  afterAll(async () => {
    await app?.close();
    await replica?.database.close();
    await replica?.drop();
    await env?.dispose();
  });

  const get = async (server: BuiltApp, url: string) => {
    const res = await server.inject({ method: 'GET', url, headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const REPORTS = [
    '/v2/api/reviews/rating',
    '/v2/api/reviews/response_rate',
    '/v2/api/dashboard/reputationScore',
    '/v2/api/statistics/reviews/volume',
    '/v2/api/statistics/locations/performing',
    '/v3/insights/primary',
  ];

  it('answers reports from the replica, and the review list and the session from the primary', async () => {
    // The replica has none of the primary's rows yet: its reports are empty...
    const rating = await get(app, '/v2/api/reviews/rating');
    const primaryRating = await get(env.app, '/v2/api/reviews/rating');
    expect(rating).toMatchObject({ total: 0, average: null });
    expect(primaryRating.total).toBeGreaterThan(5);
    // ...while the list, which shows what a user just did, and the signed-in session come from the primary.
    const list = await get(app, '/v2/api/reviews?per_page=100');
    expect(list).toEqual(await get(env.app, '/v2/api/reviews?per_page=100'));
    expect(list.total_reviews_count).toBeGreaterThan(5);
    expect((await get(app, '/v2/api/me')).email).toBe('admin@alpha.test');

    // Once the replica holds the same rows, every report answers as the primary's does.
    const fx = await createFixtures(replica.database.db);
    expect(fx.companyA.id).toBe(env.fx.companyA.id);
    await createReviewWorld(replica.database.db, fx);
    for (const url of REPORTS) expect(await get(app, url), url).toEqual(await get(env.app, url));
  });

  it('never writes to the replica: the response rate of a company without settings reads the default target', async () => {
    // After the test above the replica holds the primary's rows. A company whose first use of the
    // workspace has not happened yet has no settings row (nor starter categories and templates).
    const companyId = env.fx.companyA.id;
    const replicaDb = replica.database.db;
    await replicaDb.delete(reviewSettings).where(eq(reviewSettings.companyId, companyId));
    await replicaDb.delete(reviewCategories).where(eq(reviewCategories.companyId, companyId));
    await replicaDb.delete(templates).where(eq(templates.companyId, companyId));
    const rate = await get(app, '/v2/api/reviews/response_rate');
    expect(rate.target).toBe(90);
    expect(await replicaDb.select().from(reviewSettings).where(eq(reviewSettings.companyId, companyId))).toEqual([]);
    expect(await replicaDb.select().from(reviewCategories).where(eq(reviewCategories.companyId, companyId))).toEqual(
      [],
    );
    expect(await replicaDb.select().from(templates).where(eq(templates.companyId, companyId))).toEqual([]);
  });
});
