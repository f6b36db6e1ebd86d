import type { Db } from '../../db/client';
import type { JobQueue } from '../../platform/jobs';

/** The recurring sweep over every active company. */
export const ALERT_SWEEP_JOB = 'reviewAlerts.sweep';
/** One company's check, queued right after its reviews were written. */
export const ALERT_CHECK_JOB = 'reviewAlerts.check';
export const ALERT_SWEEP_SECONDS = 300;
/** Writes of one company within such a slice share one check, which runs once the slice is over. */
export const ALERT_CHECK_SLICE_MS = 2000;

/**
 * Queues a check of a company's locations. Pass the transaction that wrote the reviews as `db`, so
 * the check exists only if they commit. Every write of a 2-second slice shares one check (its dedupe
 * key names the slice), due when the slice has ended: it sees them all, and a write during a running
 * check belongs to a later slice, so it gets a check of its own.
 */
export async function queueAlertCheck(db: Db, jobs: JobQueue, companyId: number, now = Date.now()): Promise<void> {
  const slice = Math.floor(now / ALERT_CHECK_SLICE_MS);
  await jobs.enqueue(
    ALERT_CHECK_JOB,
    { companyId },
    {
      db,
      dedupeKey: `review-alerts:${companyId}:${slice}`,
      runAt: new Date((slice + 1) * ALERT_CHECK_SLICE_MS),
    },
  );
}
