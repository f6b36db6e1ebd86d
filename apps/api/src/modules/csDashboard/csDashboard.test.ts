import { lastDays } from '@reputo/core';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { describeEachDatabase } from '../../test/harness';
import { bearer, signIn } from '../../test/http';
import { createReviewWorld } from '../reviews/test/world';
import { sheetRows, tableFrom } from '../companies/test/xlsx';

/** The review world's days are in March and April 2024. */
const PERIOD = 'dateFrom=2024-03-01&dateTo=2024-04-30';

describeEachDatabase('CS dashboard', (use) => {
  let token: string;
  beforeAll(async () => {
    const { database, fx, app } = use();
    const world = await createReviewWorld(database.db, fx);
    await database.db
      .execute(sql`INSERT INTO source_connections (company_id, location_id, source, account, access_token, expires_at) VALUES
      (${fx.companyA.id}, 0, 'google', 'accounts/1', 'tok', now() + interval '1 hour'),
      (${fx.companyB.id}, 0, 'facebook', 'page-1', 'tok', now() - interval '1 hour')`);
    // Review sync's freshness: Alpha's Marina synced two hours ago and failed since; Beta's Facebook needs a reconnect.
    await database.db
      .execute(sql`INSERT INTO source_connections (company_id, location_id, source, account, last_sync_at, last_error_at, last_error)
      VALUES (${fx.companyA.id}, ${world.marina}, 'google', 'accounts/1/locations/2', '2026-01-01T10:00:00Z', '2026-01-01T11:00:00Z', 'Google API: unavailable')`);
    await database.db.execute(
      sql`UPDATE source_connections SET status = 'reconnect_needed' WHERE company_id = ${fx.companyB.id}`,
    );
    token = (await signIn(app, 'owner@fixture.test')).access_token;
  });
  const get = (url: string) => use().app.inject({ url, headers: bearer(token) });

  it('overview: every company with its period figures from the rollup', async () => {
    const { fx } = use();
    const body = (await get(`/v2/api/admin/dashboard/overview?${PERIOD}`)).json();
    expect(body.range).toEqual({ from: '2024-03-01', to: '2024-04-30' });
    const a = body.data.find((c: { id: number }) => c.id === fx.companyA.id);
    // 12 own reviews; 11 rated, average 39/11; 3 answered.
    expect(a).toMatchObject({
      company_name: 'Alpha Restaurants',
      partner_name: 'Fixture Agency',
      reviews: 12,
      avgRating: 3.55,
      responseRate: 25,
      locations: 4,
      users: 4,
      lastReviewDay: '2024-04-05',
    });
    const b = body.data.find((c: { id: number }) => c.id === fx.companyB.id);
    expect(b).toMatchObject({ reviews: 1, avgRating: 4, responseRate: 0 });
    expect(body.totals).toMatchObject({ companies: 3, activeCompanies: 3, reviews: 13 });
    expect(body.daily.find((d: { day: string }) => d.day === '2024-03-01')).toEqual({
      day: '2024-03-01',
      reviews: 2,
      responded: 1,
      avgRating: 4.5,
    });
    const empty = (await get('/v2/api/admin/dashboard/overview?dateFrom=2023-01-01&dateTo=2023-01-31')).json();
    expect(empty.totals.reviews).toBe(0);
    expect(empty.data.find((c: { id: number }) => c.id === fx.companyA.id).avgRating).toBeNull();
  });

  it('defaults to the last 30 days and refuses a range in the future or reversed', async () => {
    expect((await get('/v2/api/admin/dashboard/overview')).json().range).toEqual(lastDays(30, new Date()));
    const future = await get('/v2/api/admin/dashboard/response?dateFrom=2024-01-01&dateTo=2999-01-01');
    expect(future.statusCode).toBe(400);
    expect(future.json().error_description).toBe('End date cannot be in the future.');
    expect(
      (await get('/v2/api/admin/dashboard/response?dateFrom=2024-02-01&dateTo=2024-01-01')).json().error_description,
    ).toBe('Start date cannot be after end date.');
  });

  it('response: rate and time per company with replies by origin', async () => {
    const { fx } = use();
    const body = (await get(`/v2/api/admin/dashboard/response?${PERIOD}`)).json();
    const a = body.data.find((c: { id: number }) => c.id === fx.companyA.id);
    expect(a).toMatchObject({
      reviews: 12,
      responded: 3,
      responseRate: 25,
      avgResponseHours: 1,
      posted: 3,
      failed: 0,
      manual: 3,
    });
    expect(body.totals).toMatchObject({
      reviews: 13,
      responded: 3,
      posted: 3,
      byOrigin: { manual: 3, template: 0, ai: 0, auto: 0 },
    });
  });

  it("feedback: first-party feedback per company, the star distribution and the landing pages' NPS", async () => {
    const { fx, database } = use();
    // Landing page answers: 9 of 10 and 5 stars promote, 2 stars detract; one answer falls outside the period.
    for (const [type, score, at] of [
      ['nps', 9, '2024-03-05T10:00:00Z'],
      ['stars', 5, '2024-04-02T10:00:00Z'],
      ['stars', 2, '2024-04-30T23:00:00Z'],
      ['nps', 0, '2024-05-01T00:00:00Z'],
    ] as const)
      await database.db.execute(
        sql`INSERT INTO feedback_responses (company_id, rating_type, score, created_at) VALUES (${fx.companyA.id}, ${type}, ${score}, ${at})`,
      );
    const body = (await get(`/v2/api/admin/dashboard/feedback?${PERIOD}`)).json();
    const a = body.data.find((c: { id: number }) => c.id === fx.companyA.id);
    expect(a).toMatchObject({
      featureOn: true,
      feedback: 2,
      avgRating: 3.5,
      positive: 1,
      negative: 1,
      answers: 3,
      nps: 33,
    });
    expect(body.totals).toMatchObject({
      feedback: 2,
      stars: [0, 1, 0, 0, 1],
      answers: 3,
      nps: 33,
      promoters: 2,
      detractors: 1,
    });
    expect(body.data.find((c: { id: number }) => c.id === fx.companyB.id).featureOn).toBe(false);
  });

  it('oauth: Google and Facebook connections per company, expired ones counted', async () => {
    const { fx, database } = use();
    // Two of company A's reviews, as Google reviews review sync found gone from Google.
    const removed = rowsOf<{ id: number; was: string }>(
      await database.db.execute(sql`WITH picked AS (
          SELECT id, source FROM reviews WHERE company_id = ${fx.companyA.id} ORDER BY id LIMIT 2)
        UPDATE reviews r SET source = 'google', removed_at = now() FROM picked WHERE r.id = picked.id
        RETURNING r.id, picked.source AS was`),
    );
    expect(removed).toHaveLength(2);
    const body = (await get('/v2/api/admin/dashboard/oauth')).json();
    expect(body.totals).toMatchObject({
      companies: 3,
      googleConnected: 1,
      facebookConnected: 1,
      notConnected: 1,
      expired: 1,
    });
    const a = body.data.find((c: { id: number }) => c.id === fx.companyA.id);
    expect(a.google).toMatchObject({
      connected: true,
      companyWide: true,
      expired: 0,
      locations: 1,
      reconnectNeeded: false,
      lastSyncAt: '2026-01-01T10:00:00.000Z',
      stalestSyncAt: '2026-01-01T10:00:00.000Z',
      failingLocations: 1,
      removedReviews: 2,
    });
    expect(body.data.find((c: { id: number }) => c.id === fx.companyB.id).google.removedReviews).toBe(0);
    for (const r of removed)
      await database.db.execute(sql`UPDATE reviews SET source = ${r.was}, removed_at = NULL WHERE id = ${r.id}`);
    expect(body.data.find((c: { id: number }) => c.id === fx.companyB.id).facebook.reconnectNeeded).toBe(true);
    expect(a.facebook.connected).toBe(false);
    expect(body.data.find((c: { id: number }) => c.id === fx.companyB.id).facebook.expired).toBe(1);
  });

  it('exports each report to Excel with the figures of the screen', async () => {
    const { app } = use();
    for (const report of ['overview', 'response', 'feedback', 'oauth']) {
      const res = await app.inject({
        url: `/v2/api/admin/dashboard/export?report=${report}&${PERIOD}&access_token=${token}`,
      });
      expect(res.statusCode, report).toBe(200);
      const sheet = report === 'oauth' ? 'OAuth' : report[0]!.toUpperCase() + report.slice(1);
      const { header, data } = tableFrom(await sheetRows(res.rawPayload, sheet), 'Company');
      expect(data.map((r) => r[0]).sort()).toEqual(['Alpha Restaurants', 'Beta Bank', 'Gamma Apps']);
      if (report === 'overview')
        expect(data.find((r) => r[0] === 'Alpha Restaurants')?.[header.indexOf('Reviews')]).toBe(12);
    }
    expect((await get('/v2/api/admin/dashboard/export?report=money')).statusCode).toBe(400);
  });

  it('is for the Owner only', async () => {
    const { app } = use();
    const partner = await signIn(app, 'partner1@fixture.test');
    for (const r of ['overview', 'response', 'feedback', 'oauth', 'export']) {
      expect(
        (await app.inject({ url: `/v2/api/admin/dashboard/${r}`, headers: bearer(partner.access_token) })).statusCode,
      ).toBe(403);
    }
  });
});
