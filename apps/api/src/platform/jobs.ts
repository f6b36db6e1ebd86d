/**
 * The job queue: background work that must survive restarts (auto-responses, imports, scheduled
 * reports, mails). Jobs are rows of the `jobs` table, so the same code runs on a PostgreSQL server
 * and on embedded PGlite. A process claims a due job with `FOR UPDATE SKIP LOCKED`, so several API
 * processes on one PostgreSQL share the queue and never run a job twice at the same time; a job
 * whose process died is taken again when its lock expires.
 *
 * Use:
 *   const queue = jobQueueFor(deps);
 *   queue.define('autoresponse.sweep', handler, { everySeconds: 60 });   // recurring
 *   queue.define('reviews.import', handler);                              // on demand
 *   await queue.enqueue('reviews.import', { importId }, { dedupeKey: `import:${id}` });
 *
 * A listening server polls every `JOBS_INTERVAL_MS` (config `jobsIntervalMs`; 0 = never). Tests
 * that use inject() never listen, so they call `runDue()` themselves. A failed job is retried with backoff up to `maxAttempts`, then kept
 * as 'failed' with its last error.
 */
import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';

export type JobRow = typeof jobs.$inferSelect;
export type JobPayload = Record<string, unknown>;
export type JobHandler = (payload: JobPayload, job: JobRow) => Promise<void>;

export interface EnqueueOptions {
  runAt?: Date;
  /** At most one queued or running job per key; a second enqueue with the key is ignored. */
  dedupeKey?: string;
  maxAttempts?: number;
  /** Enqueue inside the caller's transaction, so the job exists only if the work it follows commits. */
  db?: Db;
}

export interface JobQueue {
  define(name: string, handler: JobHandler, opts?: { everySeconds?: number }): void;
  /** The new job's id, or null when a job with the same dedupe key is already waiting. */
  enqueue(name: string, payload?: JobPayload, opts?: EnqueueOptions): Promise<number | null>;
  /** Runs the jobs that are due now, one after another; answers how many ran. */
  runDue(limit?: number): Promise<number>;
  start(intervalMs: number, log?: FastifyBaseLogger): void;
  stop(): Promise<void>;
}

/** How long a claimed job may run before another process may take it again. */
const LOCK_SECONDS = 300;
const RECURRING_PREFIX = 'recurring:';

function backoffSeconds(attempts: number): number {
  return Math.min(3600, 10 * 2 ** Math.max(0, attempts - 1));
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 2000);
}

