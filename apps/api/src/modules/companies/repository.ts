import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, locations, partners, users } from '../../db/schema';

export type CompanyRow = typeof companies.$inferSelect;
export type NewCompany = typeof companies.$inferInsert;

export async function findCompanyById(db: Db, id: number): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row;
}

export interface CompanyListFilter {
  partnerId: number | null;
  search?: string;
  status?: string;
  direction: 'asc' | 'desc';
  page: number;
  perPage: number;
}

function escapeLike(text: string): string {
  return text.replace(/[%_\\]/g, '\\$&');
}

function listWhere(f: Pick<CompanyListFilter, 'partnerId' | 'search' | 'status'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (f.partnerId !== null) conditions.push(eq(companies.partnerId, f.partnerId));
  if (f.search) conditions.push(ilike(companies.companyName, `%${escapeLike(f.search)}%`));
  if (f.status) conditions.push(eq(companies.status, f.status));
  return conditions.length ? and(...conditions) : undefined;
}

function locationsCountSubquery(db: Db) {
  return db
    .select({ companyId: locations.companyId, n: count().as('n') })
    .from(locations)
    .groupBy(locations.companyId)
    .as('lc');
}

/** The admin company list: all companies for the Owner, a partner's own otherwise. */
export async function listCompanies(db: Db, f: CompanyListFilter) {
  const where = listWhere(f);
  const order = f.direction === 'desc' ? desc(companies.id) : asc(companies.id);
  const lc = locationsCountSubquery(db);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        company: companies,
        partnerName: partners.name,
        locationsCount: sql<number>`coalesce(${lc.n}, 0)::int`,
      })
      .from(companies)
      .leftJoin(partners, eq(partners.id, companies.partnerId))
      .leftJoin(lc, eq(lc.companyId, companies.id))
      .where(where)
      .orderBy(order)
      .limit(f.perPage)
      .offset((f.page - 1) * f.perPage),
    db.select({ n: count() }).from(companies).where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

/** Every company of the filter (for the Excel export), newest first; a company list is thousands of rows at most. */
export async function allCompanies(db: Db, f: Pick<CompanyListFilter, 'partnerId' | 'search' | 'status'>) {
  const lc = locationsCountSubquery(db);
  return db
    .select({ company: companies, partnerName: partners.name, locationsCount: sql<number>`coalesce(${lc.n}, 0)::int` })
    .from(companies)
    .leftJoin(partners, eq(partners.id, companies.partnerId))
    .leftJoin(lc, eq(lc.companyId, companies.id))
    .where(listWhere(f))
    .orderBy(desc(companies.id));
}

export async function insertCompany(db: Db, values: NewCompany): Promise<CompanyRow> {
  const [row] = await db.insert(companies).values(values).returning();
  return row!;
}

export async function updateCompany(db: Db, id: number, patch: Partial<NewCompany>): Promise<CompanyRow | undefined> {
  const [row] = await db
    .update(companies)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(companies.id, id))
    .returning();
  return row;
}

/** Deletes a company and, by the foreign keys, everything it owns (brands, locations, users, reviews...). */
export async function deleteCompany(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(companies).where(eq(companies.id, id)).returning({ id: companies.id });
  return rows.length > 0;
}

export async function countCompanyLocations(db: Db, companyId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(locations).where(eq(locations.companyId, companyId));
  return row?.n ?? 0;
}

export async function partnerName(db: Db, partnerId: number | null): Promise<string | null> {
  if (partnerId === null) return null;
  const [row] = await db.select({ name: partners.name }).from(partners).where(eq(partners.id, partnerId)).limit(1);
  return row?.name ?? null;
}

export async function partnerExists(db: Db, partnerId: number): Promise<boolean> {
  return (await partnerName(db, partnerId)) !== null;
}

/** The team of a company, for acting as one of its users from the companies list. */
export async function companyUsers(db: Db, companyId: number) {
  return db
    .select()
    .from(users)
    .where(eq(users.companyId, companyId))
    .orderBy(asc(users.role), asc(users.firstName), asc(users.id));
}

/** Names of many companies at once. */
export async function companyNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: companies.id, name: companies.companyName })
    .from(companies)
    .where(inArray(companies.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}
