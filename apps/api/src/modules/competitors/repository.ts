import { and, asc, count, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companyRead, frozenRows } from '../../platform/identityCache';
import { brands, competitorLocations, competitors, locations, reviews, states } from '../../db/schema';

/** Competitors of a company and their branches. Every query is scoped by company_id. */

export interface BranchRow {
  id: number;
  competitorId: number;
  locationId: number;
  title: string;
  address: string | null;
  sourceUrls: Record<string, string>;
}

export interface CompetitorRow {
  id: number;
  name: string;
  createdAt: Date;
  updatedAt: Date;
  branches: BranchRow[];
}

/** A competitor is visible when it has a branch at an allowed location (or no branch and no limit). */
function visibleBranch(allowed: number[] | null): SQL | undefined {
  return allowed ? inArray(competitorLocations.locationId, allowed.length ? allowed : [0]) : undefined;
}

async function countCompetitors(db: Db, scope: SQL | undefined): Promise<number> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(competitors).where(scope);
  return Number(total);
}

export async function listCompetitors(
  db: Db,
  companyId: number,
  allowed: number[] | null,
  paging?: { limit: number; offset: number },
): Promise<{ rows: CompetitorRow[]; total: number }> {
  const scope = allowed
    ? and(
        eq(competitors.companyId, companyId),
        sql`EXISTS (SELECT 1 FROM ${competitorLocations} WHERE ${competitorLocations.competitorId} = ${competitors.id} AND ${visibleBranch(allowed)})`,
      )
    : eq(competitors.companyId, companyId);
  let q = db.select().from(competitors).where(scope).orderBy(asc(competitors.name), asc(competitors.id)).$dynamic();
  if (paging) q = q.limit(paging.limit).offset(paging.offset);
  const heads = await q;
  // Without paging the list is whole, and its length is the total (the benchmark reads every competitor).
  const total = paging ? await countCompetitors(db, scope) : heads.length;
  const branches = heads.length
    ? await db
        .select()
        .from(competitorLocations)
        .where(
          and(
            eq(competitorLocations.companyId, companyId),
            inArray(
              competitorLocations.competitorId,
              heads.map((h) => h.id),
            ),
            visibleBranch(allowed),
          ),
        )
        .orderBy(asc(competitorLocations.id))
    : [];
  return {
    total,
    rows: heads.map((h) => ({
      id: h.id,
      name: h.name,
      createdAt: h.createdAt,
      updatedAt: h.updatedAt,
      branches: branches.filter((b) => b.competitorId === h.id),
    })),
  };
}

/** A competitor's branch with its competitor's name: what the benchmark compares. */
export type BenchmarkBranch = BranchRow & { name: string };

async function readBranches(db: Db, companyId: number): Promise<readonly BenchmarkBranch[]> {
  const rows = await db
    .select({
      id: competitorLocations.id,
      competitorId: competitorLocations.competitorId,
      locationId: competitorLocations.locationId,
      title: competitorLocations.title,
      address: competitorLocations.address,
      sourceUrls: competitorLocations.sourceUrls,
      name: competitors.name,
    })
    .from(competitorLocations)
    .innerJoin(competitors, eq(competitors.id, competitorLocations.competitorId))
    .where(and(eq(competitorLocations.companyId, companyId), eq(competitors.companyId, companyId)))
    .orderBy(asc(competitors.name), asc(competitors.id), asc(competitorLocations.id));
  return frozenRows(rows);
}

/**
 * Every branch of the company's competitors, in the competitor list's order (name, id; then the
 * branch's id), kept with the identities (companyRead: until a write of the company's competitors
 * or locations). The benchmark page and the dashboard's premium widget read them on every view;
 * those were two of their statements (bench/RESULTS.md). Frozen: requests share them.
 */
export function companyBranches(db: Db, companyId: number): Promise<readonly BenchmarkBranch[]> {
  return companyRead(db, `competitorBranches:${companyId}`, { companyId, kinds: ['competitors', 'locations'] }, () =>
    readBranches(db, companyId),
  );
}

export async function findCompetitor(
  db: Db,
  companyId: number,
  id: number,
  allowed: number[] | null,
): Promise<CompetitorRow | null> {
  const [head] = await db
    .select()
    .from(competitors)
    .where(and(eq(competitors.companyId, companyId), eq(competitors.id, id)));
  if (!head) return null;
  const branches = await db
    .select()
    .from(competitorLocations)
    .where(and(eq(competitorLocations.companyId, companyId), eq(competitorLocations.competitorId, id)))
    .orderBy(asc(competitorLocations.id));
  // A member limited to some locations sees a competitor only through branches at those locations.
  if (allowed && !branches.some((b) => allowed.includes(b.locationId))) return null;
  return {
    id: head.id,
    name: head.name,
    createdAt: head.createdAt,
    updatedAt: head.updatedAt,
    branches: allowed ? branches.filter((b) => allowed.includes(b.locationId)) : branches,
  };
}

export async function findCompetitorByName(
  db: Db,
  companyId: number,
  name: string,
): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: competitors.id })
    .from(competitors)
    .where(and(eq(competitors.companyId, companyId), sql`lower(${competitors.name}) = lower(${name})`));
  return row;
}

export async function insertCompetitor(db: Db, companyId: number, name: string): Promise<number> {
  const [row] = await db.insert(competitors).values({ companyId, name }).returning({ id: competitors.id });
  return row!.id;
}

