import { and, asc, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  jobs,
  locations,
  oauthStates,
  responses,
  reviewHistory,
  reviews,
  sourceConnections,
  users,
} from '../../db/schema';
import { insertReviewRows, type NewReview } from '../reviews/repository';
import { enqueueReviewEvents } from '../webhooks/outbox.repository';
import { refreshRollups, rollupKeysOf } from '../reviews/rollup.repository';

export type ConnectionRow = typeof sourceConnections.$inferSelect;

export async function companyConnections(db: Db, companyId: number, source?: string): Promise<ConnectionRow[]> {
  return db
    .select()
    .from(sourceConnections)
    .where(and(eq(sourceConnections.companyId, companyId), source ? eq(sourceConnections.source, source) : undefined))
    .orderBy(asc(sourceConnections.locationId));
}

export async function findConnectionRow(db: Db, id: number): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(sourceConnections).where(eq(sourceConnections.id, id));
  return row;
}

/** The connection a location's calls go through: its own (a mapped place or page), else the company's account. */
export async function locationConnection(
  db: Db,
  companyId: number,
  locationId: number | null,
  source: string,
): Promise<ConnectionRow | undefined> {
  const rows = await db
    .select()
    .from(sourceConnections)
    .where(
      and(
        eq(sourceConnections.companyId, companyId),
        eq(sourceConnections.source, source),
        inArray(sourceConnections.locationId, [0, locationId ?? 0]),
      ),
    );
  return rows.find((r) => r.locationId === (locationId ?? 0)) ?? rows.find((r) => r.locationId === 0);
}

/** The company-wide (location 0) connection of a source: the OAuth account. */
export async function accountConnection(db: Db, companyId: number, source: string): Promise<ConnectionRow | undefined> {
  return locationConnection(db, companyId, 0, source);
}

export async function upsertConnection(
  db: Db,
  values: typeof sourceConnections.$inferInsert & { companyId: number; locationId: number; source: string },
): Promise<ConnectionRow> {
  const { companyId: _c, locationId: _l, source: _s, ...change } = values;
  const [row] = await db
    .insert(sourceConnections)
    .values(values)
    .onConflictDoUpdate({
      target: [sourceConnections.companyId, sourceConnections.locationId, sourceConnections.source],
      set: { ...change, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

export async function updateConnection(
  db: Db,
  id: number,
  change: Partial<typeof sourceConnections.$inferInsert>,
): Promise<void> {
  await db
    .update(sourceConnections)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(sourceConnections.id, id));
}

export async function deleteLocationConnection(
  db: Db,
  companyId: number,
  source: string,
  locationId: number,
): Promise<void> {
  await db
    .delete(sourceConnections)
    .where(
      and(
        eq(sourceConnections.companyId, companyId),
        eq(sourceConnections.source, source),
        eq(sourceConnections.locationId, locationId),
        ne(sourceConnections.locationId, 0),
      ),
    );
}

export async function deleteSourceConnections(db: Db, companyId: number, source: string): Promise<number> {
  const gone = await db
    .delete(sourceConnections)
    .where(and(eq(sourceConnections.companyId, companyId), eq(sourceConnections.source, source)))
    .returning({ id: sourceConnections.id });
  return gone.length;
}

/** Location connections whose next sync is due (or never planned), whose account is not waiting for a reconnect. */
export async function dueLocationConnections(db: Db, now: Date, limit = 500): Promise<ConnectionRow[]> {
  return db
    .select()
    .from(sourceConnections)
    .where(
      and(
        ne(sourceConnections.locationId, 0),
        eq(sourceConnections.status, 'connected'),
        or(isNull(sourceConnections.nextSyncAt), lte(sourceConnections.nextSyncAt, now)),
        sql`NOT EXISTS (SELECT 1 FROM source_connections a WHERE a.company_id = ${sourceConnections.companyId}
          AND a.source = ${sourceConnections.source} AND a.location_id = 0 AND a.status = 'reconnect_needed')`,
      ),
    )
    .limit(limit);
}

export async function companyLocations(db: Db, companyId: number) {
  return db
    .select({
      id: locations.id,
      title: locations.title,
      address: locations.address,
      city: locations.city,
      sourceUrls: locations.sourceUrls,
    })
    .from(locations)
    .where(eq(locations.companyId, companyId))
    .orderBy(asc(locations.title), asc(locations.id));
}

export async function companyAdminEmails(db: Db, companyId: number): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, 'master_admin'), eq(users.status, 'active')));
  return rows.map((r) => r.email);
}

// ---- OAuth states -----------------------------------------------------------------------------

