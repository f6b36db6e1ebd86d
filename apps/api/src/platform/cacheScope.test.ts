import { eq } from 'drizzle-orm';
import type { ZodType } from 'zod';
import { beforeAll, expect, it } from 'vitest';
import { companies, reviews, users } from '../db/schema';
import { insertUser } from '../modules/users/repository';
import { rebuildReviewDaily, rebuildTopicDaily } from '../modules/reviews/rollup.repository';
import { createReportingWorld, PERIOD, type ReportingWorld } from '../modules/statistics/test/reportingData';
import { describeEachDatabase } from '../test/harness';
import { FIXTURE_PASSWORD } from '../test/fixtures';
import { bearer, signIn } from '../test/http';
import { hashPassword } from './auth/passwords';
import { identitiesChanged } from './identityCache';

/**
 * What each write drops of the cached reports and identities (dataChanges.ts), and what a cached
 * answer is keyed by. The caches live long here so nothing expires while the test runs: what a test
 * sees changing was dropped by a write, not by time. A change made straight in the database (which
 * no cache hears of) shows whether an answer came from the cache.
 */
describeEachDatabase(
  'What writes drop of the caches, and what a cached answer is keyed by',
  (use) => {
    let world: ReportingWorld;
    const tokens: Record<string, string> = {};
    const ask = (who: string, url: string, query: Record<string, string> = {}) =>
      use().app.inject({ method: 'GET', url, query, headers: bearer(tokens[who]!) });
    const send = (who: string, method: 'POST' | 'PATCH', url: string, payload: object) =>
      use().app.inject({ method, url, payload, headers: bearer(tokens[who]!) });

    beforeAll(async () => {
      const env = use();
      world = await createReportingWorld(env.database.db, env.fx.companyA.id);
      identitiesChanged(); // the world was written straight into the database
      for (const [who, email] of [
        ['admin', 'admin@alpha.test'],
        ['manager', 'manager@alpha.test'],
        ['beta', 'admin@beta.test'],
      ] as const) {
        tokens[who] = (await signIn(env.app, email)).access_token;
      }
    });

    const firstText = async () =>
      (await ask('admin', '/v2/api/reviews', { ...PERIOD, per_page: '100' }))
        .json()
        .reviews.find((r: { id: number }) => r.id === world.reviewIds.r1).text;
    const managerName = async () => (await ask('manager', '/v2/api/me')).json().firstName;

    it("keeps reports and identities on a sign-in, a realtime auth, a template and another company's write; the company's own write of that kind drops them", async () => {
      const { database, fx } = use();
      const text = await firstText();
      const name = await managerName();
      await database.db
        .update(reviews)
        .set({ text: 'Changed in the database' })
        .where(eq(reviews.id, world.reviewIds.r1!));
      await database.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, fx.companyA.manager.id));

      await signIn(use().app, 'responder@alpha.test');
      const auth = await send('admin', 'POST', '/v2/api/realtime/auth', {
        socket_id: '1.2',
        channel_name: `private-total-count-${fx.companyA.id}`,
      });
      expect(auth.statusCode, auth.body).toBe(200);
      expect(
        (await send('admin', 'POST', '/v2/api/templates', { title: 'Thanks', text: 'Thank you for your review.' }))
          .statusCode,
      ).toBeLessThan(300);
      const betaWrite = await send('beta', 'POST', '/v2/api/locations', { title: 'Beta Olaya', locationId: 'BO-1' });
      expect(betaWrite.statusCode, betaWrite.body).toBeLessThan(300);
      expect(await firstText()).toBe(text);
      expect(await managerName()).toBe(name);

      // A location renamed: the company's places and reports, not its members.
      expect(
        (await send('admin', 'PATCH', `/v2/api/locations/${world.marina}`, { title: 'Alpha Grill Marina Walk' }))
          .statusCode,
      ).toBe(200);
      expect(await firstText()).toBe('Changed in the database');
      expect(await managerName()).toBe(name);

      // A member changed: the company's kept users.
      expect(
        (await send('admin', 'PATCH', `/v2/api/team/${fx.companyA.responder.id}`, { role: 'analyst' })).statusCode,
      ).toBe(200);
      expect(await managerName()).toBe('Renamed');
    });

    it('drops the reports of the company an Owner changed through its admin screens, not of the others', async () => {
      const { database, fx } = use();
      tokens.owner = (await signIn(use().app, 'owner@fixture.test')).access_token;
      const text = await firstText();
      await database.db
        .update(reviews)
        .set({ text: 'Changed again in the database' })
        .where(eq(reviews.id, world.reviewIds.r1!));
      expect(
        (await send('owner', 'PATCH', `/v2/api/admin/companies/${fx.companyB.id}`, { city: 'Jeddah' })).statusCode,
      ).toBe(200);
      expect(await firstText()).toBe(text);
      expect(
        (await send('owner', 'PATCH', `/v2/api/admin/companies/${fx.companyA.id}`, { city: 'Abu Dhabi' })).statusCode,
      ).toBe(200);
      expect(await firstText()).toBe('Changed again in the database');
    });

    // Every cached route, several calls each: 12 s on PostgreSQL, past 30 s on PGlite once under CI load.
    it(
      "keys every cached answer by each of its query parameters, by the member's locations and by the company",
      { timeout: 120_000 },
      async () => {
        const { database, fx } = use();
        const cached = use().app.routePermissions.filter((r) => r.reads && r.method === 'GET' && !r.url.includes(':'));
        expect(cached.length).toBeGreaterThan(10);
        // The manager sees one location of three (the team screen's location limit); a second manager all.
        expect(
          (await send('admin', 'PATCH', `/v2/api/team/${fx.companyA.manager.id}`, { locationIds: [world.downtown] }))
            .statusCode,
        ).toBe(200);
        await insertUser(database.db, {
          email: 'manager2@alpha.test',
          role: 'manager',
          passwordHash: await hashPassword(FIXTURE_PASSWORD),
          status: 'active',
          firstName: 'Second',
          lastName: 'Manager',
          companyId: fx.companyA.id,
        });
        tokens.manager2 = (await signIn(use().app, 'manager2@alpha.test')).access_token;
        // Beta looks like Alpha in everything else a key holds (features, type, last change), so only its id tells them apart.
        const [alpha] = await database.db.select().from(companies).where(eq(companies.id, fx.companyA.id));
        await database.db
          .update(companies)
          .set({ features: alpha!.features, type: alpha!.type, updatedAt: alpha!.updatedAt })
          .where(eq(companies.id, fx.companyB.id));
        identitiesChanged();

        const bases = new Map<string, string>();
        for (const route of cached) {
          const res = await ask('admin', route.url, PERIOD);
          expect(res.statusCode, `${route.url}: ${res.body}`).toBe(200);
          bases.set(route.url, res.body);
          await ask('manager2', route.url, PERIOD);
        }
        // Every review gone behind the caches' back: an answer computed now differs from one kept before.
        await database.db.delete(reviews).where(eq(reviews.companyId, fx.companyA.id));
        await rebuildReviewDaily(database.db, fx.companyA.id);
        await rebuildTopicDaily(database.db, fx.companyA.id);

        const asks = cached.flatMap((route) => [
          ...variantsOf(route.url, route.querystring as ZodType).map((query) => ({
            who: 'admin',
            url: route.url,
            query,
          })),
          { who: 'manager', url: route.url, query: PERIOD },
          { who: 'beta', url: route.url, query: PERIOD },
        ]);
        // Each must still find its route's base answer kept: fewer than the report cache holds.
        expect(asks.length + 2 * bases.size).toBeLessThan(500);
        const answers = [];
        for (const a of asks) answers.push((await ask(a.who, a.url, a.query)).body);
        identitiesChanged();
        for (const [i, a] of asks.entries()) {
          expect(answers[i], `${a.who} ${a.url}?${new URLSearchParams(a.query)}`).toBe(
            (await ask(a.who, a.url, a.query)).body,
          );
        }
        // Not vacuous: the kept base answers were from before the deletion (this world has no competitors,
        // and no landing-page answers, which the NPS reads).
        const unchanged = [];
        for (const route of cached)
          if ((await ask('admin', route.url, PERIOD)).body === bases.get(route.url)) unchanged.push(route.url);
        expect(unchanged.sort()).toEqual([
          '/v2/api/competitor',
          '/v2/api/competitor/pageData',
          '/v2/api/dashboard/netPromoterScore',
        ]);
      },
    );
  },
  { env: { REPORT_CACHE_SECONDS: '3600', IDENTITY_CACHE_SECONDS: '60' } },
);

