import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { locations, states } from '../../db/schema';

/**
 * The language overrides of the regions of a company's locations (all of them, or the listed ones),
 * one entry per distinct value; a location without a region, or a region without an override, gives null.
 */
export async function regionLanguagesOf(
  db: Db,
  companyId: number,
  locationIds: readonly number[] | null,
): Promise<(string | null)[]> {
  if (locationIds && locationIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ language: states.language })
    .from(locations)
    .leftJoin(states, eq(states.id, locations.stateId))
    .where(and(eq(locations.companyId, companyId), locationIds ? inArray(locations.id, [...locationIds]) : undefined));
  return rows.map((r) => r.language);
}
