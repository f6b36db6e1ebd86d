import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { jobs } from '../db/schema';
import { describeEachDatabase, type TestEnv } from '../test/harness';
import { createJobQueue } from './jobs';

describeEachDatabase('job queue', (use) => {
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

  it('retries a failing job with backoff and keeps it as failed with the error after the last attempt', async () => {
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
    expect(row).toMatchObject({ status: 'failed', attempts: 2, lastError: 'remote service down' });
    expect(calls).toBe(2);
  });

  it('takes over a job whose process died (lock expired) and leaves other processes\' job names alone', async () => {
    const db = env.database.db;
    const [stale] = await db.insert(jobs).values({ name: 'test.stale', status: 'running', attempts: 1, lockedUntil: new Date(Date.now() - 1000) }).returning();
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
    queue.define('test.every', async () => {
      ticks += 1;
    }, { everySeconds: 60 });
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
    const deadline = Date.now() + 5_000;
    while (done.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    await queue.stop();
    expect(done).toHaveLength(2);
    expect(Math.max(...done)).toBeLessThan(1_000);
  });
}, { env: { JOBS_INTERVAL_MS: '0' } });
