import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  brands,
  locations,
  notificationSettings,
  reviewDaily,
  reviews,
  states,
  topicDaily,
  users,
} from '../../db/schema';

export type LocationRow = typeof locations.$inferSelect;
export type NewLocation = typeof locations.$inferInsert;
export type LocationWithTree = LocationRow & { brand: string | null; state: string | null };

const withTree = { location: locations, brand: brands.title, state: states.title };

function flatten(rows: { location: LocationRow; brand: string | null; state: string | null }[]): LocationWithTree[] {
  return rows.map((r) => ({ ...r.location, brand: r.brand, state: r.state }));
}

/** Locations the caller may see: the company's, narrowed to `visible` when the user is limited. */
function visibleWhere(companyId: number, visible: number[] | null): SQL {
  const own = eq(locations.companyId, companyId);
  if (visible === null) return own;
  return visible.length ? and(own, inArray(locations.id, visible))! : sql`false`;
}

export interface LocationListQuery {
  search?: string;
  brandId?: number;
  stateId?: number;
  page: number;
  perPage: number;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function listLocations(
  db: Db,
  companyId: number,
  visible: number[] | null,
  q: LocationListQuery,
): Promise<{ rows: LocationWithTree[]; total: number }> {
  const term = q.search?.trim();
  const like = term ? `%${escapeLike(term)}%` : null;
  const where = and(
    visibleWhere(companyId, visible),
    like
      ? or(
          ilike(locations.title, like),
          ilike(locations.locationId, like),
          ilike(locations.address, like),
          ilike(locations.city, like),
        )
      : undefined,
    q.brandId ? eq(locations.brandId, q.brandId) : undefined,
    q.stateId ? eq(locations.stateId, q.stateId) : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(withTree)
      .from(locations)
      .leftJoin(brands, eq(brands.id, locations.brandId))
      .leftJoin(states, eq(states.id, locations.stateId))
      .where(where)
      .orderBy(asc(locations.title), asc(locations.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: count() }).from(locations).where(where),
  ]);
  return { rows: flatten(rows), total: totalRow?.n ?? 0 };
}

export async function allLocations(db: Db, companyId: number, visible: number[] | null): Promise<LocationWithTree[]> {
  const rows = await db
    .select(withTree)
    .from(locations)
    .leftJoin(brands, eq(brands.id, locations.brandId))
    .leftJoin(states, eq(states.id, locations.stateId))
    .where(visibleWhere(companyId, visible))
    .orderBy(asc(locations.title), asc(locations.id));
  return flatten(rows);
}

export async function findLocation(
  db: Db,
  companyId: number,
  visible: number[] | null,
  id: number,
): Promise<LocationWithTree | undefined> {
  const [row] = await db
    .select(withTree)
    .from(locations)
    .leftJoin(brands, eq(brands.id, locations.brandId))
    .leftJoin(states, eq(states.id, locations.stateId))
    .where(and(visibleWhere(companyId, visible), eq(locations.id, id)))
    .limit(1);
  return row ? flatten([row])[0] : undefined;
}

export async function countLocations(db: Db, companyId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(locations).where(eq(locations.companyId, companyId));
  return row?.n ?? 0;
}

export async function insertLocation(db: Db, row: NewLocation): Promise<LocationRow> {
  const [created] = await db.insert(locations).values(row).returning();
  return created!;
}

/** Inserts many locations in a few statements (uploads). */
export async function insertLocations(db: Db, rows: NewLocation[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await db.insert(locations).values(rows.slice(i, i + 500));
}

export async function updateLocation(
  db: Db,
  companyId: number,
  id: number,
  patch: Partial<NewLocation>,
): Promise<void> {
  await db
    .update(locations)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(locations.companyId, companyId), eq(locations.id, id)));
}

/** Location codes (the company's own ids) in use, lower-cased, with the location they belong to. */
export async function locationCodes(db: Db, companyId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: locations.id, code: locations.locationId })
    .from(locations)
    .where(eq(locations.companyId, companyId));
  return new Map(rows.filter((r) => r.code).map((r) => [r.code!.toLowerCase(), r.id]));
}

export async function companyBrands(db: Db, companyId: number) {
  return db
    .select({ id: brands.id, title: brands.title })
    .from(brands)
    .where(eq(brands.companyId, companyId))
    .orderBy(asc(brands.title));
}

export async function companyStates(db: Db, companyId: number) {
  return db
    .select({ id: states.id, title: states.title, brandId: states.brandId })
    .from(states)
    .where(eq(states.companyId, companyId))
    .orderBy(asc(states.title));
}

/** Number of own reviews per location, from the daily rollup. */
export async function reviewCounts(db: Db, companyId: number, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: reviewDaily.locationId, n: sql<number>`sum(${reviewDaily.reviews})::int` })
    .from(reviewDaily)
    .where(
      and(
        eq(reviewDaily.companyId, companyId),
        eq(reviewDaily.isCompetitor, false),
        inArray(reviewDaily.locationId, ids),
      ),
    )
    .groupBy(reviewDaily.locationId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/**
 * Removes a location with everything that is only about it: its reviews (replies, categories and
 * topics go with them), its rollup rows, and its id in members' and notification location lists.
 * Runs in the caller's transaction.
 */
export async function deleteLocationCascade(db: Db, companyId: number, id: number): Promise<number> {
  const removed = await db
    .delete(reviews)
    .where(and(eq(reviews.companyId, companyId), eq(reviews.locationId, id)))
    .returning({ id: reviews.id });
  await db.delete(reviewDaily).where(and(eq(reviewDaily.companyId, companyId), eq(reviewDaily.locationId, id)));
  await db.delete(topicDaily).where(and(eq(topicDaily.companyId, companyId), eq(topicDaily.locationId, id)));
  // jsonb arrays: drop the id from members limited to it, and from notification filters.
  await db.execute(
    sql`UPDATE ${users} SET location_ids = (SELECT coalesce(jsonb_agg(e), '[]'::jsonb) FROM jsonb_array_elements(location_ids) e WHERE e <> to_jsonb(${id}::int)) WHERE company_id = ${companyId} AND location_ids @> to_jsonb(ARRAY[${id}::int])`,
  );
  await db.execute(
    sql`UPDATE ${notificationSettings} SET location_ids = (SELECT coalesce(jsonb_agg(e), '[]'::jsonb) FROM jsonb_array_elements(location_ids) e WHERE e <> to_jsonb(${id}::int)) WHERE company_id = ${companyId} AND location_ids @> to_jsonb(ARRAY[${id}::int])`,
  );
  await db.delete(locations).where(and(eq(locations.companyId, companyId), eq(locations.id, id)));
  return removed.length;
}

/** A row lock on the company serialises location creates and uploads against the limit (in a transaction). */
export async function lockCompany(db: Db, companyId: number): Promise<void> {
  await db.execute(sql`SELECT id FROM companies WHERE id = ${companyId} FOR UPDATE`);
}
