import type { App, AppDeps } from '../../../platform/deps';
import { jobQueueFor } from '../../../platform/jobs';
import { registerWebhook } from '../../../platform/webhooks';
import { ingestMetaBatch, ingestMetaEvents } from './ingestEvents';
import { defineMetaSendJobs } from './send';
import { metaWebhookProvider } from './webhook';

/** The Meta side of Messages: the webhook `/webhooks/meta`, its processing, and the jobs that send through the Graph API. */
export function metaRoutes(app: App, deps: AppDeps): void {
  const queue = jobQueueFor(deps);
  const ingestDeps = { ...deps, log: app.log };
  registerWebhook(
    app,
    { db: deps.db, queue },
    metaWebhookProvider(
      deps.config,
      async (events) => void (await ingestMetaEvents(deps.db, ingestDeps, events)),
      (events) => ingestMetaBatch(deps.db, ingestDeps, events),
    ),
  );
  defineMetaSendJobs(queue, deps);
}
