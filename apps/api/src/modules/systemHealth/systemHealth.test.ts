import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness';
import { bearer, signIn } from '../../test/http';
import { bucketQuantile, createLatencyRecorder, quantile } from './latency';

describe('latency recorder', () => {
  it('keeps a histogram, exact recent percentiles and a per-minute series', () => {
    const start = Date.UTC(2025, 0, 1, 12, 0, 0);
    const rec = createLatencyRecorder(start);
    for (let i = 1; i <= 100; i++) rec.record('GET /v2/api/x', i === 100 ? 500 : 200, i, start + i * 1000);
    rec.record('GET /v2/api/y', 404, 3000, start + 61_000);
    const snap = rec.snapshot(start + 120_000);
    expect(snap.total).toMatchObject({ count: 101, errors4xx: 1, errors5xx: 1, maxMs: 3000 });
    expect(snap.recent).toMatchObject({ count: 101, p50: 51, p99: 100 });
    expect(snap.histogram.find((b) => b.le === 5)?.count).toBe(5);
    expect(snap.histogram.find((b) => b.le === 5000)?.count).toBe(1);
    expect(snap.routes[0]).toMatchObject({ route: 'GET /v2/api/x', count: 100, errors5xx: 1, p95: 100 });
    expect(snap.minutes).toHaveLength(60);
    const busy = snap.minutes.filter((m) => m.count > 0);
    expect(busy.map((m) => m.count)).toEqual([59, 42]);
    expect(snap.lastHour.count).toBe(101);
  });

  it('reads quantiles by nearest rank and from buckets', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2);
    expect(quantile([], 0.5)).toBeNull();
    const rec = createLatencyRecorder(0);
    rec.record('r', 200, 7, 0);
    rec.record('r', 200, 7000, 0);
    const snap = rec.snapshot(0);
    expect(snap.routes[0]!.p95).toBe(7000);
    expect(bucketQuantile({ count: 0, sumMs: 0, maxMs: 0, errors4xx: 0, errors5xx: 0, buckets: [] }, 0.5)).toBeNull();
  });
});

