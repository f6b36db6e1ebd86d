import { directionOf, idSchema } from '@reputo/core';
import { z } from 'zod';
import { access, actingOf } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { dateText, languageOf, t } from '../../platform/i18n';
import { sendReport, sendReportInLanguage } from '../../platform/reportCache';
import { pagingQuery, totalPages } from '../../platform/paging';
import { scopeCompanyId } from '../../platform/companyScope';
import { accessTokenFromQuery, buildWorkbook, sendWorkbook } from '../statistics/excel';
import { statsQuery } from '../statistics/schemas';
import { benchmark, competitorBrands } from './benchmark';
import { listCompetitors } from './repository';
import { competitorInput, competitorPatch, uploadInput } from './schemas';
import {
  createCompetitor,
  deleteCompetitor,
  getCompetitor,
  locationTitles,
  serializeCompetitor,
  updateCompetitor,
} from './service';
import { exampleFile, uploadCompetitors, uploadFields } from './upload';
import { xlsxFile } from '../../platform/openapi';
import {
  benchmarkSchema,
  competitorBrandsSchema,
  competitorPageSchema,
  competitorSchema,
  uploadFieldsSchema,
  uploadReportSchema,
} from './responses';
import { BENCHMARK_READS } from '../../platform/dataChanges';

/** Feature Competitor Benchmarking (the Owner always passes); changes are for the full-settings roles. */
const read = access.signedIn({ company: true, feature: 'competitorBenchmarking' });
const write = access.roles(['owner', 'partner', 'master_admin', 'manager'], {
  company: true,
  feature: 'competitorBenchmarking',
});
const idParams = z.object({ id: idSchema() });