/**
 * Pages of one list share its count, and pages and sort orders of a ranking one computation of it,
 * by design (cachedReportValue, the review counts), so after a change behind the caches' back they
 * show that computation, not a fresh one.
 */
const PAGING_PARAMS = new Set(['page', 'per_page']);
const SHARED_RANKING_PARAMS = new Set([...PAGING_PARAMS, 'sort', 'order']);

/** The base query with one parameter of the route's query schema set (or changed), for each parameter it has. */
function variantsOf(url: string, schema: ZodType | undefined): Record<string, string>[] {
  const shape = (schema as { shape?: Record<string, ZodType> } | undefined)?.shape ?? {};
  const ranking = 'sort' in shape && url.startsWith('/v2/api/statistics/');
  return Object.entries(shape)
    .filter(([key]) => !(ranking ? SHARED_RANKING_PARAMS : PAGING_PARAMS).has(key))
    .map(([key, field]) => ({ ...PERIOD, [key]: sampleValue(key, field) }));
}

/** A valid value for a filter parameter that differs from the base query's. */
function sampleValue(key: string, field: ZodType): string {
  const choices = enumValues(field);
  if (choices.length > 0) return choices.at(-1)!;
  const samples: Record<string, string> = {
    date_from: '2025-03-05',
    date_to: '2025-03-08',
    sources: 'google',
    ratings: '5',
    with_text: 'true',
    answered: 'true',
    search: 'food',
    topic: 'food',
    topics: 'food',
    page: '2',
    per_page: '5',
    limit: '2',
  };
  if (!(key in samples) && !/^(brands|states|locations|categories|case_resolution)$/.test(key))
    throw new Error(`No sample value for the new query parameter ${key}: add one`);
  return samples[key] ?? '1';
}

/** The options of an enum inside optional, default, preprocess and pipe wrappers (zod 4's definitions). */
function enumValues(field: unknown): string[] {
  const def = (field as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def) return [];
  if (def.type === 'enum') return Object.values(def.entries as Record<string, string>);
  for (const inner of [def.innerType, def.in, def.out]) {
    const found = enumValues(inner);
    if (found.length > 0) return found;
  }
  return [];
}
