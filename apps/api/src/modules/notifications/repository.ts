import { and, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  companies,
  conversations,
  locations,
  notificationSettings,
  reviews,
  socialPosts,
  users,
} from '../../db/schema';

export type NotificationSettingsRow = typeof notificationSettings.$inferSelect;

export async function findSettings(
  db: Db,
  userId: number,
  companyId: number,
): Promise<NotificationSettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(and(eq(notificationSettings.userId, userId), eq(notificationSettings.companyId, companyId)))
    .limit(1);
  return row;
}

export async function upsertSettings(
  db: Db,
  row: typeof notificationSettings.$inferInsert,
): Promise<NotificationSettingsRow> {
  const { userId: _u, companyId: _c, ...changes } = row;
  const [saved] = await db
    .insert(notificationSettings)
    .values(row)
    .onConflictDoUpdate({ target: [notificationSettings.userId, notificationSettings.companyId], set: changes })
    .returning();
  return saved!;
}

export async function markSent(
  db: Db,
  userId: number,
  companyId: number,
  patch: { lastSentAt?: Date; lastDigestAt?: Date },
): Promise<void> {
  await db
    .update(notificationSettings)
    .set(patch)
    .where(and(eq(notificationSettings.userId, userId), eq(notificationSettings.companyId, companyId)));
}

/** A subscriber with the user it mails and the locations that user may see. */
export interface Subscriber {
  settings: NotificationSettingsRow;
  email: string;
  firstName: string | null;
  userLocationIds: number[] | null;
  /** For the mail's language (the user's own, else their region's). */
  language: string | null;
  role: string;
  userCompanyId: number | null;
}

/** Active users of a company (or acting in it) who asked for mails of one delivery kind. */
export async function subscribersOf(db: Db, companyId: number, delivery: string): Promise<Subscriber[]> {
  const rows = await db
    .select({
      settings: notificationSettings,
      email: users.email,
      firstName: users.firstName,
      userLocationIds: users.locationIds,
      language: users.language,
      role: users.role,
      userCompanyId: users.companyId,
    })
    .from(notificationSettings)
    .innerJoin(users, eq(users.id, notificationSettings.userId))
    .where(
      and(
        eq(notificationSettings.companyId, companyId),
        eq(notificationSettings.delivery, delivery),
        eq(notificationSettings.enabled, true),
        eq(users.status, 'active'),
      ),
    );
  return rows.map((r) => ({ ...r, userLocationIds: r.userLocationIds ?? null }));
}

/** Digest subscriptions whose period has passed: daily after a day, weekly after seven. */
export async function dueDigests(db: Db, now: Date): Promise<(Subscriber & { companyName: string })[]> {
  const day = new Date(now.getTime() - 86_400_000);
  const week = new Date(now.getTime() - 7 * 86_400_000);
  const rows = await db
    .select({
      settings: notificationSettings,
      email: users.email,
      firstName: users.firstName,
      userLocationIds: users.locationIds,
      language: users.language,
      role: users.role,
      userCompanyId: users.companyId,
      companyName: companies.companyName,
    })
    .from(notificationSettings)
    .innerJoin(users, eq(users.id, notificationSettings.userId))
    .innerJoin(companies, eq(companies.id, notificationSettings.companyId))
    .where(
      and(
        eq(notificationSettings.enabled, true),
        eq(users.status, 'active'),
        or(
          and(
            eq(notificationSettings.delivery, 'daily'),
            or(isNull(notificationSettings.lastDigestAt), lte(notificationSettings.lastDigestAt, day)),
          ),
          and(
            eq(notificationSettings.delivery, 'weekly'),
            or(isNull(notificationSettings.lastDigestAt), lte(notificationSettings.lastDigestAt, week)),
          ),
        ),
      ),
    )
    .limit(500);
  return rows.map((r) => ({ ...r, userLocationIds: r.userLocationIds ?? null }));
}

export interface NotifiedReview {
  id: number;
  rating: number | null;
  source: string;
  authorName: string | null;
  text: string | null;
  createdAt: Date;
  locationId: number | null;
  locationTitle: string | null;
}

const reviewColumns = {
  id: reviews.id,
  rating: reviews.rating,
  source: reviews.source,
  authorName: reviews.authorName,
  text: reviews.text,
  createdAt: reviews.createdAt,
  locationId: reviews.locationId,
  locationTitle: locations.title,
};

/** The company's own (not competitor) reviews among `ids`. */
export async function reviewsByIds(db: Db, companyId: number, ids: number[]): Promise<NotifiedReview[]> {
  if (ids.length === 0) return [];
  return db
    .select(reviewColumns)
    .from(reviews)
    .leftJoin(locations, eq(locations.id, reviews.locationId))
    .where(and(eq(reviews.companyId, companyId), eq(reviews.isCompetitor, false), inArray(reviews.id, ids)))
    .orderBy(reviews.createdAt);
}

/** Reviews that arrived (were fetched) in [from, to), newest first, at most `limit`. */
export async function reviewsArrivedBetween(
  db: Db,
  companyId: number,
  from: Date,
  to: Date,
  limit: number,
): Promise<NotifiedReview[]> {
  return db
    .select(reviewColumns)
    .from(reviews)
    .leftJoin(locations, eq(locations.id, reviews.locationId))
    .where(
      and(
        eq(reviews.companyId, companyId),
        eq(reviews.isCompetitor, false),
        gte(reviews.fetchedAt, from),
        lt(reviews.fetchedAt, to),
      ),
    )
    .orderBy(sql`${reviews.fetchedAt} desc`)
    .limit(limit);
}

/** New conversations with messages, new social posts and unread comments of a period, for digests. */
export async function messagingActivity(db: Db, companyId: number, from: Date, to: Date, locationIds: number[] | null) {
  const convWhere = and(
    eq(conversations.companyId, companyId),
    gte(conversations.lastMessageAt, from),
    lt(conversations.lastMessageAt, to),
    locationIds ? (locationIds.length ? inArray(conversations.locationId, locationIds) : sql`false`) : undefined,
  );
  const [[conv], [posts], [comments]] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(conversations)
      .where(convWhere),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(socialPosts)
      .where(and(eq(socialPosts.companyId, companyId), gte(socialPosts.postedAt, from), lt(socialPosts.postedAt, to))),
    db
      .select({ n: sql<number>`coalesce(sum(${socialPosts.unreadCount}), 0)::int` })
      .from(socialPosts)
      .where(eq(socialPosts.companyId, companyId)),
  ]);
  return { messages: conv?.n ?? 0, posts: posts?.n ?? 0, comments: comments?.n ?? 0 };
}

export async function companyName(db: Db, companyId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: companies.companyName })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.name ?? null;
}

/** Ids of the company's locations among `ids`. */
export async function ownLocationIds(db: Db, companyId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.companyId, companyId), inArray(locations.id, ids)));
  return rows.map((r) => r.id);
}
