import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveConsent } from '../../connectors/oauthFake';
import { makeGoogleReviews, startFakeGoogle, type FakeGoogle } from '../../connectors/google/fake';
import { makeFacebookRatings } from '../../connectors/facebook/fake';
import { startFakeGraph, type FakeGraph } from '../../connectors/meta/fake';
import { jobs, locations, reviewHistory, reviews, sourceConnections } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import { jobQueueFor } from '../../platform/jobs';
import { isSealed } from '../../platform/secrets';
import { describeEachDatabase, type TestEnv } from '../../test/harness';
import { bearer, signIn } from '../../test/http';
import { NEW_REVIEWS_JOB } from '../notifications/service';
import { listOutbox } from '../outbox/repository';
import { pickPort } from '../../test/processes';
import { SYNC_SCHEDULE_JOB } from './syncQueue';
import { matchPlaces } from './service';

const googlePort = pickPort();
const graphPort = pickPort() + 1;
let google: FakeGoogle;
let graph: FakeGraph;

const env = {
  GOOGLE_CLIENT_ID: 'fake-google-client',
  GOOGLE_CLIENT_SECRET: 'fake-google-secret',
  GOOGLE_AUTH_URL: `http://127.0.0.1:${googlePort}/o/oauth2/v2/auth`,
  GOOGLE_TOKEN_URL: `http://127.0.0.1:${googlePort}/token`,
  GOOGLE_ACCOUNTS_URL: `http://127.0.0.1:${googlePort}/v1`,
  GOOGLE_BUSINESS_INFO_URL: `http://127.0.0.1:${googlePort}/v1`,
  GOOGLE_API_URL: `http://127.0.0.1:${googlePort}/v4`,
  FACEBOOK_GRAPH_URL: `http://127.0.0.1:${graphPort}/v21.0`,
  FACEBOOK_AUTH_URL: `http://127.0.0.1:${graphPort}/v21.0/dialog/oauth`,
  FACEBOOK_APP_ID: 'fake-facebook-app',
  META_APP_SECRET: 'fake-facebook-secret',
  FACEBOOK_GRAPH_RETRY_MS: '5',
};

describe('matching offered places to our locations', () => {
  const ours: Parameters<typeof matchPlaces>[1] = [
    { id: 1, title: 'Marina Walk', address: '12 Marina Walk', city: 'Dubai', sourceUrls: {} },
    {
      id: 2,
      title: 'Downtown',
      address: null,
      city: null,
      sourceUrls: { google: 'https://maps.google.com/?cid=PLACE-2' },
    },
    { id: 3, title: 'JBR Beach', address: null, city: null, sourceUrls: {} },
    { id: 4, title: 'Twin', address: null, city: null, sourceUrls: {} },
    { id: 5, title: 'Twin', address: null, city: null, sourceUrls: {} },
  ];
  it('matches by place id, then address, then name, and leaves ambiguous ones for the user', () => {
    const pairs = matchPlaces(
      [
        { id: 'g1', name: 'Alpha Marina', address: '12 Marina Walk, Dubai', placeId: null },
        { id: 'g2', name: 'Alpha DT', address: 'Sheikh Zayed Rd', placeId: 'PLACE-2' },
        { id: 'g3', name: 'jbr  beach!', address: null, placeId: null },
        { id: 'g4', name: 'Twin', address: null, placeId: null },
      ],
      ours,
      { locationIds: new Set(), placeIds: new Set() },
    );
    expect(pairs.map((p) => [p.place.id, p.locationId]).sort()).toEqual([
      ['g1', 1],
      ['g2', 2],
      ['g3', 3],
    ]);
  });
});

/** The state cookie the consent address came with, as the browser sends it back. */
export function browserCookie(start: { headers: Record<string, unknown> }): string {
  return String(start.headers['set-cookie']).split(';')[0]!;
}

