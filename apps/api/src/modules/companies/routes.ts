import { directionOf, FEATURE_LABELS, normalizeFeatures, sourceTitle } from '@reputo/core';
import { dateText, languageOf, t, type TextVars } from '../../platform/i18n';
import { xlsxFile } from '../../platform/openapi';
import { z } from 'zod';
import { access, actingOf } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { totalPages } from '../../platform/paging';
import { accessTokenFromQuery, buildWorkbook, sendWorkbook } from '../statistics/excel';
import { allCompanies, listCompanies } from './repository';
import {
  companyCreateBody,
  companyListItem,
  companyListQuery,
  companyPatchBody,
  companyUser,
  companyView,
  idParams,
} from './schemas';
import { companyOfPathId, DATA_KINDS } from '../../platform/dataChanges';
import {
  companyInScope,
  companyView as toView,
  createCompany,
  listCompanyUsers,
  listPartnerFilter,
  patchCompany,
  removeCompany,
  rotateCompanyKey,
} from './service';

const tags = ['admin'];
const admins = access.roles(['owner', 'partner']);

export function companyRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;

  app.get(
    '/v2/api/admin/companies',
    {
      config: { access: admins },
      schema: {
        tags,
        summary: 'Companies: all for the Owner, its own for a Partner; search by name, filter by status',
        querystring: companyListQuery,
        response: {
          200: z.object({
            data: z.array(companyListItem),
            count: z.number(),
            page: z.number(),
            per_page: z.number(),
            total_pages: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const ctx = actingOf(request);
      const q = request.query;
      const { rows, total } = await listCompanies(db, {
        partnerId: listPartnerFilter(ctx),
        search: q.search?.trim() || undefined,
        status: q.status,
        direction: q.direction,
        page: q.page,
        perPage: q.per_page,
      });
      const data = rows.map((r) => ({
        id: r.company.id,
        company_name: r.company.companyName,
        status: r.company.status,
        type: r.company.type,
        city: r.company.city,
        country: r.company.country,
        package: r.company.package,
        partner_id: r.company.partnerId,
        partner_name: r.partnerName,
        locations_count: r.locationsCount,
        created_at: r.company.createdAt.toISOString(),
      }));
      return { data, count: total, page: q.page, per_page: q.per_page, total_pages: totalPages(total, q.per_page) };
    },
  );

  app.get(
    '/v2/api/admin/companies/export',
    {
      config: { access: admins },
      onRequest: accessTokenFromQuery,
      schema: {
        tags,
        summary:
          'Excel export of the company list for the same search and status (accepts access_token in the query for downloads)',
        querystring: z.object({
          search: companyListQuery.shape.search,
          status: companyListQuery.shape.status,
          access_token: z.string().optional(),
        }),
        response: xlsxFile,
      },
    },
    async (request, reply) => {
      const ctx = actingOf(request);
      const rows = await allCompanies(db, {
        partnerId: listPartnerFilter(ctx),
        search: request.query.search?.trim() || undefined,
        status: request.query.status,
      });
      type Row = (typeof rows)[number];
      // Headings, status, type, package and features in the download's language (the web app's admin
      // catalogue's names, exports:companies); company, partner and source names as stored.
      const language = await languageOf(request);
      const text = (key: string, vars?: TextVars) => t(language, `exports:companies.${key}`, vars);
      const column = (key: string) => text(`columns.${key}`);
      const separator = t(language, 'notices:listSeparator');
      const today = new Date().toISOString().slice(0, 10);
      const content = await buildWorkbook(
        [
          {
            name: text('sheet'),
            intro: [text('title', { count: rows.length }), text('exported', { date: dateText(language, today) })],
            columns: [
              { header: column('id'), value: (r: Row) => r.company.id, width: 8 },
              { header: column('company'), value: (r: Row) => r.company.companyName, width: 32 },
              {
                header: column('type'),
                value: (r: Row) =>
                  r.company.type ? text(`types.${r.company.type}`, { defaultValue: r.company.type }) : '',
                width: 16,
              },
              {
                header: column('status'),
                value: (r: Row) => text(`status.${r.company.status}`, { defaultValue: r.company.status }),
              },
              {
                header: column('package'),
                value: (r: Row) =>
                  r.company.package ? text(`packages.${r.company.package}`, { defaultValue: r.company.package }) : '',
                width: 14,
              },
              { header: column('packageChangeDate'), value: (r: Row) => r.company.packageChangeDate, width: 20 },
              { header: column('partner'), value: (r: Row) => r.partnerName ?? '', width: 24 },
              {
                header: column('address'),
                value: (r: Row) => [r.company.address1, r.company.address2].filter(Boolean).join(', '),
                width: 30,
              },
              { header: column('city'), value: (r: Row) => r.company.city },
              { header: column('state'), value: (r: Row) => r.company.state },
              { header: column('country'), value: (r: Row) => r.company.country, width: 16 },
              { header: column('timeZone'), value: (r: Row) => r.company.timeZone, width: 18 },
              { header: column('locations'), value: (r: Row) => r.locationsCount },
              { header: column('locationsLimit'), value: (r: Row) => r.company.locationsLimit, width: 16 },
              {
                header: column('sources'),
                value: (r: Row) => r.company.sources.map(sourceTitle).join(separator),
                width: 40,
              },
              {
                header: column('features'),
                value: (r: Row) =>
                  normalizeFeatures(r.company.features)
                    .map((f) => text(`features.${f}`, { defaultValue: FEATURE_LABELS[f] }))
                    .join(separator),
                width: 60,
              },
              { header: column('created'), value: (r: Row) => r.company.createdAt.toISOString().slice(0, 10) },
            ],
            rows,
          },
        ],
        { rightToLeft: directionOf(language) === 'rtl' },
      );
      return sendWorkbook(reply, `companies-${new Date().toISOString().slice(0, 10)}.xlsx`, content);
    },
  );

  app.post(
    '/v2/api/admin/companies',
    {
      config: { access: admins, writes: 'none' },
      schema: {
        tags,
        summary:
          'Create a company (information step); it starts on a Free trial with the default sources of its type and an API key',
        body: companyCreateBody,
        response: { 200: companyView },
      },
    },
    async (request) => toView(db, await createCompany(db, actingOf(request), request.body)),
  );

  app.get(
    '/v2/api/admin/companies/:id',
    {
      config: { access: admins },
      schema: {
        tags,
        summary: 'One company with its sources, package, features and API key (accessToken)',
        params: idParams,
        response: { 200: companyView },
      },
    },
    async (request) => toView(db, await companyInScope(db, actingOf(request), request.params.id)),
  );

  app.patch(
    '/v2/api/admin/companies/:id',
    {
      config: { access: admins, writes: { kinds: ['company'], company: companyOfPathId } },
      schema: {
        tags,
        summary:
          'Update a company: the id plus changed fields (information, sources, competitor sources, source addresses)',
        params: idParams,
        body: companyPatchBody,
        response: { 200: companyView },
      },
    },
    async (request) => toView(db, await patchCompany(db, actingOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/v2/api/admin/companies/:id',
    {
      config: { access: admins, writes: { kinds: DATA_KINDS, company: companyOfPathId } },
      schema: {
        tags,
        summary: 'Delete a company and everything it owns',
        params: idParams,
        response: { 200: z.object({ id: z.number(), deleted: z.literal(true) }) },
      },
    },
    async (request) => {
      await removeCompany(db, actingOf(request), request.params.id);
      return { id: request.params.id, deleted: true as const };
    },
  );

  app.post(
    '/v2/api/admin/companies/:id/accessToken',
    {
      config: { access: admins, writes: { kinds: ['company'], company: companyOfPathId } },
      schema: {
        tags,
        summary: 'Issue a new API key (accessToken) for the company; the old one stops working',
        params: idParams,
        response: { 200: z.object({ accessToken: z.string() }) },
      },
    },
    async (request) => ({ accessToken: await rotateCompanyKey(db, actingOf(request), request.params.id) }),
  );

  app.get(
    '/v2/api/admin/companies/:id/users',
    {
      config: { access: admins },
      schema: {
        tags,
        summary: "The company's team, to act as one of its users",
        params: idParams,
        response: { 200: z.object({ data: z.array(companyUser) }) },
      },
    },
    async (request) => ({ data: await listCompanyUsers(db, actingOf(request), request.params.id) }),
  );
}
