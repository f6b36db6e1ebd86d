import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { jobs, mailOutbox, reportSettings } from '../db/schema';
import { createReviewWorld, type ReviewWorld } from '../modules/reviews/test/world';
import { createFixtures, FIXTURE_PASSWORD, type Fixtures } from '../test/fixtures';
import { freshPostgres } from '../test/harness';
import { startApiProcess, type ServerProcess } from '../test/processes';
import { startRoundRobinProxy, type RoundRobinProxy } from '../test/roundRobinProxy';

/**
 * Two API processes on one PostgreSQL, each with its own report cache (kept 30 s, as shipped), and a
 * round-robin proxy in front of both as deploy/Caddyfile has it: a write through one must be seen at
 * once through the other (platform/changeFeed.ts, LISTEN/NOTIFY).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two API processes on one database [pg]', () => {
  let db: Awaited<ReturnType<typeof freshPostgres>>;
  let world: ReviewWorld;
  let fx: Fixtures;
  const servers: ServerProcess[] = [];
  let proxy: RoundRobinProxy;

  beforeAll(async () => {
    db = await freshPostgres();
    await db.database.migrate();
    fx = await createFixtures(db.database.db);
    world = await createReviewWorld(db.database.db, fx);
    const env = {
      DATABASE_URL: db.url,
      REPORT_CACHE_SECONDS: '30',
      // Both processes look for due jobs five times a second.
      JOBS_INTERVAL_MS: '200',
      TOKEN_RATE_LIMIT: '4',
      SHUTDOWN_DRAIN_SECONDS: '1',
      // The proxy runs on this machine: its X-Forwarded-For names the client.
      TRUST_PROXY: 'loopback',
      // One secret for both, as compose.yaml sets it: a token from either is good on the other.
      JWT_SECRET: 'two-processes-one-jwt-secret-0123456789abcdef',
    };
    servers.push(...(await Promise.all([startApiProcess(env), startApiProcess(env)])));
    proxy = await startRoundRobinProxy(servers.map((s) => s.url));
  }, 180_000);
  afterAll(async () => {
    await proxy?.close();
    await Promise.all(servers.map((s) => s.stop()));
    await db?.database.close();
    await db?.drop();
  });

  function tokenCall(
    server: { url: string },
    email: string,
    password: string,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const { oauthClientId, oauthClientSecret } = loadConfig({ DATA_DIR: '/tmp' });
    return fetch(`${server.url}/v2/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({
        client_id: oauthClientId,
        client_secret: oauthClientSecret,
        grant_type: 'password',
        email,
        password,
      }),
    });
  }

  async function signIn(server: { url: string }): Promise<string> {
    const res = await tokenCall(server, 'admin@alpha.test', FIXTURE_PASSWORD);
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { access_token: string }).access_token;
  }

  /** Reviews replied to, as the response-rate report of `server` answers it now. */
  async function responded(server: { url: string }, token: string): Promise<number> {
    const res = await fetch(`${server.url}/v2/api/reviews/response_rate`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await res.json()) as { responded: number }).responded;
  }

  /** A reply to a review through `server`, which must take it. */
  async function reply(server: { url: string }, token: string, reviewId: number, text: string): Promise<void> {
    const res = await fetch(`${server.url}/v2/api/responses/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ reviewId, text }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
  }

  it('drops the other process cached reports when one process writes', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const [tokenA, tokenB] = await Promise.all([signIn(a), signIn(b)]);
    const responseRate = () => responded(b, tokenB);
    const before = await responseRate();
    // Kept by b now: without the feed, b would answer this for 30 s.
    expect(await responseRate()).toBe(before);
    await reply(a, tokenA, world.ids.r5!, 'Thank you, Raj.');
    // The write's answer waits until its change is sent; b hears it within milliseconds (without the
    // feed it would keep its answer for 30 s).
    await expect.poll(responseRate, { timeout: 3000, interval: 50 }).toBe(before + 1);
  });

  it('holds the sign-in limit across both processes', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    // Four failures allowed per email and address (TOKEN_RATE_LIMIT=4), wherever they were tried.
    for (const server of [a, b, a, b])
      expect((await tokenCall(server, 'analyst@alpha.test', 'wrong')).status).toBe(400);
    expect((await tokenCall(a, 'analyst@alpha.test', 'wrong')).status).toBe(429);
    expect((await tokenCall(b, 'analyst@alpha.test', FIXTURE_PASSWORD)).status).toBe(429);
  });

  it('behind the proxy, a write is seen at once whichever process answers the next read', async () => {
    const token = await signIn(proxy);
    const responseRate = () => responded(proxy, token);
    // Two reads: one from each process (round robin), each now keeping its answer for 30 s.
    const served = proxy.served.length;
    const before = await responseRate();
    expect(await responseRate()).toBe(before);
    expect(new Set(proxy.served.slice(served))).toEqual(new Set([0, 1]));
    await reply(proxy, token, world.ids.r7!, 'Thank you for coming.');
    // The next two reads come from both processes, and both know of the reply.
    await expect.poll(responseRate, { timeout: 3000, interval: 50 }).toBe(before + 1);
    expect(await responseRate()).toBe(before + 1);
  });

  it('behind the proxy, counts failed sign-ins per forwarded client address across both processes', async () => {
    const from = (address: string) => ({ 'x-forwarded-for': address });
    // Four failures from one client, the proxy sending them to each process in turn (TOKEN_RATE_LIMIT=4).
    const served = proxy.served.length;
    for (let i = 0; i < 4; i++)
      expect((await tokenCall(proxy, 'manager@alpha.test', 'wrong', from('203.0.113.7'))).status).toBe(400);
    expect(new Set(proxy.served.slice(served))).toEqual(new Set([0, 1]));
    expect((await tokenCall(proxy, 'manager@alpha.test', FIXTURE_PASSWORD, from('203.0.113.7'))).status).toBe(429);
    // Another client behind the same proxy has its own count: the proxy's address is not the client's.
    expect((await tokenCall(proxy, 'manager@alpha.test', 'wrong', from('198.51.100.9'))).status).toBe(400);
    expect((await tokenCall(proxy, 'manager@alpha.test', FIXTURE_PASSWORD, from('198.51.100.9'))).status).toBe(200);
  });

  it('runs a job scheduled once exactly once, while both processes look for due jobs', async () => {
    const { db: d } = db.database;
    const [setting] = await d
      .insert(reportSettings)
      .values({
        companyId: fx.companyA.id,
        userId: fx.companyA.admin.id,
        enabled: true,
        frequency: 'weekly',
        recipients: ['once@example.test'],
        nextRunAt: new Date(Date.now() - 60_000),
      })
      .returning();
    const [job] = await d
      .insert(jobs)
      .values({ name: 'reports.send', payload: { settingId: setting!.id } })
      .returning();
    const row = async () => (await d.select().from(jobs).where(eq(jobs.id, job!.id)))[0]!;
    await expect.poll(async () => (await row()).status, { timeout: 20_000, interval: 100 }).toBe('done');
    expect((await row()).attempts).toBe(1);
    // A second run would have mailed the report twice: give the other process a moment to try.
    await new Promise((r) => setTimeout(r, 1000));
    const mails = await d.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.to, 'once@example.test'));
    expect(mails).toHaveLength(1);
  });

  it('finishes the requests in flight when stopped with SIGTERM, and exits, while the proxy sends the rest to the other', async () => {
    const b = servers[1]!;
    const token = await signIn(b);
    // Half the burst straight to b, half through the proxy (which stops sending to b once it drains).
    const burst = Array.from({ length: 40 }, (_, i) =>
      fetch(
        `${i % 2 ? proxy.url : b.url}/v2/api/dashboard/premium?date_from=2024-01-${String((i % 28) + 1).padStart(2, '0')}`,
        {
          headers: { authorization: `Bearer ${token}` },
        },
      ).then(
        (r) => r.status,
        (error: unknown) => `failed: ${String((error as { cause?: unknown }).cause ?? error)}`,
      ),
    );
    await new Promise((r) => setTimeout(r, 100));
    const exited = b.stop();
    // Draining: readiness says so at once, while the burst goes on being served.
    await expect.poll(async () => (await fetch(`${b.url}/readyz`)).status, { timeout: 900, interval: 50 }).toBe(503);
    const statuses = await Promise.all(burst);
    // Every request is answered in full. Before, keep-alive held the stop for 10 s, then the kill reset
    // 33 of 40, and closing the listener at once reset the connections still in the kernel's queue.
    expect(statuses).toEqual(burst.map(() => 200));
    await exited;
    expect(b.exitCode()).toBe(0);
    expect(b.log()).not.toMatch(/"level":(50|60)/);
  });
});
