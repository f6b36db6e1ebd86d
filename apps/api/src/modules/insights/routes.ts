import { directionOf } from '@reputo/core';
import { z } from 'zod';
import { access, actingOf } from '../../platform/access';
import { dateText, languageOf, t } from '../../platform/i18n';
import { topicTitle } from '../../platform/nlp/taxonomy';
import type { App, AppDeps } from '../../platform/deps';
import { sendReport, sendReportInLanguage } from '../../platform/reportCache';
import { accessTokenFromQuery, buildWorkbook, sendWorkbook } from '../statistics/excel';
import { statsQuery } from '../statistics/schemas';
import { jobQueueFor } from '../../platform/jobs';
import { analyzeWaitingReviews } from './backfill';
import { categories, primaryTopics, secondaryTopics, topicTrend, withAnalysisState, words } from './service';
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
        withAnalysisState(
          deps.reportDb,
          actingOf(request),
          primaryTopics(deps.reportDb, actingOf(request), request.query, language),
        ),
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
        withAnalysisState(
          deps.reportDb,
          actingOf(request),
          secondaryTopics(deps.reportDb, actingOf(request), request.query, language),
        ),
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
      sendReport(deps.db, request, reply, () =>
        withAnalysisState(deps.reportDb, actingOf(request), words(deps.reportDb, actingOf(request), request.query)),
      ),
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
      // The sheets and topic titles follow the language of the download (?lang=, as the web app sends it).
      const language = await languageOf(request);
      const [primary, secondary, w] = await Promise.all([
        primaryTopics(deps.reportDb, ctx, request.query, language),
        secondaryTopics(deps.reportDb, ctx, request.query, language),
        words(deps.reportDb, ctx, request.query),
      ]);
      type Row = (typeof primary.data)[number];
      type Word = (typeof w.data)[number];
      const c = (key: string) => t(language, `exports:insights.columns.${key}`);
      const intro = [
        t(language, 'exports:insights.title', { company: ctx.company?.companyName ?? '' }),
        t(language, 'exports:insights.period', {
          from: dateText(language, primary.period.from),
          to: dateText(language, primary.period.to),
          reviews: primary.reviews_with_text,
        }),
      ];
      const topicColumns = [
        { header: c('topic'), value: (r: Row) => r.title, width: 26 },
        { header: c('mentions'), value: (r: Row) => r.mentions },
        { header: c('share'), value: (r: Row) => r.share, format: '0.0' },
        { header: c('positive'), value: (r: Row) => r.positive },
        { header: c('neutral'), value: (r: Row) => r.neutral },
        { header: c('negative'), value: (r: Row) => r.negative },
        { header: c('sentiment'), value: (r: Row) => r.sentiment_score, format: '0.00' },
        { header: c('previousMentions'), value: (r: Row) => r.previous_mentions },
        { header: c('sentimentChange'), value: (r: Row) => r.sentiment_change, format: '+0.00;-0.00;0.00' },
      ];
      const content = await buildWorkbook(
        [
          { name: t(language, 'exports:insights.sheets.topics'), intro, rows: primary.data, columns: topicColumns },
          {
            name: t(language, 'exports:insights.sheets.subtopics'),
            intro,
            rows: secondary.data,
            columns: [
              {
                header: c('parentTopic'),
                value: (r: Row) => topicTitle(ctx.company?.type, r.topic, '', language),
                width: 16,
              },
              ...topicColumns,
            ],
          },
          {
            name: t(language, 'exports:insights.sheets.words'),
            intro,
            rows: w.data,
            columns: [
              { header: c('word'), value: (r: Word) => r.word, width: 20 },
              { header: c('mentions'), value: (r: Word) => r.mentions },
              { header: c('inPositive'), value: (r: Word) => r.positive },
              { header: c('inNegative'), value: (r: Word) => r.negative },
              { header: c('sentiment'), value: (r: Word) => r.sentiment_score, format: '0.00' },
            ],
          },
        ],
        { rightToLeft: directionOf(language) === 'rtl' },
      );
      return sendWorkbook(reply, `insights-${primary.period.from}-${primary.period.to}.xlsx`, content);
    },
  );
}
