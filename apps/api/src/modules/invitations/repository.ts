import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invitations } from '../../db/schema';

export type InvitationRow = typeof invitations.$inferSelect;

export async function insertInvitation(db: Db, row: typeof invitations.$inferInsert): Promise<InvitationRow> {
  const [created] = await db.insert(invitations).values(row).returning();
  return created!;
}

/** A live invitation: not accepted, not revoked, not expired. */
export async function findLiveInvitation(db: Db, tokenHash: string): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.tokenHash, tokenHash),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row;
}

export async function markInvitationAccepted(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ acceptedAt: new Date() })
    .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt)))
    .returning({ id: invitations.id });
  return rows.length === 1;
}

/** Ends the user's earlier invitations, so only the newest link works. */
export async function revokeUserInvitations(db: Db, userId: number): Promise<void> {
  await db
    .update(invitations)
    .set({ revokedAt: new Date() })
    .where(and(eq(invitations.userId, userId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)));
}
