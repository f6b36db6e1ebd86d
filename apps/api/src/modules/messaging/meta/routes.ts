import type { App, AppDeps } from '../../../platform/deps';
import { jobQueueFor } from '../../../platform/jobs';
import { registerWebhook } from '../../../platform/webhooks';
import { ingestMetaEvents } from './ingestEvents';
import { metaWebhookProvider } from './webhook';

/** The Meta side of Messages: the webhook `/webhooks/meta` and its processing job. */
export function metaRoutes(app: App, deps: AppDeps): void {
  const queue = jobQueueFor(deps);
  registerWebhook(
    app,
    { db: deps.db, queue },
    metaWebhookProvider(deps.config, (events) => ingestMetaEvents(deps, events)),
  );
}
