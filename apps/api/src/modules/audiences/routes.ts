import { idSchema, type UiLanguage } from '@reputo/core';
import { z } from 'zod';
import { access, actingOf } from '../../platform/access';
import { scopeCompanyId } from '../../platform/companyScope';
import type { App, AppDeps } from '../../platform/deps';
import { languageOf, reasonIn } from '../../platform/i18n';
import { jobQueueFor } from '../../platform/jobs';
import { boxOf } from '../integrations/service';
import { findConnection, type ConnectionRow } from '../tickets/repository';
import {
  activeCampaignBrands,
  AUDIENCE_PROVIDERS,
  AUDIENCE_TITLES,
  audienceSettingsOf,
  connectActiveCampaign,
  connectMailchimp,
  defineAudienceJobs,
  disconnectAudience,
  mailchimpLists,
  startSync,
  type AudienceProvider,
} from './service';

/**
 * Mailchimp and ActiveCampaign (spec 001 section 7: mailchimp POST, DELETE, POST /list;
 * activecampaign POST, DELETE, POST /brands), plus both connections' state and "Sync now". See
 * README.md in this folder.
 */
const tags = ['audiences'];
const ADMINS = ['owner', 'partner', 'master_admin'] as const;
const read = access.signedIn({ company: true });
const manage = access.roles(ADMINS, { company: true });
const providerEnum = z.enum(AUDIENCE_PROVIDERS);

const syncSchema = z.object({
  running: z.boolean(),
  synced: z.number(),
  failed: z.number(),
  /** The last failed contacts with the service's reason (at most 20; `failed` counts them all). */
  errors: z.array(z.object({ email: z.string(), reason: z.string() })),
  /** Why the run stopped before the end, or the passing failure it is retrying after. */
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});

const connectionSchema = z.object({
  provider: providerEnum,
  title: z.string(),
  status: z.enum(['not_connected', 'connected', 'reconnect_needed']),
  statusReason: z.string().nullable(),
  statusAt: z.string().nullable(),
  /** Mailchimp: the data center (us6); ActiveCampaign: the account's address. */
  account: z.string().nullable(),
  accountName: z.string().nullable(),
  /** The key's last four characters (the key itself is never answered). */
  keyHint: z.string().nullable(),
  /** Mailchimp's chosen audience. */
  listId: z.string().nullable(),
  listName: z.string().nullable(),
  /** ActiveCampaign: each brand's list and the list of the other contacts. */
  brandLists: z.array(z.object({ brandId: z.number(), listId: z.string() })),
  defaultListId: z.string().nullable(),
  /** The current or last sync run. */
  sync: syncSchema.nullable(),
});

function connectionOut(language: UiLanguage, deps: AppDeps, provider: AudienceProvider, c: ConnectionRow | undefined) {
  const s = c ? audienceSettingsOf(c) : undefined;
  let keyHint: string | null = null;
  try {
    keyHint = c?.accessToken ? `…${boxOf(deps).open(c.accessToken).slice(-4)}` : null;
  } catch {
    // A key dropped from SECRETS_OLD_KEYS: the connection needs its key again; no hint.
  }
  const sync = s?.sync;
  return {
    provider,
    title: AUDIENCE_TITLES[provider],
    status: (c?.status ?? 'not_connected') as z.infer<typeof connectionSchema>['status'],
    statusReason: reasonIn(language, c?.statusReason),
    statusAt: c?.statusAt?.toISOString() ?? null,
    account: c?.account ?? null,
    accountName: c?.accountName ?? null,
    keyHint,
    listId: s?.listId ?? null,
    listName: s?.listName ?? null,
    brandLists: s?.brandLists ?? [],
    defaultListId: s?.defaultListId ?? null,
    sync: sync
      ? {
          running: sync.running,
          synced: sync.synced,
          failed: sync.failed,
          errors: sync.errors,
          error: sync.error,
          startedAt: sync.startedAt,
          finishedAt: sync.finishedAt,
        }
      : null,
  };
}

const listId = z.string().trim().min(1).max(100);

