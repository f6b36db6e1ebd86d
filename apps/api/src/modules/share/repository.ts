import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reviewShares } from '../../db/schema';

export type ReviewShareRow = typeof reviewShares.$inferSelect;

/** A share by its unguessable id (public: the id is the secret; it names its company and review). */
export async function findShare(db: Db, id: string): Promise<ReviewShareRow | undefined> {
  const [share] = await db.select().from(reviewShares).where(eq(reviewShares.id, id));
  return share;
}

export async function insertShare(db: Db, share: typeof reviewShares.$inferInsert): Promise<void> {
  await db.insert(reviewShares).values(share);
}
