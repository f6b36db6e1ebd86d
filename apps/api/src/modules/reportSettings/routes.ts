import { idSchema } from '@reputo/core';
import { z } from 'zod';
import { access, actingOf } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { languageOf, t } from '../../platform/i18n';
import { jobQueueFor } from '../../platform/jobs';
import { scopeCompanyId } from '../../platform/companyScope';
import { dueSettings, findSetting } from './repository';
import { FREQUENCIES, getSetting, runScheduledReport, saveSetting, sendReport, type Frequency } from './service';

const settingsAccess = access.signedIn({ company: true });

const settingBody = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  frequency: z.enum(FREQUENCIES, { error: 'frequency must be weekly or monthly' }),
  recipients: z.array(z.string().max(254)).max(10, 'At most 10 extra recipients').optional(),
  locations: z.array(idSchema('locations')).max(1000).nullable().optional(),
});

const settingSchema = z.object({
  enabled: z.boolean(),
  frequency: z.enum(FREQUENCIES),
  recipients: z.array(z.string()),
  locations: z.array(z.number()).nullable(),
  email: z.string(),
  last_sent_at: z.string().nullable(),
  next_run_at: z.string().nullable(),
});

/** How often the scheduler looks for due reports. */
const SWEEP_SECONDS = 300;

export function reportSettingsRoutes(app: App, deps: AppDeps): void {
  const queue = jobQueueFor(deps);
  // The sweep finds due settings and queues one send per setting and due time, so a restart or a
  // second server never sends the same report twice.
  queue.define(
    'reports.sweep',
    async () => {
      for (const s of await dueSettings(deps.db, new Date())) {
        await queue.enqueue(
          'reports.send',
          { settingId: s.id },
          { dedupeKey: `report:${s.id}:${s.nextRunAt?.toISOString()}`, maxAttempts: 3 },
        );
      }
    },
    { everySeconds: SWEEP_SECONDS },
  );
  queue.define('reports.send', async (payload) => runScheduledReport(deps, Number(payload.settingId)));

  app.get(
    '/v2/api/reportSettings',
    {
      config: { access: settingsAccess },
      schema: {
        tags: ['reports'],
        summary: "The user's scheduled e-mail report for the company in view",
        response: { 200: settingSchema },
      },
    },
    async (request) => getSetting(deps.db, actingOf(request)),
  );

  app.post(
    '/v2/api/reportSettings',
    {
      config: { access: settingsAccess, writes: 'none' },
      schema: {
        tags: ['reports'],
        summary: 'Turn the weekly or monthly e-mail report on or off, with extra recipients and locations',
        body: settingBody,
        response: { 200: settingSchema },
      },
    },
    async (request) => saveSetting(deps.db, actingOf(request), request.body),
  );

  app.post(
    '/v2/api/reportSettings/trigger',
    {
      config: { access: settingsAccess, writes: 'none' },
      schema: {
        tags: ['reports'],
        summary: 'Send the report now (with the saved choices, or weekly by default)',
        body: z
          .object({ frequency: z.enum(FREQUENCIES, { error: 'frequency must be weekly or monthly' }).optional() })
          .optional(),
        response: {
          200: z.object({
            message: z.string(),
            recipients: z.array(z.string()),
            period: z.object({ from: z.string(), to: z.string() }),
          }),
        },
      },
    },
    async (request) => {
      const ctx = actingOf(request);
      const saved = await findSetting(deps.db, scopeCompanyId(ctx), ctx.user.id);
      const frequency = (request.body?.frequency ?? saved?.frequency ?? 'weekly') as Frequency;
      const sent = await sendReport(deps, ctx, {
        frequency,
        recipients: saved?.recipients ?? [],
        locationIds: saved?.locationIds ?? null,
      });
      const language = await languageOf(request);
      const recipients = sent.recipients.join(t(language, 'notices:listSeparator'));
      return { message: t(language, `notices:reports.sent.${frequency}`, { recipients }), ...sent };
    },
  );
}