export function competitorRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;

  app.get(
    '/v2/api/competitor',
    {
      config: { access: read, reads: BENCHMARK_READS },
      schema: {
        tags: ['competitors'],
        summary: 'Competitors with their branches per own location, paged',
        querystring: pagingQuery,
        response: { 200: competitorPageSchema },
      },
    },
    async (request, reply) =>
      sendReport(db, request, reply, async () => {
        const ctx = actingOf(request);
        const { page, per_page } = request.query;
        const companyId = scopeCompanyId(ctx);
        const [{ rows, total }, titles] = await Promise.all([
          listCompetitors(db, companyId, ctx.locationIds, { limit: per_page, offset: (page - 1) * per_page }),
          locationTitles(db, companyId),
        ]);
        return {
          data: rows.map((c) => serializeCompetitor(c, titles)),
          total,
          page,
          per_page,
          total_pages: totalPages(total, per_page),
        };
      }),
  );

  app.get(
    '/v2/api/competitor/pageData',
    {
      config: { access: read, reads: BENCHMARK_READS },
      schema: {
        tags: ['competitors'],
        summary: 'Side-by-side benchmark per own location (rating, volume, response rate, topics) for the filter',
        querystring: statsQuery,
        response: { 200: benchmarkSchema },
      },
    },
    async (request, reply) =>
      sendReportInLanguage(db, request, reply, (language) =>
        benchmark(deps.reportDb, actingOf(request), request.query, language),
      ),
  );

  app.get(
    '/v2/api/competitor/brands',
    {
      config: { access: read },
      schema: {
        tags: ['competitors'],
        summary: 'Brand > region > location tree with the number of competitors at each location',
        response: { 200: competitorBrandsSchema },
      },
    },
    async (request) => competitorBrands(db, actingOf(request)),
  );

  app.get(
    '/v2/api/competitor/upload/fields',
    {
      config: { access: write },
      schema: {
        tags: ['competitors'],
        summary: 'Columns of the competitor upload file',
        response: { 200: uploadFieldsSchema },
      },
    },
    async (request) => ({ fields: uploadFields(actingOf(request), await languageOf(request)) }),
  );

  app.get(
    '/v2/api/competitor/upload/example',
    {
      config: { access: write },
      onRequest: accessTokenFromQuery,
      schema: {
        tags: ['competitors'],
        summary: 'Example competitor upload file (.xlsx)',
        querystring: z.object({ access_token: z.string().optional() }),
        response: xlsxFile,
      },
    },
    async (request, reply) =>
      sendWorkbook(
        reply,
        'competitors-example.xlsx',
        await exampleFile(actingOf(request), db, await languageOf(request)),
      ),
  );

  app.post(
    '/v2/api/competitor/upload',
    {
      config: { access: write, writes: ['competitors'] },
      bodyLimit: 15 * 1024 * 1024,
      schema: {
        tags: ['competitors'],
        summary:
          'Import competitor branches from an .xlsx or .csv file (base64): imported, skipped duplicates, rejected rows with line and reason',
        body: uploadInput,
        response: { 200: uploadReportSchema },
      },
    },
    async (request) =>
      uploadCompetitors(db, actingOf(request), request.body.filename, request.body.content, await languageOf(request)),
  );

  app.get(
    '/v2/api/competitor/export',
    {
      config: { access: read },
      onRequest: accessTokenFromQuery,
      schema: {
        tags: ['competitors'],
        summary: 'Excel export of the benchmark and the competitor list for the filter',
        querystring: statsQuery.extend({ access_token: z.string().optional() }),
        response: xlsxFile,
      },
    },
    async (request, reply) => {
      const ctx = actingOf(request);
      // The sheets and topic titles follow the language of the download (?lang=, as the web app sends it).
      const language = await languageOf(request);
      const data = await benchmark(db, ctx, request.query, language);
      const c = (key: string) => t(language, `exports:competitors.columns.${key}`);
      type Loc = (typeof data.locations)[number];
      type Comp = Loc['competitors'][number] & { location: string };
      type Topic = (typeof data.topics)[number];
      const intro = [
        t(language, 'exports:competitors.title', { company: ctx.company?.companyName ?? '' }),
        t(language, 'exports:competitors.period', {
          from: dateText(language, data.period.from),
          to: dateText(language, data.period.to),
        }),
      ];
      const content = await buildWorkbook(
        [
          {
            name: t(language, 'exports:competitors.sheets.benchmark'),
            intro,
            rows: data.locations,
            columns: [
              { header: c('location'), value: (r: Loc) => r.title, width: 34 },
              { header: c('brand'), value: (r: Loc) => r.brand, width: 18 },
              { header: c('region'), value: (r: Loc) => r.state, width: 16 },
              { header: c('yourReviews'), value: (r: Loc) => r.own.reviews },
              { header: c('yourRating'), value: (r: Loc) => r.own.average, format: '0.00' },
              { header: c('yourResponseRate'), value: (r: Loc) => r.own.response_rate, format: '0.0' },
              { header: c('competitorReviews'), value: (r: Loc) => r.competitors_total.reviews },
              { header: c('competitorRating'), value: (r: Loc) => r.competitors_total.average, format: '0.00' },
              {
                header: c('competitorResponseRate'),
                value: (r: Loc) => r.competitors_total.response_rate,
                format: '0.0',
              },
              { header: c('ratingGap'), value: (r: Loc) => r.gap, format: '+0.00;-0.00;0.00' },
              {
                header: c('rank'),
                value: (r: Loc) =>
                  r.rank ? t(language, 'exports:competitors.rankOf', { rank: r.rank, of: r.of }) : null,
              },
            ],
          },
          {
            name: t(language, 'exports:competitors.sheets.competitors'),
            intro,
            rows: data.locations.flatMap((l) => l.competitors.map((x) => ({ ...x, location: l.title }))),
            columns: [
              { header: c('yourLocation'), value: (r: Comp) => r.location, width: 34 },
              { header: c('competitor'), value: (r: Comp) => r.name, width: 24 },
              { header: c('branch'), value: (r: Comp) => r.title, width: 30 },
              { header: c('reviews'), value: (r: Comp) => r.reviews },
              { header: c('rating'), value: (r: Comp) => r.average, format: '0.00' },
              { header: c('responseRate'), value: (r: Comp) => r.response_rate, format: '0.0' },
            ],
          },
          {
            name: t(language, 'exports:competitors.sheets.topics'),
            intro,
            rows: data.topics,
            columns: [
              { header: c('topic'), value: (r: Topic) => r.title, width: 24 },
              { header: c('yourMentions'), value: (r: Topic) => r.own.mentions },
              { header: c('yourSentiment'), value: (r: Topic) => r.own.sentiment_score, format: '0.00' },
              { header: c('competitorMentions'), value: (r: Topic) => r.competitors.mentions },
              { header: c('competitorSentiment'), value: (r: Topic) => r.competitors.sentiment_score, format: '0.00' },
            ],
          },
        ],
        { rightToLeft: directionOf(language) === 'rtl' },
      );
      return sendWorkbook(reply, `competitors-${data.period.from}-${data.period.to}.xlsx`, content);
    },
  );

  app.get(
    '/v2/api/competitor/:id',
    {
      config: { access: read },
      schema: {
        tags: ['competitors'],
        summary: 'One competitor with its branches',
        params: idParams,
        response: { 200: competitorSchema },
      },
    },
    async (request) => {
      const ctx = actingOf(request);
      return serializeCompetitor(
        await getCompetitor(db, ctx, request.params.id),
        await locationTitles(db, scopeCompanyId(ctx)),
      );
    },
  );

  app.post(
    '/v2/api/competitor',
    {
      config: { access: write, writes: ['competitors'] },
      schema: {
        tags: ['competitors'],
        summary: 'Add a competitor with branches at your locations (at most 3 per location, at most 4 sources each)',
        body: competitorInput,
        response: { 201: competitorSchema },
      },
    },
    async (request, reply) => {
      const ctx = actingOf(request);
      const created = await createCompetitor(db, ctx, request.body);
      return reply.status(201).send(serializeCompetitor(created, await locationTitles(db, scopeCompanyId(ctx))));
    },
  );

  app.patch(
    '/v2/api/competitor/:id',
    {
      config: { access: write, writes: ['competitors'] },
      schema: {
        tags: ['competitors'],
        summary: 'Rename a competitor and/or replace its branches',
        params: idParams,
        body: competitorPatch,
        response: { 200: competitorSchema },
      },
    },
    async (request) => {
      const ctx = actingOf(request);
      return serializeCompetitor(
        await updateCompetitor(db, ctx, request.params.id, request.body),
        await locationTitles(db, scopeCompanyId(ctx)),
      );
    },
  );

  app.delete(
    '/v2/api/competitor/:id',
    {
      config: { access: write, writes: ['competitors'] },
      schema: {
        tags: ['competitors'],
        summary: 'Remove a competitor, its branches and their reviews',
        params: idParams,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await deleteCompetitor(db, actingOf(request), request.params.id);
      return { message: t(await languageOf(request), 'notices:competitors.removed') };
    },
  );
}