export function audienceRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;
  const queue = jobQueueFor(deps);
  defineAudienceJobs(deps, queue);
  const companyOf = (request: Parameters<typeof actingOf>[0]) => scopeCompanyId(actingOf(request));

  app.get(
    '/v2/api/audiences',
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'The company’s Mailchimp and ActiveCampaign connections with their last sync',
        response: { 200: z.object({ mailchimp: connectionSchema, activecampaign: connectionSchema }) },
      },
    },
    async (request) => {
      const companyId = companyOf(request);
      return {
        mailchimp: connectionOut(
          await languageOf(request),
          deps,
          'mailchimp',
          await findConnection(db, companyId, 'mailchimp'),
        ),
        activecampaign: connectionOut(
          await languageOf(request),
          deps,
          'activecampaign',
          await findConnection(db, companyId, 'activecampaign'),
        ),
      };
    },
  );

  app.post(
    '/v2/api/mailchimp',
    {
      config: { access: manage, writes: 'none' },
      schema: {
        tags,
        summary: 'Connect Mailchimp with an API key (checked with Mailchimp’s ping)',
        body: z.object({ apiKey: z.string().trim().min(1, 'Enter the API key').max(200) }),
        response: { 200: connectionSchema },
      },
    },
    async (request) =>
      connectionOut(
        await languageOf(request),
        deps,
        'mailchimp',
        await connectMailchimp(deps, companyOf(request), request.body.apiKey),
      ),
  );

  app.post(
    '/v2/api/activecampaign',
    {
      config: { access: manage, writes: 'none' },
      schema: {
        tags,
        summary: 'Connect ActiveCampaign with the account URL and an API token (checked with ActiveCampaign)',
        body: z.object({
          accountUrl: z.string().trim().min(1, 'Enter your account URL').max(200),
          apiToken: z.string().trim().min(1, 'Enter the API token').max(200),
        }),
        response: { 200: connectionSchema },
      },
    },
    async (request) =>
      connectionOut(
        await languageOf(request),
        deps,
        'activecampaign',
        await connectActiveCampaign(deps, companyOf(request), request.body),
      ),
  );

  for (const provider of AUDIENCE_PROVIDERS)
    app.delete(
      `/v2/api/${provider}`,
      {
        config: { access: manage, writes: 'none' },
        schema: {
          tags,
          summary: `Disconnect ${AUDIENCE_TITLES[provider]} (contacts already sent stay there)`,
          response: { 200: z.object({ removed: z.number() }) },
        },
      },
      async (request) => ({ removed: await disconnectAudience(deps, companyOf(request), provider) }),
    );

  app.post(
    '/v2/api/mailchimp/list',
    {
      config: { access: manage, writes: 'none' },
      schema: {
        tags,
        summary: 'Mailchimp’s audiences (read now, all pages); saves the audience given',
        body: z.object({ listId: listId.optional() }).optional(),
        response: {
          200: z.object({
            connection: connectionSchema,
            lists: z.array(z.object({ id: z.string(), name: z.string(), memberCount: z.number() })),
          }),
        },
      },
    },
    async (request) => {
      const answer = await mailchimpLists(deps, companyOf(request), request.body?.listId);
      return {
        lists: answer.lists,
        connection: connectionOut(await languageOf(request), deps, 'mailchimp', answer.connection),
      };
    },
  );

  app.post(
    '/v2/api/activecampaign/brands',
    {
      config: { access: manage, writes: 'none' },
      schema: {
        tags,
        summary: 'ActiveCampaign’s lists (read now) and each brand’s list; saves the lists given',
        body: z
          .object({
            /** The list of contacts whose location has no brand, or a brand without a list (null: not sent). */
            defaultListId: listId.nullable().optional(),
            brands: z
              .array(z.object({ brandId: idSchema('brandId'), listId: listId.nullable() }))
              .max(500)
              .optional(),
          })
          .optional(),
        response: {
          200: z.object({
            connection: connectionSchema,
            lists: z.array(z.object({ id: z.string(), name: z.string() })),
            brands: z.array(z.object({ id: z.number(), title: z.string(), listId: z.string().nullable() })),
          }),
        },
      },
    },
    async (request) => {
      const answer = await activeCampaignBrands(deps, companyOf(request), request.body ?? {});
      return {
        ...answer,
        connection: connectionOut(await languageOf(request), deps, 'activecampaign', answer.connection),
      };
    },
  );

  app.post(
    '/v2/api/audienceSync',
    {
      config: { access: manage, writes: 'none' },
      schema: {
        tags,
        summary: 'Sync now: sends the consenting contacts to Mailchimp or ActiveCampaign (queued)',
        body: z.object({ provider: providerEnum }),
        response: { 202: connectionSchema },
      },
    },
    async (request, reply) => {
      const provider = request.body.provider;
      const row = await startSync(deps, queue, companyOf(request), provider);
      return reply.status(202).send(connectionOut(await languageOf(request), deps, provider, row));
    },
  );
}