export async function insertOAuthState(db: Db, values: typeof oauthStates.$inferInsert): Promise<void> {
  // Stale authorizations (abandoned consents) go as new ones start.
  await db.delete(oauthStates).where(lte(oauthStates.createdAt, new Date(Date.now() - 3_600_000)));
  await db.insert(oauthStates).values(values);
}

/** Takes (reads and deletes) a state: each authorization's state is good once. */
export async function takeOAuthState(db: Db, state: string) {
  const [row] = await db.delete(oauthStates).where(eq(oauthStates.state, state)).returning();
  if (!row || row.createdAt.getTime() < Date.now() - 3_600_000) return undefined;
  return row;
}

// ---- Review upsert ----------------------------------------------------------------------------

export interface SourceReview {
  externalId: string;
  authorName: string | null;
  rating: number | null;
  text: string | null;
  createdAt: Date;
  /** The owner's answer made on the source. */
  reply: { text: string; at: Date; externalId: string } | null;
}

export interface SyncOutcome {
  inserted: number;
  /** The reviews this pass added, for the new-review notifications and the review-bombing check. */
  newReviewIds: number[];
  changed: number;
  repliesImported: number;
  removed: number;
  restored: number;
}

/**
 * Brings one location's reviews of a source in line with a full pass over the source, in one
 * transaction: new reviews inserted (with the owner's reply), changed text or rating updated with
 * the old values kept in review_history, replies made on the source imported, reviews missing from
 * the pass marked removed (and unmarked when they come back). Re-running with the same list changes nothing.
 * Webhook events (review created, changed, removed) are written in the same transaction.
 */
export async function applySourcePass(
  db: Db,
  companyId: number,
  locationId: number,
  source: string,
  seen: SourceReview[],
  opts: { now?: Date; firstPass?: boolean } = {},
): Promise<SyncOutcome> {
  const now = opts.now ?? new Date();
  return db.transaction(async (txx) => {
    const tx = txx as unknown as Db;
    const outcome: SyncOutcome = {
      inserted: 0,
      newReviewIds: [],
      changed: 0,
      repliesImported: 0,
      removed: 0,
      restored: 0,
    };
    const byExternal = new Map(seen.map((r) => [r.externalId, r]));
    const ids = [...byExternal.keys()];
    const existing = ids.length
      ? rowsOf<{
          id: number;
          external_id: string;
          rating: number | null;
          text: string | null;
          removed_at: Date | null;
          source_seen_at: Date | null;
          responded_at: Date | null;
          replies: number;
        }>(
          await tx.execute(sql`
            SELECT r.id, r.external_id, r.rating, r.text, r.removed_at, r.source_seen_at, r.responded_at,
              (SELECT count(*) FROM responses p WHERE p.review_id = r.id AND p.status = 'posted')::int AS replies
            FROM reviews r
            WHERE r.company_id = ${companyId} AND r.source = ${source} AND r.is_competitor = false
              AND r.external_id = ANY(${sql.param(ids)}::text[])`),
        )
      : [];
    const known = new Map(existing.map((e) => [e.external_id, e]));

    // New reviews, with the answered time of a reply made on the source.
    const fresh: SourceReview[] = [];
    for (const r of byExternal.values()) if (!known.has(r.externalId)) fresh.push(r);
    if (fresh.length) {
      const rows: NewReview[] = fresh.map((r) => ({
        companyId,
        locationId,
        source,
        externalId: r.externalId,
        authorName: r.authorName,
        rating: r.rating,
        text: r.text,
        createdAt: r.createdAt,
        fetchedAt: now,
        respondedAt: r.reply ? r.reply.at : null,
        replyText: r.reply ? r.reply.text : null,
        sourceSeenAt: now,
      }));
      const newIds = await insertReviewRows(tx, rows);
      // Webhook events, except on a location's first pass: that imports its history, which is no news
      // (as for the new-review mails, integrations/jobs.ts).
      if (!opts.firstPass) await enqueueReviewEvents(tx, companyId, 'review.created', newIds);
      outcome.inserted = newIds.length;
      outcome.newReviewIds = newIds;
      const idOf = new Map(
        rowsOf<{ id: number; external_id: string }>(
          await tx.execute(sql`SELECT id, external_id FROM reviews WHERE id = ANY(${sql.param(newIds)}::int[])`),
        ).map((r) => [r.external_id, Number(r.id)]),
      );
      const replies = fresh
        .filter((r) => r.reply)
        .map((r) => ({
          reviewId: idOf.get(r.externalId)!,
          companyId,
          text: r.reply!.text,
          status: 'posted',
          origin: 'source',
          createdAt: r.reply!.at,
          postedAt: r.reply!.at,
          externalId: r.reply!.externalId,
        }));
      for (let i = 0; i < replies.length; i += 1000) await tx.insert(responses).values(replies.slice(i, i + 1000));
      outcome.repliesImported += replies.length;
    }

    // Changed reviews, returning ones and replies made on the source since the last pass.
    const touched: number[] = [];
    const edited: number[] = [];
    for (const e of existing) {
      const r = byExternal.get(e.external_id)!;
      const change: Partial<typeof reviews.$inferInsert> = {};
      if (e.rating !== r.rating || (e.text ?? null) !== (r.text ?? null)) {
        await tx
          .insert(reviewHistory)
          .values({ companyId, reviewId: e.id, rating: e.rating, text: e.text, changedAt: now });
        change.rating = r.rating;
        change.text = r.text;
        outcome.changed++;
        edited.push(e.id);
      }
      if (e.removed_at) {
        change.removedAt = null;
        outcome.restored++;
      }
      if (r.reply && Number(e.replies) === 0) {
        await tx.insert(responses).values({
          reviewId: e.id,
          companyId,
          text: r.reply.text,
          status: 'posted',
          origin: 'source',
          createdAt: r.reply.at,
          postedAt: r.reply.at,
          externalId: r.reply.externalId,
        });
        if (!e.responded_at) change.respondedAt = r.reply.at;
        change.replyText = r.reply.text;
        outcome.repliesImported++;
      }
      if (Object.keys(change).length) {
        await tx.update(reviews).set(change).where(eq(reviews.id, e.id));
        touched.push(e.id);
      }
    }

    // Reviews that came another way (an upload, the demo seed) are listed by a pass for the first time.
    const firstListed = existing.filter((e) => e.source_seen_at === null).map((e) => e.id);
    if (firstListed.length)
      await tx.execute(sql`UPDATE reviews SET source_seen_at = ${now.toISOString()}::timestamptz
        WHERE id = ANY(${sql.param(firstListed)}::int[])`);

    // Reviews of this location that an earlier pass listed and this full pass no longer does: removed
    // at the source. One no pass ever listed (uploaded, seeded, sent to the public API) is left alone.
    const gone = rowsOf<{ id: number }>(
      await tx.execute(sql`
        UPDATE reviews SET removed_at = ${now.toISOString()}::timestamptz
        WHERE company_id = ${companyId} AND location_id = ${locationId} AND source = ${source}
          AND is_competitor = false AND external_id IS NOT NULL AND removed_at IS NULL
          AND source_seen_at IS NOT NULL AND NOT (external_id = ANY(${sql.param(ids)}::text[]))
        RETURNING id`),
    );
    outcome.removed = gone.length;
    await enqueueReviewEvents(tx, companyId, 'review.changed', edited);
    await enqueueReviewEvents(
      tx,
      companyId,
      'review.removed',
      gone.map((g) => Number(g.id)),
    );
    if (touched.length) await refreshRollups(tx, companyId, await rollupKeysOf(tx, companyId, touched));
    return outcome;
  });
}

