import { eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { jobs } from '../db/schema';
import { describeOnBothDatabases, type TestEnv } from '../test/harness';
import { bearer, signIn } from '../test/http';
import { createJobQueue, retryDelayMs } from './jobs';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits for a condition the code under test brings about (never a timing assertion). */
async function until(check: () => Promise<boolean>, limitMs = 20_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the condition was not met in time');
    await sleep(25);
  }
}

describeOnBothDatabases(
  'job queue',
  (use) => {
    let env: TestEnv;
    beforeAll(() => {
      env = use();
    });

    it('runs due jobs once, keeps later ones waiting, and ignores a second enqueue with the same key', async () => {
      const queue = createJobQueue(env.database.db);
      const seen: unknown[] = [];
      queue.define('test.record', async (payload) => {
        seen.push(payload.n);
      });
      const first = await queue.enqueue('test.record', { n: 1 }, { dedupeKey: 'k1' });
      expect(await queue.enqueue('test.record', { n: 99 }, { dedupeKey: 'k1' })).toBeNull();
      await queue.enqueue('test.record', { n: 2 }, { runAt: new Date(Date.now() + 3_600_000) });
      expect(await queue.runDue()).toBe(1);
      expect(seen).toEqual([1]);
      const [row] = await env.database.db.select().from(jobs).where(eq(jobs.id, first!));
      expect(row).toMatchObject({ status: 'done', attempts: 1 });
      // Once done, the key is free again.
      expect(await queue.enqueue('test.record', { n: 3 }, { dedupeKey: 'k1' })).not.toBeNull();
    });

    it('retries a failing job with back-off, then keeps it as dead with its error and shows it in system health', async () => {
      const queue = createJobQueue(env.database.db);
      let calls = 0;
      queue.define('test.fail', async () => {
        calls += 1;
        throw new Error('remote service down');
      });
      const id = await queue.enqueue('test.fail', {}, { maxAttempts: 2 });
      await queue.runDue();
      let [row] = await env.database.db.select().from(jobs).where(eq(jobs.id, id!));
      expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'remote service down' });
      expect(row!.runAt.getTime()).toBeGreaterThan(Date.now());
      await env.database.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, id!));
      await queue.runDue();
      [row] = await env.database.db.select().from(jobs).where(eq(jobs.id, id!));
      expect(row).toMatchObject({ status: 'dead', attempts: 2, lastError: 'remote service down' });
      expect(calls).toBe(2);
      const owner = await signIn(env.app, 'owner@fixture.test');
      const health = (
        await env.app.inject({ url: '/v2/api/admin/systemhealth', headers: bearer(owner.access_token) })
      ).json();
      expect(health.status).toBe('degraded');
      expect(health.queue.dead).toBeGreaterThanOrEqual(1);
      expect(health.queue.recentDead).toContainEqual(
        expect.objectContaining({ id: id!, name: 'test.fail', error: 'remote service down', attempts: 2 }),
      );
      expect(health.reasons).toContain(
        `${health.queue.deadLastDay} background job(s) failed their last attempt in the last 24 hours.`,
      );
    });

    it('waits longer before each retry, with jitter, at most an hour', () => {
      for (let i = 0; i < 20; i++) {
        expect(retryDelayMs(1, 10)).toBeGreaterThanOrEqual(8_000);
        expect(retryDelayMs(1, 10)).toBeLessThanOrEqual(12_000);
        expect(retryDelayMs(3, 10)).toBeGreaterThanOrEqual(32_000);
        expect(retryDelayMs(3, 10)).toBeLessThanOrEqual(48_000);
        expect(retryDelayMs(30, 10)).toBeLessThanOrEqual(3_600_000 * 1.2);
      }
    });

    it('never runs one job twice with two runners on one database, and runs several at once', async () => {
      const a = createJobQueue(env.database.db, { concurrency: 3, perKind: 3 });
      const b = createJobQueue(env.database.db, { concurrency: 3, perKind: 3 });
      const runs: number[] = [];
      let running = 0;
      let most = 0;
      const handler = async (payload: Record<string, unknown>) => {
        running += 1;
        most = Math.max(most, running);
        await sleep(20);
        runs.push(Number(payload.n));
        running -= 1;
      };
      a.define('test.pair', handler);
      b.define('test.pair', handler);
      for (let n = 0; n < 24; n++) await a.enqueue('test.pair', { n });
      const [byA, byB] = await Promise.all([a.runDue(), b.runDue()]);
      expect(byA + byB).toBe(24);
      expect([...runs].sort((x, y) => x - y)).toEqual([...Array(24).keys()]);
      expect(most).toBeGreaterThan(1);
      expect(most).toBeLessThanOrEqual(3);
    });

    it('keeps a kind within its limit across runners', async () => {
      const a = createJobQueue(env.database.db, { concurrency: 4 });
      const b = createJobQueue(env.database.db, { concurrency: 4 });
      let running = 0;
      let most = 0;
      const handler = async () => {
        running += 1;
        most = Math.max(most, running);
        await sleep(30);
        running -= 1;
      };
      a.define('test.limited', handler, { concurrency: 2 });
      b.define('test.limited', handler, { concurrency: 2 });
      for (let n = 0; n < 8; n++) await a.enqueue('test.limited', { n });
      const [byA, byB] = await Promise.all([a.runDue(), b.runDue()]);
      expect(byA + byB).toBe(8);
      expect(most).toBe(2);
    });

    it('runs a job longer than its lease once: the lease is renewed while it runs', async () => {
      // A lease of a second, renewed every third of it, and a job of three: a CI machine under load once
      // stalled past a 0.3 s lease, and the other runner rightly took the job over.
      const a = createJobQueue(env.database.db, { leaseSeconds: 1 });
      const b = createJobQueue(env.database.db, { leaseSeconds: 1 });
      let runs = 0;
      const handler = async () => {
        runs += 1;
        await sleep(3_000);
      };
      a.define('test.long', handler);
      b.define('test.long', handler);
      const id = await a.enqueue('test.long');
      a.start(20);
      b.start(20);
      await until(
        async () => (await env.database.db.select().from(jobs).where(eq(jobs.id, id!)))[0]!.status === 'done',
      );
      await Promise.all([a.stop(), b.stop()]);
      expect(runs).toBe(1);
      const [row] = await env.database.db.select().from(jobs).where(eq(jobs.id, id!));
      expect(row).toMatchObject({ status: 'done', attempts: 1 });
    });

    it('removes finished jobs older than their retention and keeps the rest', async () => {
      const db = env.database.db;
      const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000);
      const rows = await db
        .insert(jobs)
        .values([
          { name: 'test.old', status: 'done', finishedAt: ago(73) },
          { name: 'test.old', status: 'done', finishedAt: ago(71) },
          { name: 'test.old', status: 'dead', finishedAt: ago(31 * 24) },
          { name: 'test.old', status: 'dead', finishedAt: ago(29 * 24) },
          { name: 'test.old', status: 'queued', runAt: ago(1000) },
        ])
        .returning({ id: jobs.id });
      const queue = createJobQueue(db, { keepDoneHours: 72, keepDeadDays: 30 });
      expect(await queue.prune()).toBeGreaterThanOrEqual(2);
      const left = await db
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          inArray(
            jobs.id,
            rows.map((r) => r.id),
          ),
        );
      expect(left.map((r) => r.id).sort((x, y) => x - y)).toEqual([rows[1]!.id, rows[3]!.id, rows[4]!.id]);
    });

    it("takes over a job whose process died (lease ran out) and leaves other processes' job names alone", async () => {
      const db = env.database.db;
      const [stale] = await db
        .insert(jobs)
        .values({
          name: 'test.stale',
          status: 'running',
          attempts: 1,
          lockedBy: 'crashed',
          lockedUntil: new Date(Date.now() - 1000),
        })
        .returning();
      await db.insert(jobs).values({ name: 'someone.else', status: 'queued' });
      const queue = createJobQueue(db);
      let ran = 0;
      queue.define('test.stale', async () => {
        ran += 1;
      });
      expect(await queue.runDue()).toBe(1);
      expect(ran).toBe(1);
      const [row] = await db.select().from(jobs).where(eq(jobs.id, stale!.id));
      expect(row).toMatchObject({ status: 'done', attempts: 2 });
      const [other] = await db.select().from(jobs).where(eq(jobs.name, 'someone.else'));
      expect(other!.status).toBe('queued');
    });

    it('schedules recurring jobs again after each run', async () => {
      const queue = createJobQueue(env.database.db);
      let ticks = 0;
      queue.define(
        'test.every',
        async () => {
          ticks += 1;
        },
        { everySeconds: 60 },
      );
      queue.start(20);
      await new Promise((r) => setTimeout(r, 300));
      await queue.stop();
      expect(ticks).toBe(1);
      const waiting = await env.database.db.select().from(jobs).where(eq(jobs.name, 'test.every'));
      expect(waiting.filter((j) => j.status === 'queued')).toHaveLength(1);
      expect(waiting.find((j) => j.status === 'queued')!.runAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    });

    it('starts a due job enqueued by this process at once, not at the next tick of the interval', async () => {
      const queue = createJobQueue(env.database.db);
      const done: number[] = [];
      queue.define('test.now', async (payload) => {
        done.push(Date.now() - Number(payload.at));
      });
      queue.start(60_000);
      // The first tick runs within a second of the start; after it the next is a minute away.
      await new Promise((r) => setTimeout(r, 1_100));
      await queue.enqueue('test.now', { at: Date.now() });
      await queue.enqueue('test.now', { at: Date.now() });
      const deadline = Date.now() + 15_000;
      while (done.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      await queue.stop();
      expect(done).toHaveLength(2);
      // Well under the minute to the next tick; a loaded CI machine took over a second to start them.
      expect(Math.max(...done)).toBeLessThan(10_000);
    });
  },
  { env: { JOBS_INTERVAL_MS: '0' } },
);
