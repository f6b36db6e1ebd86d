import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands, locations, states } from '../../db/schema';

export interface StateRow {
  id: number;
  title: string;
  language: string | null;
  brandId: number | null;
  brand: string | null;
}

export async function listStates(db: Db, companyId: number): Promise<(StateRow & { locations: number })[]> {
  const [rows, counts] = await Promise.all([
    db
      .select({
        id: states.id,
        title: states.title,
        language: states.language,
        brandId: states.brandId,
        brand: brands.title,
      })
      .from(states)
      .leftJoin(brands, eq(brands.id, states.brandId))
      .where(eq(states.companyId, companyId))
      .orderBy(asc(states.title), asc(brands.title), asc(states.id)),
    db
      .select({ stateId: locations.stateId, n: count() })
      .from(locations)
      .where(eq(locations.companyId, companyId))
      .groupBy(locations.stateId),
  ]);
  const byState = new Map(counts.map((c) => [c.stateId, c.n]));
  return rows.map((r) => ({ ...r, locations: byState.get(r.id) ?? 0 }));
}

export async function setStateLanguage(
  db: Db,
  companyId: number,
  id: number,
  language: string | null,
): Promise<boolean> {
  const rows = await db
    .update(states)
    .set({ language })
    .where(and(eq(states.companyId, companyId), eq(states.id, id)))
    .returning({ id: states.id });
  return rows.length === 1;
}

/** The reply language of a location's region, or null when the region has none (or there is no region). */
export async function regionLanguageOfLocation(db: Db, companyId: number, locationId: number): Promise<string | null> {
  const [row] = await db
    .select({ language: states.language })
    .from(locations)
    .innerJoin(states, eq(states.id, locations.stateId))
    .where(and(eq(locations.companyId, companyId), eq(locations.id, locationId)))
    .limit(1);
  return row?.language ?? null;
}
