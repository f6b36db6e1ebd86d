import { and, asc, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outboundDeliveries, outboundEvents, webhookEndpoints } from '../../db/schema';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof outboundDeliveries.$inferSelect;
export type EventRow = typeof outboundEvents.$inferSelect;

const ofCompany = (companyId: number, id: number) =>
  and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.id, id));

export async function listEndpoints(db: Db, companyId: number): Promise<EndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.companyId, companyId))
    .orderBy(asc(webhookEndpoints.id));
}

export async function findEndpoint(db: Db, companyId: number, id: number): Promise<EndpointRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(ofCompany(companyId, id));
  return row;
}

export async function insertEndpoint(db: Db, values: typeof webhookEndpoints.$inferInsert): Promise<EndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row!;
}

export async function updateEndpoint(
  db: Db,
  companyId: number,
  id: number,
  changes: Partial<typeof webhookEndpoints.$inferInsert>,
): Promise<EndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...changes, updatedAt: new Date() })
    .where(ofCompany(companyId, id))
    .returning();
  return row;
}

export async function deleteEndpoint(db: Db, companyId: number, id: number): Promise<boolean> {
  const rows = await db.delete(webhookEndpoints).where(ofCompany(companyId, id)).returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** A delivery that ended: success clears the failure count, a final failure adds one (answers the new count). */
export async function recordEndpointOutcome(db: Db, id: number, ok: boolean, error: string | null): Promise<number> {
  const [row] = await db
    .update(webhookEndpoints)
    .set(
      ok
        ? { failureCount: 0, lastDeliveryAt: new Date() }
        : { failureCount: sql`${webhookEndpoints.failureCount} + 1`, lastError: error },
    )
    .where(eq(webhookEndpoints.id, id))
    .returning({ failureCount: webhookEndpoints.failureCount });
  return row?.failureCount ?? 0;
}

/** Disables an enabled endpoint; answers it when this call disabled it (once, for the mail). */
export async function disableEndpoint(db: Db, id: number, reason: string): Promise<EndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ enabled: false, disabledReason: reason, updatedAt: new Date() })
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.enabled, true)))
    .returning();
  return row;
}

// ---- the outbox and deliveries ------------------------------------------------------------------

/** Takes waiting events (locked until the transaction ends, skipped by another dispatcher). */
export async function claimWaitingEvents(db: Db, limit: number): Promise<EventRow[]> {
  return db
    .select()
    .from(outboundEvents)
    .where(isNull(outboundEvents.deliveredAt))
    .orderBy(asc(outboundEvents.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markEventsDispatched(db: Db, ids: number[]): Promise<void> {
  if (ids.length)
    await db.update(outboundEvents).set({ deliveredAt: new Date() }).where(inArray(outboundEvents.id, ids));
}

/** The enabled endpoints of these companies (the dispatcher filters by event). */
export async function enabledEndpointsOf(db: Db, companyIds: number[]): Promise<EndpointRow[]> {
  if (companyIds.length === 0) return [];
  return db
    .select()
    .from(webhookEndpoints)
    .where(and(inArray(webhookEndpoints.companyId, companyIds), eq(webhookEndpoints.enabled, true)));
}

export async function insertDeliveries(
  db: Db,
  values: (typeof outboundDeliveries.$inferInsert)[],
): Promise<DeliveryRow[]> {
  if (values.length === 0) return [];
  return db.insert(outboundDeliveries).values(values).returning();
}

export async function findDelivery(db: Db, id: number): Promise<DeliveryRow | undefined> {
  const [row] = await db.select().from(outboundDeliveries).where(eq(outboundDeliveries.id, id));
  return row;
}

export async function findCompanyDelivery(db: Db, companyId: number, id: number): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(outboundDeliveries)
    .where(and(eq(outboundDeliveries.companyId, companyId), eq(outboundDeliveries.id, id)));
  return row;
}

export async function updateDelivery(
  db: Db,
  id: number,
  changes: Partial<typeof outboundDeliveries.$inferInsert>,
): Promise<DeliveryRow | undefined> {
  const [row] = await db.update(outboundDeliveries).set(changes).where(eq(outboundDeliveries.id, id)).returning();
  return row;
}

/** One page of an endpoint's delivery log, newest first. */
export async function deliveryPage(
  db: Db,
  companyId: number,
  endpointId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: DeliveryRow[]; total: number }> {
  const where = and(eq(outboundDeliveries.companyId, companyId), eq(outboundDeliveries.endpointId, endpointId));
  const rows = await db
    .select()
    .from(outboundDeliveries)
    .where(where)
    .orderBy(desc(outboundDeliveries.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(outboundDeliveries).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Removes dispatched events and delivery-log entries older than their retention; answers how many rows went. */
export async function pruneWebhookHistory(db: Db, before: { events: Date; deliveries: Date }): Promise<number> {
  const events = await db
    .delete(outboundEvents)
    .where(and(sql`${outboundEvents.deliveredAt} is not null`, lt(outboundEvents.createdAt, before.events)))
    .returning({ id: outboundEvents.id });
  const deliveries = await db
    .delete(outboundDeliveries)
    .where(
      and(
        lt(outboundDeliveries.createdAt, before.deliveries),
        inArray(outboundDeliveries.status, ['succeeded', 'failed']),
      ),
    )
    .returning({ id: outboundDeliveries.id });
  return events.length + deliveries.length;
}
