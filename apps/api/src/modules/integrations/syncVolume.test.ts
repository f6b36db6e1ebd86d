import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { approveConsent } from '../../connectors/oauthFake';
import { makeGoogleReviews, startFakeGoogle, type FakeGoogle } from '../../connectors/google/fake';
import { locations } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import { jobQueueFor } from '../../platform/jobs';
import { describeOnBothDatabases, type TestEnv } from '../../test/harness';
import { bearer, signIn } from '../../test/http';
import { rollupVersusRebuild } from '../reviews/test/world';
import { pickPort } from '../../test/processes';

/** 10,000 reviews over 100 Google locations, synced twice: still exactly 10,000, and the rollups exact. */
const port = pickPort();
let google: FakeGoogle | undefined;
const LOCATIONS = 100;
const PER_LOCATION = 100;

describeOnBothDatabases(
  'review sync at volume',
  (use) => {
    let t: TestEnv;
    let token: string;

    beforeAll(async () => {
      t = use();
      google ??= await startFakeGoogle({ port });
      google.accounts.clear();
      google.addAccount('9', 'Chain');
      await t.database.db
        .insert(locations)
        .values(
          Array.from({ length: LOCATIONS }, (_, i) => ({ companyId: t.fx.companyA.id, title: `Store ${i + 1}` })),
        );
      for (let i = 1; i <= LOCATIONS; i++)
        google.addLocation({
          account: '9',
          id: `S${i}`,
          title: `Store ${i}`,
          reviews: makeGoogleReviews(`S${i}`, PER_LOCATION),
        });
      token = (await signIn(t.app, 'admin@alpha.test')).access_token;
    });

    const count = async () =>
      Number(
        rowsOf<{ n: number }>(
          await t.database.db.execute(
            sql`SELECT count(*)::int AS n FROM reviews WHERE company_id = ${t.fx.companyA.id} AND source = 'google'`,
          ),
        )[0]!.n,
      );

    it('connects, maps 100 locations by name, and two syncs leave exactly 10,000 reviews', async () => {
      const start = await t.app.inject({ method: 'GET', url: '/v2/api/googleOAuth/url', headers: bearer(token) });
      const back = await approveConsent(start.json().url);
      const done = await t.app.inject({
        method: 'GET',
        url: `${back.pathname}${back.search}`,
        headers: { accept: 'application/json', cookie: String(start.headers['set-cookie']).split(';')[0] },
      });
      expect(new URL(done.json().location, 'http://x').searchParams.get('mapped')).toBe(String(LOCATIONS));
      const queue = jobQueueFor(t.app.deps);
      // Until nothing is due: runDue() runs at most 100 jobs, and the syncs queue more (analysis, rollups),
      // which on a loaded machine came due among the hundred syncs.
      const runAll = async () => {
        while ((await queue.runDue()) > 0);
      };
      await runAll();
      expect(await count()).toBe(LOCATIONS * PER_LOCATION);
      const again = await t.app.inject({
        method: 'POST',
        url: '/v2/api/admin/integrations/sync',
        headers: bearer(token),
        payload: {},
      });
      expect(again.json().queued).toBe(LOCATIONS);
      await runAll();
      expect(await count()).toBe(LOCATIONS * PER_LOCATION);
      const { incremental, rebuilt } = await rollupVersusRebuild(t.database.db, t.fx.companyA.id);
      expect(incremental).toEqual(rebuilt);
    }, 120_000);
  },
  {
    env: {
      GOOGLE_CLIENT_ID: 'fake-google-client',
      GOOGLE_CLIENT_SECRET: 'fake-google-secret',
      GOOGLE_AUTH_URL: `http://127.0.0.1:${port}/o/oauth2/v2/auth`,
      GOOGLE_TOKEN_URL: `http://127.0.0.1:${port}/token`,
      GOOGLE_ACCOUNTS_URL: `http://127.0.0.1:${port}/v1`,
      GOOGLE_BUSINESS_INFO_URL: `http://127.0.0.1:${port}/v1`,
      GOOGLE_API_URL: `http://127.0.0.1:${port}/v4`,
    },
  },
);

afterAll(async () => {
  await google?.close();
});
