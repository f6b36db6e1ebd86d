import { partnerCreateSchema, partnerPatchSchema, STATUSES, idSchema } from '@reputo/core';
import { xlsxFile } from '../../platform/openapi';
import { z } from 'zod';
import { access, actingOf } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { badRequest } from '../../platform/errors';
import { pagingQuery, totalPages } from '../../platform/paging';
import { idParams } from '../companies/schemas';
import { partnerUsage } from '../apiKeys/repository';
import { accessTokenFromQuery, buildWorkbook, sendWorkbook } from '../statistics/excel';
import { allPartners, companyCounts, listPartners } from './repository';
import {
  billingRange,
  callerLabel,
  createPartner,
  keyHint,
  listPartnerUsers,
  packageCreditsOf,
  partnerInScope,
  partnerView,
  patchPartner,
  removePartner,
  rotatePartnerKey,
  usageSeries,
} from './service';

const tags = ['partners'];
const owner = access.roles(['owner']);
const admins = access.roles(['owner', 'partner']);

const listQuery = pagingQuery.extend({
  search: z.string().max(200).optional(),
  status: z
    .enum(STATUSES, { error: 'status must be active or inactive' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

const partnerViewSchema = z.object({
  id: z.number(),
  name: z.string(),
  status: z.string(),
  startDate: z.string(),
  type: z.string(),
  address: z.string().nullable(),
  email: z.string(),
  package: z.string(),
  settings: z.object({ packageCredits: z.number().nullable() }),
  apiCredits: z.number(),
  apiKey: z.string().nullable(),
  url: z.string().nullable(),
  companies_count: z.number(),
  created_at: z.string(),
});

const partnerUserSchema = z.object({
  id: z.number(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  userName: z.string(),
  email: z.string(),
  status: z.string(),
  partnerId: z.number().nullable(),
  partnerName: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
});

const rangeQuery = z.object({ dateFrom: z.string().max(10).optional(), dateTo: z.string().max(10).optional() });

export function partnerRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;

  app.get(
    '/v2/api/admin/partners',
    {
      config: { access: owner },
      schema: {
        tags,
        summary: 'Partners (Owner only), by name; search and status filter',
        querystring: listQuery,
        response: {
          200: z.object({
            data: z.array(
              z.object({
                id: z.number(),
                name: z.string(),
                type: z.string(),
                status: z.string(),
                email: z.string(),
                package: z.string(),
                startDate: z.string(),
                companies_count: z.number(),
              }),
            ),
            count: z.number(),
            page: z.number(),
            per_page: z.number(),
            total_pages: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const { page, per_page, search, status } = request.query;
      const { rows, total } = await listPartners(db, page, per_page, { search: search?.trim() || undefined, status });
      const counts = await companyCounts(
        db,
        rows.map((p) => p.id),
      );
      return {
        data: rows.map((p) => ({
          id: p.id,
          name: p.name,
          type: p.type,
          status: p.status,
          email: p.email,
          package: p.package,
          startDate: p.startDate,
          companies_count: counts.get(p.id) ?? 0,
        })),
        count: total,
        page,
        per_page,
        total_pages: totalPages(total, per_page),
      };
    },
  );

  app.get(
    '/v2/api/admin/partners/export',
    {
      config: { access: owner },
      onRequest: accessTokenFromQuery,
      schema: {
        tags,
        summary: 'Excel export of the partners (accepts access_token in the query)',
        querystring: z.object({
          search: listQuery.shape.search,
          status: listQuery.shape.status,
          access_token: z.string().optional(),
        }),
        response: xlsxFile,
      },
    },
    async (request, reply) => {
      const rows = await allPartners(db, {
        search: request.query.search?.trim() || undefined,
        status: request.query.status,
      });
      const counts = await companyCounts(
        db,
        rows.map((p) => p.id),
      );
      type Row = (typeof rows)[number];
      const content = await buildWorkbook([
        {
          name: 'Partners',
          intro: [`Partners (${rows.length})`, `Exported ${new Date().toISOString().slice(0, 10)}`],
          columns: [
            { header: 'ID', value: (p: Row) => p.id, width: 8 },
            { header: 'Partner', value: (p: Row) => p.name, width: 28 },
            { header: 'Type', value: (p: Row) => p.type, width: 16 },
            { header: 'Status', value: (p: Row) => p.status },
            { header: 'Start date', value: (p: Row) => p.startDate },
            { header: 'Email', value: (p: Row) => p.email, width: 28 },
            { header: 'Address', value: (p: Row) => p.address, width: 30 },
            { header: 'Package', value: (p: Row) => p.package },
            { header: 'Package credits', value: (p: Row) => packageCreditsOf(p), width: 16, format: '#,##0' },
            { header: 'Companies', value: (p: Row) => counts.get(p.id) ?? 0 },
          ],
          rows,
        },
      ]);
      return sendWorkbook(reply, `partners-${new Date().toISOString().slice(0, 10)}.xlsx`, content);
    },
  );

  app.get(
    '/v2/api/partner/users',
    {
      config: { access: admins },
      schema: {
        tags,
        summary: 'Partner administrators: of one partner (id), or all for the Owner; a Partner sees its own',
        querystring: z.object({ id: idSchema().optional() }),
        response: { 200: z.object({ data: z.array(partnerUserSchema) }) },
      },
    },
    async (request) => ({ data: await listPartnerUsers(db, actingOf(request), request.query.id) }),
  );

  app.get(
    '/v2/api/partner/billing/export',
    {
      config: { access: admins },
      onRequest: accessTokenFromQuery,
      schema: {
        tags,
        summary:
          "Excel export of the metered Free API or Paid API usage of a partner (its key and its companies' keys) per day and caller; default range the last 7 days",
        querystring: rangeQuery.extend({
          id: idSchema(),
          freeApi: z.enum(['true', 'false'], { error: 'freeApi must be true or false' }).default('true'),
          access_token: z.string().optional(),
        }),
        response: xlsxFile,
      },
    },
    async (request, reply) => {
      const q = request.query;
      const partner = await partnerInScope(db, actingOf(request), q.id);
      const range = billingRange(q);
      const free = q.freeApi === 'true';
      const rows = await partnerUsage(db, partner.id, range, !free);
      type Row = (typeof rows)[number];
      const total = rows.reduce((s, r) => s + r.calls, 0);
      const kind = free ? 'Free API' : 'Paid API';
      const content = await buildWorkbook([
        {
          name: kind,
          intro: [`${kind} usage: ${partner.name}`, `Period ${range.from} to ${range.to}`, `Total calls: ${total}`],
          columns: [
            { header: 'Date', value: (r: Row) => r.day, width: 12 },
            { header: 'Account', value: (r: Row) => callerLabel(r, partner.name), width: 32 },
            { header: 'API key', value: (r: Row) => `${keyHint(r.token)}${r.revoked ? ' (rotated)' : ''}`, width: 20 },
            { header: 'Calls', value: (r: Row) => r.calls, width: 10, format: '#,##0' },
          ],
          rows,
        },
      ]);
      const slug = partner.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
      return sendWorkbook(reply, `${slug}-${free ? 'free' : 'paid'}-api-${range.from}-${range.to}.xlsx`, content);
    },
  );

  app.get(
    '/v2/api/partner',
    {
      config: { access: access.roles(['partner']) },
      schema: {
        tags,
        summary: 'The acting partner (a Partner, or the Owner acting as one)',
        response: { 200: partnerViewSchema },
      },
    },
    async (request) => {
      const ctx = actingOf(request);
      if (ctx.partnerId === null) throw badRequest('This account belongs to no partner');
      return partnerView(db, await partnerInScope(db, ctx, ctx.partnerId));
    },
  );

  app.get(
    '/v2/api/partner/:id',
    {
      config: { access: admins },
      schema: {
        tags,
        summary: 'One partner with its package, credits and API key',
        params: idParams,
        response: { 200: partnerViewSchema },
      },
    },
    async (request) => partnerView(db, await partnerInScope(db, actingOf(request), request.params.id)),
  );

  app.post(
    '/v2/api/partner',
    {
      config: { access: owner, writes: 'none' },
      schema: {
        tags,
        summary: 'Create a partner (information step) with its API key and fixed url',
        body: partnerCreateSchema,
        response: { 200: partnerViewSchema },
      },
    },
    async (request) => partnerView(db, await createPartner(db, request.body, deps.config.publicUrl)),
  );

  app.patch(
    '/v2/api/partner/:id',
    {
      config: { access: owner, writes: ['partners'] },
      schema: {
        tags,
        summary: 'Update a partner: the id plus changed fields; credits required for and allowed only with Custom',
        params: idParams,
        body: partnerPatchSchema.and(z.object({ id: idSchema().optional() })),
        response: { 200: partnerViewSchema },
      },
    },
    async (request) => partnerView(db, await patchPartner(db, request.params.id, request.body)),
  );

  app.delete(
    '/v2/api/partner/:id',
    {
      config: { access: owner, writes: { kinds: ['partners', 'users'], company: 'every' } },
      schema: {
        tags,
        summary: 'Delete a partner and its administrators; its companies stay, without a partner',
        params: idParams,
        response: { 200: z.object({ id: z.number(), deleted: z.literal(true) }) },
      },
    },
    async (request) => {
      await removePartner(db, request.params.id);
      return { id: request.params.id, deleted: true as const };
    },
  );

  app.post(
    '/v2/api/partner/:id/apiKey',
    {
      config: { access: owner, writes: ['partners'] },
      schema: {
        tags,
        summary: 'Issue a new partner API key; the old one stops working',
        params: idParams,
        response: { 200: z.object({ apiKey: z.string() }) },
      },
    },
    async (request) => ({ apiKey: await rotatePartnerKey(db, actingOf(request), request.params.id) }),
  );

  app.get(
    '/v2/api/partner/:id/usage',
    {
      config: { access: admins },
      schema: {
        tags,
        summary: 'Metered API calls of a partner per day, free and paid (default the last 7 days)',
        params: idParams,
        querystring: rangeQuery,
        response: {
          200: z.object({
            range: z.object({ from: z.string(), to: z.string() }),
            days: z.array(z.object({ day: z.string(), free: z.number(), paid: z.number() })),
            totals: z.object({ free: z.number(), paid: z.number() }),
          }),
        },
      },
    },
    async (request) => {
      const partner = await partnerInScope(db, actingOf(request), request.params.id);
      return usageSeries(db, partner.id, billingRange(request.query));
    },
  );
}
