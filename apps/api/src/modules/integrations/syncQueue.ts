import type { Db } from '../../db/client';
import type { JobQueue } from '../../platform/jobs';
import { hurryQueuedJob } from './repository';

// Apart from jobs.ts (the handlers), so the service can queue a sync without importing the handlers
// that call it.

/** One location's review sync (payload `{connectionId}`); retried with back-off on rate limits and server errors. */
export const SYNC_JOB = 'reviewSync.location';
/** Every minute: queues the location syncs that are due. */
export const SYNC_SCHEDULE_JOB = 'reviewSync.schedule';
export const SYNC_ATTEMPTS = 5;

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
