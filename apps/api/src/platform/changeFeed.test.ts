import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createReviewWorld, type ReviewWorld } from '../modules/reviews/test/world';
import { createFixtures, FIXTURE_PASSWORD } from '../test/fixtures';
import { freshPostgres } from '../test/harness';
import { startApiProcess, type ServerProcess } from '../test/processes';

/**
 * Two API processes on one PostgreSQL, each with its own report cache (kept 30 s, as shipped): a
 * write through one must be seen at once through the other (platform/changeFeed.ts, LISTEN/NOTIFY).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two API processes on one database [pg]', () => {
  let db: Awaited<ReturnType<typeof freshPostgres>>;
  let world: ReviewWorld;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    db = await freshPostgres();
    await db.database.migrate();
    world = await createReviewWorld(db.database.db, await createFixtures(db.database.db));
    const env = { DATABASE_URL: db.url, REPORT_CACHE_SECONDS: '30', JOBS_INTERVAL_MS: '0' };
    servers.push(...(await Promise.all([startApiProcess(env), startApiProcess(env)])));
  }, 180_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await db?.database.close();
    await db?.drop();
  });

  async function signIn(server: ServerProcess): Promise<string> {
    const { oauthClientId, oauthClientSecret } = loadConfig({ DATA_DIR: '/tmp' });
    const res = await fetch(`${server.url}/v2/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: oauthClientId,
        client_secret: oauthClientSecret,
        grant_type: 'password',
        email: 'admin@alpha.test',
        password: FIXTURE_PASSWORD,
      }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { access_token: string }).access_token;
  }

  it('drops the other process cached reports when one process writes', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const [tokenA, tokenB] = await Promise.all([signIn(a), signIn(b)]);
    const responseRate = async () => {
      const res = await fetch(`${b.url}/v2/api/reviews/response_rate`, {
        headers: { authorization: `Bearer ${tokenB}` },
      });
      return ((await res.json()) as { responded: number }).responded;
    };
    const before = await responseRate();
    // Kept by b now: without the feed, b would answer this for 30 s.
    expect(await responseRate()).toBe(before);
    const reply = await fetch(`${a.url}/v2/api/responses/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokenA}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reviewId: world.ids.r5, text: 'Thank you, Raj.' }),
    });
    expect(reply.status, await reply.clone().text()).toBe(201);
    // The write's answer waits until its change is sent; b hears it within milliseconds (without the
    // feed it would keep its answer for 30 s).
    await expect.poll(responseRate, { timeout: 3000, interval: 50 }).toBe(before + 1);
  });
});