export function createJobQueue(db: Db): JobQueue {
  const handlers = new Map<string, { handler: JobHandler; everySeconds?: number }>();
  let timer: NodeJS.Timeout | null = null;
  /** The tick in progress, if any. */
  let running: Promise<unknown> | null = null;
  /** A wake() came while a tick was running: the next tick follows it at once. */
  let again = false;
  /** The started runner's tick (null until start). */
  let tick: (() => void) | null = null;
  let stopped = false;

  async function enqueue(name: string, payload: JobPayload = {}, opts: EnqueueOptions = {}): Promise<number | null> {
    const runAt = opts.runAt ?? new Date();
    const rows = await (opts.db ?? db)
      .insert(jobs)
      .values({ name, payload, runAt, dedupeKey: opts.dedupeKey ?? null, maxAttempts: opts.maxAttempts ?? 5 })
      .onConflictDoNothing({ target: jobs.dedupeKey, where: sql`status in ('queued', 'running')` })
      .returning({ id: jobs.id });
    const id = rows[0]?.id ?? null;
    // A job enqueued in a transaction is seen once it commits: the next tick takes it.
    if (id !== null && !opts.db && runAt.getTime() <= Date.now() && handlers.has(name)) wake();
    return id;
  }

  /**
   * Runs the next tick now instead of at the end of the interval, so a due job enqueued by this
   * process (an upload) starts at once, in the runner's one loop: routes no longer start loops of
   * their own beside it. A tick already running runs again when it ends.
   */
  function wake(): void {
    if (!tick || stopped) return;
    if (running) {
      again = true;
      return;
    }
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, 0);
  }

  async function scheduleRecurring(name: string, everySeconds: number, from = Date.now()): Promise<void> {
    await enqueue(name, {}, { runAt: new Date(from + everySeconds * 1000), dedupeKey: `${RECURRING_PREFIX}${name}`, maxAttempts: 1 });
  }

  async function claim(): Promise<JobRow | undefined> {
    const names = [...handlers.keys()];
    if (names.length === 0) return undefined;
    const now = new Date();
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.name, names),
          or(and(eq(jobs.status, 'queued'), lte(jobs.runAt, now)), and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, now))),
        ),
      )
      .orderBy(jobs.runAt, jobs.id)
      .limit(1)
      .for('update', { skipLocked: true });
    const [job] = await db
      .update(jobs)
      .set({ status: 'running', attempts: sql`${jobs.attempts} + 1`, lockedUntil: new Date(now.getTime() + LOCK_SECONDS * 1000) })
      .where(inArray(jobs.id, due))
      .returning();
    return job;
  }

  async function finish(job: JobRow, error: unknown | null): Promise<void> {
    const now = new Date();
    if (error === null) {
      await db.update(jobs).set({ status: 'done', finishedAt: now, lockedUntil: null, lastError: null }).where(eq(jobs.id, job.id));
    } else if (job.attempts < job.maxAttempts) {
      await db
        .update(jobs)
        .set({ status: 'queued', lockedUntil: null, lastError: errorText(error), runAt: new Date(now.getTime() + backoffSeconds(job.attempts) * 1000) })
        .where(eq(jobs.id, job.id));
    } else {
      await db.update(jobs).set({ status: 'failed', finishedAt: now, lockedUntil: null, lastError: errorText(error) }).where(eq(jobs.id, job.id));
    }
    const every = handlers.get(job.name)?.everySeconds;
    if (every && job.dedupeKey === `${RECURRING_PREFIX}${job.name}`) await scheduleRecurring(job.name, every);
  }

  async function runOne(log?: FastifyBaseLogger): Promise<boolean> {
    const job = await claim();
    if (!job) return false;
    const entry = handlers.get(job.name);
    let failure: unknown | null = null;
    try {
      await entry!.handler(job.payload, job);
    } catch (error) {
      failure = error;
      log?.warn({ job: job.name, id: job.id, err: error }, 'job failed');
    }
    await finish(job, failure);
    return true;
  }

  async function runDue(limit = 100, log?: FastifyBaseLogger): Promise<number> {
    let count = 0;
    while (count < limit && !stopped && (await runOne(log))) count += 1;
    return count;
  }

  return {
    define(name, handler, opts = {}) {
      handlers.set(name, { handler, everySeconds: opts.everySeconds });
    },
    enqueue,
    runDue: (limit) => runDue(limit),
    start(intervalMs, log) {
      if (tick || intervalMs <= 0) return;
      stopped = false;
      const run = () => {
        timer = null;
        again = false;
        running = (async () => {
          for (const [name, h] of handlers) if (h.everySeconds) await scheduleRecurring(name, h.everySeconds, Date.now() - h.everySeconds * 1000);
          await runDue(100, log);
        })()
          .catch((error: unknown) => log?.error({ err: error }, 'job runner tick failed'))
          .finally(() => {
            running = null;
            if (!stopped) timer = setTimeout(run, again ? 0 : intervalMs);
          });
      };
      tick = run;
      timer = setTimeout(run, Math.min(intervalMs, 1000));
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      tick = null;
    },
  };
}

const queues = new WeakMap<Db, JobQueue>();

/** The one queue of a database (route modules share it); a listening server starts it, see reviews/routes.ts. */
export function jobQueueFor(deps: { db: Db }): JobQueue {
  let queue = queues.get(deps.db);
  if (!queue) {
    queue = createJobQueue(deps.db);
    queues.set(deps.db, queue);
  }
  return queue;
}