export async function renameCompetitor(db: Db, companyId: number, id: number, name: string): Promise<void> {
  await db
    .update(competitors)
    .set({ name, updatedAt: new Date() })
    .where(and(eq(competitors.companyId, companyId), eq(competitors.id, id)));
}

export async function touchCompetitor(db: Db, companyId: number, id: number): Promise<void> {
  await db
    .update(competitors)
    .set({ updatedAt: new Date() })
    .where(and(eq(competitors.companyId, companyId), eq(competitors.id, id)));
}

export async function deleteCompetitorRow(db: Db, companyId: number, id: number): Promise<void> {
  await db.delete(competitors).where(and(eq(competitors.companyId, companyId), eq(competitors.id, id)));
}

export async function insertBranch(
  db: Db,
  companyId: number,
  competitorId: number,
  b: { locationId: number; title: string; address: string | null; sourceUrls: Record<string, string> },
): Promise<number> {
  const [row] = await db
    .insert(competitorLocations)
    .values({ companyId, competitorId, ...b })
    .returning({ id: competitorLocations.id });
  return row!.id;
}

export async function updateBranch(
  db: Db,
  companyId: number,
  id: number,
  b: { locationId: number; title: string; address: string | null; sourceUrls: Record<string, string> },
): Promise<void> {
  await db
    .update(competitorLocations)
    .set(b)
    .where(and(eq(competitorLocations.companyId, companyId), eq(competitorLocations.id, id)));
}

export async function deleteBranches(db: Db, companyId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await db
    .delete(competitorLocations)
    .where(and(eq(competitorLocations.companyId, companyId), inArray(competitorLocations.id, ids)));
}

/** Competitor branches per own location (to enforce the per-location limit). */
export async function branchCountsByLocation(db: Db, companyId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ locationId: competitorLocations.locationId, n: count() })
    .from(competitorLocations)
    .where(eq(competitorLocations.companyId, companyId))
    .groupBy(competitorLocations.locationId);
  return new Map(rows.map((r) => [r.locationId, Number(r.n)]));
}

/** The company's locations by id, with codes and titles (to check and resolve uploads). */
export async function companyLocations(
  db: Db,
  companyId: number,
): Promise<{ id: number; title: string; code: string | null; brandId: number | null; stateId: number | null }[]> {
  return db
    .select({
      id: locations.id,
      title: locations.title,
      code: locations.locationId,
      brandId: locations.brandId,
      stateId: locations.stateId,
    })
    .from(locations)
    .where(eq(locations.companyId, companyId))
    .orderBy(asc(locations.title));
}

export async function brandTree(db: Db, companyId: number) {
  const [b, s] = await Promise.all([
    db
      .select({ id: brands.id, title: brands.title })
      .from(brands)
      .where(eq(brands.companyId, companyId))
      .orderBy(asc(brands.title)),
    db
      .select({ id: states.id, title: states.title, brandId: states.brandId })
      .from(states)
      .where(eq(states.companyId, companyId))
      .orderBy(asc(states.title)),
  ]);
  return { brands: b, states: s };
}

/** Ids of the reviews of these branches (before they are deleted, to refresh the rollups). */
export async function branchReviewIds(db: Db, companyId: number, branchIds: number[]): Promise<number[]> {
  if (!branchIds.length) return [];
  const rows = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(
      and(
        eq(reviews.companyId, companyId),
        eq(reviews.isCompetitor, true),
        inArray(reviews.competitorLocationId, branchIds),
      ),
    );
  return rows.map((r) => r.id);
}

export async function deleteReviews(db: Db, companyId: number, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 5000) {
    await db.delete(reviews).where(and(eq(reviews.companyId, companyId), inArray(reviews.id, ids.slice(i, i + 5000))));
  }
}

/**
 * Review figures per competitor branch in a period. With the competitor flag the period is a range
 * of the (company_id, is_competitor, created_at) list index, ANDed with the competitor_location_id
 * index: 4 ms at W1, against 30 ms for the company's own and competitor reviews of the period.
 */
export async function branchFigures(
  db: Db,
  companyId: number,
  branchIds: number[],
  range: { from: string; to: string },
) {
  if (!branchIds.length) return [];
  const from = new Date(`${range.from}T00:00:00Z`);
  const toExclusive = new Date(new Date(`${range.to}T00:00:00Z`).getTime() + 86_400_000);
  const rows = await db
    .select({
      branchId: reviews.competitorLocationId,
      reviews: count(),
      rated: sql<string>`count(${reviews.rating})`,
      ratingSum: sql<string>`coalesce(sum(${reviews.rating}), 0)`,
      responded: sql<string>`count(${reviews.respondedAt})`,
    })
    .from(reviews)
    .where(
      and(
        eq(reviews.companyId, companyId),
        eq(reviews.isCompetitor, true),
        inArray(reviews.competitorLocationId, branchIds),
        gte(reviews.createdAt, from),
        lt(reviews.createdAt, toExclusive),
      ),
    )
    .groupBy(reviews.competitorLocationId);
  return rows.map((r) => ({
    branchId: r.branchId!,
    reviews: Number(r.reviews),
    rated: Number(r.rated),
    ratingSum: Number(r.ratingSum),
    responded: Number(r.responded),
  }));
}
