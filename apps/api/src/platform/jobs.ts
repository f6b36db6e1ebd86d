/**
 * The job queue: background work that must survive restarts (auto-responses, imports, scheduled
 * reports, mails). Jobs are rows of the `jobs` table, so the same code runs on a PostgreSQL server
 * and on embedded PGlite, and several API processes on one PostgreSQL share the queue.
 *
 * Use:
 *   const queue = jobQueueFor(deps);
 *   queue.define('autoresponse.sweep', handler, { everySeconds: 60 });   // recurring
 *   queue.define('reviews.import', handler, { concurrency: 2 });          // on demand
 *   await queue.enqueue('reviews.import', { importId }, { dedupeKey: `import:${id}` });
 *
 * - Claims: in one transaction under an advisory lock, due jobs are taken with `FOR UPDATE SKIP
 *   LOCKED`, at most `concurrency` of a kind running at once across every process (JOBS_PER_KIND by
 *   default), and at most JOBS_CONCURRENCY in this process. A job runs once.
 * - Lease: a claimed job is leased for JOBS_LEASE_SECONDS and the lease is renewed while it runs
 *   (a heartbeat every third of it), so a long job is never taken twice; a job whose process died is
 *   taken again once its short lease has run out. Only the process holding the lease may finish it.
 * - Failures: retried with exponential back-off and jitter up to `maxAttempts`, then kept as
 *   'dead' with the last error (system health lists them). A kind's `onFailure` hears of each.
 * - Retention: done jobs are removed after JOBS_KEEP_DONE_HOURS, dead ones after JOBS_KEEP_DEAD_DAYS.
 *
 * The runner starts with the listening server (app.ts) and polls every JOBS_INTERVAL_MS (0 = never).
 * Tests that use inject() never listen, so they call `runDue()` themselves.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { and, eq, gt, gte, inArray, lt, lte, min, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';

export type JobRow = typeof jobs.$inferSelect;
export type JobPayload = Record<string, unknown>;
/** `signal` aborts when this process lost the job's lease (another may run it): stop early if you can. */
export type JobHandler = (payload: JobPayload, job: JobRow, ctx: { signal: AbortSignal }) => Promise<void>;

/** One failed attempt: `retryAt` is when the next one runs, null when the job is dead. */
export interface JobFailure {
  error: string;
  attempts: number;
  retryAt: Date | null;
}

export interface JobKindOptions {
  /** Runs again this many seconds after each run (a recurring job). */
  everySeconds?: number;
  /** At most this many jobs of the kind run at once across all processes (default: the queue's perKind). */
  concurrency?: number;
  /** The first retry waits this long; each next one twice as long (with jitter), at most an hour. */
  retryBaseSeconds?: number;
  /** Hears of each failed attempt, in the transaction that records it. */
  onFailure?: (payload: JobPayload, failure: JobFailure, db: Db) => Promise<void>;
}

export interface EnqueueOptions {
  runAt?: Date;
  /** At most one queued or running job per key; a second enqueue with the key is ignored. */
  dedupeKey?: string;
  maxAttempts?: number;
  /** Enqueue inside the caller's transaction, so the job exists only if the work it follows commits. */
  db?: Db;
}

export interface QueueSettings {
  /** Jobs this process runs at once. */
  concurrency: number;
  /** Jobs of one kind running at once across all processes, unless the kind says otherwise. */
  perKind: number;
  leaseSeconds: number;
  keepDoneHours: number;
  keepDeadDays: number;
}

export interface JobQueue {
  define(name: string, handler: JobHandler, opts?: JobKindOptions): void;
  /** The new job's id, or null when a job with the same dedupe key is already waiting. */
  enqueue(name: string, payload?: JobPayload, opts?: EnqueueOptions): Promise<number | null>;
  /** Runs the jobs that are due now (several at once) until none is left; answers how many ran. */
  runDue(limit?: number): Promise<number>;
  /** Lets the started runner look for due jobs now (after enqueueing inside a transaction that has committed). */
  wake(): void;
  /** Removes finished jobs older than their retention; answers how many. */
  prune(): Promise<number>;
  start(intervalMs: number, log?: FastifyBaseLogger): void;
  stop(): Promise<void>;
}

export const DEFAULT_QUEUE_SETTINGS: QueueSettings = {
  concurrency: 4,
  perKind: 2,
  leaseSeconds: 30,
  keepDoneHours: 72,
  keepDeadDays: 30,
};

const RECURRING_PREFIX = 'recurring:';
/** Serialises claims across processes, so per-kind limits hold (a claim lasts milliseconds). */
const CLAIM_LOCK = 72_450_028;
const PRUNE_EVERY_MS = 10 * 60_000;
const PRUNE_BATCH = 5000;
const MAX_RETRY_SECONDS = 3600;
export const LEASE_LOST = 'The process running it stopped before it finished (its lease ran out).';

