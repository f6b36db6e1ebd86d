import {
  displayName,
  FEEDBACK_SOURCE,
  reviewFilterSchema,
  sourceTitle,
  toQueryString,
  type ReviewFilter,
  type ReviewFilterValues,
  type UiLanguage,
} from '@reputo/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reviewCategories, userFilters } from '../../db/schema';
import type { ActingContext } from '../../platform/acting';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { totalPages } from '../../platform/paging';
import { readReviewSettings, updateReviewSettings } from './defaults';
import {
  countReviews,
  deleteReviewRow,
  findCaseResolution,
  findReview,
  findReviewThread,
  findReviewPageThreads,
  ratingSummary,
  setReviewAssignments,
  type ResponseRow,
  type ReviewRow,
} from './repository';
import { scopeCompanyId } from '../../platform/companyScope';
import { companyReadCache } from '../../platform/readCache';
import type { z } from 'zod';
import type { responseSchema, reviewSchema } from './schemas';

export type ReviewDto = z.infer<typeof reviewSchema>;
export type ResponseDto = z.infer<typeof responseSchema>;

export function toResponseDto(r: ResponseRow): ResponseDto {
  return {
    id: r.id,
    reviewId: r.reviewId,
    text: r.text,
    status: r.status,
    failureReason: r.failureReason,
    origin: r.origin,
    externalId: r.externalId,
    author: r.authorUserId ? { id: r.authorUserId, name: displayName(r.authorFirstName, r.authorLastName) } : null,
    createdAt: r.createdAt.toISOString(),
    postedAt: r.postedAt?.toISOString() ?? null,
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function toReviewDto(r: ReviewRow, replies: ResponseRow[], categoryIds: number[]): ReviewDto {
  return {
    id: r.id,
    source: r.source,
    sourceTitle: sourceTitle(r.source),
    name: r.authorName?.trim() || 'Anonymous',
    rating: r.rating,
    title: r.title,
    text: r.text,
    date: r.createdAt.toISOString(),
    language: r.language,
    sentiment: r.sentiment,
    url: r.url,
    location:
      r.locationId !== null && r.locationTitle !== null
        ? {
            id: r.locationId,
            title: r.locationTitle,
            locationId: r.locationCode,
            brandId: r.brandId,
            brandTitle: r.brandTitle,
            stateId: r.stateId,
            stateTitle: r.stateTitle,
          }
        : null,
    caseResolution: r.caseResolutionId,
    reviewCategoryId: categoryIds[0] ?? null,
    review_categories: categoryIds,
    respondedAt: r.respondedAt?.toISOString() ?? null,
    removedAt: r.removedAt?.toISOString() ?? null,
    isFeedback: r.source === FEEDBACK_SOURCE,
    responses: replies.map(toResponseDto),
  };
}

/**
 * Counts of a filter are kept for a short while, so paging through a large result does not count
 * it again on every page. A write through this API drops the company's cached counts at once
 * (platform/reportCache.ts); reviews arriving by other paths show up in counts within COUNT_TTL_MS.
 */
const COUNT_TTL_MS = 30_000;
const counts = companyReadCache(500);

function cachedCount(db: Db, ctx: ActingContext, filter: ReviewFilter, today: Date): Promise<number> {
  const companyId = scopeCompanyId(ctx);
  const key = [
    companyId,
    ctx.locationIds?.join('.') ?? '*',
    today.toISOString().slice(0, 10),
    toQueryString(filter, { paging: false }),
  ].join('|');
  return counts(db, key, COUNT_TTL_MS, { companyId, kinds: ['reviews', 'locations'] }, () =>
    countReviews(db, ctx, filter, { today }),
  );
}

export async function listReviews(db: Db, ctx: ActingContext, filter: ReviewFilter) {
  const today = new Date();
  const [threads, total] = await Promise.all([
    findReviewPageThreads(db, ctx, filter, { today }),
    cachedCount(db, ctx, filter, today),
  ]);
  return {
    reviews: threads.map((t) => toReviewDto(t.review, t.replies, t.categoryIds)),
    total_reviews_count: total,
    page: filter.page,
    per_page: filter.per_page,
    total_pages: totalPages(total, filter.per_page),
  };
}

export async function requireReview(db: Db, ctx: ActingContext, id: number): Promise<ReviewRow> {
  const row = await findReview(db, ctx, id);
  if (!row) throw notFound('Review not found');
  return row;
}

/**
 * One review with its replies and categories, read in one statement with the acting context's
 * scope, so another company's id answers 404 and nothing else.
 */
export async function getReview(db: Db, ctx: ActingContext, id: number): Promise<ReviewDto> {
  const found = await findReviewThread(db, ctx, id);
  if (!found) throw notFound('Review not found');
  return toReviewDto(found.review, found.replies, found.categoryIds);
}

/** PATCH reviews/{id}: case resolution (feature caseResolution) and categories (feature reviewCategorization). */
export async function assignReview(
  db: Db,
  ctx: ActingContext,
  id: number,
  body: { case_resolution?: number | null; review_categories?: number[] },
): Promise<ReviewDto> {
  const review = await requireReview(db, ctx, id);
  const companyId = review.companyId;
  const has = (f: 'caseResolution' | 'reviewCategorization') => ctx.role === 'owner' || ctx.features.includes(f);
  if (body.case_resolution !== undefined) {
    if (!has('caseResolution')) throw forbidden('The caseResolution feature is not enabled for this company');
    if (body.case_resolution !== null && !(await findCaseResolution(db, companyId, body.case_resolution)))
      throw badRequest('Unknown case resolution', [{ field: 'case_resolution', message: 'Unknown case resolution' }]);
  }
  let categoryIds: number[] | undefined;
  if (body.review_categories !== undefined) {
    if (!has('reviewCategorization'))
      throw forbidden('The reviewCategorization feature is not enabled for this company');
    categoryIds = [...new Set(body.review_categories)];
    if (categoryIds.length) {
      const known = await db
        .select({ id: reviewCategories.id })
        .from(reviewCategories)
        .where(and(eq(reviewCategories.companyId, companyId), inArray(reviewCategories.id, categoryIds)));
      if (known.length !== categoryIds.length)
        throw badRequest('Unknown review category', [
          { field: 'review_categories', message: 'Unknown review category' },
        ]);
    }
  }
  await setReviewAssignments(db, review, { caseResolutionId: body.case_resolution, categoryIds });
  return getReview(db, ctx, id);
}

/** Only first-party feedback can be deleted; reviews of outside sources live on their source. */
export async function deleteFeedbackReview(db: Db, ctx: ActingContext, id: number): Promise<void> {
  const review = await requireReview(db, ctx, id);
  if (review.source !== FEEDBACK_SOURCE)
    throw badRequest('Only feedback reviews can be deleted; reviews from other sources stay on their source.');
  await deleteReviewRow(db, review.id);
}

export async function ratingOf(db: Db, ctx: ActingContext, filter: ReviewFilterValues) {
  const s = await ratingSummary(db, ctx, filter);
  return {
    average: s.rated ? Math.round((s.ratingSum / s.rated) * 100) / 100 : null,
    total: s.reviews,
    rated: s.rated,
    stars: s.stars,
  };
}

/** The response rate and the company's target; read only (`db` may be the report replica). */
export async function responseRateOf(db: Db, ctx: ActingContext, filter: ReviewFilterValues) {
  const companyId = scopeCompanyId(ctx);
  const [s, settings] = await Promise.all([ratingSummary(db, ctx, filter), readReviewSettings(db, companyId)]);
  return {
    target: settings.responseRateTarget,
    total: s.reviews,
    responded: s.responded,
    rate: s.reviews ? Math.round((s.responded / s.reviews) * 1000) / 10 : null,
    averageResponseHours: s.responded ? Math.round((s.responseSeconds / s.responded / 3600) * 10) / 10 : null,
  };
}

export async function setResponseRateTarget(
  db: Db,
  ctx: ActingContext,
  target: number,
  filter: ReviewFilterValues,
  language?: UiLanguage,
) {
  await updateReviewSettings(db, scopeCompanyId(ctx), { responseRateTarget: target }, language);
  return responseRateOf(db, ctx, filter);
}

/** A saved filter keeps only the filter's own keys, checked by the shared schema, never paging. */
export function normalizeSavedFilter(raw: Record<string, unknown>): Record<string, string> {
  const parsed = reviewFilterSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(
      issue?.message ?? 'Invalid filter',
      parsed.error.issues.map((i) => ({ field: `filters.${i.path.join('.')}`, message: i.message })),
    );
  }
  return Object.fromEntries(new URLSearchParams(toQueryString(parsed.data, { paging: false })));
}

export async function getSavedFilters(db: Db, ctx: ActingContext): Promise<Record<string, string>> {
  const [row] = await db
    .select({ filters: userFilters.filters })
    .from(userFilters)
    .where(and(eq(userFilters.userId, ctx.user.id), eq(userFilters.companyId, scopeCompanyId(ctx))));
  return row?.filters ?? {};
}

export async function saveFilters(
  db: Db,
  ctx: ActingContext,
  raw: Record<string, unknown>,
): Promise<Record<string, string>> {
  const filters = normalizeSavedFilter(raw);
  await db
    .insert(userFilters)
    .values({ userId: ctx.user.id, companyId: scopeCompanyId(ctx), filters })
    .onConflictDoUpdate({
      target: [userFilters.userId, userFilters.companyId],
      set: { filters, updatedAt: new Date() },
    });
  return filters;
}
