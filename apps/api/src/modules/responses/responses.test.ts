import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { reviews, sourceConnections } from '../../db/schema';
import { createSecretBox } from '../../platform/secrets';
import { describeEachDatabase, type TestEnv } from '../../test/harness';
import { bearer, signIn } from '../../test/http';
import { createReviewWorld, rollupVersusRebuild, setCompanyFeatures, type ReviewWorld } from '../reviews/test/world';
import { listOutbox } from '../outbox/repository';
import { FakeSources } from './test/fakeSources';
import { pickPort } from '../../test/processes';

const fake = new FakeSources(pickPort());

describeEachDatabase(
  'replies: create, update, delete, and posting through Google and Facebook',
  (use) => {
    let env: TestEnv;
    let world: ReviewWorld;
    const tokens: Record<string, string> = {};

    beforeAll(async () => {
      env = use();
      await fake.start();
      world = await createReviewWorld(env.database.db, env.fx);
      for (const [key, email] of Object.entries({
        admin: 'admin@alpha.test',
        responder: 'responder@alpha.test',
        analyst: 'analyst@alpha.test',
        beta: 'admin@beta.test',
      })) {
        tokens[key] = (await signIn(env.app, email)).access_token;
      }
      const db = env.database.db;
      // Marina replies on Google through its own connection (expired token, refreshable); every
      // other location uses the company-wide one. Facebook through the company's page token.
      await db.insert(sourceConnections).values([
        {
          companyId: env.fx.companyA.id,
          locationId: world.marina,
          source: 'google',
          account: 'accounts/111/locations/222',
          accessToken: 'old',
          refreshToken: 'refresh-1',
          expiresAt: new Date(Date.now() - 1000),
        },
        {
          companyId: env.fx.companyA.id,
          locationId: 0,
          source: 'facebook',
          account: 'page-9',
          accessToken: 'page-token',
        },
      ]);
    });
    afterAll(() => fake.stop());

    const call = (who: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      env.app.inject({ method, url, headers: bearer(tokens[who]!), ...(payload ? { payload } : {}) });

    it('posts a reply to Google with a refreshed token and records it as posted', async () => {
      const res = await call('responder', 'POST', '/v2/api/responses/create', {
        reviewId: world.ids.r2,
        text: 'Sorry John, we will fix the fries.',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        status: 'posted',
        failureReason: null,
        origin: 'manual',
        externalId: 'accounts/111/locations/222/reviews/google-r2/reply',
      });
      const put = fake.seen.find((s) => s.method === 'PUT');
      expect(put).toMatchObject({
        path: '/google/v4/accounts/111/locations/222/reviews/google-r2/reply',
        auth: 'Bearer google-token',
      });
      expect(JSON.parse(put!.body)).toEqual({ comment: 'Sorry John, we will fix the fries.' });
      const [conn] = await env.database.db
        .select()
        .from(sourceConnections)
        .where(eq(sourceConnections.locationId, world.marina));
      // The refreshed token is stored sealed (platform/secrets.ts).
      expect(conn!.accessToken).not.toBe('google-token');
      expect(createSecretBox(env.config.secrets).open(conn!.accessToken!)).toBe('google-token');
      const review = (await call('admin', 'GET', `/v2/api/reviews/${world.ids.r2}`)).json();
      expect(review.respondedAt).not.toBeNull();
      const answered = (await call('admin', 'GET', '/v2/api/reviews?answered=true&per_page=100')).json();
      expect(answered.total_reviews_count).toBe(4);
    });

    it('shows a refusal of the source as failed with its reason, and keeps the text', async () => {
      await env.database.db.update(reviews).set({ externalId: 'fail-1' }).where(eq(reviews.id, world.ids.r3!));
      const res = await call('responder', 'POST', '/v2/api/responses/create', {
        reviewId: world.ids.r3,
        text: 'Thanks Omar!',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        status: 'failed',
        failureReason: 'Google API: The caller does not have permission',
        text: 'Thanks Omar!',
      });
      const review = (await call('admin', 'GET', `/v2/api/reviews/${world.ids.r3}`)).json();
      expect(review.respondedAt).toBeNull();
      // Retry through the spec's replay call once the source accepts it.
      await env.database.db.update(reviews).set({ externalId: 'ok-3' }).where(eq(reviews.id, world.ids.r3!));
      const retry = await call('responder', 'GET', `/v2/api/reviews/replay/withGoole?responseId=${res.json().id}`);
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json()).toMatchObject({ status: 'posted', failureReason: null });
      const wrongSource = await call(
        'responder',
        'GET',
        `/v2/api/reviews/replay/withFacebook?responseId=${res.json().id}`,
      );
      expect(wrongSource.statusCode).toBe(400);
    });

    it('answers a replay of a posted reply as it is, without posting it again', async () => {
      const [posted] = (await call('responder', 'POST', '/v2/api/responses/get', { reviewId: world.ids.r2 })).json()
        .responses;
      expect(posted).toMatchObject({ status: 'posted' });
      // Were it sent again, Google would refuse it now: the reply must stay posted all the same.
      await env.database.db.update(reviews).set({ externalId: 'fail-2' }).where(eq(reviews.id, world.ids.r2!));
      const puts = fake.seen.filter((s) => s.method === 'PUT').length;
      const replay = await call('responder', 'GET', `/v2/api/reviews/replay/withGoole?responseId=${posted.id}`);
      expect(replay.statusCode, replay.body).toBe(200);
      expect(replay.json()).toMatchObject({
        id: posted.id,
        status: 'posted',
        failureReason: null,
        postedAt: posted.postedAt,
      });
      expect(fake.seen.filter((s) => s.method === 'PUT').length).toBe(puts);
      await env.database.db.update(reviews).set({ externalId: 'google-r2' }).where(eq(reviews.id, world.ids.r2!));
    });

    it('refreshes a token Google refuses before its expiry; a revoked grant fails the reply and asks to reconnect', async () => {
      const db = env.database.db;
      const box = createSecretBox(env.config.secrets);
      const marina = and(
        eq(sourceConnections.companyId, env.fx.companyA.id),
        eq(sourceConnections.locationId, world.marina),
      );
      const inAnHour = new Date(Date.now() + 3_600_000);
      // Google ended the token early: the stored one still looks good for an hour.
      await db
        .update(sourceConnections)
        .set({ accessToken: box.seal('ended-early'), expiresAt: inAnHour })
        .where(marina);
      const refreshes = () => fake.seen.filter((s) => s.path === '/token').length;
      const before = refreshes();
      const res = await call('responder', 'POST', '/v2/api/responses/create', {
        reviewId: world.ids.r1,
        text: 'Thank you Sara!',
      });
      expect(res.json()).toMatchObject({ status: 'posted', failureReason: null });
      expect(refreshes()).toBe(before + 1);

      // The refresh token is revoked as well: the reply fails with what to do, and nothing is lost.
      await db
        .update(sourceConnections)
        .set({ accessToken: box.seal('ended-early'), refreshToken: box.seal('revoked'), expiresAt: inAnHour })
        .where(marina);
      const failed = await call('responder', 'PATCH', `/v2/api/responses/update/${res.json().id}`, {
        text: 'Thank you so much, Sara!',
      });
      expect(failed.json()).toMatchObject({ status: 'failed', text: 'Thank you so much, Sara!' });
      expect(failed.json().failureReason).toMatch(/^Google must be connected again in Settings › Third-party Login: /);
      const [conn] = await db.select().from(sourceConnections).where(marina);
      expect(conn).toMatchObject({ status: 'reconnect_needed' });
      const mails = (await listOutbox(db, { to: 'admin@alpha.test', limit: 50 })).filter((m) =>
        m.subject.includes('Reconnect Google'),
      );
      expect(mails).toHaveLength(1);
      // Until connected again, a reply fails at once, without calling Google.
      const calls = fake.seen.length;
      const again = await call('responder', 'GET', `/v2/api/reviews/replay/withGoole?responseId=${res.json().id}`);
      expect(again.json()).toMatchObject({ status: 'failed' });
      expect(fake.seen.length).toBe(calls);
      await db
        .update(sourceConnections)
        .set({ status: 'connected', statusReason: null, refreshToken: box.seal('refresh-1'), expiresAt: new Date(0) })
        .where(marina);
    });

    it('asks to reconnect Facebook when the page token is refused (it cannot be refreshed)', async () => {
      const db = env.database.db;
      const page = and(eq(sourceConnections.companyId, env.fx.companyA.id), eq(sourceConnections.source, 'facebook'));
      await db.update(sourceConnections).set({ accessToken: 'expired-page-token' }).where(page);
      const res = await call('admin', 'POST', '/v2/api/responses/create', {
        reviewId: world.ids.r4,
        text: 'Thanks Lina!',
      });
      expect(res.json()).toMatchObject({ status: 'failed', text: 'Thanks Lina!' });
      expect(res.json().failureReason).toMatch(/^Facebook must be connected again in Settings › Third-party Login: /);
      expect((await db.select().from(sourceConnections).where(page))[0]).toMatchObject({ status: 'reconnect_needed' });
      await db
        .update(sourceConnections)
        .set({ accessToken: 'page-token', status: 'connected', statusReason: null })
        .where(page);
      expect((await call('admin', 'DELETE', `/v2/api/responses/delete/${res.json().id}`)).statusCode).toBe(200);
    });

    it('fails with a clear reason where no connection exists', async () => {
      const res = await call('admin', 'POST', '/v2/api/responses/create', {
        reviewId: world.ids.r6,
        text: 'Sorry for the wait, Fatima.',
      });
      expect(res.json()).toMatchObject({
        status: 'failed',
        failureReason: 'Google is not connected for this location; connect it to reply from here.',
      });
    });

    it('comments on Facebook recommendations, edits and deletes there', async () => {
      const res = await call('admin', 'POST', '/v2/api/responses/create', {
        reviewId: world.ids.r9,
        text: 'Thanks Tom!',
      });
      expect(res.json()).toMatchObject({ status: 'posted', externalId: 'facebook-r9_comment1' });
      const id = res.json().id as number;
      const edited = await call('admin', 'PATCH', `/v2/api/responses/update/${id}`, { text: 'Thank you Tom!' });
      expect(edited.json()).toMatchObject({ status: 'posted', text: 'Thank you Tom!' });
      expect(
        fake.seen.some(
          (s) => s.method === 'POST' && s.path === '/facebook/facebook-r9_comment1' && s.body.includes('Thank+you+Tom'),
        ),
      ).toBe(true);
      const del = await call('admin', 'DELETE', `/v2/api/responses/delete/${id}`);
      expect(del.statusCode).toBe(200);
      expect(fake.seen.some((s) => s.method === 'DELETE' && s.path.startsWith('/facebook/facebook-r9_comment1'))).toBe(
        true,
      );
    });

    it('records replies to sources without a reply API as posted, and drafts as drafts', async () => {
      const draft = await call('responder', 'POST', '/v2/api/responses/create', {
        reviewId: world.ids.r5,
        text: 'Draft for Raj',
        status: 'draft',
      });
      expect(draft.json()).toMatchObject({ status: 'draft', postedAt: null });
      const published = await call('responder', 'PATCH', `/v2/api/responses/update/${draft.json().id}`, {
        status: 'posted',
      });
      expect(published.json()).toMatchObject({ status: 'posted' });
      expect(published.json().postedAt).not.toBeNull();
      const back = await call('responder', 'PATCH', `/v2/api/responses/update/${draft.json().id}`, { status: 'draft' });
      expect(back.statusCode).toBe(400);
    });

    it('without Direct Response, records the reply without calling the source', async () => {
      const before = fake.seen.length;
      await setCompanyFeatures(env.database.db, env.fx.companyA.id, [
        'reviewFilterSearch',
        'reviewCategorization',
        'caseResolution',
      ]);
      try {
        const res = await call('admin', 'POST', '/v2/api/responses/create', {
          reviewId: world.ids.r10,
          text: 'Thanks Ann',
        });
        expect(res.json()).toMatchObject({ status: 'posted', externalId: null });
        expect(fake.seen.length).toBe(before);
        const replay = await call('admin', 'GET', `/v2/api/reviews/replay/withGoole?responseId=${res.json().id}`);
        expect(replay.statusCode).toBe(403);
      } finally {
        await setCompanyFeatures(env.database.db, env.fx.companyA.id, [
          'reviewFilterSearch',
          'directResponse',
          'feedback',
          'reviewCategorization',
          'caseResolution',
          'competitorBenchmarking',
          'autoresponse',
          'messaging',
          'insightsReport',
          'chatGptAutoResponse',
          'listingManagement',
        ]);
      }
    });

    it('checks texts and roles, and hides other tenants', async () => {
      const empty = await call('admin', 'POST', '/v2/api/responses/create', { reviewId: world.ids.r1, text: '   ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error_description).toBe('The field cannot be empty or contain only spaces!');
      const leading = await call('admin', 'POST', '/v2/api/responses/create', { reviewId: world.ids.r1, text: ' hi' });
      expect(leading.json().error_description).toBe('The field cannot start with a space!');
      expect(
        (await call('analyst', 'POST', '/v2/api/responses/create', { reviewId: world.ids.r1, text: 'hi' })).statusCode,
      ).toBe(403);
      expect(
        (await call('beta', 'POST', '/v2/api/responses/create', { reviewId: world.ids.r1, text: 'hi' })).statusCode,
      ).toBe(404);
      const [first] = (await call('admin', 'POST', '/v2/api/responses/get', { reviewId: world.ids.r1 })).json()
        .responses;
      expect((await call('beta', 'PATCH', `/v2/api/responses/update/${first.id}`, { text: 'x' })).statusCode).toBe(404);
      expect((await call('beta', 'DELETE', `/v2/api/responses/delete/${first.id}`)).statusCode).toBe(404);
      expect((await call('analyst', 'POST', '/v2/api/responses/get', { reviewId: world.ids.r1 })).statusCode).toBe(200);
    });

    it('keeps review_daily equal to a rebuild after every kind of reply change', async () => {
      const del = await call('admin', 'POST', '/v2/api/responses/get', { reviewId: world.ids.r4 });
      const [reply] = del.json().responses;
      expect((await call('admin', 'DELETE', `/v2/api/responses/delete/${reply.id}`)).statusCode).toBe(200);
      const { incremental, rebuilt } = await rollupVersusRebuild(env.database.db, env.fx.companyA.id);
      expect(incremental).toEqual(rebuilt);
      const [row] = await env.database.db
        .select({ replyText: reviews.replyText })
        .from(reviews)
        .where(and(eq(reviews.id, world.ids.r2!)));
      expect(row!.replyText).toBe('Sorry John, we will fix the fries.');
    });
  },
  {
    env: {
      JOBS_INTERVAL_MS: '0',
      GOOGLE_API_URL: `${fake.url}/google/v4`,
      GOOGLE_TOKEN_URL: `${fake.url}/token`,
      GOOGLE_CLIENT_ID: 'client',
      GOOGLE_CLIENT_SECRET: 'secret',
      FACEBOOK_GRAPH_URL: `${fake.url}/facebook`,
    },
  },
);