/** Reviews of the company marked removed at their source, per source. */
export async function removedCounts(db: Db, companyId: number): Promise<Map<string, number>> {
  const rows = rowsOf<{ source: string; n: number }>(
    await db.execute(sql`SELECT source, count(*)::int AS n FROM reviews
      WHERE company_id = ${companyId} AND removed_at IS NOT NULL AND is_competitor = false GROUP BY source`),
  );
  return new Map(rows.map((r) => [r.source, Number(r.n)]));
}

export async function reviewHistoryOf(db: Db, companyId: number, reviewId: number) {
  return db
    .select()
    .from(reviewHistory)
    .where(and(eq(reviewHistory.companyId, companyId), eq(reviewHistory.reviewId, reviewId)))
    .orderBy(asc(reviewHistory.changedAt));
}

export async function locationIdsOf(db: Db, companyId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.companyId, companyId), inArray(locations.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Brings a waiting (queued or backing-off) job with this dedupe key forward to now; answers whether there was one. */
export async function hurryQueuedJob(db: Db, name: string, dedupeKey: string): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ runAt: new Date(Date.now() - 1000) })
    .where(and(eq(jobs.name, name), eq(jobs.dedupeKey, dedupeKey), eq(jobs.status, 'queued')))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Claims the one reconnect mail of a broken connection: true for the first caller only (concurrent syncs race here). */
export async function claimReconnectMail(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(sourceConnections)
    .set({ reconnectMailedAt: now })
    .where(and(eq(sourceConnections.id, id), isNull(sourceConnections.reconnectMailedAt)))
    .returning({ id: sourceConnections.id });
  return rows.length > 0;
}
