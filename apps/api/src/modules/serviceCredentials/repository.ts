import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { serviceCredentialEvents, serviceCredentials, users } from '../../db/schema';

/** The platform's stored credentials (not a company's: the Owner's, for every company). */

export type StoredCredential = typeof serviceCredentials.$inferSelect;

export async function storedCredentials(db: Db): Promise<StoredCredential[]> {
  return db.select().from(serviceCredentials);
}

export async function findCredential(db: Db, provider: string, name: string): Promise<StoredCredential | null> {
  const [row] = await db
    .select()
    .from(serviceCredentials)
    .where(and(eq(serviceCredentials.provider, provider), eq(serviceCredentials.name, name)));
  return row ?? null;
}

type Change = { provider: string; name: string; sealed: string; lastFour: string; userId: number };

const eventOf = (c: Change, action: 'created' | 'updated') => ({
  provider: c.provider,
  name: c.name,
  action,
  lastFour: c.lastFour,
  userId: c.userId,
});

/** Stores a new credential with its audit event; false when one of that name exists already. */
export async function insertCredential(db: Db, c: Change): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(serviceCredentials)
      .values({ provider: c.provider, name: c.name, sealed: c.sealed, lastFour: c.lastFour, updatedByUserId: c.userId })
      .onConflictDoNothing()
      .returning({ id: serviceCredentials.id });
    if (rows.length === 0) return false;
    await tx.insert(serviceCredentialEvents).values(eventOf(c, 'created'));
    return true;
  });
}

/** Replaces a stored credential's value with its audit event; false when there is none. */
export async function updateCredential(db: Db, c: Change): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(serviceCredentials)
      .set({ sealed: c.sealed, lastFour: c.lastFour, updatedByUserId: c.userId, updatedAt: sql`now()` })
      .where(and(eq(serviceCredentials.provider, c.provider), eq(serviceCredentials.name, c.name)))
      .returning({ id: serviceCredentials.id });
    if (rows.length === 0) return false;
    await tx.insert(serviceCredentialEvents).values(eventOf(c, 'updated'));
    return true;
  });
}

/** Removes a stored credential with its audit event; false when there is none. */
export async function deleteCredential(db: Db, provider: string, name: string, userId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(serviceCredentials)
      .where(and(eq(serviceCredentials.provider, provider), eq(serviceCredentials.name, name)))
      .returning({ lastFour: serviceCredentials.lastFour });
    if (rows.length === 0) return false;
    await tx
      .insert(serviceCredentialEvents)
      .values({ provider, name, action: 'removed', lastFour: rows[0]!.lastFour, userId });
    return true;
  });
}

/** The newest changes, with who made them. */
export async function credentialEvents(db: Db, limit: number) {
  return db
    .select({
      provider: serviceCredentialEvents.provider,
      name: serviceCredentialEvents.name,
      action: serviceCredentialEvents.action,
      lastFour: serviceCredentialEvents.lastFour,
      at: serviceCredentialEvents.at,
      by: sql<
        string | null
      >`coalesce(nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${users.email})`,
    })
    .from(serviceCredentialEvents)
    .leftJoin(users, eq(users.id, serviceCredentialEvents.userId))
    .orderBy(desc(serviceCredentialEvents.id))
    .limit(limit);
}
