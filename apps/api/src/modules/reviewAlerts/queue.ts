import type { Db } from '../../db/client';
import type { JobQueue } from '../../platform/jobs';

/** The recurring sweep over every active company. */
export const ALERT_SWEEP_JOB = 'reviewAlerts.sweep';
/** One company's check, queued right after its reviews were written. */
export const ALERT_CHECK_JOB = 'reviewAlerts.check';
export const ALERT_SWEEP_SECONDS = 300;

/**
 * Queues a check of a company's locations (at most one waiting per company). Pass the transaction
 * that wrote the reviews as `db`, so the check runs once they are committed.
 */
export async function queueAlertCheck(db: Db, jobs: JobQueue, companyId: number): Promise<void> {
  await jobs.enqueue(ALERT_CHECK_JOB, { companyId }, { db, dedupeKey: `review-alerts:${companyId}` });
}
