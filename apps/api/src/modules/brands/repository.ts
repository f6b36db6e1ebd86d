import { and, asc, count, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands, locations, states } from '../../db/schema';

export type BrandRow = typeof brands.$inferSelect;

export async function findBrand(db: Db, companyId: number, brandId: number): Promise<BrandRow | undefined> {
  const [row] = await db
    .select()
    .from(brands)
    .where(and(eq(brands.companyId, companyId), eq(brands.id, brandId)))
    .limit(1);
  return row;
}

export async function findBrandById(db: Db, brandId: number): Promise<BrandRow | undefined> {
  const [row] = await db.select().from(brands).where(eq(brands.id, brandId)).limit(1);
  return row;
}

/** Brands of a company with their regions and location counts, by title. */
export async function brandsWithRegions(db: Db, companyId: number, onlyBrandId?: number) {
  const brandWhere =
    onlyBrandId === undefined
      ? eq(brands.companyId, companyId)
      : and(eq(brands.companyId, companyId), eq(brands.id, onlyBrandId));
  const [brandRows, stateRows, counts] = await Promise.all([
    db.select().from(brands).where(brandWhere).orderBy(asc(brands.title), asc(brands.id)),
    db
      .select({ id: states.id, brandId: states.brandId, title: states.title })
      .from(states)
      .where(eq(states.companyId, companyId))
      .orderBy(asc(states.title), asc(states.id)),
    db
      .select({ brandId: locations.brandId, n: count() })
      .from(locations)
      .where(eq(locations.companyId, companyId))
      .groupBy(locations.brandId),
  ]);
  return brandRows.map((b) => ({
    brand: b,
    states: stateRows.filter((s) => s.brandId === b.id).map((s) => ({ id: s.id, title: s.title })),
    locationsCount: counts.find((c) => c.brandId === b.id)?.n ?? 0,
  }));
}

export async function brandTitleTaken(db: Db, companyId: number, title: string, exceptId?: number): Promise<boolean> {
  const conditions = [eq(brands.companyId, companyId), sql`lower(${brands.title}) = lower(${title})`];
  if (exceptId !== undefined) conditions.push(ne(brands.id, exceptId));
  const [row] = await db
    .select({ id: brands.id })
    .from(brands)
    .where(and(...conditions))
    .limit(1);
  return row !== undefined;
}

/**
 * Makes the brand's regions exactly `titles`: regions whose title stays keep their id (so their
 * locations stay in them), new titles are added, and dropped regions are deleted (their locations
 * keep the brand and lose the region).
 */
async function syncStates(tx: Db, companyId: number, brandId: number, titles: string[]): Promise<void> {
  const existing = await tx
    .select({ id: states.id, title: states.title })
    .from(states)
    .where(and(eq(states.companyId, companyId), eq(states.brandId, brandId)));
  const wanted = new Map(titles.map((t) => [t.toLowerCase(), t]));
  const keep = existing.filter((s) => wanted.has(s.title.toLowerCase()));
  const keptIds = keep.map((s) => s.id);
  await tx
    .delete(states)
    .where(
      and(
        eq(states.companyId, companyId),
        eq(states.brandId, brandId),
        keptIds.length ? notInArray(states.id, keptIds) : undefined,
      ),
    );
  const have = new Set(keep.map((s) => s.title.toLowerCase()));
  const added = [...wanted.entries()].filter(([k]) => !have.has(k)).map(([, title]) => ({ companyId, brandId, title }));
  if (added.length) await tx.insert(states).values(added);
}

export async function insertBrand(db: Db, companyId: number, title: string, stateTitles: string[]): Promise<BrandRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(brands).values({ companyId, title }).returning();
    await syncStates(tx, companyId, row!.id, stateTitles);
    return row!;
  });
}

export async function updateBrand(
  db: Db,
  companyId: number,
  brandId: number,
  change: { title?: string; states?: string[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    if (change.title !== undefined)
      await tx
        .update(brands)
        .set({ title: change.title })
        .where(and(eq(brands.companyId, companyId), eq(brands.id, brandId)));
    if (change.states !== undefined) await syncStates(tx, companyId, brandId, change.states);
  });
}

export async function deleteBrand(db: Db, companyId: number, brandId: number): Promise<void> {
  await db.delete(brands).where(and(eq(brands.companyId, companyId), eq(brands.id, brandId)));
}

export async function setBrandLogo(db: Db, brandId: number, key: string | null): Promise<void> {
  await db.update(brands).set({ logoPath: key }).where(eq(brands.id, brandId));
}

/** The brand > region > location tree of a company, limited to some locations when given. */
export async function brandTree(db: Db, companyId: number, allowed: number[] | null) {
  const locationWhere = and(
    eq(locations.companyId, companyId),
    allowed ? inArray(locations.id, allowed.length ? allowed : [-1]) : undefined,
  );
  const [brandRows, stateRows, locationRows] = await Promise.all([
    db.select().from(brands).where(eq(brands.companyId, companyId)).orderBy(asc(brands.title), asc(brands.id)),
    db
      .select({ id: states.id, brandId: states.brandId, title: states.title })
      .from(states)
      .where(eq(states.companyId, companyId))
      .orderBy(asc(states.title), asc(states.id)),
    db
      .select({
        id: locations.id,
        title: locations.title,
        locationId: locations.locationId,
        brandId: locations.brandId,
        stateId: locations.stateId,
      })
      .from(locations)
      .where(locationWhere)
      .orderBy(asc(locations.title), asc(locations.id)),
  ]);
  return { brands: brandRows, states: stateRows, locations: locationRows };
}
