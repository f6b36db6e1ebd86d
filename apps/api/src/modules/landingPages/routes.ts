import multipart from '@fastify/multipart';
import { idSchema, LOGO_MAX_BYTES, toIsoDate } from '@reputo/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access, actingOf } from '../../platform/access';
import { scopeCompanyId } from '../../platform/companyScope';
import type { App, AppDeps } from '../../platform/deps';
import { readImageFile } from '../../platform/imageUpload';
import { fileResponse, xlsxFile } from '../../platform/openapi';
import { createStorage } from '../../platform/storage';
import { statsQuery } from '../statistics/schemas';
import { accessTokenFromQuery, sendWorkbook } from '../statistics/excel';
import { QR_CONTENT_TYPES, QR_FORMATS, qrPng, qrSvg, tableCardPdf } from './qr';
import { brandPages, findPublicPage, locationPages } from './repository';
import { pageListSchema, settingsPatch, settingsSchema, statisticsSchema } from './schemas';
import { changeSettings, companyPage, readSettings, serializePage, setLogo } from './service';
import { resolveSettings } from './settings';
import { landingStatistics, landingStatisticsExcel } from './statistics';

/**
 * The landing pages' settings, pages, QR codes and statistics (spec 001 section 7, spelt
 * "lendingPage" as the spec does), gated by the Feedback feature. Everyone of the company reads;
 * the full-settings roles change the settings, as for offers.
 */
const tags = ['landing pages'];
const feature = { company: true, feature: 'feedback' } as const;
const read = access.signedIn(feature);
const write = access.roles(['owner', 'partner', 'master_admin', 'manager'], feature);

function settingsRoutes(app: App, deps: AppDeps): void {
  const storage = createStorage(deps.config);
  app.get(
    '/v2/api/lendingPageSettings',
    {
      config: { access: read },
      schema: {
        tags,
        summary: "The company's landing page settings (defaults until saved), with the campaign guards",
        response: { 200: settingsSchema },
      },
    },
    async (request) => readSettings(deps.db, actingOf(request)),
  );

  app.patch(
    '/v2/api/lendingPageSettings',
    {
      config: { access: write, writes: 'none' },
      schema: {
        tags,
        summary:
          'Change the landing page settings (only the fields sent): rating_type, primary_color, logo null, texts per language, source_order, offer_id, repeat_guard_days, daily_cap_per_location',
        body: settingsPatch,
        response: { 200: settingsSchema },
      },
    },
    async (request) => changeSettings(deps.db, storage, actingOf(request), request.body),
  );

  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 5 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/v2/api/lendingPageSettings/logo',
      {
        config: { access: write, writes: 'none' },
        schema: {
          tags,
          summary: 'Set the landing pages\' logo: multipart field "file", an image of at most 5,242,880 bytes',
          response: { 200: settingsSchema },
        },
      },
      async (request) => setLogo(deps.db, storage, actingOf(request), await readImageFile(request, LOGO_MAX_BYTES)),
    );
  });
}

function pageRoutes(app: App, deps: AppDeps): void {
  const { db, config } = deps;
  const storage = createStorage(config);
  app.get(
    '/v2/api/lendingPage/location',
    {
      config: { access: read, writes: 'none' },
      schema: {
        tags,
        summary: "Every location's landing page (created on first read): code, short address and QR downloads",
        response: { 200: pageListSchema },
      },
    },
    async (request) => {
      const ctx = actingOf(request);
      const rows = await locationPages(db, scopeCompanyId(ctx), ctx.locationIds);
      return { data: rows.map((r) => serializePage(config.publicUrl, r)) };
    },
  );

  app.get(
    '/v2/api/lendingPage/brand',
    {
      config: { access: read, writes: 'none' },
      schema: {
        tags,
        summary: "Every brand's landing page (created on first read): code, short address and QR downloads",
        response: { 200: pageListSchema },
      },
    },
    async (request) => {
      const rows = await brandPages(db, scopeCompanyId(actingOf(request)));
      return { data: rows.map((r) => serializePage(config.publicUrl, r)) };
    },
  );

  app.get(
    '/v2/api/lendingPage/:id/qr/:format',
    {
      config: { access: read },
      onRequest: accessTokenFromQuery,
      schema: {
        tags,
        summary:
          "A landing page's QR code: png (1024 px), svg, or pdf (a printable A6 table card); accepts access_token in the query",
        params: z.object({ id: idSchema(), format: z.enum(QR_FORMATS, { error: 'format is png, svg or pdf' }) }),
        querystring: z.object({ access_token: z.string().optional() }),
        response: { 200: fileResponse('The QR code', ...Object.values(QR_CONTENT_TYPES)) },
      },
    },
    async (request, reply) => {
      const { id, format } = request.params;
      const row = await companyPage(db, actingOf(request), id);
      const page = serializePage(config.publicUrl, row);
      const name = `rate-${page.code.toLowerCase()}.${format}`;
      reply
        .header('content-type', QR_CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${name}"`);
      if (format === 'png') return reply.send(await qrPng(page.url));
      if (format === 'svg') return reply.send(await qrSvg(page.url));
      const shown = await findPublicPage(db, page.code);
      const settings = resolveSettings(shown?.settings ?? null);
      return reply.send(
        await tableCardPdf({
          url: page.url,
          title: row.title,
          color: settings.primaryColor,
          logo: await storage.read(settings.logoPath ?? shown?.brandLogoPath ?? null),
        }),
      );
    },
  );
}

function statisticRoutes(app: App, deps: AppDeps): void {
  app.get(
    '/v2/api/lendingPageStatistic',
    {
      config: { access: read },
      schema: {
        tags,
        summary:
          "Landing page answers per location and brand page, per brand and per month: responses, average rating, NPS with promoters, passives and detractors, public clicks by source, private feedback; the reports' date and location filters",
        querystring: statsQuery,
        response: { 200: statisticsSchema },
      },
    },
    async (request) => landingStatistics(deps.reportDb, actingOf(request), request.query),
  );

  app.get(
    '/v2/api/lendingPageStatistic/export',
    {
      config: { access: read },
      onRequest: accessTokenFromQuery,
      schema: {
        tags,
        summary: 'Excel export "landing-page statistics" for the same filter; accepts access_token in the query',
        querystring: statsQuery.extend({ access_token: z.string().optional() }),
        response: xlsxFile,
      },
    },
    async (request, reply) => {
      const ctx = actingOf(request);
      const stats = await landingStatistics(deps.reportDb, ctx, request.query);
      const { date_from, date_to } = request.query;
      const day = toIsoDate(new Date());
      const intro = [
        `Landing-page statistics: ${ctx.company?.companyName ?? ''}`,
        date_from || date_to ? `Period ${date_from ?? '…'} to ${date_to ?? '…'}` : 'All time',
      ];
      return sendWorkbook(reply, `landing-page-statistics-${day}.xlsx`, await landingStatisticsExcel(stats, intro));
    },
  );
}

export function landingPageRoutes(app: App, deps: AppDeps): void {
  settingsRoutes(app, deps);
  pageRoutes(app, deps);
  statisticRoutes(app, deps);
}