describeEachDatabase('System health', (use) => {
  let token: string;
  beforeAll(async () => {
    const { database, fx, app } = use();
    const db = database.db;
    await db.execute(
      sql`INSERT INTO locations (company_id, title, location_id) VALUES (${fx.companyA.id}, 'Fresh Place', 'F-1'), (${fx.companyA.id}, 'Quiet Place', 'Q-1')`,
    );
    // Google synced an hour ago for Alpha; Zomato last synced five days ago; Beta's Google an hour ago.
    await db.execute(sql`INSERT INTO reviews (company_id, location_id, source, rating, created_at, fetched_at)
      SELECT ${fx.companyA.id}::int, (SELECT id FROM locations WHERE location_id = 'F-1'), 'google', 5::smallint, now() - interval '2 days', now() - interval '1 hour'
      UNION ALL SELECT ${fx.companyA.id}::int, (SELECT id FROM locations WHERE location_id = 'F-1'), 'zomato', 4, now() - interval '6 days', now() - interval '5 days'
      UNION ALL SELECT ${fx.companyB.id}::int, NULL::int, 'google', 3, now() - interval '1 day', now() - interval '1 hour'`);
    await db.execute(
      sql`INSERT INTO jobs (name, status, run_at) VALUES ('demo.wait', 'queued', now() - interval '1 minute'), ('demo.later', 'queued', now() + interval '1 hour')`,
    );
    await db.execute(
      sql`INSERT INTO jobs (name, status, last_error, finished_at, attempts) VALUES ('demo.broken', 'dead', 'SMTP refused', now() - interval '2 hours', 5)`,
    );
    // Review sync: Alpha's Google account needs a reconnect; its Fresh Place last failed, two hours late.
    await db.execute(sql`INSERT INTO source_connections (company_id, location_id, source, account, status) VALUES
      (${fx.companyA.id}, 0, 'google', 'accounts/1', 'reconnect_needed')`);
    await db.execute(sql`INSERT INTO source_connections (company_id, location_id, source, account, last_sync_at, last_error_at, last_error, next_sync_at)
      SELECT ${fx.companyA.id}::int, id, 'google', 'accounts/1/locations/9', now() - interval '3 hours', now() - interval '2 hours', 'Google API: unavailable', now() - interval '2 hours'
      FROM locations WHERE location_id = 'F-1'`);
    token = (await signIn(app, 'owner@fixture.test')).access_token;
  });
  const get = (url: string) => use().app.inject({ url, headers: bearer(token) });

  it('sums up status with reasons, queue depth, sync freshness per source and API traffic', async () => {
    await get('/v2/api/admin/companies');
    await get('/v2/api/admin/companies/999999');
    const body = (await get('/v2/api/admin/systemhealth')).json();
    expect(body.status).toBe('degraded');
    expect(body.reasons).toContain('1 background job(s) failed their last attempt in the last 24 hours.');
    expect(body.reasons).toContain('2 source(s) have not synced for over 48 hours at some company.');
    expect(body.reasons).toContain('1 review source connection(s) need to be connected again.');
    expect(body.reasons).toContain('The last review sync failed for 1 location(s).');
    expect(body.reasons).toContain('1 location review sync(s) are over an hour late.');
    expect(body.connections).toEqual([
      expect.objectContaining({ source: 'google', title: 'Google', accounts: 1, reconnectNeeded: 1, locations: 1 }),
    ]);
    // Other modules keep recurring jobs in the queue too: ours are at least there.
    expect(body.queue).toMatchObject({ dead: 1, deadLastDay: 1 });
    expect(body.queue.queued).toBeGreaterThanOrEqual(2);
    expect(body.queue.due).toBeGreaterThanOrEqual(1);
    expect(body.queue.recentDead[0]).toMatchObject({ name: 'demo.broken', error: 'SMTP refused', attempts: 5 });
    // Optional services this server has no settings for are not configured, which is no fault.
    const services = Object.fromEntries(body.services.map((s: { key: string; state: string }) => [s.key, s.state]));
    expect(services).toEqual({
      mail: 'not configured',
      translation: 'not configured',
      ai: 'not configured',
      realtime: 'ok',
    });
    expect(body.reasons.filter((r: string) => /mail|translat|\bAI\b/i.test(r))).toEqual([]);
    const bySource = Object.fromEntries(body.sync.map((s: { source: string }) => [s.source, s]));
    // Alpha has google, facebook and zomato; Beta google: facebook never synced, zomato five days ago.
    expect(bySource.google).toMatchObject({
      title: 'Google',
      companies: 2,
      staleCompanies: 0,
      fetchedLastDay: 2,
      stale: false,
    });
    expect(bySource.zomato).toMatchObject({ stale: true, staleCompanies: 1, fetchedLastDay: 0 });
    expect(bySource.facebook).toMatchObject({ stale: true, lastFetchedAt: null, ageHours: null });
    expect(bySource.zomato.ageHours).toBeGreaterThan(119);
    expect(body.database.driver).toBe('PGlite (embedded)');
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(body.api.requests).toBeGreaterThanOrEqual(2);
    expect(body.api.errors4xx).toBeGreaterThanOrEqual(1);
    expect(body.tenancy).toMatchObject({ companies: 3, locations: 2, locationsWithoutReviews: 1 });
  });

  it('lists companies with their newest fetch and stale sources', async () => {
    const { fx } = use();
    const body = (await get('/v2/api/admin/systemhealth/companies')).json();
    const a = body.data.find((c: { id: number }) => c.id === fx.companyA.id);
    expect(a).toMatchObject({ company_name: 'Alpha Restaurants', fetchedLastDay: 1, fetchedLastWeek: 2, sources: 3 });
    expect(a.staleSources.map((s: { value: string }) => s.value)).toEqual(['facebook', 'zomato']);
    expect(a.ageHours).toBeCloseTo(1, 0);
    const c = body.data.find((x: { id: number }) => x.id === fx.companyC.id);
    expect(c.lastFetchedAt).toBeNull();
  });

  it('lists locations stalest first, never-synced first of all', async () => {
    const body = (await get('/v2/api/admin/systemhealth/locations')).json();
    expect(body.data.map((l: { title: string }) => l.title)).toEqual(['Quiet Place', 'Fresh Place']);
    expect(body.data[0]).toMatchObject({ lastFetchedAt: null, fetchedLastWeek: 0 });
    expect(body.data[1].fetchedLastWeek).toBe(2);
    expect(body.total).toBe(2);
  });

  it('reports API latency per route as measured by the response hook', async () => {
    for (let i = 0; i < 3; i++) await get('/v2/api/admin/partners');
    const body = (await get('/v2/api/admin/systemhealth/performance')).json();
    const partners = body.routes.find((r: { route: string }) => r.route === 'GET /v2/api/admin/partners');
    expect(partners.count).toBeGreaterThanOrEqual(3);
    expect(partners.p95).toBeGreaterThan(0);
    expect(body.histogram.reduce((s: number, b: { count: number }) => s + b.count, 0)).toBe(body.total.count);
    expect(body.minutes).toHaveLength(60);
  });

  it('is for the Owner only', async () => {
    const { app } = use();
    const partner = await signIn(app, 'partner1@fixture.test');
    for (const p of ['', '/companies', '/locations', '/performance']) {
      expect(
        (await app.inject({ url: `/v2/api/admin/systemhealth${p}`, headers: bearer(partner.access_token) })).statusCode,
      ).toBe(403);
    }
  });
});
