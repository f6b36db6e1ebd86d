import { NOTIFICATION_KINDS, RATINGS, idSchema } from '@reputo/core';
import { z } from 'zod';
import { access, actingOf } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { jobQueueFor } from '../../platform/jobs';
import { defineNotificationJobs, DELIVERIES, getNotificationSettings, saveNotificationSettings } from './service';

const settingsSchema = z.object({
  enabled: z.boolean(),
  delivery: z.enum(DELIVERIES),
  ratings: z.array(z.number()),
  sources: z.array(z.string()),
  locations: z.array(z.number()),
  kinds: z.array(z.enum(NOTIFICATION_KINDS)),
  email: z.string(),
  lastSentAt: z.string().nullable(),
  available: z.object({
    sources: z.array(z.object({ value: z.string(), title: z.string() })),
    kinds: z.array(z.enum(NOTIFICATION_KINDS)),
    deliveries: z.array(z.enum(DELIVERIES)),
  }),
});

const rating = z
  .number({ error: 'Ratings are numbers from 1 to 5' })
  .int()
  .min(1, 'Ratings are numbers from 1 to 5')
  .max(5, 'Ratings are numbers from 1 to 5');

const settingsBody = z.object({
  enabled: z.boolean().optional(),
  delivery: z.enum(DELIVERIES, { error: 'delivery must be instant, daily or weekly' }),
  ratings: z
    .array(rating)
    .max(RATINGS.length * 2)
    .default([...RATINGS]),
  sources: z.array(z.string().max(60)).max(200).default([]),
  locations: z.array(idSchema('locations')).max(5000).default([]),
  kinds: z
    .array(z.enum(NOTIFICATION_KINDS, { error: `kinds are ${NOTIFICATION_KINDS.join(', ')}` }))
    .max(8)
    .default(['count']),
});

/**
 * Notification settings of the signed-in (or impersonated) user for the acting company. Every role
 * has them: they are the one settings page a Responder or an Analyst sees (spec 000 section 6).
 */
export function notificationRoutes(app: App, deps: AppDeps): void {
  defineNotificationJobs(deps, jobQueueFor(deps));
  const anyone = access.signedIn({ company: true });

  app.get(
    '/v2/api/notifications/reviews',
    {
      config: { access: anyone },
      schema: {
        tags: ['notifications'],
        summary: 'Which new reviews the user is told about, and how (instant mail, daily or weekly digest)',
        response: { 200: settingsSchema },
      },
    },
    async (request) => getNotificationSettings(deps.db, actingOf(request)),
  );

  app.post(
    '/v2/api/notifications/reviews',
    {
      config: { access: anyone, writes: 'none' },
      schema: {
        tags: ['notifications'],
        summary: 'Save the notification choices (ratings, sources, locations; empty lists mean all)',
        body: settingsBody,
        response: { 200: settingsSchema },
      },
    },
    async (request) => saveNotificationSettings(deps.db, actingOf(request), request.body),
  );
}
