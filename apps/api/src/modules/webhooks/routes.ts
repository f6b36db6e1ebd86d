import { idSchema, WEBHOOK_EVENTS, webhookEventSchema, type UiLanguage, type WebhookEvent } from '@reputo/core';
import { z } from 'zod';
import { access, actingOf } from '../../platform/access';
import { scopeCompanyId } from '../../platform/companyScope';
import type { App, AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { jobQueueFor } from '../../platform/jobs';
import { pagingQuery, totalPages } from '../../platform/paging';
import {
  deleteEndpoint,
  deliveryPage,
  findEndpoint,
  listEndpoints,
  type DeliveryRow,
  type EndpointRow,
} from './repository';
import {
  changeEndpoint,
  createEndpoint,
  defineWebhookJobs,
  replayDelivery,
  testEndpoint,
  verifyEndpoint,
} from './service';
import { languageOf, t, translateKnownText } from '../../platform/i18n';

/**
 * Webhook settings (spec 001 section 7: `webhook_settings` GET, POST, POST /verify, POST /test, with
 * the verify error and test error flags), plus the calls the settings page needs beside them: change
 * (events, URL, enabled), delete, the delivery log and replay. See README.md in this folder.
 */
const tags = ['webhooks'];
const ADMINS = ['owner', 'partner', 'master_admin'] as const;
const manage = access.roles(ADMINS, { company: true });
const BASE = '/v2/api/webhook_settings';

const iso = (d: Date | null) => d?.toISOString() ?? null;

const endpointSchema = z.object({
  id: z.number(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  verifyError: z.boolean(),
  testError: z.boolean(),
  lastError: z.string().nullable(),
  /** Deliveries in a row that failed every retry (the endpoint is disabled at WEBHOOKS_DISABLE_AFTER). */
  failureCount: z.number(),
  lastDeliveryAt: z.string().nullable(),
  createdAt: z.string(),
});
/** Our own texts of an endpoint's or delivery's state in `language` (errors:webhooks); a receiver's words stay as sent. */
const textIn = (language: UiLanguage, text: string | null) =>
  text ? (translateKnownText(language, text) ?? text) : null;

const endpointOut = (e: EndpointRow, language: UiLanguage) => ({
  id: e.id,
  url: e.url,
  description: e.description,
  events: e.events,
  enabled: e.enabled,
  disabledReason: textIn(language, e.disabledReason),
  verified: e.verifiedAt !== null,
  verifiedAt: iso(e.verifiedAt),
  verifyError: e.verifyError,
  testError: e.testError,
  lastError: textIn(language, e.lastError),
  failureCount: e.failureCount,
  lastDeliveryAt: iso(e.lastDeliveryAt),
  createdAt: e.createdAt.toISOString(),
});

const deliverySchema = z.object({
  id: z.number(),
  endpointId: z.number(),
  messageId: z.string(),
  event: z.string(),
  status: z.enum(['pending', 'retrying', 'succeeded', 'failed']),
  attempts: z.number(),
  responseCode: z.number().nullable(),
  lastError: z.string().nullable(),
  durationMs: z.number().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
const deliveryOut = (d: DeliveryRow, language: UiLanguage) => ({
  id: d.id,
  endpointId: d.endpointId,
  messageId: d.messageId,
  event: d.kind,
  status: d.status as z.infer<typeof deliverySchema>['status'],
  attempts: d.attempts,
  responseCode: d.responseCode,
  lastError: textIn(language, d.lastError),
  durationMs: d.durationMs,
  lastAttemptAt: iso(d.lastAttemptAt),
  nextAttemptAt: iso(d.nextAttemptAt),
  createdAt: d.createdAt.toISOString(),
});

const eventsField = z
  .array(webhookEventSchema)
  .min(1, 'Choose at least one event')
  .max(Object.keys(WEBHOOK_EVENTS).length);
const urlField = z.string().trim().min(1, 'Enter the URL').max(2000, 'The URL is too long');
const descriptionField = z.string().trim().max(200, 'At most 200 characters');
const idBody = z.object({ id: idSchema('id') });
const idParams = z.object({ id: idSchema('id') });

export function webhookSettingsRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;
  const queue = jobQueueFor(deps);
  defineWebhookJobs(deps, queue);

  app.get(
    BASE,
    {
      config: { access: manage },
      schema: {
        tags,
        summary: "The company's webhook endpoints with their state, and the events they can subscribe to",
        response: {
          200: z.object({
            events: z.array(z.object({ value: webhookEventSchema, title: z.string() })),
            endpoints: z.array(endpointSchema),
          }),
        },
      },
    },
    async (request) => {
      const language = await languageOf(request);
      return {
        events: (Object.entries(WEBHOOK_EVENTS) as [WebhookEvent, string][]).map(([value, title]) => ({
          value,
          title,
        })),
        endpoints: (await listEndpoints(db, scopeCompanyId(actingOf(request)))).map((e) => endpointOut(e, language)),
      };
    },
  );

  app.post(
    BASE,
    {
      config: { access: manage, writes: 'none' },
      schema: {
        tags,
        summary: 'Register an endpoint for events; the answer carries its signing secret, shown this once',
        body: z.object({ url: urlField, events: eventsField, description: descriptionField.optional() }),
        response: { 200: endpointSchema.extend({ secret: z.string() }) },
      },
    },
    async (request) => {
      const { endpoint, secret } = await createEndpoint(deps, scopeCompanyId(actingOf(request)), request.body);
      return { ...endpointOut(endpoint, await languageOf(request)), secret };
    },
  );

  app.post(
    `${BASE}/verify`,
    {
      config: { access: manage, writes: 'none' },
      schema: {
        tags,
        summary: 'Send a challenge; the endpoint must answer 2xx echoing it (422 and verifyError when not)',
        body: idBody,
        response: { 200: endpointSchema },
      },
    },
    async (request) =>
      endpointOut(
        await verifyEndpoint(deps, scopeCompanyId(actingOf(request)), request.body.id),
        await languageOf(request),
      ),
  );

  app.post(
    `${BASE}/test`,
    {
      config: { access: manage, writes: 'none' },
      schema: {
        tags,
        summary: 'Send a sample event once (422 and testError when the endpoint does not accept it)',
        body: idBody.extend({ event: webhookEventSchema.optional() }),
        response: { 200: z.object({ endpoint: endpointSchema, delivery: deliverySchema }) },
      },
    },
    async (request) => {
      const { endpoint, delivery } = await testEndpoint(
        deps,
        scopeCompanyId(actingOf(request)),
        request.body.id,
        request.body.event,
      );
      const language = await languageOf(request);
      return { endpoint: endpointOut(endpoint, language), delivery: deliveryOut(delivery, language) };
    },
  );

  app.patch(
    `${BASE}/:id`,
    {
      config: { access: manage, writes: 'none' },
      schema: {
        tags,
        summary: "Change an endpoint's URL, events or description, or enable or disable it",
        params: idParams,
        body: z.object({
          url: urlField.optional(),
          events: eventsField.optional(),
          description: descriptionField.optional(),
          enabled: z.boolean().optional(),
        }),
        response: { 200: endpointSchema },
      },
    },
    async (request) =>
      endpointOut(
        await changeEndpoint(deps, scopeCompanyId(actingOf(request)), request.params.id, request.body),
        await languageOf(request),
      ),
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { access: manage, writes: 'none' },
      schema: {
        tags,
        summary: 'Remove an endpoint and its delivery log',
        params: idParams,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      if (!(await deleteEndpoint(db, scopeCompanyId(actingOf(request)), request.params.id)))
        throw notFound('Webhook not found');
      return { message: t(await languageOf(request), 'notices:webhooks.removed') };
    },
  );

  app.get(
    `${BASE}/:id/deliveries`,
    {
      config: { access: manage },
      schema: {
        tags,
        summary: "An endpoint's delivery log, newest first",
        params: idParams,
        querystring: pagingQuery,
        response: {
          200: z.object({
            deliveries: z.array(deliverySchema),
            page: z.number(),
            per_page: z.number(),
            total: z.number(),
            total_pages: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const companyId = scopeCompanyId(actingOf(request));
      if (!(await findEndpoint(db, companyId, request.params.id))) throw notFound('Webhook not found');
      const { page, per_page } = request.query;
      const { rows, total } = await deliveryPage(db, companyId, request.params.id, {
        limit: per_page,
        offset: (page - 1) * per_page,
      });
      const language = await languageOf(request);
      return {
        deliveries: rows.map((d) => deliveryOut(d, language)),
        page,
        per_page,
        total,
        total_pages: totalPages(total, per_page),
      };
    },
  );

  app.post(
    `${BASE}/deliveries/:id/replay`,
    {
      config: { access: manage, writes: 'none' },
      schema: {
        tags,
        summary: "Send a delivery's message again (same webhook-id and body), as a new entry of the log",
        params: idParams,
        response: { 200: deliverySchema },
      },
    },
    async (request) =>
      deliveryOut(
        await replayDelivery(deps, queue, scopeCompanyId(actingOf(request)), request.params.id),
        await languageOf(request),
      ),
  );
}
