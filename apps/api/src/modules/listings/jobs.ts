import type { AppDeps } from '../../platform/deps';
import type { JobQueue } from '../../platform/jobs';
import { findConnectionRow } from '../integrations/repository';
import { checkableConnections } from './repository';
import type { Directory } from './schemas';
import { CHECK_ALL_JOB, CHECK_JOB, checkLocation, PUSH_JOB, pushEdit, pushFailed, queueCheck } from './service';

/**
 * - `listings.push` `{editId, directory}`: one edit of one location to Google or Facebook; rate
 *   limits and server failures retried by the queue with back-off (30 s doubling, 5 attempts), the
 *   last failure kept on the edit and the directory's status.
 * - `listings.check` `{connectionId}`: compares what the directory shows with ours; hourly for every
 *   mapped location with a listing (`listings.checkAll`).
 */
export function defineListingJobs(queue: JobQueue, deps: Pick<AppDeps, 'db' | 'config' | 'mailer'>): void {
  const { db } = deps;
  queue.define(
    PUSH_JOB,
    async (payload) => {
      await pushEdit(deps, Number(payload.editId), payload.directory as Directory);
    },
    {
      concurrency: 2,
      retryBaseSeconds: 30,
      onFailure: (payload, failure, tx) =>
        pushFailed(tx, Number(payload.editId), payload.directory as Directory, failure.error, failure.retryAt),
    },
  );
  queue.define(
    CHECK_JOB,
    async (payload) => {
      const row = await findConnectionRow(db, Number(payload.connectionId));
      if (row && row.locationId !== 0) await checkLocation(deps, row);
    },
    { concurrency: 2, retryBaseSeconds: 60 },
  );
  queue.define(
    CHECK_ALL_JOB,
    async () => {
      for (const row of await checkableConnections(db)) await queueCheck(queue, row.id);
    },
    { everySeconds: 3600 },
  );
}
