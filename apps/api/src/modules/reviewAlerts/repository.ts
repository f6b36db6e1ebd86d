import { and, asc, count, desc, eq, gt, inArray, isNull, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { locations, reviewAlerts, reviews, users } from '../../db/schema';
import { MIN_COUNT } from './detector';

export type ReviewAlertRow = typeof reviewAlerts.$inferSelect;

/** Where a window has at least MIN_COUNT low-star reviews: (company, location, count). One index range per company. */
export async function candidateLocations(
  db: Db,
  start: Date,
  end: Date,
  companyId?: number,
): Promise<{ companyId: number; locationId: number; count: number }[]> {
  const companyFilter = companyId === undefined ? sql`c.status = 'active'` : sql`c.id = ${companyId}`;
  const result = await db.execute(sql`
    SELECT c.id AS "companyId", r.location_id AS "locationId", count(*)::int AS "count"
    FROM companies c
    CROSS JOIN LATERAL (
      SELECT location_id FROM reviews r
      WHERE r.company_id = c.id AND r.is_competitor = false
        AND r.created_at >= ${start.toISOString()}::timestamptz AND r.created_at < ${end.toISOString()}::timestamptz
        AND r.rating IN (1, 2) AND r.location_id IS NOT NULL
    ) r
    WHERE ${companyFilter}
    GROUP BY c.id, r.location_id
    HAVING count(*) >= ${MIN_COUNT}
    ORDER BY c.id, r.location_id`);
  return rowsOf<{ companyId: number; locationId: number; count: number }>(result).map((r) => ({
    companyId: Number(r.companyId),
    locationId: Number(r.locationId),
    count: Number(r.count),
  }));
}

/** A location's own low-star reviews a day (UTC days [from, to)), from the daily rollup. */
export async function dailyLowCounts(
  db: Db,
  companyId: number,
  locationId: number,
  from: Date,
  to: Date,
): Promise<Map<string, number>> {
  const result = await db.execute(sql`
    SELECT day::text AS day, sum(stars1 + stars2)::int AS low FROM review_daily
    WHERE company_id = ${companyId} AND location_id = ${locationId} AND is_competitor = false
      AND day >= ${from.toISOString().slice(0, 10)}::date AND day < ${to.toISOString().slice(0, 10)}::date
    GROUP BY day`);
  return new Map(rowsOf<{ day: string; low: number }>(result).map((r) => [r.day, Number(r.low)]));
}

/** The low-star reviews of a location in a window, oldest first. */
export async function lowReviewIds(
  db: Db,
  companyId: number,
  locationId: number,
  start: Date,
  end: Date,
): Promise<number[]> {
  const rows = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(
      and(
        eq(reviews.companyId, companyId),
        eq(reviews.locationId, locationId),
        eq(reviews.isCompetitor, false),
        inArray(reviews.rating, [1, 2]),
        sql`${reviews.createdAt} >= ${start.toISOString()}::timestamptz AND ${reviews.createdAt} < ${end.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(asc(reviews.createdAt), asc(reviews.id))
    .limit(1000);
  return rows.map((r) => r.id);
}

/** Serialises checks of one location (two processes never raise the same burst twice). */
export async function lockLocation(db: Db, locationId: number): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(72450031, ${locationId})`);
}

/** The location's alert whose burst is still going on: significant at some time after `since`. */
export async function ongoingAlert(db: Db, locationId: number, since: Date): Promise<ReviewAlertRow | undefined> {
  const [row] = await db
    .select()
    .from(reviewAlerts)
    .where(and(eq(reviewAlerts.locationId, locationId), gt(reviewAlerts.lastSeenAt, since)))
    .orderBy(desc(reviewAlerts.id))
    .limit(1);
  return row;
}

export async function insertAlert(db: Db, row: typeof reviewAlerts.$inferInsert): Promise<ReviewAlertRow> {
  const [saved] = await db.insert(reviewAlerts).values(row).returning();
  return saved!;
}

export async function updateAlert(
  db: Db,
  id: number,
  changes: Partial<typeof reviewAlerts.$inferInsert>,
): Promise<ReviewAlertRow> {
  const [saved] = await db.update(reviewAlerts).set(changes).where(eq(reviewAlerts.id, id)).returning();
  return saved!;
}

/** The active Master Admins of a company: who hears of its alerts by mail. */
export async function companyAdmins(db: Db, companyId: number) {
  return db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, 'master_admin'), eq(users.status, 'active')))
    .orderBy(asc(users.id));
}

export async function locationTitle(db: Db, companyId: number, locationId: number): Promise<string | null> {
  const [row] = await db
    .select({ title: locations.title })
    .from(locations)
    .where(and(eq(locations.companyId, companyId), eq(locations.id, locationId)));
  return row?.title ?? null;
}

export interface AlertScope {
  companyId: number;
  /** null: every location. */
  locationIds: readonly number[] | null;
}

function scopeWhere(scope: AlertScope, status: 'open' | 'acknowledged' | 'all'): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(reviewAlerts.companyId, scope.companyId)];
  if (scope.locationIds !== null)
    parts.push(scope.locationIds.length ? inArray(reviewAlerts.locationId, [...scope.locationIds]) : sql`false`);
  if (status === 'open') parts.push(isNull(reviewAlerts.acknowledgedAt));
  if (status === 'acknowledged') parts.push(isNotNull(reviewAlerts.acknowledgedAt));
  return and(...parts);
}

export async function alertPage(
  db: Db,
  scope: AlertScope,
  opts: { status: 'open' | 'acknowledged' | 'all'; page: number; perPage: number },
) {
  const where = scopeWhere(scope, opts.status);
  const [rows, [total]] = await Promise.all([
    db
      .select({ alert: reviewAlerts, locationTitle: locations.title })
      .from(reviewAlerts)
      .innerJoin(locations, eq(locations.id, reviewAlerts.locationId))
      .where(where)
      .orderBy(desc(reviewAlerts.createdAt), desc(reviewAlerts.id))
      .limit(opts.perPage)
      .offset((opts.page - 1) * opts.perPage),
    db.select({ n: count() }).from(reviewAlerts).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findAlert(db: Db, scope: AlertScope, id: number) {
  const [row] = await db
    .select({ alert: reviewAlerts, locationTitle: locations.title })
    .from(reviewAlerts)
    .innerJoin(locations, eq(locations.id, reviewAlerts.locationId))
    .where(and(scopeWhere(scope, 'all'), eq(reviewAlerts.id, id)));
  return row;
}

export interface AlertReview {
  id: number;
  source: string;
  rating: number | null;
  authorName: string | null;
  text: string | null;
  createdAt: Date;
}

/** The alerts' reviews that still exist, by id. */
export async function reviewsOfAlerts(db: Db, companyId: number, ids: number[]): Promise<Map<number, AlertReview>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: reviews.id,
      source: reviews.source,
      rating: reviews.rating,
      authorName: reviews.authorName,
      text: reviews.text,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .where(and(eq(reviews.companyId, companyId), inArray(reviews.id, ids)));
  return new Map(rows.map((r) => [r.id, r]));
}
