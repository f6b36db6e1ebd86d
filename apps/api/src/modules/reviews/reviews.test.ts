import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { describeEachDatabase, type TestEnv } from '../../test/harness';
import { bearer, signIn } from '../../test/http';
import { createReviewWorld, rollupVersusRebuild, type ReviewWorld } from './test/world';
import { identitiesChanged } from '../../platform/identityCache';

interface ListBody {
  reviews: { id: number; name: string; responses: unknown[]; location: { title: string } | null }[];
  total_reviews_count: number;
  page: number;
  per_page: number;
  total_pages: number;
}

describeEachDatabase(
  'reviews list, filters and review calls',
  (use) => {
    let env: TestEnv;
    let world: ReviewWorld;
    const tokens: Record<string, string> = {};

    beforeAll(async () => {
      env = use();
      world = await createReviewWorld(env.database.db, env.fx);
      for (const [key, email] of Object.entries({
        admin: 'admin@alpha.test',
        manager: 'manager@alpha.test',
        responder: 'responder@alpha.test',
        analyst: 'analyst@alpha.test',
        beta: 'admin@beta.test',
        owner: 'owner@fixture.test',
      })) {
        tokens[key] = (await signIn(env.app, email)).access_token;
      }
    });

    const get = (who: string, url: string) => env.app.inject({ method: 'GET', url, headers: bearer(tokens[who]!) });
    const list = async (query: string, who = 'admin') => {
      const res = await get(who, `/v2/api/reviews?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as ListBody;
    };
    const keysOf = (body: ListBody) => {
      const byId = new Map(Object.entries(world.ids).map(([k, id]) => [id, k]));
      return body.reviews.map((r) => byId.get(r.id));
    };

    it('lists the company reviews newest first with the paging fields, never competitor reviews', async () => {
      const body = await list('per_page=5');
      expect(body.total_reviews_count).toBe(12);
      expect(body.page).toBe(1);
      expect(body.per_page).toBe(5);
      expect(body.total_pages).toBe(3);
      expect(keysOf(body)).toEqual(['r12', 'r11', 'r10', 'r9', 'r8']);
      const last = await list('per_page=5&page=3');
      expect(keysOf(last)).toEqual(['r2', 'r1']);
      expect(last.reviews[1]!.responses).toHaveLength(1);
      expect(last.reviews[1]!.location?.title).toBe('Burger Bay Marina');
    });

    it.each([
      ['ratings=5', ['r8', 'r7', 'r4', 'r1']],
      ['ratings=1,2', ['r12', 'r6', 'r2']],
      ['sources=facebook,zomato', ['r9', 'r5', 'r4']],
      ['with_text=false', ['r10', 'r3']],
      ['answered=true', ['r8', 'r4', 'r1']],
      ['date_from=2024-03-02&date_to=2024-03-05', ['r5', 'r4', 'r3', 'r2']],
      ['date_from=2024-03-05&date_to=2024-04-02', ['r9', 'r8', 'r7', 'r6', 'r5']],
      ['date_from=2024-03-01&date_to=2024-03-31&sources=google', ['r6', 'r3', 'r2', 'r1']],
      ['date_from=2024-03-11&ratings=5', ['r8', 'r7']],
      ['date_from=2024-04-03&date_to=2024-03-01&date_mode=date_from', ['r12', 'r11', 'r10']],
      ['date_from=2024-04-03&date_to=2024-03-01&date_mode=date_to', ['r1']],
    ])('filters by %s', async (query, expected) => {
      const body = await list(`${query}&per_page=100`);
      expect(keysOf(body)).toEqual(expected);
      expect(body.total_reviews_count).toBe(expected.length);
    });

    it('filters by the brand > region > location tree: a review matches under any ticked node', async () => {
      expect(keysOf(await list(`brands=${world.brandNoodle}`))).toEqual(['r10', 'r9', 'r8']);
      expect(keysOf(await list(`states=${world.stateSharjah}`))).toEqual(['r7', 'r6']);
      expect(keysOf(await list(`states=${world.stateSharjah}&locations=${world.jlt}`))).toEqual([
        'r10',
        'r9',
        'r8',
        'r7',
        'r6',
      ]);
      expect((await list(`brands=${world.brandBurger}`)).total_reviews_count).toBe(8);
    });

    it('pages through some star ratings newest first, within the tree, as one list', async () => {
      // Two to four ratings are walked one rating at a time and merged (findReviewPage): the pages
      // must still be the list's order, with nothing repeated or skipped across page edges.
      const pages: (string | undefined)[][] = [];
      for (const page of [1, 2, 3, 4, 5]) pages.push(keysOf(await list(`ratings=1,2,5&per_page=2&page=${page}`)));
      expect(pages).toEqual([['r12', 'r8'], ['r7', 'r6'], ['r4', 'r2'], ['r1'], []]);
      expect((await list('ratings=1,2,5&per_page=2')).total_reviews_count).toBe(7);
      expect(keysOf(await list(`ratings=5,2&states=${world.stateSharjah}&locations=${world.jlt}`))).toEqual([
        'r8',
        'r7',
        'r6',
      ]);
      expect(keysOf(await list(`ratings=4,5&brands=${world.brandNoodle}&date_to=2024-04-02`))).toEqual(['r8']);
    });

    it('searches review and reply texts with word prefixes', async () => {
      expect(keysOf(await list('search=burger'))).toEqual(['r6', 'r1']);
      expect(keysOf(await list('search=chef'))).toEqual(['r8']);
      expect(keysOf(await list('search=COLD%20waiter'))).toEqual(['r2']);
      expect((await list('search=%21%21%21')).total_reviews_count).toBe(12);
    });

    it('combines every filter', async () => {
      const body = await list(
        `brands=${world.brandBurger}&ratings=5,4&sources=google&with_text=true&answered=true&date_from=2024-03-01&date_to=2024-03-31&search=staff`,
      );
      expect(keysOf(body)).toEqual(['r1']);
      expect(body.total_reviews_count).toBe(1);
    });

    it('answers bad filters with a 400 that names the field', async () => {
      const res = await get('admin', '/v2/api/reviews?ratings=9');
      expect(res.statusCode).toBe(400);
      expect(res.json().error_description).toBe('ratings must be whole stars from 1 to 5');
      const bad = await get('admin', '/v2/api/reviews?date_from=2024-13-01');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error_description).toBe('date_from must be a date written YYYY-MM-DD');
    });

    it("answers another company's review id with 404, exactly like a missing id", async () => {
      const other = await get('admin', `/v2/api/reviews/${world.bReview}`);
      const missing = await get('admin', '/v2/api/reviews/999999');
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual(missing.json());
      expect((await get('beta', `/v2/api/reviews/${world.ids.r1}`)).statusCode).toBe(404);
      const patch = await env.app.inject({
        method: 'PATCH',
        url: `/v2/api/reviews/${world.bReview}`,
        headers: bearer(tokens.admin!),
        payload: { review_categories: [] },
      });
      expect(patch.statusCode).toBe(404);
      const beta = await list('per_page=100', 'beta');
      expect(beta.reviews.map((r) => r.id)).toEqual([world.bReview]);
    });

    it('shows a location-limited member only the reviews of their locations', async () => {
      const db = env.database.db;
      await db
        .update(users)
        .set({ locationIds: [world.jlt] })
        .where(eq(users.id, env.fx.companyA.analyst.id));
      identitiesChanged(); // changed outside the API: the kept user row is stale
      try {
        const body = await list('per_page=100', 'analyst');
        expect(keysOf(body)).toEqual(['r10', 'r9', 'r8']);
        expect(keysOf(await list('ratings=3,5', 'analyst'))).toEqual(['r10', 'r8']);
        expect(keysOf(await list('ratings=1,2', 'analyst'))).toEqual([]);
        expect((await list(`brands=${world.brandBurger}`, 'analyst')).total_reviews_count).toBe(0);
        expect((await get('analyst', `/v2/api/reviews/${world.ids.r1}`)).statusCode).toBe(404);
        expect((await get('analyst', `/v2/api/reviews/${world.ids.r10}`)).statusCode).toBe(200);
        const rating = (await get('analyst', '/v2/api/reviews/rating')).json();
        expect(rating.total).toBe(3);
        // An empty list of locations sees no review at all.
        await db.update(users).set({ locationIds: [] }).where(eq(users.id, env.fx.companyA.analyst.id));
        identitiesChanged();
        expect((await get('analyst', `/v2/api/reviews/${world.ids.r10}`)).statusCode).toBe(404);
      } finally {
        await db.update(users).set({ locationIds: null }).where(eq(users.id, env.fx.companyA.analyst.id));
        identitiesChanged(); // changed outside the API: the kept user row is stale
      }
    });

    it('gets one review with its thread', async () => {
      const res = await get('analyst', `/v2/api/reviews/${world.ids.r8}`);
      expect(res.statusCode).toBe(200);
      const review = res.json();
      expect(review).toMatchObject({
        id: world.ids.r8,
        source: 'google',
        sourceTitle: 'Google',
        name: 'Mei Chen',
        rating: 5,
        isFeedback: false,
        location: { title: 'Noodle Nest JLT', locationId: 'NN-001', brandTitle: 'Noodle Nest' },
      });
      expect(review.responses[0]).toMatchObject({
        text: 'Thanks Mei, the chef says hi',
        status: 'posted',
        author: { name: 'Amira Haddad' },
      });
    });

    it("gives each review of a list page its replies and categories, as the review's own page does", async () => {
      const page = (await get('analyst', '/v2/api/reviews?per_page=100')).json();
      const withReplies = page.reviews.filter((r: { responses: unknown[] }) => r.responses.length > 0);
      expect(withReplies.length).toBeGreaterThan(1);
      for (const listed of page.reviews) {
        const own = (await get('analyst', `/v2/api/reviews/${listed.id}`)).json();
        expect(listed.responses).toEqual(own.responses);
        expect(listed.review_categories).toEqual(own.review_categories);
      }
      expect(page.reviews.find((r: { id: number }) => r.id === world.ids.r8).responses[0]).toMatchObject({
        text: 'Thanks Mei, the chef says hi',
        author: { name: 'Amira Haddad' },
      });
    });

    it("shows a review's location as it is right after the location is renamed", async () => {
      const before = (await get('admin', `/v2/api/reviews/${world.ids.r8}`)).json();
      const rename = (title: string) =>
        env.app.inject({
          method: 'PATCH',
          url: `/v2/api/locations/${before.location.id}`,
          headers: bearer(tokens.admin!),
          payload: { title },
        });
      expect((await rename('Noodle Nest Lake Towers')).statusCode).toBe(200);
      try {
        expect((await get('analyst', `/v2/api/reviews/${world.ids.r8}`)).json().location).toMatchObject({
          id: before.location.id,
          title: 'Noodle Nest Lake Towers',
          brandTitle: 'Noodle Nest',
        });
        // The list names its reviews' places from the company's kept directory, dropped by the rename.
        const page = await list(`locations=${before.location.id}&ratings=5,4`, 'analyst');
        expect(page.reviews.map((r) => [r.id, r.location?.title])).toEqual([[world.ids.r8, 'Noodle Nest Lake Towers']]);
        expect(keysOf(await list(`locations=${before.location.id}`, 'analyst'))).toEqual(['r10', 'r9', 'r8']);
        expect((await list(`locations=${before.location.id}`, 'analyst')).reviews[0]!.location?.title).toBe(
          'Noodle Nest Lake Towers',
        );
      } finally {
        await rename(before.location.title);
      }
    });

    it('gives the average rating and star distribution for a filter', async () => {
      const all = (await get('admin', '/v2/api/reviews/rating')).json();
      expect(all).toEqual({ average: 3.55, total: 12, rated: 11, stars: { 1: 1, 2: 2, 3: 2, 4: 2, 5: 4 } });
      const google = (await get('admin', '/v2/api/reviews/rating?sources=google&with_text=true')).json();
      expect(google).toMatchObject({ total: 5, rated: 5, average: 3.4 });
    });

    it('gives the response rate and sets its target (managers only)', async () => {
      const rate = (await get('analyst', '/v2/api/reviews/response_rate')).json();
      expect(rate).toEqual({ target: 90, total: 12, responded: 3, rate: 25, averageResponseHours: 1 });
      const denied = await env.app.inject({
        method: 'PATCH',
        url: '/v2/api/reviews/response_rate',
        headers: bearer(tokens.responder!),
        payload: { target: 80 },
      });
      expect(denied.statusCode).toBe(403);
      const bad = await env.app.inject({
        method: 'PATCH',
        url: '/v2/api/reviews/response_rate',
        headers: bearer(tokens.manager!),
        payload: { target: 120 },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error_description).toBe('target must be a number from 1 to 100');
      const ok = await env.app.inject({
        method: 'PATCH',
        url: '/v2/api/reviews/response_rate',
        headers: bearer(tokens.manager!),
        payload: { target: 80 },
      });
      expect(ok.json()).toMatchObject({ target: 80, rate: 25 });
    });

    it('saves and restores the user filter, checked by the shared schema', async () => {
      const empty = await get('manager', '/v2/api/user/filters');
      expect(empty.json()).toEqual({ filters: {} });
      const saved = await env.app.inject({
        method: 'POST',
        url: '/v2/api/user/filters',
        headers: bearer(tokens.manager!),
        payload: { filters: { ratings: '5,4', sources: 'google', page: '3', unknown: 'x' } },
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ filters: { sources: 'google', ratings: '5,4' } });
      expect((await get('manager', '/v2/api/user/filters')).json()).toEqual({
        filters: { sources: 'google', ratings: '5,4' },
      });
      expect((await get('admin', '/v2/api/user/filters')).json()).toEqual({ filters: {} });
      const bad = await env.app.inject({
        method: 'POST',
        url: '/v2/api/user/filters',
        headers: bearer(tokens.manager!),
        payload: { filters: { ratings: '7' } },
      });
      expect(bad.statusCode).toBe(400);
    });

    it('lets only managers delete, and only first-party feedback; the rollup stays exact', async () => {
      const feedback = world.ids.r12!;
      const asResponder = await env.app.inject({
        method: 'DELETE',
        url: `/v2/api/reviews/${feedback}`,
        headers: bearer(tokens.responder!),
      });
      expect(asResponder.statusCode).toBe(403);
      const google = await env.app.inject({
        method: 'DELETE',
        url: `/v2/api/reviews/${world.ids.r2}`,
        headers: bearer(tokens.manager!),
      });
      expect(google.statusCode).toBe(400);
      expect(google.json().error_description).toContain('Only feedback reviews can be deleted');
      const ok = await env.app.inject({
        method: 'DELETE',
        url: `/v2/api/reviews/${feedback}`,
        headers: bearer(tokens.manager!),
      });
      expect(ok.statusCode).toBe(200);
      expect((await get('admin', `/v2/api/reviews/${feedback}`)).statusCode).toBe(404);
      expect((await list('')).total_reviews_count).toBe(11);
      const { incremental, rebuilt } = await rollupVersusRebuild(env.database.db, env.fx.companyA.id);
      expect(incremental).toEqual(rebuilt);
    });
  },
  { env: { JOBS_INTERVAL_MS: '0' } },
);

describeEachDatabase(
  'reviews in embedded (iframe) mode',
  (use) => {
    let env: TestEnv;
    let world: ReviewWorld;
    let embed: string;
    beforeAll(async () => {
      env = use();
      world = await createReviewWorld(env.database.db, env.fx);
      const admin = (await signIn(env.app, 'admin@alpha.test')).access_token;
      const res = await env.app.inject({
        method: 'POST',
        url: '/v2/api/embed/token',
        headers: bearer(admin),
        payload: { view: '2', locations: [world.jlt, world.sahara] },
      });
      embed = res.json().auth_token;
    });
    const get = (url: string) => env.app.inject({ method: 'GET', url, headers: { 'iframe-token': embed } });

    it("honours the embed's locations and is read-only", async () => {
      const body = (await get('/v2/api/reviews?per_page=100')).json();
      const ids = body.reviews.map((r: { id: number }) => r.id).sort();
      expect(ids).toEqual([world.ids.r6, world.ids.r7, world.ids.r8, world.ids.r9, world.ids.r10].sort());
      expect(body.total_reviews_count).toBe(5);
      expect((await get(`/v2/api/reviews/${world.ids.r1}`)).statusCode).toBe(404);
      expect((await get('/v2/api/reviews/rating')).json().total).toBe(5);
      const write = await env.app.inject({
        method: 'POST',
        url: '/v2/api/responses/create',
        headers: { 'iframe-token': embed },
        payload: { reviewId: world.ids.r8, text: 'hi' },
      });
      expect(write.statusCode).toBe(403);
    });
  },
  { env: { JOBS_INTERVAL_MS: '0' } },
);
