import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { locations } from '../../db/schema';

export async function countCompanyLocations(db: Db, companyId: number, ids: number[]): Promise<number> {
  const [row] = await db.select({ n: count() }).from(locations).where(and(eq(locations.companyId, companyId), inArray(locations.id, ids)));
  return row?.n ?? 0;
}
