import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { ReviewFilter } from '@reputo/core';
import type { Db } from '../../db/client';
import { locations, reviews } from '../../db/schema';
import type { ActingContext } from '../../platform/acting';
import { locationScopeSql, reviewConditions } from '../reviews/scope';
import { scopeCompanyId } from '../../platform/companyScope';
import { withoutDates } from '../statistics/period';

/** The newest reviews of a filter within a period (reads the (company_id, is_competitor, created_at desc) list index). */
export async function latestReviews(
  db: Db,
  ctx: ActingContext,
  filter: ReviewFilter,
  range: { from: string; to: string },
  limit: number,
) {
  const rows = await db
    .select({
      id: reviews.id,
      author_name: reviews.authorName,
      rating: reviews.rating,
      text: reviews.text,
      source: reviews.source,
      created_at: reviews.createdAt,
      responded: sql<boolean>`${reviews.respondedAt} IS NOT NULL`,
      location: locations.title,
    })
    .from(reviews)
    .leftJoin(locations, eq(locations.id, reviews.locationId))
    .where(and(...reviewConditions(ctx, { ...withoutDates(filter), date_from: range.from, date_to: range.to })))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
}

/** How many of the company's locations a context and filter cover (the reputation score's volume target). */
export async function countScopeLocations(db: Db, ctx: ActingContext, filter: ReviewFilter): Promise<number> {
  const scope = locationScopeSql(locations.id, ctx, filter);
  const [row] = await db
    .select({ n: count() })
    .from(locations)
    .where(and(eq(locations.companyId, scopeCompanyId(ctx)), scope));
  return Number(row?.n ?? 0);
}
