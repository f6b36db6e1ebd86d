/**
 * The public REST API for servers (partners' and companies' own systems): read companies,
 * locations and reviews with an API key. Versioned under /v2/public. Every call is metered.
 */
import { monthlyApiCredits, reviewFilterSchema, sourceTitle, toIsoDate, idSchema } from '@reputo/core';
import { z } from 'zod';
import { access } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { pagingQuery, totalPages } from '../../platform/paging';
import { countReviews, findReviewPage, findReviewThread, type ReviewRow } from '../reviews/repository';
import { idParams } from '../companies/schemas';
import { apiClientOf, type ApiClient } from './metering';
import { poolCallsByKind, publicCompanies, publicLocationPage } from './repository';
import { inboundReviewBody, saveInboundReview } from './inbound';

const tags = ['public API'];
const security: { [label: string]: string[] }[] = [{ apiKey: [] }, { apiKeyQuery: [] }];
const keyAccess = access.apiKey();

const companyQuery = z.object({ company: idSchema('company').optional() });

/** The one company a call reads: the key's own, or for a partner key the `company` asked for (or its only one). */
export function companyOfCall(client: ApiClient, wanted: number | undefined): number {
  if (wanted !== undefined) {
    if (!client.companyIds.includes(wanted)) throw notFound('No such company');
    return wanted;
  }
  if (client.companyIds.length === 1) return client.companyIds[0]!;
  if (client.companyIds.length === 0) throw notFound('This key has no companies yet');
  throw badRequest('Pass company: a partner key reads one of its companies at a time (see GET /v2/public/companies)');
}

/** The company a successful write changed, for the caches (companyOfCall already accepted it). */
export function companyOfWrite(client: ApiClient | null, body: unknown): number | null {
  if (!client) return null;
  try {
    return companyOfCall(client, (body as { company?: number } | undefined)?.company);
  } catch {
    return null;
  }
}

const SENTIMENT = { '-1': 'negative', '0': 'neutral', '1': 'positive' } as const;

function reviewOut(r: ReviewRow) {
  return {
    id: r.id,
    company_id: r.companyId,
    location_id: r.locationId,
    location_title: r.locationTitle,
    location_code: r.locationCode,
    brand: r.brandTitle,
    region: r.stateTitle,
    source: r.source,
    source_title: sourceTitle(r.source),
    author_name: r.authorName,
    rating: r.rating,
    title: r.title,
    text: r.text,
    language: r.language,
    sentiment: r.sentiment === null ? null : (SENTIMENT[String(r.sentiment) as keyof typeof SENTIMENT] ?? null),
    url: r.url,
    created_at: r.createdAt.toISOString(),
    responded_at: r.respondedAt?.toISOString() ?? null,
  };
}

const reviewSchema = z.object({
  id: z.number(),
  company_id: z.number(),
  location_id: z.number().nullable(),
  location_title: z.string().nullable(),
  location_code: z.string().nullable(),
  brand: z.string().nullable(),
  region: z.string().nullable(),
  source: z.string(),
  source_title: z.string(),
  author_name: z.string().nullable(),
  rating: z.number().nullable(),
  title: z.string().nullable(),
  text: z.string().nullable(),
  language: z.string().nullable(),
  sentiment: z.enum(['negative', 'neutral', 'positive']).nullable(),
  url: z.string().nullable(),
  created_at: z.string(),
  responded_at: z.string().nullable(),
});

const replySchema = z.object({
  id: z.number(),
  text: z.string(),
  status: z.string(),
  created_at: z.string(),
  posted_at: z.string().nullable(),
});

const locationSchema = z.object({
  id: z.number(),
  company_id: z.number(),
  title: z.string(),
  location_code: z.string().nullable(),
  brand: z.string().nullable(),
  region: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  time_zone: z.string().nullable(),
  source_urls: z.record(z.string(), z.string()),
  reviews: z.number(),
  rating: z.number().nullable(),
});

