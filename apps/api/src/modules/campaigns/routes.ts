import { idSchema } from '@reputo/core';
import { z } from 'zod';
import { access, actingOf } from '../../platform/access';
import { scopeCompanyId } from '../../platform/companyScope';
import type { App, AppDeps } from '../../platform/deps';
import { jobQueueFor } from '../../platform/jobs';
import { totalPages } from '../../platform/paging';
import { previewAudience } from './audience';
import { campaignPublicRoutes } from './publicRoutes';
import {
  campaignInput,
  campaignListQuery,
  campaignPageSchema,
  campaignPatch,
  campaignSchema,
  comparisonSchema,
  funnelSchema,
  messageSchema,
  optionsSchema,
  previewInput,
  previewSchema,
  recipientListQuery,
  recipientPageSchema,
  sendInput,
} from './schemas';
import { defineCampaignJobs } from './send';
import { createCampaignSenders } from './senders';
import {
  audienceOf,
  campaignOptions,
  cancelCampaign,
  changeCampaign,
  checkReferences,
  countsOf,
  createCampaign,
  findCampaign,
  funnelOf,
  listCampaigns,
  listRecipients,
  ratesOf,
  removeCampaign,
  sendCampaign,
  serializeCampaigns,
} from './service';
import { languageOf, t } from '../../platform/i18n';

/**
 * Feedback campaigns (issue 23): email and SMS invitations to rate a visit, gated by the Feedback
 * feature. Everyone of the company reads; the full-settings roles create, send and cancel.
 */
const tags = ['feedback campaigns'];
const feature = { company: true, feature: 'feedback' } as const;
const read = access.signedIn(feature);
const write = access.roles(['owner', 'partner', 'master_admin', 'manager'], feature);
const idParams = z.object({ id: idSchema() });
const BASE = '/v2/api/feedback/campaigns';

function campaignReadRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;
  const one = async (row: Parameters<typeof serializeCampaigns>[1][number]) =>
    (await serializeCampaigns(db, [row]))[0]!;

  app.get(
    BASE,
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'Campaigns, newest first, with their counts and rates, paged',
        querystring: campaignListQuery,
        response: { 200: campaignPageSchema },
      },
    },
    async (request) => {
      const { page, per_page, status } = request.query;
      const { rows, total } = await listCampaigns(
        db,
        scopeCompanyId(actingOf(request)),
        status,
        per_page,
        (page - 1) * per_page,
      );
      return {
        data: await serializeCampaigns(db, rows),
        page,
        per_page,
        total,
        total_pages: totalPages(total, per_page),
      };
    },
  );

  app.get(
    `${BASE}/options`,
    {
      config: { access: read },
      schema: {
        tags,
        summary: "What a campaign can be sent to and with: the company's lists, templates, locations and contact tags",
        response: { 200: optionsSchema },
      },
    },
    async (request) => ({
      ...(await campaignOptions(db, scopeCompanyId(actingOf(request)))),
      sms_configured: deps.config.twilio !== null,
    }),
  );

  app.get(
    `${BASE}/comparison`,
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'Campaign comparison: counts and rates of the 50 newest campaigns that sent',
        response: { 200: comparisonSchema },
      },
    },
    async (request) => {
      const { rows } = await listCampaigns(db, scopeCompanyId(actingOf(request)), undefined, 200, 0);
      const started = rows.filter((r) => r.startedAt !== null).slice(0, 50);
      const counts = await countsOf(
        db,
        started.map((r) => r.id),
      );
      return {
        data: started.map((r) => {
          const c = counts.get(r.id)!;
          return {
            id: r.id,
            name: r.name,
            channel: r.channel as 'email',
            status: r.status as 'sent',
            finished_at: r.finishedAt?.toISOString() ?? null,
            counts: c,
            rates: ratesOf(c),
          };
        }),
      };
    },
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'One campaign with its counts and rates',
        params: idParams,
        response: { 200: campaignSchema },
      },
    },
    async (request) => one(await findCampaign(db, actingOf(request), request.params.id)),
  );

  app.get(
    `${BASE}/:id/funnel`,
    {
      config: { access: read },
      schema: {
        tags,
        summary:
          "A campaign's funnel: sent, delivered, opened (email), clicked, rated, public review, private feedback",
        params: idParams,
        response: { 200: funnelSchema },
      },
    },
    async (request) => {
      const c = await findCampaign(db, actingOf(request), request.params.id);
      const counts = (await serializeCampaigns(db, [c]))[0]!.counts;
      return funnelOf(counts, c.channel);
    },
  );

  app.get(
    `${BASE}/:id/recipients`,
    {
      config: { access: read },
      schema: {
        tags,
        summary: "A campaign's recipients with their state, furthest step and failure or skip reason, paged",
        params: idParams,
        querystring: recipientListQuery,
        response: { 200: recipientPageSchema },
      },
    },
    async (request) => {
      const c = await findCampaign(db, actingOf(request), request.params.id);
      const { page, per_page, state } = request.query;
      const { data, total } = await listRecipients(db, c.id, state, per_page, (page - 1) * per_page);
      return { data, page, per_page, total, total_pages: totalPages(total, per_page) };
    },
  );
}

function campaignWriteRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;
  const queue = jobQueueFor(deps);
  const one = async (row: Parameters<typeof serializeCampaigns>[1][number]) =>
    (await serializeCampaigns(db, [row]))[0]!;

  app.post(
    `${BASE}/preview`,
    {
      config: { access: write, writes: 'none' },
      schema: {
        tags,
        summary:
          'Audience preview: contacts eligible, suppressed, without consent or address, and asked within the repeat guard',
        body: previewInput,
        response: { 200: previewSchema },
      },
    },
    async (request) => {
      const companyId = scopeCompanyId(actingOf(request));
      const { channel, list_id, segment } = request.body;
      await checkReferences(db, companyId, { list_id, segment }, channel);
      return previewAudience(db, audienceOf(companyId, channel, list_id, segment));
    },
  );

  app.post(
    BASE,
    {
      config: { access: write, writes: 'none' },
      schema: { tags, summary: 'Create a draft campaign', body: campaignInput, response: { 201: campaignSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await one(await createCampaign(db, actingOf(request), request.body))),
  );

  app.patch(
    `${BASE}/:id`,
    {
      config: { access: write, writes: 'none' },
      schema: {
        tags,
        summary: 'Change a draft campaign (only the fields sent); 409 once it was sent or scheduled',
        params: idParams,
        body: campaignPatch,
        response: { 200: campaignSchema },
      },
    },
    async (request) => one(await changeCampaign(db, actingOf(request), request.params.id, request.body)),
  );

  app.delete(
    `${BASE}/:id`,
    {
      config: { access: write, writes: 'none' },
      schema: {
        tags,
        summary: 'Delete a draft or cancelled campaign',
        params: idParams,
        response: { 200: messageSchema },
      },
    },
    async (request) => {
      await removeCampaign(db, actingOf(request), request.params.id);
      return { message: t(await languageOf(request), 'notices:campaigns.deleted') };
    },
  );

  app.post(
    `${BASE}/:id/send`,
    {
      config: { access: write, writes: 'none' },
      schema: {
        tags,
        summary: 'Send a draft now, or at scheduled_at; a failed campaign resumes where it stopped',
        params: idParams,
        body: sendInput,
        response: { 200: campaignSchema },
      },
    },
    async (request) =>
      one(
        await sendCampaign(
          db,
          queue,
          actingOf(request),
          request.params.id,
          request.body.scheduled_at,
          deps.config.twilio !== null,
        ),
      ),
  );

  app.post(
    `${BASE}/:id/cancel`,
    {
      config: { access: write, writes: 'none' },
      schema: {
        tags,
        summary: 'Cancel a scheduled or sending campaign: recipients not yet sent are skipped',
        params: idParams,
        response: { 200: campaignSchema },
      },
    },
    async (request) => one(await cancelCampaign(db, actingOf(request), request.params.id)),
  );
}

export function campaignRoutes(app: App, deps: AppDeps): void {
  const senders = createCampaignSenders(deps.config, deps.db);
  defineCampaignJobs({ db: deps.db, config: deps.config, queue: jobQueueFor(deps), senders, log: app.log });
  app.addHook('onClose', async () => senders.close());
  campaignReadRoutes(app, deps);
  campaignWriteRoutes(app, deps);
  campaignPublicRoutes(app, deps);
}
