import { and, asc, eq, gt, inArray, isNotNull, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands, contacts, feedbackResponses, locations, sourceConnections, suppressions } from '../../db/schema';

/**
 * Merges keys into a connection's settings in one statement (the sync job writes its progress while
 * an admin may pick the audience: neither overwrites the other's keys).
 */
export async function mergeSettings(db: Db, id: number, change: Record<string, unknown>) {
  const [row] = await db
    .update(sourceConnections)
    .set({ settings: sql`coalesce(${sourceConnections.settings}, '{}'::jsonb) || ${JSON.stringify(change)}::jsonb` })
    .where(eq(sourceConnections.id, id))
    .returning();
  return row;
}

export async function deleteAudienceConnection(db: Db, companyId: number, provider: string): Promise<number> {
  const removed = await db
    .delete(sourceConnections)
    .where(and(eq(sourceConnections.companyId, companyId), eq(sourceConnections.source, provider)))
    .returning({ id: sourceConnections.id });
  return removed.length;
}

export function companyBrands(db: Db, companyId: number) {
  return db
    .select({ id: brands.id, title: brands.title })
    .from(brands)
    .where(eq(brands.companyId, companyId))
    .orderBy(asc(brands.title), asc(brands.id));
}

/**
 * The next contacts a sync sends, in id order after `afterId`: the company's contacts with an email
 * who consented to email and whose address is not suppressed (unsubscribed, bounced, complained),
 * with their location's name and brand.
 */
export function syncableContacts(db: Db, companyId: number, afterId: number, limit: number) {
  return db
    .select({
      id: contacts.id,
      name: contacts.name,
      email: contacts.email,
      locationName: locations.title,
      brandId: locations.brandId,
    })
    .from(contacts)
    .leftJoin(locations, eq(locations.id, contacts.locationId))
    .where(
      and(
        eq(contacts.companyId, companyId),
        isNotNull(contacts.email),
        eq(contacts.consentEmail, true),
        gt(contacts.id, afterId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(suppressions)
            .where(
              and(
                eq(suppressions.companyId, companyId),
                eq(suppressions.channel, 'email'),
                eq(suppressions.address, contacts.email),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(contacts.id))
    .limit(limit);
}

/** The latest star rating and NPS score each of these emails left on the feedback pages. */
export async function latestFeedback(db: Db, companyId: number, emails: readonly string[]) {
  const out = new Map<string, { stars?: number; nps?: number }>();
  if (emails.length === 0) return out;
  const rows = await db
    .selectDistinctOn([sql`lower(${feedbackResponses.contactEmail})`, feedbackResponses.ratingType], {
      email: sql<string>`lower(${feedbackResponses.contactEmail})`,
      ratingType: feedbackResponses.ratingType,
      score: feedbackResponses.score,
    })
    .from(feedbackResponses)
    .where(
      and(
        eq(feedbackResponses.companyId, companyId),
        inArray(sql`lower(${feedbackResponses.contactEmail})`, [...emails]),
      ),
    )
    .orderBy(
      sql`lower(${feedbackResponses.contactEmail})`,
      feedbackResponses.ratingType,
      sql`${feedbackResponses.createdAt} desc`,
    );
  for (const r of rows) {
    const entry = out.get(r.email) ?? {};
    if (r.ratingType === 'nps') entry.nps = r.score;
    else entry.stars = r.score;
    out.set(r.email, entry);
  }
  return out;
}