describeEachDatabase(
  'review sources: OAuth connect, mapping, sync',
  (use) => {
    let t: TestEnv;
    const tokens: Record<string, string> = {};
    const loc: Record<string, number> = {};
    let betaLocation: number;

    beforeAll(async () => {
      t = use();
      google ??= await startFakeGoogle({ port: googlePort });
      graph ??= await startFakeGraph({ port: graphPort, appSecret: 'fake-facebook-secret' });
      for (const [key, email] of Object.entries({
        admin: 'admin@alpha.test',
        analyst: 'analyst@alpha.test',
        beta: 'admin@beta.test',
      }))
        tokens[key] = (await signIn(t.app, email)).access_token;
      const db = t.database.db;
      const made = await db
        .insert(locations)
        .values([
          { companyId: t.fx.companyA.id, title: 'Marina Walk', address: '12 Marina Walk', city: 'Dubai' },
          { companyId: t.fx.companyA.id, title: 'Downtown', address: '1 Boulevard', city: 'Dubai' },
          { companyId: t.fx.companyA.id, title: 'Unmatched Corner', address: null, city: null },
        ])
        .returning({ id: locations.id, title: locations.title });
      for (const m of made) loc[m.title] = m.id;
      const [b] = await db
        .insert(locations)
        .values({ companyId: t.fx.companyB.id, title: 'Beta HQ' })
        .returning({ id: locations.id });
      betaLocation = b!.id;

      // The Google account: two locations matching ours (by address and by name), one extra.
      google.accounts.clear();
      google.addAccount('100', 'Alpha Group');
      google.addLocation({
        account: '100',
        id: 'L1',
        title: 'Alpha Marina',
        address: { addressLines: ['12 Marina Walk'], locality: 'Dubai' },
        reviews: makeGoogleReviews('L1', 120),
      });
      google.addLocation({ account: '100', id: 'L2', title: 'Downtown', reviews: makeGoogleReviews('L2', 3) });
      google.addLocation({ account: '100', id: 'L3', title: 'Airport Kiosk', reviews: makeGoogleReviews('L3', 2) });
      // The Facebook user manages one page named like one of our locations.
      graph.reviews.pages.clear();
      graph.reviews.addReviewPage({
        id: 'page-77',
        name: 'Marina Walk',
        token: 'page-token-77',
        ratings: makeFacebookRatings('page-77', 130).map((r, i) =>
          i === 3 ? { ...r, pageReply: { message: 'Thanks from the page', createdTime: r.createdTime } } : r,
        ),
      });
    });
    afterAll(async () => {
      // Both databases share the fakes; the last suite closes them.
    });

    const call = (who: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(tokens[who]!), ...(payload ? { payload } : {}) });
    const runJobs = () => jobQueueFor(t.app.deps).runDue();
    const countReviews = async (source: string, extra = sql`true`) =>
      Number(
        rowsOf<{ n: number }>(
          await t.database.db.execute(
            sql`SELECT count(*)::int AS n FROM reviews WHERE company_id = ${t.fx.companyA.id} AND source = ${source} AND ${extra}`,
          ),
        )[0]!.n,
      );

    /** Alpha's Google account connection (location 0). */
    const googleAccountRow = () =>
      t.database.db
        .select()
        .from(sourceConnections)
        .where(
          and(
            eq(sourceConnections.companyId, t.fx.companyA.id),
            eq(sourceConnections.locationId, 0),
            eq(sourceConnections.source, 'google'),
          ),
        );

    async function connect(source: 'google' | 'facebook') {
      const start =
        source === 'google'
          ? await call('admin', 'GET', '/v2/api/googleOAuth/url')
          : await call('admin', 'POST', '/v2/api/facebook/url');
      expect(start.statusCode).toBe(200);
      const authorize = new URL(start.json().url as string);
      expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
      expect(authorize.searchParams.get('state')).toBeTruthy();
      const back = await approveConsent(authorize.toString());
      const res = await t.app.inject({
        method: 'GET',
        url: `${back.pathname}${back.search}`,
        headers: { cookie: browserCookie(start) },
      });
      expect(res.statusCode).toBe(302);
      return new URL(res.headers.location as string, 'http://reputo.test');
    }

    it('connects Google through the consent page (state and PKCE), stores the tokens sealed and maps by address and name', async () => {
      const back = await connect('google');
      expect(back.pathname).toBe('/settings/other/thirdPartyLogin');
      expect(back.searchParams.get('connected')).toBe('1');
      expect(back.searchParams.get('mapped')).toBe('2');
      const [account] = await googleAccountRow();
      expect(isSealed(account!.accessToken!)).toBe(true);
      expect(isSealed(account!.refreshToken!)).toBe(true);
      expect(account!.accountName).toBe('Alpha Group');

      const state = (await call('admin', 'GET', '/v2/api/admin/googleOAuth')).json();
      expect(state.status).toBe('connected');
      expect(state.places.map((p: { id: string; locationId: number | null }) => [p.id, p.locationId])).toEqual([
        ['accounts/100/locations/L1', loc['Marina Walk']],
        ['accounts/100/locations/L2', loc['Downtown']],
        ['accounts/100/locations/L3', null],
      ]);
      const info = (await call('analyst', 'GET', '/v2/api/googleOAuth/accessInfo')).json();
      expect(info).toMatchObject({ connected: true, status: 'connected', mappedLocations: 2 });
    });

    it('refuses a state from another browser, a replayed and a forged one', async () => {
      const start = await call('admin', 'GET', '/v2/api/googleOAuth/url');
      expect(start.headers['set-cookie']).toMatch(/HttpOnly; SameSite=Lax/);
      const back = await approveConsent(start.json().url);
      // The consent link followed in a browser that did not start it (no cookie): refused, and the state kept.
      const elsewhere = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
      expect(new URL(elsewhere.headers.location as string, 'http://x').searchParams.get('error')).toMatch(
        /started in another browser/,
      );
      const cookie = browserCookie(start);
      const first = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });
      expect(new URL(first.headers.location as string, 'http://x').searchParams.get('connected')).toBe('1');
      const again = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });
      expect(new URL(again.headers.location as string, 'http://x').searchParams.get('error')).toMatch(
        /expired or was already used/,
      );
      const forged = await t.app.inject({
        method: 'GET',
        url: '/v2/api/oauth/callback/google?code=x&state=forged',
        headers: { cookie: 'reputo_oauth_google=forged' },
      });
      expect(new URL(forged.headers.location as string, 'http://x').searchParams.get('error')).toBeTruthy();
    });

    it('maps by hand, and answers 404 for locations and places of others', async () => {
      const own = await call('admin', 'PATCH', '/v2/api/admin/googleOAuth', {
        mappings: [{ locationId: loc['Unmatched Corner']!, id: 'accounts/100/locations/L3' }],
      });
      expect(own.json()).toEqual({ mapped: 1, unmapped: 0 });
      const foreign = await call('admin', 'PATCH', '/v2/api/admin/googleOAuth', {
        mappings: [{ locationId: betaLocation, id: 'accounts/100/locations/L3' }],
      });
      expect(foreign.statusCode).toBe(404);
      const unknownPlace = await call('admin', 'PATCH', '/v2/api/admin/googleOAuth', {
        mappings: [{ locationId: loc['Unmatched Corner']!, id: 'accounts/999/locations/X' }],
      });
      expect(unknownPlace.statusCode).toBe(404);
      expect(
        (await call('admin', 'POST', '/v2/api/admin/integrations/sync', { locationId: betaLocation })).statusCode,
      ).toBe(404);
      expect((await call('admin', 'POST', '/v2/api/facebook/page', { pageId: 'page-77' })).statusCode).toBe(404);
      // Another company sees nothing of Alpha's connection.
      const beta = (await call('beta', 'GET', '/v2/api/admin/integrations')).json();
      expect(beta.integrations.every((i: { status: string }) => i.status === 'not_connected')).toBe(true);
      expect(
        (
          await call('analyst', 'PATCH', '/v2/api/admin/googleOAuth', {
            mappings: [{ locationId: loc['Downtown']!, id: null }],
          })
        ).statusCode,
      ).toBe(403);
    });

    it('syncs the mapped locations through paged lists; a second run changes nothing', async () => {
      google.calls.length = 0;
      await runJobs();
      expect(await countReviews('google')).toBe(125);
      const pages = google.calls.filter((c) => c.path.includes('/locations/L1/reviews'));
      expect(pages.length).toBe(3); // 120 reviews, 50 a page
      expect(pages[1]!.path).toContain('pageToken=');
      const queued = (await call('admin', 'POST', '/v2/api/admin/integrations/sync', { source: 'google' })).json();
      expect(queued.queued).toBe(3);
      await runJobs();
      expect(await countReviews('google')).toBe(125);
      const list = (await call('admin', 'GET', '/v2/api/admin/connectedLocations')).json();
      const marina = list.locations.find((l: { locationId: number }) => l.locationId === loc['Marina Walk']);
      expect(marina.google.lastSyncAt).toBeTruthy();
      expect(new Date(marina.google.nextSyncAt).getTime()).toBeGreaterThan(Date.now());
      const integrations = (await call('admin', 'GET', '/v2/api/admin/integrations')).json();
      expect(integrations.integrations[0]).toMatchObject({ source: 'google', status: 'connected', mappedLocations: 3 });
    });

    it("posts a reply to a synced Google review through the mapped location and the account's sealed token", async () => {
      const db = t.database.db;
      const [review] = await db.select().from(reviews).where(eq(reviews.externalId, 'L2-r0'));
      const res = await call('admin', 'POST', '/v2/api/responses/create', {
        reviewId: review!.id,
        text: 'Thanks for coming by!',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ status: 'posted' });
      expect(google.location('100', 'L2')!.reviews.find((r) => r.reviewId === 'L2-r0')!.reviewReply?.comment).toBe(
        'Thanks for coming by!',
      );
    });

    it('the schedule queues due locations only, and none of an account that needs a reconnect', async () => {
      const db = t.database.db;
      const queue = jobQueueFor(t.app.deps);
      const rowOf = async (locationId: number) =>
        (
          await db
            .select()
            .from(sourceConnections)
            .where(and(eq(sourceConnections.locationId, locationId), eq(sourceConnections.source, 'google')))
        )[0]!;
      const before = await rowOf(loc['Downtown']!);
      await db
        .update(sourceConnections)
        .set({ nextSyncAt: new Date(Date.now() - 1000) })
        .where(eq(sourceConnections.id, before.id));
      google.calls.length = 0;
      await queue.enqueue(SYNC_SCHEDULE_JOB, {}, { runAt: new Date(Date.now() - 1000) });
      await runJobs();
      expect(google.calls.filter((c) => c.path.includes('/reviews')).map((c) => c.path.split('?')[0])).toEqual([
        '/v4/accounts/100/locations/L2/reviews',
      ]);
      const after = await rowOf(loc['Downtown']!);
      expect(after.lastSyncAt!.getTime()).toBeGreaterThan(before.lastSyncAt!.getTime());

      await db
        .update(sourceConnections)
        .set({ status: 'reconnect_needed' })
        .where(and(eq(sourceConnections.locationId, 0), eq(sourceConnections.companyId, t.fx.companyA.id)));
      await db.update(sourceConnections).set({ nextSyncAt: null }).where(eq(sourceConnections.id, before.id));
      google.calls.length = 0;
      await queue.enqueue(SYNC_SCHEDULE_JOB, {}, { runAt: new Date(Date.now() - 1000) });
      await runJobs();
      expect(google.calls).toEqual([]);
      await db
        .update(sourceConnections)
        .set({ status: 'connected' })
        .where(and(eq(sourceConnections.locationId, 0), eq(sourceConnections.companyId, t.fx.companyA.id)));
    });

    it('keeps a changed text or rating as history, imports the owner reply, marks removed reviews and unmarks them; tells of a new review', async () => {
      const db = t.database.db;
      const told = async () =>
        (await db.select().from(jobs).where(eq(jobs.name, NEW_REVIEWS_JOB))).flatMap((j) =>
          (j.payload.reviewIds as number[]).map(Number),
        );
      // The first passes above imported 125 reviews of history: no new-review notification for them.
      expect(await told()).toEqual([]);
      const l1 = google.location('100', 'L1')!;
      const changed = l1.reviews[1]!;
      changed.comment = 'Edited: much better now';
      changed.starRating = 'FIVE';
      changed.updateTime = new Date().toISOString();
      l1.reviews[2]!.reviewReply = { comment: 'Thank you from the owner', updateTime: new Date().toISOString() };
      const removed = l1.reviews.splice(5, 1)[0]!;
      const now = new Date().toISOString();
      l1.reviews.push({
        ...l1.reviews[0]!,
        reviewId: 'L1-new',
        comment: 'Lovely dinner',
        createTime: now,
        updateTime: now,
      });
      // A Google review that came another way (an upload) and no pass ever listed is not "removed".
      const [uploaded] = rowsOf<{ id: number }>(
        await db.execute(sql`INSERT INTO reviews (company_id, location_id, source, external_id, rating, created_at)
          VALUES (${t.fx.companyA.id}, ${loc['Marina Walk']}, 'google', 'uploaded-1', 4, now()) RETURNING id`),
      );
      await call('admin', 'POST', '/v2/api/admin/integrations/sync', { locationId: loc['Marina Walk'] });
      await runJobs();
      const [kept] = await db
        .select()
        .from(reviews)
        .where(eq(reviews.id, Number(uploaded!.id)));
      expect(kept!.removedAt).toBeNull();
      await db.delete(reviews).where(eq(reviews.id, Number(uploaded!.id)));
      // A review new since the last pass is told like an uploaded one (instant mails, the review-bombing check).
      const [fresh] = await db.select().from(reviews).where(eq(reviews.externalId, 'L1-new'));
      expect(await told()).toEqual([fresh!.id]);
      const [edited] = await db.select().from(reviews).where(eq(reviews.externalId, changed.reviewId));
      expect(edited).toMatchObject({ text: 'Edited: much better now', rating: 5 });
      const history = await db.select().from(reviewHistory).where(eq(reviewHistory.reviewId, edited!.id));
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({ rating: 2 });
      const [answered] = await db.select().from(reviews).where(eq(reviews.externalId, l1.reviews[2]!.reviewId));
      expect(answered!.respondedAt).not.toBeNull();
      expect(answered!.replyText).toBe('Thank you from the owner');
      const [gone] = await db.select().from(reviews).where(eq(reviews.externalId, removed.reviewId));
      expect(gone!.removedAt).not.toBeNull();
      expect(await countReviews('google')).toBe(126);
      // The review list filters them, and shows when they went.
      const removedList = (await call('admin', 'GET', '/v2/api/reviews?removed=true&sources=google')).json();
      expect(removedList.reviews.map((r: { id: number }) => r.id)).toEqual([gone!.id]);
      expect(removedList.reviews[0].removedAt).toBeTruthy();
      const present = (await call('admin', 'GET', '/v2/api/reviews?removed=false&sources=google&per_page=1')).json();
      expect(present.total_reviews_count).toBe(125);
      expect((await call('admin', 'GET', '/v2/api/admin/integrations')).json().integrations[0].removedReviews).toBe(1);

      l1.reviews.splice(5, 0, removed);
      await call('admin', 'POST', '/v2/api/admin/integrations/sync', { locationId: loc['Marina Walk'] });
      await runJobs();
      const [back] = await db.select().from(reviews).where(eq(reviews.externalId, removed.reviewId));
      expect(back!.removedAt).toBeNull();
      expect((await call('admin', 'GET', '/v2/api/admin/integrations')).json().integrations[0].removedReviews).toBe(0);
      expect(await db.select().from(reviewHistory).where(eq(reviewHistory.reviewId, edited!.id))).toHaveLength(1);
    });

    it('waits out a 429 with Retry-After, and records a run of server errors as the last error', async () => {
      google.script({ status: 429, retryAfter: 0 });
      await call('admin', 'POST', '/v2/api/admin/integrations/sync', { locationId: loc['Downtown'] });
      await runJobs();
      let row = (await call('admin', 'GET', '/v2/api/admin/connectedLocations'))
        .json()
        .locations.find((l: { locationId: number }) => l.locationId === loc['Downtown']);
      expect(row.google.lastError).toBeNull();

      google.script({ status: 503 }, { status: 503 }, { status: 503 });
      await call('admin', 'POST', '/v2/api/admin/integrations/sync', { locationId: loc['Downtown'] });
      await runJobs();
      row = (await call('admin', 'GET', '/v2/api/admin/connectedLocations'))
        .json()
        .locations.find((l: { locationId: number }) => l.locationId === loc['Downtown']);
      expect(row.google.lastError).toMatch(/unavailable/i);
      expect(row.google.lastErrorAt).toBeTruthy();
      expect(new Date(row.google.nextSyncAt).getTime()).toBeGreaterThan(Date.now()); // the job's retry
    });

    it('refreshes an access token that is about to expire before calling', async () => {
      const db = t.database.db;
      const [before] = await googleAccountRow();
      await db
        .update(sourceConnections)
        .set({ expiresAt: new Date(Date.now() + 30_000) })
        .where(eq(sourceConnections.id, before!.id));
      google.calls.length = 0;
      await call('admin', 'POST', '/v2/api/admin/integrations/sync', { locationId: loc['Downtown'] });
      await runJobs();
      expect(google.calls[0]!.path).toBe('/token'); // refreshed first, no 401 on the way
      const [after] = await googleAccountRow();
      expect(after!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 3_000_000);
      expect(after!.accessToken).not.toBe(before!.accessToken);
      expect(isSealed(after!.accessToken!)).toBe(true);
    });

    it('refreshes an expired access token, and a revoked one makes the connection "reconnect needed" and mails the admins once', async () => {
      google.oauth.expireAccessTokens();
      const db = t.database.db;
      await db
        .update(sourceConnections)
        .set({ expiresAt: new Date(Date.now() + 3_600_000) }) // we believe it is fresh: the API's 401 tells
        .where(and(eq(sourceConnections.companyId, t.fx.companyA.id), eq(sourceConnections.locationId, 0)));
      google.calls.length = 0;
      await call('admin', 'POST', '/v2/api/admin/integrations/sync', { locationId: loc['Downtown'] });
      await runJobs();
      expect(google.calls.some((c) => c.path === '/token')).toBe(true);
      let integrations = (await call('admin', 'GET', '/v2/api/admin/integrations')).json();
      expect(integrations.integrations[0].status).toBe('connected');

      google.oauth.revokeAll();
      await call('admin', 'POST', '/v2/api/admin/integrations/sync', { source: 'google' });
      await runJobs();
      integrations = (await call('admin', 'GET', '/v2/api/admin/integrations')).json();
      expect(integrations.integrations[0]).toMatchObject({ status: 'reconnect_needed' });
      expect(integrations.integrations[0].statusReason).toMatch(/^Google refused the stored access \(.+\)\.$/);
      // In Arabic the reason is Arabic; Google's own words inside it stay as Google wrote them.
      const inArabic = await t.app.inject({
        url: '/v2/api/admin/integrations',
        headers: { ...bearer(tokens.admin!), 'accept-language': 'ar' },
      });
      expect(inArabic.json().integrations[0].statusReason).toMatch(/^رفض Google الوصول المحفوظ \(.+\)\.$/);
      const mails = (await listOutbox(db, { to: 'admin@alpha.test', limit: 20 })).filter((m) =>
        m.subject.includes('Reconnect Google'),
      );
      expect(mails).toHaveLength(1);
      await call('admin', 'POST', '/v2/api/admin/integrations/sync', { source: 'google' });
      await runJobs();
      expect(
        (await listOutbox(db, { to: 'admin@alpha.test', limit: 20 })).filter((m) =>
          m.subject.includes('Reconnect Google'),
        ),
      ).toHaveLength(1);
      // Connecting again heals it.
      await connect('google');
      integrations = (await call('admin', 'GET', '/v2/api/admin/integrations')).json();
      expect(integrations.integrations[0].status).toBe('connected');
    });

    it('connects Facebook, maps the page by name, syncs the ratings with cursor paging, and a dead page token needs a reconnect', async () => {
      const back = await connect('facebook');
      expect(back.searchParams.get('mapped')).toBe('1');
      expect((await call('admin', 'GET', '/v2/api/admin/integrations')).json().integrations[1].accountName).toBe(
        'Page Owner',
      );
      const pages = (await call('admin', 'POST', '/v2/api/facebook/accounts')).json().pages;
      expect(pages).toEqual([expect.objectContaining({ id: 'page-77', locationId: loc['Marina Walk'] })]);
      await runJobs();
      expect(await countReviews('facebook')).toBe(130);
      expect(await countReviews('facebook', sql`rating = 1`)).toBe(33);
      // The page's own comment on a recommendation comes in as its reply.
      expect(
        await countReviews('facebook', sql`reply_text = 'Thanks from the page' AND responded_at IS NOT NULL`),
      ).toBe(1);
      const page = (await call('admin', 'POST', '/v2/api/facebook/page', { pageId: 'page-77' })).json();
      expect(page.lastSyncAt).toBeTruthy();
      // Another company's location, and Alpha's page from Beta, answer 404.
      expect(
        (await call('admin', 'POST', '/v2/api/facebook/create', { pageId: 'page-77', locationId: betaLocation }))
          .statusCode,
      ).toBe(404);
      expect(
        (
          await call('beta', 'PATCH', '/v2/api/facebook/pageIds', {
            mappings: [{ locationId: betaLocation, id: 'page-77' }],
          })
        ).statusCode,
      ).toBe(404);
      expect((await call('beta', 'POST', '/v2/api/facebook/page', { pageId: 'page-77' })).statusCode).toBe(404);
      expect(
        (
          await call('beta', 'PATCH', '/v2/api/admin/googleOAuth', {
            mappings: [{ locationId: betaLocation, id: 'accounts/100/locations/L1' }],
          })
        ).statusCode,
      ).toBe(404);
      expect((await call('beta', 'POST', '/v2/api/facebook/update')).statusCode).toBe(404);
      // Move it by hand to another location, then back.
      const moved = await call('admin', 'PATCH', '/v2/api/facebook/pageIds', {
        mappings: [{ locationId: loc['Downtown']!, id: 'page-77' }],
      });
      expect(moved.json()).toEqual({ mapped: 1, unmapped: 0 });
      expect((await call('admin', 'POST', '/v2/api/facebook/page', { pageId: 'page-77' })).json().locationId).toBe(
        loc['Downtown'],
      );

      graph.reviews.pages.get('page-77')!.token = 'a-new-token';
      await call('admin', 'POST', '/v2/api/admin/integrations/sync', { source: 'facebook' });
      await runJobs();
      const fb = (await call('admin', 'GET', '/v2/api/admin/integrations')).json().integrations[1];
      expect(fb).toMatchObject({ source: 'facebook', status: 'reconnect_needed' });
      expect(await countReviews('facebook')).toBe(130);
    });

    it('disconnects, keeping the imported reviews', async () => {
      expect((await call('admin', 'DELETE', '/v2/api/facebook')).json().removed).toBeGreaterThan(0);
      expect((await call('admin', 'DELETE', '/v2/api/admin/googleOAuth')).json().removed).toBeGreaterThan(0);
      expect((await call('admin', 'GET', '/v2/api/googleOAuth/accessInfo')).json().status).toBe('not_connected');
      expect(await countReviews('google')).toBe(126);
    });
  },
  { env },
);

afterAll(async () => {
  await google?.close();
  await graph?.close();
});
