import { idSchema, MAX_ID, type UiLanguage } from '@reputo/core';
import { z } from 'zod';
import { access, actingOf } from '../../platform/access';
import { scopeCompanyId } from '../../platform/companyScope';
import type { App, AppDeps } from '../../platform/deps';
import { languageOf, reasonIn } from '../../platform/i18n';
import { jobQueueFor } from '../../platform/jobs';
import { pagingQuery, totalPages } from '../../platform/paging';
import { ZENDESK_SUBDOMAIN } from '../../connectors/zendesk';
import { REVIEW_WRITERS } from '../reviews/roles';
import { boxOf } from '../integrations/service';
import { findConnection, ticketPage, ticketsOfReviews, type ConnectionRow, type TicketRow } from './repository';
import { TICKET_PROVIDERS, type TicketProvider } from './rules.repository';
import {
  connectJira,
  connectZendesk,
  createTicketFor,
  defineTicketJobs,
  disconnect,
  jiraSettings,
  PROVIDER_TITLES,
  settingsOf,
} from './service';

/**
 * Zendesk and Jira (spec 001 section 7: zendesk POST, DELETE, POST /list; jira POST, DELETE, POST
 * /settings), plus what the pages need beside them: both connections' state, a review's tickets, and
 * "Create ticket" on a review. See README.md in this folder.
 */
const tags = ['tickets'];
const ADMINS = ['owner', 'partner', 'master_admin'] as const;
const read = access.signedIn({ company: true });
const manage = access.roles(ADMINS, { company: true });

const iso = (d: Date | null) => d?.toISOString() ?? null;
const providerEnum = z.enum(TICKET_PROVIDERS);

const connectionSchema = z.object({
  provider: providerEnum,
  title: z.string(),
  status: z.enum(['not_connected', 'connected', 'reconnect_needed']),
  statusReason: z.string().nullable(),
  statusAt: z.string().nullable(),
  /** Zendesk: the subdomain; Jira: the site's address. */
  account: z.string().nullable(),
  email: z.string().nullable(),
  /** Who the API token belongs to, as the service named them. */
  accountName: z.string().nullable(),
  /** The token's last four characters (the token itself is never answered). */
  tokenHint: z.string().nullable(),
  maxRating: z.number().nullable(),
  categoryIds: z.array(z.number()),
  projectId: z.string().nullable(),
  projectKey: z.string().nullable(),
  projectName: z.string().nullable(),
  issueTypeId: z.string().nullable(),
  issueTypeName: z.string().nullable(),
});

function connectionOut(language: UiLanguage, deps: AppDeps, provider: TicketProvider, c: ConnectionRow | undefined) {
  const s = c ? settingsOf(c) : undefined;
  let tokenHint: string | null = null;
  try {
    tokenHint = c?.accessToken ? `…${boxOf(deps).open(c.accessToken).slice(-4)}` : null;
  } catch {
    // A key dropped from SECRETS_OLD_KEYS: the connection needs its token again; no hint.
  }
  return {
    provider,
    title: PROVIDER_TITLES[provider],
    status: (c?.status ?? 'not_connected') as z.infer<typeof connectionSchema>['status'],
    statusReason: reasonIn(language, c?.statusReason),
    statusAt: iso(c?.statusAt ?? null),
    account: c?.account ?? null,
    email: s?.email ?? null,
    accountName: c?.accountName ?? null,
    tokenHint,
    maxRating: s?.rule?.maxRating ?? null,
    categoryIds: s?.rule?.categoryIds ?? [],
    projectId: s?.projectId ?? null,
    projectKey: s?.projectKey ?? null,
    projectName: s?.projectName ?? null,
    issueTypeId: s?.issueTypeId ?? null,
    issueTypeName: s?.issueTypeName ?? null,
  };
}

