import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { partners, users } from '../../db/schema';

export type AdminRole = 'owner' | 'partner';

export interface AdminUserFilter {
  /** Only administrators of this partner (a Partner's view); null for every admin user. */
  partnerId: number | null;
  role?: AdminRole;
  search?: string;
}

function where(f: AdminUserFilter): SQL {
  const conditions: SQL[] = [
    f.partnerId === null
      ? inArray(users.role, ['owner', 'partner'])
      : and(eq(users.role, 'partner'), eq(users.partnerId, f.partnerId))!,
  ];
  if (f.role) conditions.push(eq(users.role, f.role));
  if (f.search) {
    const like = `%${f.search.replace(/[%_\\]/g, '\\$&')}%`;
    conditions.push(
      or(
        ilike(users.email, like),
        ilike(users.firstName, like),
        ilike(users.lastName, like),
        sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${like}`,
      )!,
    );
  }
  return and(...conditions)!;
}

const columns = { user: users, partnerName: partners.name };

export async function listAdminUsers(db: Db, f: AdminUserFilter, page: number, perPage: number) {
  const w = where(f);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(columns)
      .from(users)
      .leftJoin(partners, eq(partners.id, users.partnerId))
      .where(w)
      .orderBy(asc(users.role), asc(users.firstName), asc(users.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(users).where(w),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

export async function findAdminUser(db: Db, f: AdminUserFilter, id: number) {
  const [row] = await db
    .select(columns)
    .from(users)
    .leftJoin(partners, eq(partners.id, users.partnerId))
    .where(and(where(f), eq(users.id, id)))
    .limit(1);
  return row;
}

export async function updateAdminUser(db: Db, id: number, patch: Partial<typeof users.$inferInsert>): Promise<void> {
  await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id));
}

export async function deleteUser(db: Db, id: number): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

export async function countOwners(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'owner'), eq(users.status, 'active')));
  return row?.n ?? 0;
}
