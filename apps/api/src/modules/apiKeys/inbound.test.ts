import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { jobQueueFor } from '../../platform/jobs';
import { describeEachDatabase } from '../../test/harness';
import { bearer, signIn } from '../../test/http';
import { listOutbox } from '../outbox/repository';
import { createReviewWorld, type ReviewWorld } from '../reviews/test/world';
import { rotateKey } from './repository';

describeEachDatabase('Inbound review API (POST /v2/public/reviews)', (use) => {
  let world: ReviewWorld;
  let companyKey: string;
  let partnerKey: string;

  beforeAll(async () => {
    const { database, fx, app } = use();
    world = await createReviewWorld(database.db, fx);
    companyKey = (await rotateKey(database.db, { companyId: fx.companyA.id })).token;
    partnerKey = (await rotateKey(database.db, { partnerId: fx.partner1.id })).token;
    // The admin subscribes to instant mails of low ratings, to see the upload's notification path.
    const { access_token } = await signIn(app, 'admin@alpha.test');
    const saved = await app.inject({
      method: 'POST',
      url: '/v2/api/notifications/reviews',
      headers: bearer(access_token),
      payload: { delivery: 'instant', ratings: [1, 2], sources: [], locations: [], kinds: ['count'] },
    });
    expect(saved.statusCode).toBeLessThan(300);
  });

  const post = (payload: Record<string, unknown>, key = companyKey) =>
    use().app.inject({ method: 'POST', url: '/v2/public/reviews', headers: { 'x-api-key': key }, payload });

  const calls = async (companyId: number) => {
    const result = await use().database.db.execute(
      sql`SELECT coalesce(sum(calls), 0)::int AS n FROM api_usage u JOIN api_keys k ON k.id = u.api_key_id WHERE k.company_id = ${companyId}`,
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  };

  const review = {
    source: 'trustpilot',
    source_review_id: 'tp-1001',
    location_code: 'BB-001',
    rating: 2,
    text: 'The delivery was two hours late',
    author_name: 'Karim B',
    date: '2026-11-20T18:30:00Z',
    language: 'en',
    url: 'https://www.trustpilot.com/reviews/tp-1001',
  };

  it('creates a review (201), then answers the same review to a repeat (200)', async () => {
    const { fx, database } = use();
    const before = await calls(fx.companyA.id);
    const created = await post(review);
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      company_id: fx.companyA.id,
      location_id: world.marina,
      location_code: 'BB-001',
      source: 'trustpilot',
      source_title: 'Trustpilot',
      rating: 2,
      text: 'The delivery was two hours late',
      author_name: 'Karim B',
      sentiment: 'negative',
      created_at: '2026-11-20T18:30:00.000Z',
    });
    const repeat = await post({ ...review, text: 'changed text is not applied' });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual(body);
    // Every call is metered, the repeat too.
    expect(await calls(fx.companyA.id)).toBe(before + 2);
    const stored = await database.db.execute(
      sql`SELECT count(*)::int AS n FROM reviews WHERE company_id = ${fx.companyA.id} AND external_id = 'tp-1001'`,
    );
    expect((stored as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    // The same source id of another source is another review; by our location id too.
    const other = await post({ ...review, source: 'yelp', location_code: undefined, location_id: world.jlt });
    expect(other.statusCode).toBe(201);
    expect(other.json()).toMatchObject({ source: 'yelp', location_id: world.jlt });
    // The workspace and the public list see it at once; the daily rollup counts it.
    const listed = await use().app.inject({
      url: '/v2/public/reviews?sources=trustpilot',
      headers: { 'x-api-key': companyKey },
    });
    expect(listed.json().reviews.map((r: { id: number }) => r.id)).toEqual([body.id]);
  });

  it('goes the way of uploaded reviews: instant notification mails', async () => {
    const { database } = use();
    await jobQueueFor({ db: database.db }).runDue();
    const mails = await listOutbox(database.db, { to: 'admin@alpha.test', limit: 5 });
    expect(mails.some((m) => m.text.includes('The delivery was two hours late'))).toBe(true);
  });

  it('answers bad input in our error shape with a message per field', async () => {
    const bad = await post({
      source: 'myspace',
      source_review_id: '',
      rating: 7,
      date: '2025-02-30',
      url: 'ftp://x',
      location_id: world.marina,
      location_code: 'BB-001',
    });
    expect(bad.statusCode).toBe(400);
    const body = bad.json();
    expect(body.error).toBe('invalid_request');
    const fields = Object.fromEntries(
      (body.details as { field: string; message: string }[]).map((d) => [d.field, d.message]),
    );
    expect(fields).toMatchObject({
      source: expect.stringMatching(/source value of Reputo's catalogue/),
      source_review_id: 'source_review_id is required',
      rating: 'rating must be a whole number from 1 to 5',
      date: expect.stringMatching(/YYYY-MM-DD/),
      url: 'url must start with http:// or https://',
    });
    const empty = (await post({ source: 'yelp', source_review_id: 'x', date: '2025-01-01' })).json();
    expect(empty.details).toEqual([{ field: 'rating', message: 'A review needs a rating or a text' }]);
    const future = (await post({ ...review, date: '2099-01-01' })).json();
    expect(future.details).toEqual([{ field: 'date', message: 'date is in the future' }]);
    const nowhere = await post({ ...review, source_review_id: 'tp-2', location_code: undefined });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().details[0].field).toBe('location_id');
  });

  it('refuses a missing or wrong key with 401', async () => {
    const { app } = use();
    expect((await app.inject({ method: 'POST', url: '/v2/public/reviews', payload: review })).statusCode).toBe(401);
    const wrong = await post(review, 'not-a-key');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'invalid_api_key', error_description: 'The API key is not valid' });
  });

  it("answers 404 for another company's location or company, the same as a missing one", async () => {
    const { fx } = use();
    const foreign = await post({
      ...review,
      source_review_id: 'tp-3',
      location_code: undefined,
      location_id: world.bLocation,
    });
    expect(foreign.statusCode).toBe(404);
    const missing = await post({
      ...review,
      source_review_id: 'tp-3',
      location_code: undefined,
      location_id: 99999999,
    });
    expect(foreign.json()).toEqual(missing.json());
    expect((await post({ ...review, source_review_id: 'tp-3', location_code: 'NOPE' })).statusCode).toBe(404);
    // A partner key writes into one of its companies, never into another partner's.
    expect((await post({ ...review, company: fx.companyB.id }, partnerKey)).statusCode).toBe(404);
    expect((await post({ ...review, source_review_id: 'tp-3' }, partnerKey)).statusCode).toBe(400);
    const viaPartner = await post({ ...review, source_review_id: 'tp-4', company: fx.companyA.id }, partnerKey);
    expect(viaPartner.statusCode).toBe(201);
  });

  it('is in the OpenAPI document with the key security and both answers', async () => {
    const { app } = use();
    const doc = (await app.inject({ url: '/docs/json' })).json();
    const op = doc.paths['/v2/public/reviews'].post;
    expect(op.security).toEqual([{ apiKey: [] }, { apiKeyQuery: [] }]);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '201']));
    expect(op.requestBody.content['application/json'].schema.properties).toHaveProperty('source_review_id');
  });
});