export function publicApiRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;

  app.get(
    '/v2/public/companies',
    {
      config: { access: keyAccess },
      schema: {
        tags,
        security,
        summary: 'The companies this key may read: its own company, or every company of its partner',
        response: {
          200: z.object({
            data: z.array(
              z.object({
                id: z.number(),
                company_name: z.string(),
                type: z.string(),
                status: z.string(),
                city: z.string().nullable(),
                country: z.string().nullable(),
                locations_count: z.number(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const rows = await publicCompanies(db, apiClientOf(request).companyIds);
      return {
        data: rows.map((c) => ({
          id: c.id,
          company_name: c.name,
          type: c.type,
          status: c.status,
          city: c.city,
          country: c.country,
          locations_count: c.locations,
        })),
      };
    },
  );

  app.get(
    '/v2/public/locations',
    {
      config: { access: keyAccess },
      schema: {
        tags,
        security,
        summary: "A company's locations (or products) with their review count and average rating, paged by title",
        querystring: pagingQuery.extend({
          company: companyQuery.shape.company,
          search: z.string().max(200).optional(),
        }),
        response: {
          200: z.object({
            data: z.array(locationSchema),
            total: z.number(),
            page: z.number(),
            per_page: z.number(),
            total_pages: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const q = request.query;
      const companyId = companyOfCall(apiClientOf(request), q.company);
      const { rows, total } = await publicLocationPage(db, companyId, {
        search: q.search?.trim() || undefined,
        page: q.page,
        perPage: q.per_page,
      });
      const data = rows.map((r) => ({
        id: r.location.id,
        company_id: r.location.companyId,
        title: r.location.title,
        location_code: r.location.locationId,
        brand: r.brand,
        region: r.region,
        address: r.location.address,
        city: r.location.city,
        country: r.location.country,
        time_zone: r.location.timeZone,
        source_urls: r.location.sourceUrls,
        reviews: r.reviews ?? 0,
        rating: r.rated ? Math.round(((r.ratingSum ?? 0) / r.rated) * 100) / 100 : null,
      }));
      return { data, total, page: q.page, per_page: q.per_page, total_pages: totalPages(total, q.per_page) };
    },
  );

  app.get(
    '/v2/public/reviews',
    {
      config: { access: keyAccess },
      schema: {
        tags,
        security,
        summary:
          "A company's reviews, newest first, with the reviews workspace's filter (dates YYYY-MM-DD as UTC days, sources, ratings, locations, brands, states, answered, with_text, search)",
        querystring: reviewFilterSchema.extend({ company: companyQuery.shape.company }),
        response: {
          200: z.object({
            reviews: z.array(reviewSchema),
            total_reviews_count: z.number(),
            page: z.number(),
            per_page: z.number(),
            total_pages: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const { company, ...filter } = request.query;
      const scope = { companyId: companyOfCall(apiClientOf(request), company), locationIds: null };
      const [rows, total] = await Promise.all([findReviewPage(db, scope, filter), countReviews(db, scope, filter)]);
      return {
        reviews: rows.map(reviewOut),
        total_reviews_count: total,
        page: filter.page,
        per_page: filter.per_page,
        total_pages: totalPages(total, filter.per_page),
      };
    },
  );

  app.post(
    '/v2/public/reviews',
    {
      config: {
        access: keyAccess,
        writes: { kinds: ['reviews'], company: (request) => companyOfWrite(request.apiClient, request.body) },
      },
      schema: {
        tags,
        security,
        summary:
          'Send a review of a source Reputo does not connect to (idempotent: a repeat of the same source and source_review_id answers the stored review with 200 instead of 201)',
        body: inboundReviewBody,
        response: { 201: reviewSchema, 200: reviewSchema },
      },
    },
    async (request, reply) => {
      const companyId = companyOfCall(apiClientOf(request), request.body.company);
      const saved = await saveInboundReview(deps, companyId, request.body);
      const found = await findReviewThread(db, { companyId, locationIds: null }, saved.id);
      if (!found) throw notFound('No such review');
      return reply.status(saved.created ? 201 : 200).send(reviewOut(found.review));
    },
  );

  app.get(
    '/v2/public/reviews/:id',
    {
      config: { access: keyAccess },
      schema: {
        tags,
        security,
        summary: 'One review with its replies',
        params: idParams,
        response: { 200: reviewSchema.extend({ replies: z.array(replySchema) }) },
      },
    },
    async (request) => {
      const client = apiClientOf(request);
      for (const companyId of client.companyIds) {
        const found = await findReviewThread(db, { companyId, locationIds: null }, request.params.id);
        if (!found) continue;
        const { review, replies } = found;
        return {
          ...reviewOut(review),
          replies: replies.map((r) => ({
            id: r.id,
            text: r.text,
            status: r.status,
            created_at: r.createdAt.toISOString(),
            posted_at: r.postedAt?.toISOString() ?? null,
          })),
        };
      }
      throw notFound('No such review');
    },
  );

  app.get(
    '/v2/public/usage',
    {
      config: { access: keyAccess },
      schema: {
        tags,
        security,
        summary:
          "This month's metered calls of the key's account (its partner, or its company): free within the package's monthly credits, paid beyond",
        response: {
          200: z.object({
            month: z.string(),
            credits: z.number(),
            free: z.number(),
            paid: z.number(),
            remaining: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const client = apiClientOf(request);
      const month = toIsoDate(new Date()).slice(0, 7);
      const used = await poolCallsByKind(db, client.pool, `${month}-01`);
      const credits = monthlyApiCredits(client.poolPackage, client.poolCredits);
      return {
        month,
        credits,
        free: used.free,
        paid: used.paid,
        remaining: Math.max(0, credits - used.free - used.paid),
      };
    },
  );
}
