import type { AppDeps } from '../../platform/deps';
import type { JobQueue } from '../../platform/jobs';
import { dueLocationConnections, findConnectionRow, updateConnection } from './repository';
import { notifyNewReviews } from '../notifications/service';
import { ReconnectNeeded, syncIntervalMs, syncLocation } from './service';
import { queueSync, SYNC_JOB, SYNC_SCHEDULE_JOB } from './syncQueue';

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
