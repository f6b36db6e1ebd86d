import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { locations, reviewCategories, reviews, reviewTickets, sourceConnections } from '../../db/schema';
import type { TicketProvider } from './rules.repository';

export type ConnectionRow = typeof sourceConnections.$inferSelect;
export type TicketRow = typeof reviewTickets.$inferSelect;

/**
 * The company's connection to a service connected by API key (the company-wide row of
 * source_connections): help desks and trackers here, email audiences (modules/audiences) too.
 */
export async function findConnection(db: Db, companyId: number, provider: string) {
  const [row] = await db
    .select()
    .from(sourceConnections)
    .where(
      and(
        eq(sourceConnections.companyId, companyId),
        eq(sourceConnections.source, provider),
        eq(sourceConnections.locationId, 0),
      ),
    );
  return row;
}

export async function saveConnection(
  db: Db,
  values: {
    companyId: number;
    source: string;
    account: string;
    accountName: string;
    accessToken: string;
    settings: Record<string, unknown>;
  },
): Promise<ConnectionRow> {
  const change = {
    ...values,
    status: 'connected',
    statusReason: null,
    statusAt: new Date(),
    reconnectMailedAt: null,
  };
  const [row] = await db
    .insert(sourceConnections)
    .values({ ...change, locationId: 0 })
    .onConflictDoUpdate({
      target: [sourceConnections.companyId, sourceConnections.locationId, sourceConnections.source],
      set: change,
    })
    .returning();
  return row!;
}

export async function updateConnection(db: Db, id: number, change: Partial<typeof sourceConnections.$inferInsert>) {
  const [row] = await db.update(sourceConnections).set(change).where(eq(sourceConnections.id, id)).returning();
  return row;
}

/** The key was refused: the connection needs its credentials again; the page shows why. */
export async function markReconnectNeeded(db: Db, companyId: number, provider: string, reason: string) {
  await db
    .update(sourceConnections)
    .set({ status: 'reconnect_needed', statusReason: reason, statusAt: new Date() })
    .where(
      and(
        eq(sourceConnections.companyId, companyId),
        eq(sourceConnections.source, provider),
        eq(sourceConnections.locationId, 0),
      ),
    );
}

/** Removes the connection; tickets still waiting fail with the reason (created ones keep their links). */
export async function deleteConnection(db: Db, companyId: number, provider: TicketProvider, reason: string) {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(sourceConnections)
      .where(and(eq(sourceConnections.companyId, companyId), eq(sourceConnections.source, provider)))
      .returning({ id: sourceConnections.id });
    await tx
      .update(reviewTickets)
      .set({ state: 'failed', error: reason })
      .where(
        and(
          eq(reviewTickets.companyId, companyId),
          eq(reviewTickets.provider, provider),
          eq(reviewTickets.state, 'pending'),
        ),
      );
    return removed.length;
  });
}

/** Which of these category ids are the company's. */
export async function companyCategoryIds(db: Db, companyId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: reviewCategories.id })
    .from(reviewCategories)
    .where(and(eq(reviewCategories.companyId, companyId), inArray(reviewCategories.id, [...ids])));
  return rows.map((r) => r.id);
}

