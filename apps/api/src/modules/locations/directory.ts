import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands, locations, states } from '../../db/schema';
import { companyRead, frozenRows } from '../../platform/identityCache';

/** A location as reports name it: its title, code, city, brand and region. */
export interface LocationInfo {
  id: number;
  title: string;
  code: string | null;
  city: string | null;
  brand: string | null;
  state: string | null;
}

/** A location's place in the brand > region tree, beside its names. */
export interface DirectoryEntry extends LocationInfo {
  brandId: number | null;
  stateId: number | null;
}

async function readDirectory(db: Db, companyId: number): Promise<readonly DirectoryEntry[]> {
  const rows = await db
    .select({
      id: locations.id,
      title: locations.title,
      code: locations.locationId,
      city: locations.city,
      brand: brands.title,
      state: states.title,
      brandId: locations.brandId,
      stateId: locations.stateId,
    })
    .from(locations)
    .leftJoin(brands, eq(brands.id, locations.brandId))
    .leftJoin(states, eq(states.id, locations.stateId))
    .where(eq(locations.companyId, companyId))
    .orderBy(asc(locations.id));
  return frozenRows(rows);
}

/**
 * Every location of a company with its names and tree, by id, kept with the identities (companyRead:
 * until a write of the company's locations, brands or regions, or IDENTITY_CACHE_SECONDS). Rankings
 * and the benchmark name every location in view, and each read the company's thousand locations
 * again: at W1 the 90-day rankings answered 240 requests a second at 32 clients with that read and
 * 320-350 without it (bench/RESULTS.md). The scope's location ids come from here too.
 * The rows are frozen: requests share them.
 */
export function locationDirectory(db: Db, companyId: number): Promise<readonly DirectoryEntry[]> {
  return companyRead(db, `locationDirectory:${companyId}`, { companyId, kinds: ['locations'] }, () =>
    readDirectory(db, companyId),
  );
}

/** The directory by location id (kept beside it, and dropped with it). */
export function locationDirectoryById(db: Db, companyId: number): Promise<ReadonlyMap<number, DirectoryEntry>> {
  return companyRead(db, `locationDirectoryById:${companyId}`, { companyId, kinds: ['locations'] }, async () => {
    const entries = await locationDirectory(db, companyId);
    return new Map(entries.map((l) => [l.id, l]));
  });
}
