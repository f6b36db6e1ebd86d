import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { locations, reviewImports } from '../../db/schema';

/** One upload of the company (another company's id finds nothing). */
export async function findImport(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(reviewImports)
    .where(and(eq(reviewImports.id, id), eq(reviewImports.companyId, companyId)));
  return row;
}

/** The company's newest uploads. */
export function recentImports(db: Db, companyId: number, limit: number) {
  return db
    .select()
    .from(reviewImports)
    .where(eq(reviewImports.companyId, companyId))
    .orderBy(desc(reviewImports.createdAt))
    .limit(limit);
}

/** The company's first locations (code and title), for the upload's example file. */
export function firstLocations(db: Db, companyId: number, limit: number) {
  return db
    .select({ code: locations.locationId, title: locations.title })
    .from(locations)
    .where(eq(locations.companyId, companyId))
    .orderBy(asc(locations.id))
    .limit(limit);
}