/** A review of the company with its location's name, for a ticket's text (undefined: not the company's). */
export async function reviewForTicket(db: Db, companyId: number, reviewId: number) {
  const [row] = await db
    .select({
      id: reviews.id,
      companyId: reviews.companyId,
      locationId: reviews.locationId,
      locationName: locations.title,
      source: reviews.source,
      rating: reviews.rating,
      title: reviews.title,
      text: reviews.text,
      authorName: reviews.authorName,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .leftJoin(locations, eq(locations.id, reviews.locationId))
    .where(and(eq(reviews.companyId, companyId), eq(reviews.id, reviewId)));
  return row;
}

/**
 * A ticket asked for by hand: new, or a failed one asked again (back to pending). Answers the row, or
 * undefined when the review already has one pending or created.
 */
export async function requestTicket(
  db: Db,
  v: { companyId: number; reviewId: number; provider: TicketProvider; userId: number | null },
): Promise<TicketRow | undefined> {
  const [row] = await db
    .insert(reviewTickets)
    .values({ ...v, origin: 'manual', createdBy: v.userId, queuedAt: new Date() })
    .onConflictDoUpdate({
      target: [reviewTickets.reviewId, reviewTickets.provider],
      set: { state: 'pending', error: null, attempts: 0, origin: 'manual', createdBy: v.userId, queuedAt: new Date() },
      setWhere: eq(reviewTickets.state, 'failed'),
    })
    .returning();
  return row;
}

/** Rule tickets not yet queued, taken by one dispatcher (SKIP LOCKED) and marked queued. */
export async function claimUnqueued(db: Db, limit: number): Promise<TicketRow[]> {
  const rows = await db
    .select()
    .from(reviewTickets)
    .where(and(eq(reviewTickets.state, 'pending'), isNull(reviewTickets.queuedAt)))
    .orderBy(asc(reviewTickets.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  if (rows.length === 0) return [];
  await db
    .update(reviewTickets)
    .set({ queuedAt: new Date() })
    .where(
      inArray(
        reviewTickets.id,
        rows.map((r) => r.id),
      ),
    );
  return rows;
}

export async function findTicket(db: Db, id: number) {
  const [row] = await db.select().from(reviewTickets).where(eq(reviewTickets.id, id));
  return row;
}

export async function updateTicket(db: Db, id: number, change: Partial<typeof reviewTickets.$inferInsert>) {
  const [row] = await db.update(reviewTickets).set(change).where(eq(reviewTickets.id, id)).returning();
  return row;
}

/** The tickets of these reviews (the review cards on screen). */
export function ticketsOfReviews(db: Db, companyId: number, reviewIds: readonly number[]) {
  if (reviewIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(reviewTickets)
    .where(and(eq(reviewTickets.companyId, companyId), inArray(reviewTickets.reviewId, [...reviewIds])))
    .orderBy(asc(reviewTickets.reviewId), asc(reviewTickets.provider));
}

/** A provider's tickets of the company, newest first, with their review. */
export async function ticketPage(db: Db, companyId: number, provider: TicketProvider, page: number, perPage: number) {
  const where = and(eq(reviewTickets.companyId, companyId), eq(reviewTickets.provider, provider));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ticket: reviewTickets,
        rating: reviews.rating,
        authorName: reviews.authorName,
        reviewText: reviews.text,
      })
      .from(reviewTickets)
      .innerJoin(reviews, eq(reviews.id, reviewTickets.reviewId))
      .where(where)
      .orderBy(desc(reviewTickets.createdAt), desc(reviewTickets.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(reviewTickets).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Statuses that do not change any more: such tickets are not read again. */
const FINAL_STATUSES = ['closed', 'Done'];

/** Created tickets of one connection whose status may still change, the least recently read first. */
export function openTickets(db: Db, companyId: number, provider: TicketProvider, limit: number) {
  return db
    .select({ id: reviewTickets.id, externalId: reviewTickets.externalId, externalKey: reviewTickets.externalKey })
    .from(reviewTickets)
    .where(
      and(
        eq(reviewTickets.companyId, companyId),
        eq(reviewTickets.provider, provider),
        eq(reviewTickets.state, 'created'),
        sql`coalesce(${reviewTickets.status}, '') <> ALL(${sql.param(FINAL_STATUSES)}::text[])`,
      ),
    )
    .orderBy(sql`${reviewTickets.statusCheckedAt} ASC NULLS FIRST`, asc(reviewTickets.id))
    .limit(limit);
}

/** Connected help desks and trackers (status refresh). */
export function connectedAccounts(db: Db) {
  return db
    .select()
    .from(sourceConnections)
    .where(
      and(
        eq(sourceConnections.locationId, 0),
        eq(sourceConnections.status, 'connected'),
        inArray(sourceConnections.source, ['zendesk', 'jira']),
      ),
    );
}

/** Writes read statuses (a ticket missing from the answer was deleted there: status 'deleted'). */
export async function saveStatuses(db: Db, checked: { id: number; status: string }[]) {
  const now = new Date();
  for (const c of checked)
    await db.update(reviewTickets).set({ status: c.status, statusCheckedAt: now }).where(eq(reviewTickets.id, c.id));
}
