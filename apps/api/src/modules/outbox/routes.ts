import { z } from 'zod';
import { access } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { listOutbox } from './repository';

const OUTBOX_STATES = ['outbox', 'sending', 'retrying', 'sent', 'failed'] as const;
type OutboxState = (typeof OUTBOX_STATES)[number];

export function outboxRoutes(app: App, deps: AppDeps): void {
  app.get(
    '/v2/api/admin/outbox',
    {
      config: { access: access.roles(['owner']) },
      schema: {
        tags: ['admin'],
        summary:
          "Mails the platform sent or queued, newest first, with their delivery state: 'outbox' (no SMTP), 'sending', 'retrying' (see nextAttemptAt), 'sent' or 'failed' (Owner only)",
        querystring: z.object({
          to: z.string().max(320).optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: {
          200: z.object({
            data: z.array(
              z.object({
                id: z.number(),
                to: z.string(),
                subject: z.string(),
                text: z.string(),
                links: z.array(z.string()),
                status: z.enum(OUTBOX_STATES),
                attempts: z.number(),
                nextAttemptAt: z.string().nullable(),
                createdAt: z.string(),
                sentAt: z.string().nullable(),
                error: z.string().nullable(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const rows = await listOutbox(deps.db, { to: request.query.to, limit: request.query.limit });
      return {
        data: rows.map((r) => ({
          id: r.id,
          to: r.to,
          subject: r.subject,
          text: r.text,
          links: r.links,
          status: r.status as OutboxState,
          attempts: r.attempts,
          nextAttemptAt: r.nextAttemptAt?.toISOString() ?? null,
          createdAt: r.createdAt.toISOString(),
          sentAt: r.sentAt?.toISOString() ?? null,
          error: r.error,
        })),
      };
    },
  );
}
