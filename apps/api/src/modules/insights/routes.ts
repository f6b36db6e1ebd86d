import { z } from 'zod';
import { access, actingOf } from '../../platform/access';
import { languageOf } from '../../platform/i18n';
import { topicTitle } from '../../platform/nlp/taxonomy';
import type { App, AppDeps } from '../../platform/deps';
import { sendReport, sendReportInLanguage } from '../../platform/reportCache';
import { accessTokenFromQuery, buildWorkbook, sendWorkbook } from '../statistics/excel';
import { statsQuery } from '../statistics/schemas';
import { jobQueueFor } from '../../platform/jobs';
import { analyzeWaitingReviews } from './backfill';
import { categories, primaryTopics, secondaryTopics, topicTrend, words } from './service';
import { xlsxFile } from '../../platform/openapi';
import { categoriesSchema, topicsSchema, topicTrendSchema, wordsSchema } from './responses';
import { REPORT_READS } from '../../platform/dataChanges';

/** Feature Insights Report; open to embeds of /reporting/insights. */
const insights = access.signedIn({ company: true, feature: 'insightsReport', iframe: true });

const topicKey = z.string().regex(/^[a-z][a-z0-9_-]{0,40}$/, 'topic must be a topic key such as food or service');
export const insightsQuery = statsQuery.extend({
  topic: topicKey.optional(),
  topics: z
    .preprocess(
      (v) =>
        typeof v === 'string'
          ? v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : v,
      z.array(topicKey).max(10, 'at most 10 topics'),
    )
    .optional(),
});

export function insightsRoutes(app: App, deps: AppDeps): void {
  // Reviews stored without text analysis (seed, bulk loads, imports) are analysed by the job queue:
  // at start-up (a recurring job runs at once) and then every 30 seconds.
  jobQueueFor(deps).define(
    'insights.analyze',
    async () => {
      await analyzeWaitingReviews(deps.db, app.log);
    },
    { everySeconds: 30 },
  );

  app.get(
    '/v3/insights/categories',
    {
      config: { access: insights },
      schema: {
        tags: ['insights'],
        summary: 'Topics and sub-topics analysed for the company type',
        response: { 200: categoriesSchema },
      },
    },
    async (request) => categories(actingOf(request), await languageOf(request)),
  );
  app.get(
    '/v3/insights/primary',
    {
      config: { access: insights, reads: REPORT_READS },
      schema: {
        tags: ['insights'],
        summary: 'Topics mentioned in review texts with their sentiment, against the previous period',
        querystring: insightsQuery,
        response: { 200: topicsSchema },
      },
    },
    async (request, reply) =>
      sendReportInLanguage(deps.db, request, reply, (language) =>
        primaryTopics(deps.reportDb, actingOf(request), request.query, language),
      ),
  );
  app.get(
    '/v3/insights/secondary',
    {
      config: { access: insights, reads: REPORT_READS },
      schema: {
        tags: ['insights'],
        summary: 'Sub-topics (optionally of one topic) with their sentiment',
        querystring: insightsQuery,
        response: { 200: topicsSchema },
      },
    },
    async (request, reply) =>
      sendReportInLanguage(deps.db, request, reply, (language) =>
        secondaryTopics(deps.reportDb, actingOf(request), request.query, language),
      ),
  );
  app.get(
    '/v3/insights/words',
    {
      config: { access: insights, reads: REPORT_READS },
      schema: {
        tags: ['insights'],
        summary: 'The words reviewers use most, overall, in positive and in negative sentences',
        querystring: insightsQuery,
        response: { 200: wordsSchema },
      },
    },
    async (request, reply) =>
      sendReport(deps.db, request, reply, () => words(deps.reportDb, actingOf(request), request.query)),
  );
  app.get(
    '/v3/insights/trend',
    {
      config: { access: insights, reads: REPORT_READS },
      schema: {
        tags: ['insights'],
        summary: 'Mentions and sentiment of topics over time',
        querystring: insightsQuery,
        response: { 200: topicTrendSchema },
      },
    },
    async (request, reply) =>
      sendReportInLanguage(deps.db, request, reply, (language) =>
        topicTrend(deps.reportDb, actingOf(request), request.query, language),
      ),
  );
  app.get(
    '/v3/insights/export',
    {
      config: { access: insights },
      onRequest: accessTokenFromQuery,
      schema: {
        tags: ['insights'],
        summary: 'Excel export of the insights report (topics, sub-topics, words) for the filter',
        querystring: insightsQuery.extend({ access_token: z.string().optional() }),
        response: xlsxFile,
      },
    },
    async (request, reply) => {
      const ctx = actingOf(request);
      // The topic titles follow the language of the download (?lang=, as the web app sends it).
      const language = await languageOf(request);
      const [primary, secondary, w] = await Promise.all([
        primaryTopics(deps.reportDb, ctx, request.query, language),
        secondaryTopics(deps.reportDb, ctx, request.query, language),
        words(deps.reportDb, ctx, request.query),
      ]);
      type Row = (typeof primary.data)[number];
      type Word = (typeof w.data)[number];
      const intro = [
        `Insights report: ${ctx.company?.companyName ?? ''}`,
        `Period ${primary.period.from} to ${primary.period.to}; ${primary.reviews_with_text} reviews with text`,
      ];
      const topicColumns = [
        { header: 'Topic', value: (r: Row) => r.title, width: 26 },
        { header: 'Mentions', value: (r: Row) => r.mentions },
        { header: 'Share of reviews %', value: (r: Row) => r.share, format: '0.0' },
        { header: 'Positive', value: (r: Row) => r.positive },
        { header: 'Neutral', value: (r: Row) => r.neutral },
        { header: 'Negative', value: (r: Row) => r.negative },
        { header: 'Sentiment (-1..1)', value: (r: Row) => r.sentiment_score, format: '0.00' },
        { header: 'Previous mentions', value: (r: Row) => r.previous_mentions },
        { header: 'Sentiment change', value: (r: Row) => r.sentiment_change, format: '+0.00;-0.00;0.00' },
      ];
      const content = await buildWorkbook([
        { name: 'Topics', intro, rows: primary.data, columns: topicColumns },
        {
          name: 'Sub-topics',
          intro,
          rows: secondary.data,
          columns: [
            {
              header: 'Parent topic',
              value: (r: Row) => topicTitle(ctx.company?.type, r.topic, '', language),
              width: 16,
            },
            ...topicColumns,
          ],
        },
        {
          name: 'Words',
          intro,
          rows: w.data,
          columns: [
            { header: 'Word', value: (r: Word) => r.word, width: 20 },
            { header: 'Mentions', value: (r: Word) => r.mentions },
            { header: 'In positive sentences', value: (r: Word) => r.positive },
            { header: 'In negative sentences', value: (r: Word) => r.negative },
            { header: 'Sentiment (-1..1)', value: (r: Word) => r.sentiment_score, format: '0.00' },
          ],
        },
      ]);
      return sendWorkbook(reply, `insights-${primary.period.from}-${primary.period.to}.xlsx`, content);
    },
  );
}
