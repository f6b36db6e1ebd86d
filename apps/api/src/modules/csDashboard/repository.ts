/**
 * Figures across companies for the customer-success dashboard. Review figures come from the daily
 * rollup (review_daily), so a period over every company reads rollup rows, never the reviews (the
 * removed-at-source count reads only the removed ones, through their partial index).
 */
import { and, asc, count, eq, gte, lte, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  companies,
  locations,
  partners,
  responses,
  reviewDaily,
  reviews,
  sourceConnections,
  users,
} from '../../db/schema';

export interface DayRange {
  from: string;
  to: string;
}

export async function companyBase(db: Db) {
  return db
    .select({
      id: companies.id,
      name: companies.companyName,
      status: companies.status,
      type: companies.type,
      package: companies.package,
      features: companies.features,
      partnerName: partners.name,
    })
    .from(companies)
    .leftJoin(partners, eq(partners.id, companies.partnerId))
    .orderBy(asc(companies.companyName), asc(companies.id));
}

export async function locationCounts(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .select({ companyId: locations.companyId, n: count() })
    .from(locations)
    .groupBy(locations.companyId);
  return new Map(rows.map((r) => [r.companyId, r.n]));
}

export async function userFacts(db: Db): Promise<Map<number, { users: number; lastLoginAt: Date | null }>> {
  const rows = await db
    .select({ companyId: users.companyId, n: count(), lastLogin: max(users.lastLoginAt) })
    .from(users)
    .where(sql`${users.companyId} is not null`)
    .groupBy(users.companyId);
  return new Map(
    rows.map((r) => [r.companyId!, { users: r.n, lastLoginAt: r.lastLogin ? new Date(r.lastLogin) : null }]),
  );
}

const rollupSums = {
  reviews: sql<number>`coalesce(sum(${reviewDaily.reviews}), 0)::int`,
  rated: sql<number>`coalesce(sum(${reviewDaily.rated}), 0)::int`,
  ratingSum: sql<number>`coalesce(sum(${reviewDaily.ratingSum}), 0)::int`,
  responded: sql<number>`coalesce(sum(${reviewDaily.responded}), 0)::int`,
  responseSeconds: sql<number>`coalesce(sum(${reviewDaily.responseSeconds}), 0)::float8`,
  positive: sql<number>`coalesce(sum(${reviewDaily.positive}), 0)::int`,
  neutral: sql<number>`coalesce(sum(${reviewDaily.neutral}), 0)::int`,
  negative: sql<number>`coalesce(sum(${reviewDaily.negative}), 0)::int`,
  stars1: sql<number>`coalesce(sum(${reviewDaily.stars1}), 0)::int`,
  stars2: sql<number>`coalesce(sum(${reviewDaily.stars2}), 0)::int`,
  stars3: sql<number>`coalesce(sum(${reviewDaily.stars3}), 0)::int`,
  stars4: sql<number>`coalesce(sum(${reviewDaily.stars4}), 0)::int`,
  stars5: sql<number>`coalesce(sum(${reviewDaily.stars5}), 0)::int`,
};
export type RollupSums = { [K in keyof typeof rollupSums]: number };

function periodWhere(range: DayRange, source?: string) {
  return and(
    gte(reviewDaily.day, range.from),
    lte(reviewDaily.day, range.to),
    eq(reviewDaily.isCompetitor, false),
    source ? eq(reviewDaily.source, source) : undefined,
  );
}

/** Review figures per company over a period (own reviews only; optionally one source). */
export async function periodByCompany(db: Db, range: DayRange, source?: string): Promise<Map<number, RollupSums>> {
  const rows = await db
    .select({ companyId: reviewDaily.companyId, ...rollupSums })
    .from(reviewDaily)
    .where(periodWhere(range, source))
    .groupBy(reviewDaily.companyId);
  return new Map(rows.map(({ companyId, ...sums }) => [companyId, sums]));
}

/** Reviews and replies per day across every company. */
export async function periodByDay(db: Db, range: DayRange, source?: string) {
  return db
    .select({
      day: reviewDaily.day,
      reviews: rollupSums.reviews,
      responded: rollupSums.responded,
      rated: rollupSums.rated,
      ratingSum: rollupSums.ratingSum,
    })
    .from(reviewDaily)
    .where(periodWhere(range, source))
    .groupBy(reviewDaily.day)
    .orderBy(asc(reviewDaily.day));
}

/** The newest day with a review, per company: one backward probe of (company_id, day) each, not a scan of the rollup. */
export async function lastReviewDays(db: Db): Promise<Map<number, string>> {
  const rows = await db
    .select({
      companyId: companies.id,
      day: sql<
        string | null
      >`(select max(d.day) from ${reviewDaily} d where d.company_id = ${companies.id} and d.is_competitor = false)`,
    })
    .from(companies);
  return new Map(rows.filter((r) => r.day).map((r) => [r.companyId, String(r.day)]));
}

/** Replies written in a period per company, by status and origin. */
export async function repliesByCompany(db: Db, range: DayRange) {
  return db
    .select({ companyId: responses.companyId, status: responses.status, origin: responses.origin, n: count() })
    .from(responses)
    .where(
      and(
        gte(responses.createdAt, new Date(`${range.from}T00:00:00Z`)),
        sql`${responses.createdAt} < (${range.to}::date + 1)`,
      ),
    )
    .groupBy(responses.companyId, responses.status, responses.origin);
}

/** Google and Facebook connections per company: how many, for how many locations, how many expired. */
export async function connectionsByCompany(db: Db, now: Date) {
  return db
    .select({
      companyId: sourceConnections.companyId,
      source: sourceConnections.source,
      n: count(),
      locations: sql<number>`count(distinct ${sourceConnections.locationId}) filter (where ${sourceConnections.locationId} <> 0)::int`,
      companyWide: sql<number>`count(*) filter (where ${sourceConnections.locationId} = 0)::int`,
      expired: sql<number>`count(*) filter (where ${sourceConnections.expiresAt} < ${now.toISOString()}::timestamptz and ${sourceConnections.refreshToken} is null)::int`,
      lastUpdated: max(sourceConnections.updatedAt),
      reconnectNeeded: sql<number>`count(*) filter (where ${sourceConnections.status} = 'reconnect_needed')::int`,
      lastSyncAt: max(sourceConnections.lastSyncAt),
      stalestSyncAt: sql<
        string | null
      >`min(${sourceConnections.lastSyncAt}) filter (where ${sourceConnections.locationId} <> 0)`,
      failing: sql<number>`count(*) filter (where ${sourceConnections.locationId} <> 0 and ${sourceConnections.lastErrorAt} is not null
        and (${sourceConnections.lastSyncAt} is null or ${sourceConnections.lastErrorAt} > ${sourceConnections.lastSyncAt}))::int`,
    })
    .from(sourceConnections)
    .groupBy(sourceConnections.companyId, sourceConnections.source);
}

/** Reviews that review sync found removed at their source, per company and source (a partial index answers it). */
export async function removedReviewsByCompany(db: Db): Promise<{ companyId: number; source: string; n: number }[]> {
  return db
    .select({ companyId: reviews.companyId, source: reviews.source, n: sql<number>`count(*)::int` })
    .from(reviews)
    .where(sql`${reviews.removedAt} IS NOT NULL`)
    .groupBy(reviews.companyId, reviews.source);
}
