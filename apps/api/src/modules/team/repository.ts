import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invitations, users } from '../../db/schema';
import type { UserRow } from '../users/repository';

export type InvitationState = { status: 'pending' | 'expired' | 'revoked' | 'accepted'; sentAt: Date; expiresAt: Date };

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Team members of one company, paged, by name; `search` matches name or email. */
export async function listMembers(
  db: Db,
  companyId: number,
  q: { search?: string; page: number; perPage: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const term = q.search?.trim();
  const like = term ? `%${escapeLike(term)}%` : null;
  const where = and(
    eq(users.companyId, companyId),
    like
      ? or(
          ilike(users.email, like),
          ilike(users.firstName, like),
          ilike(users.lastName, like),
          sql`(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')) ilike ${like}`,
        )
      : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

export async function allMembers(db: Db, companyId: number): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(eq(users.companyId, companyId))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id));
}

/** The newest invitation of each user, as a state the team page shows. */
export async function invitationStates(
  db: Db,
  userIds: number[],
  now = new Date(),
): Promise<Map<number, InvitationState>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      userId: invitations.userId,
      createdAt: invitations.createdAt,
      expiresAt: invitations.expiresAt,
      acceptedAt: invitations.acceptedAt,
      revokedAt: invitations.revokedAt,
    })
    .from(invitations)
    .where(inArray(invitations.userId, userIds))
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
  const out = new Map<number, InvitationState>();
  for (const r of rows) {
    if (out.has(r.userId)) continue;
    const status = r.acceptedAt ? 'accepted' : r.revokedAt ? 'revoked' : r.expiresAt <= now ? 'expired' : 'pending';
    out.set(r.userId, { status, sentAt: r.createdAt, expiresAt: r.expiresAt });
  }
  return out;
}

export async function updateMember(
  db: Db,
  companyId: number,
  id: number,
  patch: Partial<Pick<UserRow, 'firstName' | 'lastName' | 'role' | 'locationIds'>>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(users.companyId, companyId), eq(users.id, id)))
    .returning();
  return row;
}

export async function deleteMember(db: Db, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, id)))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function countMasterAdmins(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, 'master_admin'), eq(users.status, 'active')));
  return row?.n ?? 0;
}

/** Emails among `emails` that already have an account (any company), lower-cased. */
export async function takenEmails(db: Db, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.email})`,
        emails.map((e) => e.toLowerCase()),
      ),
    );
  return new Set(rows.map((r) => r.email.toLowerCase()));
}
