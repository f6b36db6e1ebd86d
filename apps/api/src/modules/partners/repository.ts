import { and, asc, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, partners, users } from '../../db/schema';

export type PartnerRow = typeof partners.$inferSelect;
export type NewPartner = typeof partners.$inferInsert;

export async function findPartnerById(db: Db, id: number): Promise<PartnerRow | undefined> {
  const [row] = await db.select().from(partners).where(eq(partners.id, id)).limit(1);
  return row;
}

export interface PartnerListFilter {
  search?: string;
  status?: string;
}

function listWhere(f: PartnerListFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (f.search) conditions.push(ilike(partners.name, `%${f.search.replace(/[%_\\]/g, '\\$&')}%`));
  if (f.status) conditions.push(eq(partners.status, f.status));
  return conditions.length ? and(...conditions) : undefined;
}

export async function listPartners(
  db: Db,
  page: number,
  perPage: number,
  f: PartnerListFilter = {},
): Promise<{ rows: PartnerRow[]; total: number }> {
  const where = listWhere(f);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(partners)
      .where(where)
      .orderBy(asc(partners.name), asc(partners.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(partners).where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

export async function allPartners(db: Db, f: PartnerListFilter = {}): Promise<PartnerRow[]> {
  return db.select().from(partners).where(listWhere(f)).orderBy(asc(partners.name), asc(partners.id));
}

/** Companies per partner, for the list and the export. */
export async function companyCounts(db: Db, partnerIds: number[]): Promise<Map<number, number>> {
  if (partnerIds.length === 0) return new Map();
  const rows = await db
    .select({ partnerId: companies.partnerId, n: count() })
    .from(companies)
    .where(inArray(companies.partnerId, partnerIds))
    .groupBy(companies.partnerId);
  return new Map(rows.map((r) => [r.partnerId!, r.n]));
}

export async function insertPartner(db: Db, values: NewPartner): Promise<PartnerRow> {
  const [row] = await db.insert(partners).values(values).returning();
  return row!;
}

export async function updatePartner(db: Db, id: number, patch: Partial<NewPartner>): Promise<PartnerRow | undefined> {
  const [row] = await db
    .update(partners)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(partners.id, id))
    .returning();
  return row;
}

/** Deletes a partner and its administrators; its companies stay, without a partner. */
export async function deletePartner(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(partners).where(eq(partners.id, id)).returning({ id: partners.id });
  return rows.length > 0;
}

/** Partner administrators (users with the Partner role), of one partner or of all. */
export async function partnerUsers(db: Db, partnerId: number | null) {
  const where =
    partnerId === null ? eq(users.role, 'partner') : and(eq(users.role, 'partner'), eq(users.partnerId, partnerId));
  return db
    .select({ user: users, partnerName: partners.name })
    .from(users)
    .leftJoin(partners, eq(partners.id, users.partnerId))
    .where(where)
    .orderBy(asc(partners.name), asc(users.firstName), asc(users.id));
}
