import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { webhookDeliveries } from '../db/schema';

/** The stored inbound deliveries of outside services (platform/webhooks.ts). */
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
type NewDelivery = Pick<typeof webhookDeliveries.$inferInsert, 'provider' | 'deliveryId' | 'body' | 'headers'>;

/**
 * Stores a delivery unless its provider's id was stored before; `then` runs in the same
 * transaction for a new one (the job that processes it is enqueued there). Answers the new row's
 * id, or null for a repeat.
 */
export async function storeDelivery(
  db: Db,
  delivery: NewDelivery,
  then: (tx: Db, id: number) => Promise<unknown>,
): Promise<number | null> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [row] = await tx
      .insert(webhookDeliveries)
      .values(delivery)
      .onConflictDoNothing({ target: [webhookDeliveries.provider, webhookDeliveries.deliveryId] })
      .returning({ id: webhookDeliveries.id });
    if (!row) return null;
    await then(tx, row.id);
    return row.id;
  });
}

/** Takes a delivery for an attempt (counted); null once processed or gone. */
export async function startDeliveryAttempt(db: Db, id: number): Promise<WebhookDeliveryRow | null> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ attempts: sql`${webhookDeliveries.attempts} + 1` })
    .where(and(eq(webhookDeliveries.id, id), isNull(webhookDeliveries.processedAt)))
    .returning();
  return row ?? null;
}

export async function markDeliveryProcessed(db: Db, id: number): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ processedAt: sql`now()`, lastError: null })
    .where(eq(webhookDeliveries.id, id));
}

export async function markDeliveryFailed(db: Db, id: number, error: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ lastError: error.slice(0, 2000) })
    .where(eq(webhookDeliveries.id, id));
}

export async function findDeliveries(db: Db, provider: string): Promise<WebhookDeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.provider, provider))
    .orderBy(webhookDeliveries.id);
}

/** Deliveries of a provider not processed yet (waiting, or failing with their last error). */
export async function countUnprocessed(db: Db, provider: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.provider, provider), isNull(webhookDeliveries.processedAt)));
  return Number(row?.n ?? 0);
}
