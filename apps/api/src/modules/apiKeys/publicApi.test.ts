import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness';
import { bearer, signIn } from '../../test/http';
import { createReviewWorld, type ReviewWorld } from '../reviews/test/world';
import { rotateKey } from './repository';

describeEachDatabase('Public API with API keys', (use) => {
  let world: ReviewWorld;
  let companyKey: string;
  let partnerKey: string;

  beforeAll(async () => {
    const { database, fx, app } = use();
    world = await createReviewWorld(database.db, fx);
    const { access_token } = await signIn(app, 'owner@fixture.test');
    const rotated = await app.inject({
      method: 'POST',
      url: `/v2/api/admin/companies/${fx.companyA.id}/accessToken`,
      headers: bearer(access_token),
    });
    companyKey = rotated.json().accessToken;
    partnerKey = (await rotateKey(database.db, { partnerId: fx.partner1.id })).token;
  });

  const get = (url: string, key?: string, how: 'header' | 'query' = 'header') => {
    const { app } = use();
    if (!key) return app.inject({ url });
    if (how === 'query')
      return app.inject({ url: `${url}${url.includes('?') ? '&' : '?'}accessToken=${encodeURIComponent(key)}` });
    return app.inject({ url, headers: { 'x-api-key': key } });
  };

  it('refuses calls without a key, with an unknown key, or with a user bearer token', async () => {
    const missing = await get('/v2/public/reviews');
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error_description).toMatch(/API key is required/);
    expect((await get('/v2/public/reviews', 'not-a-key')).json()).toEqual({
      error: 'invalid_api_key',
      error_description: 'The API key is not valid',
    });
    const { app } = use();
    const { access_token } = await signIn(app, 'admin@alpha.test');
    expect((await app.inject({ url: '/v2/public/reviews', headers: bearer(access_token) })).statusCode).toBe(401);
  });

  it("keeps user routes as they were: an API key is not a user's sign-in", async () => {
    const { app } = use();
    expect((await app.inject({ url: '/v2/api/me', headers: { 'x-api-key': companyKey } })).statusCode).toBe(401);
    expect((await app.inject({ url: `/v2/api/reviews?accessToken=${companyKey}` })).statusCode).toBe(401);
  });

  it('reads the own company reviews newest first with the workspace filter, from the header or the query', async () => {
    const res = await get('/v2/public/reviews?per_page=5', companyKey);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total_reviews_count: 12, page: 1, per_page: 5, total_pages: 3 });
    expect(body.reviews[0]).toMatchObject({
      id: world.ids.r12,
      source: 'feedback',
      location_title: 'Burger Bay Marina',
      brand: 'Burger Bay',
      region: 'Dubai',
      sentiment: 'negative',
    });
    const filtered = (
      await get(
        `/v2/public/reviews?sources=google&ratings=5&date_from=2024-03-01&date_to=2024-03-31`,
        companyKey,
        'query',
      )
    ).json();
    expect(filtered.reviews.map((r: { id: number }) => r.id)).toEqual([world.ids.r1]);
    expect((await get('/v2/public/reviews?date_from=2024-13-01', companyKey)).statusCode).toBe(400);
  });

  it('reads one review with its replies; another tenant review is 404 like a missing one', async () => {
    const one = (await get(`/v2/public/reviews/${world.ids.r1}`, companyKey)).json();
    expect(one.replies.map((r: { text: string }) => r.text)).toEqual(['Thank you Sara, see you soon!']);
    const other = await get(`/v2/public/reviews/${world.bReview}`, companyKey);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual((await get('/v2/public/reviews/99999999', companyKey)).json());
  });

  it('lists locations with review counts and ratings', async () => {
    const body = (await get('/v2/public/locations?search=marina', companyKey)).json();
    expect(body.total).toBe(1);
    expect(body.data[0]).toMatchObject({
      id: world.marina,
      title: 'Burger Bay Marina',
      location_code: 'BB-001',
      brand: 'Burger Bay',
      region: 'Dubai',
      reviews: 4,
      rating: 3,
    });
  });

  it("reads a partner's companies one at a time and never another partner's", async () => {
    const { fx } = use();
    const companies = (await get('/v2/public/companies', partnerKey)).json().data;
    expect(companies.map((c: { company_name: string }) => c.company_name)).toEqual(['Alpha Restaurants', 'Gamma Apps']);
    const without = await get('/v2/public/reviews', partnerKey);
    expect(without.statusCode).toBe(400);
    expect((await get(`/v2/public/reviews?company=${fx.companyA.id}`, partnerKey)).json().total_reviews_count).toBe(12);
    expect((await get(`/v2/public/reviews?company=${fx.companyB.id}`, partnerKey)).statusCode).toBe(404);
    expect((await get(`/v2/public/locations?company=${fx.companyB.id}`, companyKey)).statusCode).toBe(404);
  });

  it('meters every call as free within the monthly credits and paid beyond', async () => {
    const { database, fx } = use();
    const db = database.db;
    // Partner 2 on Custom with 3 credits a month; its company B gets a key of its own.
    await db.execute(sql`UPDATE partners SET package = 'Custom', package_credits = 3 WHERE id = ${fx.partner2.id}`);
    const bKey = (await rotateKey(db, { companyId: fx.companyB.id })).token;
    for (let i = 0; i < 5; i++) expect((await get('/v2/public/companies', bKey)).statusCode).toBe(200);
    // The usage call is a call too: the sixth, so paid.
    const usage = (await get('/v2/public/usage', bKey)).json();
    expect(usage).toMatchObject({ credits: 3, free: 3, paid: 3, remaining: 0 });
    const rows = await db.execute(
      sql`SELECT paid, calls FROM api_usage u JOIN api_keys k ON k.id = u.api_key_id WHERE k.company_id = ${fx.companyB.id} ORDER BY paid`,
    );
    expect((rows as unknown as { rows: { paid: boolean; calls: number }[] }).rows).toEqual([
      { paid: false, calls: 3 },
      { paid: true, calls: 3 },
    ]);
    // Refused calls are not metered.
    await get('/v2/public/reviews?ratings=9', bKey);
    const after = (await get('/v2/public/usage', bKey)).json();
    expect(after.free + after.paid).toBe(7);
  });

  it('stops a rotated key at once and refuses keys of inactive accounts', async () => {
    const { database, fx } = use();
    const old = (await rotateKey(database.db, { companyId: fx.companyC.id })).token;
    expect((await get('/v2/public/companies', old)).statusCode).toBe(200);
    const fresh = (await rotateKey(database.db, { companyId: fx.companyC.id })).token;
    expect((await get('/v2/public/companies', old)).statusCode).toBe(401);
    expect((await get('/v2/public/companies', fresh)).statusCode).toBe(200);
    await database.db.execute(sql`UPDATE companies SET status = 'inactive' WHERE id = ${fx.companyC.id}`);
    expect((await get('/v2/public/companies', fresh)).statusCode).toBe(403);
  });

  it('documents the public API with its key in the OpenAPI document', async () => {
    const { app } = use();
    const doc = (await app.inject({ url: '/docs/json' })).json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    expect(doc.paths['/v2/public/reviews'].get.security).toEqual([{ apiKey: [] }, { apiKeyQuery: [] }]);
    expect(
      Object.keys(doc.paths)
        .filter((p) => p.startsWith('/v2/public/'))
        .sort(),
    ).toEqual([
      '/v2/public/companies',
      '/v2/public/coupons/redeem',
      '/v2/public/coupons/{code}',
      '/v2/public/locations',
      '/v2/public/reviews',
      '/v2/public/reviews/{id}',
      '/v2/public/sms/inbound',
      '/v2/public/sms/status',
      '/v2/public/usage',
    ]);
    // Twilio's hooks are signed by Twilio (X-Twilio-Signature), not called with a company's key.
    expect(doc.paths['/v2/public/sms/status'].post.security).toEqual([]);
  });
});