/** Exponential back-off with ±20% jitter, so retries of many jobs failing together spread out. */
export function retryDelayMs(attempts: number, baseSeconds = 10): number {
  const seconds = Math.min(MAX_RETRY_SECONDS, baseSeconds * 2 ** Math.max(0, attempts - 1));
  return Math.round(seconds * 1000 * (0.8 + Math.random() * 0.4));
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 2000);
}

const leaseUntil = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000}::float8)`;

interface Kind extends JobKindOptions {
  handler: JobHandler;
}

export function createJobQueue(db: Db, overrides: Partial<QueueSettings> = {}): JobQueue {
  const settings = { ...DEFAULT_QUEUE_SETTINGS, ...overrides };
  const leaseMs = settings.leaseSeconds * 1000;
  /** This queue's name on the rows it holds: only the holder renews or finishes them. */
  const me = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const kinds = new Map<string, Kind>();
  /** Jobs running in this process, by id, with the signal that tells them their lease is lost. */
  const active = new Map<number, { done: Promise<void>; lease: AbortController }>();
  let stopped = false;
  let runLog: FastifyBaseLogger | undefined;
  let started = false;
  let timer: NodeJS.Timeout | null = null;
  let ticking: Promise<void> | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let renewing = false;
  let pumping: Promise<void> | null = null;
  let pumpAgain = false;
  let lastPrune = 0;

  async function enqueue(name: string, payload: JobPayload = {}, opts: EnqueueOptions = {}): Promise<number | null> {
    const runAt = opts.runAt ?? new Date();
    const rows = await (opts.db ?? db)
      .insert(jobs)
      .values({ name, payload, runAt, dedupeKey: opts.dedupeKey ?? null, maxAttempts: opts.maxAttempts ?? 5 })
      .onConflictDoNothing({ target: jobs.dedupeKey, where: sql`status in ('queued', 'running')` })
      .returning({ id: jobs.id });
    const id = rows[0]?.id ?? null;
    // A job enqueued in a transaction is seen once it commits: the next tick takes it.
    if (id !== null && !opts.db && runAt.getTime() <= Date.now() && kinds.has(name)) pump();
    return id;
  }

  async function scheduleRecurring(name: string, everySeconds: number, from = Date.now()): Promise<void> {
    await enqueue(
      name,
      {},
      { runAt: new Date(from + everySeconds * 1000), dedupeKey: `${RECURRING_PREFIX}${name}`, maxAttempts: 1 },
    );
  }

  /**
   * The next run of a recurring job, in the transaction that ends this one: the dedupe key is never
   * free in between, so a tick cannot slip in a run that is due at once.
   */
  async function rescheduleIfRecurring(job: Pick<JobRow, 'name' | 'dedupeKey'>, tx: Db): Promise<void> {
    const every = kinds.get(job.name)?.everySeconds;
    if (every && job.dedupeKey === `${RECURRING_PREFIX}${job.name}`) {
      await enqueue(
        job.name,
        {},
        { runAt: new Date(Date.now() + every * 1000), dedupeKey: job.dedupeKey, maxAttempts: 1, db: tx },
      );
    }
  }

  /** Jobs of a crashed process that have no attempt left: dead, with their kind told. */
  async function reapLost(tx: Db, names: string[]): Promise<JobRow[]> {
    const lost = await tx
      .update(jobs)
      .set({ status: 'dead', finishedAt: sql`now()`, lockedUntil: null, lockedBy: null, lastError: LEASE_LOST })
      .where(
        and(
          inArray(jobs.name, names),
          eq(jobs.status, 'running'),
          lt(jobs.lockedUntil, sql`now()`),
          gte(jobs.attempts, jobs.maxAttempts),
        ),
      )
      .returning();
    for (const job of lost) {
      await kinds
        .get(job.name)
        ?.onFailure?.(job.payload, { error: LEASE_LOST, attempts: job.attempts, retryAt: null }, tx);
      await rescheduleIfRecurring(job, tx);
    }
    return lost;
  }

  /** Room per kind: its limit less the jobs of the kind holding a live lease anywhere. */
  async function roomByKind(tx: Db, names: string[]): Promise<Map<string, number>> {
    const busy = await tx
      .select({ name: jobs.name, n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(and(inArray(jobs.name, names), eq(jobs.status, 'running'), gt(jobs.lockedUntil, sql`now()`)))
      .groupBy(jobs.name);
    const running = new Map(busy.map((b) => [b.name, Number(b.n)]));
    return new Map(names.map((n) => [n, (kinds.get(n)?.concurrency ?? settings.perKind) - (running.get(n) ?? 0)]));
  }

  /** Queued and due, or running under a lease that ran out with attempts left; never one this process runs. */
  function dueWhere(names: string[]): SQL {
    const mine = [...active.keys()];
    return and(
      inArray(jobs.name, names),
      or(
        // The statement's time, not the transaction's (now()): a job queued while this claim's
        // transaction was starting is already visible to its statements, and would look not yet due.
        and(eq(jobs.status, 'queued'), lte(jobs.runAt, sql`statement_timestamp()`)),
        and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, sql`now()`), lt(jobs.attempts, jobs.maxAttempts)),
      ),
      mine.length ? notInArray(jobs.id, mine) : undefined,
    )!;
  }

  /** Takes up to `room` due jobs, oldest kinds first, within each kind's limit. */
  async function claim(room: number): Promise<JobRow[]> {
    const names = [...kinds.keys()];
    if (names.length === 0 || room <= 0) return [];
    return db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`);
      await reapLost(tx, names);
      const free = await roomByKind(tx, names);
      const open = names.filter((n) => free.get(n)! > 0);
      if (open.length === 0) return [];
      const due = dueWhere(open);
      const waiting = await tx
        .select({ name: jobs.name, first: min(jobs.runAt) })
        .from(jobs)
        .where(due)
        .groupBy(jobs.name)
        .orderBy(min(jobs.runAt));
      const claimed: JobRow[] = [];
      for (const { name } of waiting) {
        const want = Math.min(free.get(name)!, room - claimed.length);
        if (want <= 0) continue;
        const ids = tx
          .select({ id: jobs.id })
          .from(jobs)
          .where(and(due, eq(jobs.name, name)))
          .orderBy(jobs.runAt, jobs.id)
          .limit(want)
          .for('update', { skipLocked: true });
        claimed.push(
          ...(await tx
            .update(jobs)
            .set({
              status: 'running',
              attempts: sql`${jobs.attempts} + 1`,
              lockedBy: me,
              lockedUntil: leaseUntil(leaseMs),
            })
            .where(inArray(jobs.id, ids))
            .returning()),
        );
      }
      return claimed;
    });
  }

  /** The row as this process holds it: still running under our lease, at the attempt we took. */
  const held = (job: JobRow) =>
    and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.lockedBy, me), eq(jobs.attempts, job.attempts));

  /** Records how the attempt ended, if this process still holds the job; answers whether it did. */
  async function finish(job: JobRow, failure: unknown | null): Promise<boolean> {
    const kind = kinds.get(job.name);
    const error = failure === null ? null : errorText(failure);
    const retryAt =
      error !== null && job.attempts < job.maxAttempts
        ? new Date(Date.now() + retryDelayMs(job.attempts, kind?.retryBaseSeconds))
        : null;
    const next =
      error === null
        ? { status: 'done', finishedAt: sql`now()` }
        : retryAt
          ? { status: 'queued', runAt: retryAt }
          : { status: 'dead', finishedAt: sql`now()` };
    return db.transaction(async (txn) => {
      const tx = txn as unknown as Db;
      const rows = await tx
        .update(jobs)
        .set({ ...next, lockedUntil: null, lockedBy: null, lastError: error })
        .where(held(job))
        .returning({ id: jobs.id });
      if (rows.length === 0) return false;
      if (error !== null) await kind?.onFailure?.(job.payload, { error, attempts: job.attempts, retryAt }, tx);
      if (!retryAt) await rescheduleIfRecurring(job, tx);
      return true;
    });
  }

  async function execute(job: JobRow, lease: AbortController): Promise<void> {
    const kind = kinds.get(job.name)!;
    let failure: unknown | null = null;
    try {
      await kind.handler(job.payload, job, { signal: lease.signal });
    } catch (error) {
      failure = error;
      runLog?.warn({ job: job.name, id: job.id, attempt: job.attempts, err: error }, 'job failed');
    }
    if (!(await finish(job, failure)))
      runLog?.warn(
        { job: job.name, id: job.id },
        'job finished after its lease was taken over; its result is not recorded',
      );
  }

  /** Renews the lease of every job running here; a job whose row is no longer ours hears it lost its lease. */
  async function renewLeases(): Promise<void> {
    if (renewing) return;
    if (active.size === 0) {
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
      return;
    }
    renewing = true;
    try {
      const ids = [...active.keys()];
      const kept = await db
        .update(jobs)
        .set({ lockedUntil: leaseUntil(leaseMs) })
        .where(and(inArray(jobs.id, ids), eq(jobs.status, 'running'), eq(jobs.lockedBy, me)))
        .returning({ id: jobs.id });
      const keptIds = new Set(kept.map((r) => r.id));
      for (const id of ids) if (!keptIds.has(id)) active.get(id)?.lease.abort();
    } catch (error) {
      runLog?.error({ err: error }, 'job lease renewal failed');
    } finally {
      renewing = false;
    }
  }

  /** Claims what fits in this process's free slots and starts it; answers how many started. */
  async function fill(max = Infinity): Promise<number> {
    const room = Math.min(settings.concurrency - active.size, max);
    if (room <= 0 || stopped) return 0;
    const claimed = await claim(room);
    for (const job of claimed) {
      const lease = new AbortController();
      const done = execute(job, lease)
        .catch((error: unknown) =>
          runLog?.error({ err: error, job: job.name, id: job.id }, 'job could not be recorded'),
        )
        .finally(() => {
          active.delete(job.id);
          pump();
        });
      active.set(job.id, { done, lease });
    }
    if (claimed.length && !heartbeat)
      heartbeat = setInterval(() => void renewLeases(), Math.max(50, Math.floor(leaseMs / 3)));
    return claimed.length;
  }

  /** The started runner fills free slots at once (a job ended, a due job was queued here); calls coalesce. */
  function pump(): void {
    if (!started || stopped) return;
    if (pumping) {
      pumpAgain = true;
      return;
    }
    pumping = (async () => {
      do {
        pumpAgain = false;
        await fill();
      } while (pumpAgain && !stopped);
    })()
      .catch((error: unknown) => runLog?.error({ err: error }, 'job runner failed to claim jobs'))
      .finally(() => {
        pumping = null;
      });
  }

  async function runDue(limit = 100): Promise<number> {
    let count = 0;
    while (!stopped && count < limit) {
      const idleBefore = active.size === 0;
      const n = await fill(limit - count);
      count += n;
      if (n > 0) continue;
      // Nothing claimed: done only if nothing was running either. A claim that found a kind full
      // can return after those jobs ended; stopping then left 40 of 50 due pushes queued.
      if (active.size === 0) {
        if (idleBefore) break;
        continue;
      }
      // Full, or waiting on running jobs (which may queue more): go on when one ends.
      await Promise.race([...active.values()].map((a) => a.done));
    }
    await Promise.all([...active.values()].map((a) => a.done));
    return count;
  }

  async function prune(): Promise<number> {
    const doneBefore = new Date(Date.now() - settings.keepDoneHours * 3_600_000);
    const deadBefore = new Date(Date.now() - settings.keepDeadDays * 86_400_000);
    const expired = or(
      and(eq(jobs.status, 'done'), lt(jobs.finishedAt, doneBefore)),
      and(eq(jobs.status, 'dead'), lt(jobs.finishedAt, deadBefore)),
    );
    let total = 0;
    for (;;) {
      const batch = db.select({ id: jobs.id }).from(jobs).where(expired).limit(PRUNE_BATCH);
      const removed = await db.delete(jobs).where(inArray(jobs.id, batch)).returning({ id: jobs.id });
      total += removed.length;
      if (removed.length < PRUNE_BATCH) return total;
    }
  }

  async function tick(): Promise<void> {
    for (const [name, kind] of kinds)
      if (kind.everySeconds) await scheduleRecurring(name, kind.everySeconds, Date.now() - kind.everySeconds * 1000);
    if (Date.now() - lastPrune >= PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      const removed = await prune();
      if (removed) runLog?.info({ removed }, 'finished jobs past their retention removed');
    }
    pump();
  }

  return {
    define(name, handler, opts = {}) {
      kinds.set(name, { ...opts, handler });
    },
    enqueue,
    wake: pump,
    runDue,
    prune,
    start(intervalMs, log) {
      if (started || intervalMs <= 0) return;
      started = true;
      stopped = false;
      runLog = log;
      const run = () => {
        timer = null;
        ticking = tick()
          .catch((error: unknown) => log?.error({ err: error }, 'job runner tick failed'))
          .finally(() => {
            ticking = null;
            if (!stopped) timer = setTimeout(run, intervalMs);
          });
      };
      timer = setTimeout(run, Math.min(intervalMs, 1000));
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await ticking;
      await pumping;
      // Jobs in flight finish (their leases renewed meanwhile), so a restart does not run them twice.
      await Promise.all([...active.values()].map((a) => a.done));
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
      started = false;
    },
  };
}

export function queueSettingsOf(config: Config): QueueSettings {
  return {
    concurrency: config.jobsConcurrency,
    perKind: config.jobsPerKind,
    leaseSeconds: config.jobsLeaseSeconds,
    keepDoneHours: config.jobsKeepDoneHours,
    keepDeadDays: config.jobsKeepDeadDays,
  };
}

const queues = new WeakMap<Db, JobQueue>();

/**
 * The one queue of a database (modules share it). app.ts makes it first, with the settings of the
 * config, and starts it when the server listens.
 */
export function jobQueueFor(deps: { db: Db; config?: Config }): JobQueue {
  let queue = queues.get(deps.db);
  if (!queue) {
    queue = createJobQueue(deps.db, deps.config ? queueSettingsOf(deps.config) : {});
    queues.set(deps.db, queue);
  }
  return queue;
}
