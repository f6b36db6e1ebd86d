import type { AppDeps } from '../../platform/deps';
import type { JobQueue } from '../../platform/jobs';
import type { Db } from '../../db/client';
import { dueLocationConnections, findConnectionRow, hurryQueuedJob, updateConnection } from './repository';
import { notifyNewReviews } from '../notifications/service';
import { ReconnectNeeded, syncIntervalMs, syncLocation } from './service';

/** One location's review sync (payload `{connectionId}`); retried with back-off on rate limits and server errors. */
export const SYNC_JOB = 'reviewSync.location';
/** Every minute: queues the location syncs that are due. */
export const SYNC_SCHEDULE_JOB = 'reviewSync.schedule';
const SYNC_ATTEMPTS = 5;

/**
 * Queues a location's sync to run now; one already waiting (or backing off after a failure) is
 * brought forward instead, so a location never has two syncs queued. Answers whether one is queued.
 */
export async function queueSync(queue: JobQueue, db: Db, connectionId: number): Promise<boolean> {
  const dedupeKey = `reviewSync:${connectionId}`;
  // Due a second ago: a claim in the same millisecond (the database's clock against ours) still takes it.
  const runAt = new Date(Date.now() - 1000);
  const id = await queue.enqueue(SYNC_JOB, { connectionId }, { dedupeKey, maxAttempts: SYNC_ATTEMPTS, runAt });
  return id !== null || (await hurryQueuedJob(db, SYNC_JOB, dedupeKey));
}

export function defineSyncJobs(queue: JobQueue, deps: Pick<AppDeps, 'db' | 'config' | 'mailer'>): void {
  const { db } = deps;
  queue.define(
    SYNC_JOB,
    async (payload) => {
      const row = await findConnectionRow(db, Number(payload.connectionId));
      if (!row || row.locationId === 0) return; // unmapped or disconnected since
      let outcome;
      try {
        outcome = await syncLocation(deps, row);
      } catch (error) {
        if (!(error instanceof ReconnectNeeded)) throw error;
        // Nothing to retry until someone connects again; the integrations page says so.
        await updateConnection(db, row.id, { lastError: error.message, lastErrorAt: new Date(), nextSyncAt: null });
        return;
      }
      // New reviews are told like uploaded ones (instant mails, the review-bombing check), except on a
      // location's first pass: that imports its history, which nobody wants a mail per review of.
      if (row.lastSyncAt) await notifyNewReviews(db, queue, row.companyId, outcome.newReviewIds);
      const now = new Date();
      await updateConnection(db, row.id, {
        lastSyncAt: now,
        nextSyncAt: new Date(now.getTime() + syncIntervalMs(deps)),
      });
    },
    {
      concurrency: 2,
      retryBaseSeconds: 30,
      onFailure: async (payload, failure, tx) => {
        const now = new Date();
        await updateConnection(tx, Number(payload.connectionId), {
          lastError: failure.error,
          lastErrorAt: now,
          nextSyncAt: failure.retryAt ?? new Date(now.getTime() + syncIntervalMs(deps)),
        });
      },
    },
  );
  queue.define(
    SYNC_SCHEDULE_JOB,
    async () => {
      const now = new Date();
      for (const row of await dueLocationConnections(db, now)) {
        await updateConnection(db, row.id, { nextSyncAt: new Date(now.getTime() + syncIntervalMs(deps)) });
        await queueSync(queue, db, row.id);
      }
    },
    { everySeconds: 60 },
  );
}
