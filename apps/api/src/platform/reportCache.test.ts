import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { locations, users } from '../db/schema';
import { createReportingWorld, PERIOD, type ReportingWorld } from '../modules/statistics/test/reportingData';
import { describeEachDatabase } from '../test/harness';
import { bearer, getJson, signIn } from '../test/http';
import { identitiesChanged } from './identityCache';

/**
 * Reports are cached for a short while (platform/reportCache.ts). What users rely on: their own
 * change shows at once, and a cached report is never served to someone who sees other locations.
 */
describeEachDatabase('cached reports', (use) => {
  let world: ReportingWorld;
  let admin: string;

  const get = (url: string, token: string, query: Record<string, string> = PERIOD) =>
    getJson(use().app, token, url, query);

  beforeAll(async () => {
    const env = use();
    world = await createReportingWorld(env.database.db, env.fx.companyA.id);
    admin = (await signIn(env.app, 'admin@alpha.test')).access_token;
  });

  it('show a reply (in reports and the review list), a deleted feedback review and a renamed location at once, not after the cache expires', async () => {
    const env = use();
    const before = await get('/v2/api/statistics/reviews/volume', admin);
    const dashboard = await get('/v2/api/dashboard/other', admin);
    expect(await get('/v2/api/statistics/reviews/volume', admin)).toEqual(before);
    const repliesOf = async () =>
      (await get('/v2/api/reviews', admin, { per_page: '100' })).reviews.find(
        (r: { id: number }) => r.id === world.reviewIds.r5,
      ).responses.length;
    const repliesBefore = await repliesOf();
    const rateBefore = await get('/v2/api/reviews/response_rate', admin, {});
    const ratingBefore = await get('/v2/api/reviews/rating', admin, {});
    expect(await repliesOf()).toBe(repliesBefore);

    const reply = await env.app.inject({
      method: 'POST',
      url: '/v2/api/responses/create',
      headers: bearer(admin),
      payload: { reviewId: world.reviewIds.r5, text: 'We are sorry, we will make it right.', status: 'posted' },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const afterReply = await get('/v2/api/statistics/reviews/volume', admin);
    expect(afterReply.responded).toBe(before.responded + 1);
    expect(await get('/v2/api/dashboard/other', admin)).not.toEqual(dashboard);
    expect(await repliesOf()).toBe(repliesBefore + 1);
    expect((await get('/v2/api/reviews/response_rate', admin, {})).responded).toBe(rateBefore.responded + 1);

    const removed = await env.app.inject({
      method: 'DELETE',
      url: `/v2/api/reviews/${world.reviewIds.r8}`,
      headers: bearer(admin),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await get('/v2/api/statistics/reviews/volume', admin)).reviews).toBe(before.reviews - 1);
    expect((await get('/v2/api/reviews/rating', admin, {})).total).toBe(ratingBefore.total - 1);

    const ranking = await get('/v2/api/statistics/locations/performing', admin);
    expect(ranking.data.map((r: { title: string }) => r.title)).toContain('Alpha Grill Marina');
    const renamed = await env.app.inject({
      method: 'PATCH',
      url: `/v2/api/locations/${world.marina}`,
      headers: bearer(admin),
      payload: { title: 'Alpha Grill Marina Walk' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const titles = (await get('/v2/api/statistics/locations/performing', admin)).data.map(
      (r: { title: string }) => r.title,
    );
    expect(titles).toContain('Alpha Grill Marina Walk');
    expect(titles).not.toContain('Alpha Grill Marina');
  });

  it('never give a member limited to some locations the report cached for the whole company', async () => {
    const env = use();
    const all = await get('/v2/api/statistics/locations/performing', admin);
    const volume = await get('/v2/api/statistics/reviews/volume', admin);
    expect(all.total).toBe(3);

    await env.database.db
      .update(users)
      .set({ locationIds: [world.downtown] })
      .where(eq(users.email, 'manager@alpha.test'));
    identitiesChanged(); // changed outside the API: the kept user row is stale
    const manager = (await signIn(env.app, 'manager@alpha.test')).access_token;
    const limited = await get('/v2/api/statistics/locations/performing', manager);
    expect(limited.data.map((r: { location_id: number }) => r.location_id)).toEqual([world.downtown]);
    const limitedVolume = await get('/v2/api/statistics/reviews/volume', manager);
    expect(limitedVolume.reviews).toBe(limited.data[0].reviews);
    expect(limitedVolume.reviews).toBeLessThan(volume.reviews);
  });

  it('send a big report gzipped to a browser that accepts gzip, the same JSON as sent plain, and a small one plain', async () => {
    const env = use();
    await env.database.db.insert(locations).values(
      Array.from({ length: 80 }, (_, i) => ({
        companyId: env.fx.companyA.id,
        title: `Alpha Kiosk ${i + 1}`,
        locationId: `AK-${i + 1}`,
        city: 'Sharjah',
      })),
    );
    identitiesChanged(); // added outside the API: the kept directory of locations is stale
    // A URL not asked before (limit), so the ranking is computed with the new locations; one page of all of them.
    const query = { ...PERIOD, limit: '1000', per_page: '1000' };
    const ask = (url: string, headers: Record<string, string> = {}, q: Record<string, string> = query) =>
      env.app.inject({ method: 'GET', url, query: q, headers: { ...bearer(admin), ...headers } });
    const plain = await ask('/v2/api/statistics/locations/performing');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().total).toBe(83);

    const zipped = await ask('/v2/api/statistics/locations/performing', { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toMatch(/^application\/json/);
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    expect(zipped.rawPayload.length).toBeLessThan(plain.body.length / 4);

    const small = await ask('/v2/api/statistics/reviews/volume', { 'accept-encoding': 'gzip' }, PERIOD);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().reviews).toBeGreaterThan(0);
  });
});