const ticketSchema = z.object({
  id: z.number(),
  reviewId: z.number(),
  provider: providerEnum,
  origin: z.enum(['manual', 'rule']),
  /** pending (queued or retrying), created, failed (see error; creating it again retries). */
  state: z.enum(['pending', 'created', 'failed']),
  /** The service's own status (Zendesk: new, open, pending, hold, solved, closed; Jira: the status name). */
  status: z.string().nullable(),
  externalId: z.string().nullable(),
  /** Jira's issue key. */
  key: z.string().nullable(),
  url: z.string().nullable(),
  error: z.string().nullable(),
  attempts: z.number(),
  statusCheckedAt: z.string().nullable(),
  createdAt: z.string(),
});
const ticketOut = (t: TicketRow) => ({
  id: t.id,
  reviewId: t.reviewId,
  provider: t.provider as TicketProvider,
  origin: t.origin as 'manual' | 'rule',
  state: t.state as 'pending' | 'created' | 'failed',
  status: t.status,
  externalId: t.externalId,
  key: t.externalKey,
  url: t.url,
  error: t.error,
  attempts: t.attempts,
  statusCheckedAt: iso(t.statusCheckedAt),
  createdAt: t.createdAt.toISOString(),
});

const emailField = z.email('Email is not valid!').max(200);
const tokenField = z.string().trim().min(1, 'Enter the API token').max(500).optional();
const ruleFields = {
  /** Reviews created with at most this many stars get a ticket (null: no rating rule). */
  maxRating: z.number().int().min(1).max(5).nullable().optional(),
  /** Reviews put in one of these categories get a ticket. */
  categoryIds: z.array(idSchema('categoryIds')).max(100).optional(),
};

