import { and, asc, count, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { webhookDeliveries } from '../db/schema';

/** The stored inbound deliveries of outside services (platform/webhooks.ts). */
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
type NewDelivery = Pick<typeof webhookDeliveries.$inferInsert, 'provider' | 'deliveryId' | 'body' | 'headers'>;

/**
 * Stores many deliveries in one statement (one commit for a burst), each unless its provider's id
 * was stored before; answers the provider ids stored now.
 */
export async function storeDeliveries(db: Db, deliveries: NewDelivery[]): Promise<Set<string>> {
  if (deliveries.length === 0) return new Set();
  const rows = await db
    .insert(webhookDeliveries)
    .values(deliveries)
    .onConflictDoNothing({ target: [webhookDeliveries.provider, webhookDeliveries.deliveryId] })
    .returning({ deliveryId: webhookDeliveries.deliveryId });
  return new Set(rows.map((r) => r.deliveryId));
}

/**
 * Claims up to `limit` waiting deliveries of a provider, oldest first, for `seconds` (one attempt
 * counted): another process skips them meanwhile, and takes them again if this one died.
 */
export async function claimDeliveries(
  db: Db,
  provider: string,
  limit: number,
  seconds: number,
): Promise<WebhookDeliveryRow[]> {
  const w = webhookDeliveries;
  const waiting = db
    .select({ id: w.id })
    .from(w)
    .where(
      and(
        eq(w.provider, provider),
        isNull(w.processedAt),
        eq(w.retrying, false),
        or(isNull(w.claimedUntil), lt(w.claimedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(w.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(w)
    .set({ claimedUntil: sql`now() + make_interval(secs => ${seconds})`, attempts: sql`${w.attempts} + 1` })
    .where(inArray(w.id, waiting))
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

/** Takes a delivery for one attempt of its retry job (counted); null once processed or gone. */
export async function startDeliveryAttempt(db: Db, id: number): Promise<WebhookDeliveryRow | null> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ attempts: sql`${webhookDeliveries.attempts} + 1` })
    .where(and(eq(webhookDeliveries.id, id), isNull(webhookDeliveries.processedAt)))
    .returning();
  return row ?? null;
}

export async function markDeliveriesProcessed(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(webhookDeliveries)
    .set({ processedAt: sql`now()`, lastError: null, claimedUntil: null })
    .where(inArray(webhookDeliveries.id, ids));
}

/** Records a failed attempt; `retrying` hands the delivery to its own retry job (the batches skip it). */
export async function markDeliveryFailed(db: Db, id: number, error: string, retrying = true): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ lastError: error.slice(0, 2000), claimedUntil: null, retrying })
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
