import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, locations } from '../../db/schema';

export async function countCompanyLocations(db: Db, companyId: number, ids: number[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(locations)
    .where(and(eq(locations.companyId, companyId), inArray(locations.id, ids)));
  return row?.n ?? 0;
}

export async function companyFrameAncestors(db: Db, companyId: number): Promise<string[]> {
  const [row] = await db
    .select({ origins: companies.frameAncestors })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.origins ?? [];
}

export async function setCompanyFrameAncestors(db: Db, companyId: number, origins: string[]): Promise<string[]> {
  const [row] = await db
    .update(companies)
    .set({ frameAncestors: origins, updatedAt: new Date() })
    .where(eq(companies.id, companyId))
    .returning({ origins: companies.frameAncestors });
  return row?.origins ?? [];
}
