import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { responses } from '../../db/schema';
import { refreshReplyState } from '../reviews/repository';
import { enqueueReplyEvent } from '../webhooks/outbox.repository';

export type ResponseRecord = typeof responses.$inferSelect;

export async function findResponse(db: Db, companyId: number, id: number): Promise<ResponseRecord | undefined> {
  const [row] = await db
    .select()
    .from(responses)
    .where(and(eq(responses.id, id), eq(responses.companyId, companyId)));
  return row;
}

/**
 * Inserts a reply and brings the review's answered state, search text and rollup along, in one
 * transaction; a posted one is a `reply.posted` webhook event.
 */
export async function insertResponse(db: Db, values: typeof responses.$inferInsert): Promise<ResponseRecord> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(responses).values(values).returning();
    await refreshReplyState(tx as unknown as Db, values.reviewId);
    if (row!.status === 'posted') await enqueueReplyEvent(tx as unknown as Db, row!);
    return row!;
  });
}

export async function updateResponseRow(
  db: Db,
  id: number,
  reviewId: number,
  change: Partial<typeof responses.$inferInsert>,
): Promise<ResponseRecord> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ status: responses.status }).from(responses).where(eq(responses.id, id));
    const [row] = await tx
      .update(responses)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(responses.id, id))
      .returning();
    await refreshReplyState(tx as unknown as Db, reviewId);
    // A draft or a failed reply posted now is a `reply.posted` event; an edit of a posted one is not.
    if (row!.status === 'posted' && before?.status !== 'posted') await enqueueReplyEvent(tx as unknown as Db, row!);
    return row!;
  });
}

export async function deleteResponseRow(db: Db, id: number, reviewId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(responses).where(eq(responses.id, id));
    await refreshReplyState(tx as unknown as Db, reviewId);
  });
}

/**
 * The location's own connection to a source, else the company-wide one (location 0). A location
 * mapped by review sync carries only its account (the Google location name): its tokens are the
 * company-wide account's, and a refreshed token is saved there. Stored tokens are sealed
 * (platform/secrets.ts); older plain ones are read as they are.
 */