export function ticketRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;
  const queue = jobQueueFor(deps);
  defineTicketJobs(deps, queue);
  const companyOf = (request: Parameters<typeof actingOf>[0]) => scopeCompanyId(actingOf(request));

  app.get(
    '/v2/api/ticketing',
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'The company’s Zendesk and Jira connections with their state',
        response: { 200: z.object({ zendesk: connectionSchema, jira: connectionSchema }) },
      },
    },
    async (request) => {
      const companyId = companyOf(request);
      return {
        zendesk: connectionOut(
          await languageOf(request),
          deps,
          'zendesk',
          await findConnection(db, companyId, 'zendesk'),
        ),
        jira: connectionOut(await languageOf(request), deps, 'jira', await findConnection(db, companyId, 'jira')),
      };
    },
  );

  app.post(
    '/v2/api/zendesk',
    {
      config: { access: manage, writes: 'none' },
      schema: {
        tags,
        summary: 'Connect Zendesk (subdomain, agent email, API token, checked with Zendesk) or change its rule',
        body: z.object({
          subdomain: z.string().trim().regex(ZENDESK_SUBDOMAIN, 'Enter the subdomain, like acme for acme.zendesk.com'),
          email: emailField,
          apiToken: tokenField,
          ...ruleFields,
        }),
        response: { 200: connectionSchema },
      },
    },
    async (request) =>
      connectionOut(
        await languageOf(request),
        deps,
        'zendesk',
        await connectZendesk(deps, companyOf(request), request.body),
      ),
  );

  for (const provider of TICKET_PROVIDERS)
    app.delete(
      `/v2/api/${provider}`,
      {
        config: { access: manage, writes: 'none' },
        schema: {
          tags,
          summary: `Disconnect ${PROVIDER_TITLES[provider]} (tickets already made keep their links)`,
          response: { 200: z.object({ removed: z.number() }) },
        },
      },
      async (request) => ({ removed: await disconnect(deps, companyOf(request), provider) }),
    );

  app.post(
    '/v2/api/zendesk/list',
    {
      config: { access: read, writes: 'none' },
      schema: {
        tags,
        summary: 'The Zendesk connection and the tickets made from reviews, newest first',
        body: pagingQuery.optional(),
        response: {
          200: z.object({
            connection: connectionSchema,
            tickets: z.array(
              ticketSchema.extend({
                rating: z.number().nullable(),
                authorName: z.string().nullable(),
                reviewText: z.string().nullable(),
              }),
            ),
            page: z.number(),
            per_page: z.number(),
            total: z.number(),
            total_pages: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const companyId = companyOf(request);
      const { page, per_page } = request.body ?? pagingQuery.parse({});
      const { rows, total } = await ticketPage(db, companyId, 'zendesk', page, per_page);
      return {
        connection: connectionOut(
          await languageOf(request),
          deps,
          'zendesk',
          await findConnection(db, companyId, 'zendesk'),
        ),
        tickets: rows.map((r) => ({
          ...ticketOut(r.ticket),
          rating: r.rating,
          authorName: r.authorName,
          reviewText: r.reviewText,
        })),
        page,
        per_page,
        total,
        total_pages: totalPages(total, per_page),
      };
    },
  );

  app.post(
    '/v2/api/jira',
    {
      config: { access: manage, writes: 'none' },
      schema: {
        tags,
        summary: 'Connect Jira Cloud (site, account email, API token, checked with Jira)',
        body: z.object({
          site: z.string().trim().min(1, 'Enter your Jira site, like acme.atlassian.net').max(200),
          email: emailField,
          apiToken: tokenField,
        }),
        response: { 200: connectionSchema },
      },
    },
    async (request) =>
      connectionOut(await languageOf(request), deps, 'jira', await connectJira(deps, companyOf(request), request.body)),
  );

  app.post(
    '/v2/api/jira/settings',
    {
      config: { access: manage, writes: 'none' },
      schema: {
        tags,
        summary: "Jira's projects and issue types (read from Jira now); saves the project, issue type and rule given",
        body: z
          .object({
            projectId: z
              .string()
              .trim()
              .regex(/^\d{1,18}$/, 'projectId must be a Jira project id')
              .optional(),
            issueTypeId: z
              .string()
              .trim()
              .regex(/^\d{1,18}$/, 'issueTypeId must be a Jira issue type id')
              .optional(),
            ...ruleFields,
          })
          .optional(),
        response: {
          200: z.object({
            connection: connectionSchema,
            projects: z.array(z.object({ id: z.string(), key: z.string(), name: z.string() })),
            issueTypes: z.array(z.object({ id: z.string(), name: z.string() })),
          }),
        },
      },
    },
    async (request) => {
      const answer = await jiraSettings(deps, companyOf(request), request.body ?? {});
      return { ...answer, connection: connectionOut(await languageOf(request), deps, 'jira', answer.connection) };
    },
  );

  app.get(
    '/v2/api/reviewTickets',
    {
      config: { access: access.signedIn({ company: true, iframe: true }) },
      schema: {
        tags,
        summary: 'The Zendesk tickets and Jira issues of these reviews',
        querystring: z.object({
          reviewIds: z
            .string()
            .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, 'reviewIds: up to 100 review ids, comma-separated')
            .transform((v) => v.split(',').map(Number))
            .refine((ids) => ids.every((id) => id >= 1 && id <= MAX_ID), 'reviewIds: each id from 1 to 2147483647'),
        }),
        response: { 200: z.object({ tickets: z.array(ticketSchema) }) },
      },
    },
    async (request) => ({
      tickets: (await ticketsOfReviews(db, companyOf(request), request.query.reviewIds)).map(ticketOut),
    }),
  );

  app.post(
    '/v2/api/reviewTickets',
    {
      config: { access: access.roles(REVIEW_WRITERS, { company: true }), writes: 'none' },
      schema: {
        tags,
        summary: 'Create a Zendesk ticket or Jira issue from a review (queued; answered pending)',
        body: z.object({ reviewId: idSchema('reviewId'), provider: providerEnum }),
        response: { 202: ticketSchema },
      },
    },
    async (request, reply) => {
      const acting = actingOf(request);
      const ticket = await createTicketFor(
        deps,
        queue,
        scopeCompanyId(acting),
        acting.actor.id,
        request.body.reviewId,
        request.body.provider,
      );
      return reply.status(202).send(ticketOut(ticket));
    },
  );
}
