import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conversations, locations, messagePages } from '../../db/schema';
import { locationCondition, type Scope } from './conversations.repository';

export type MessagePageRow = typeof messagePages.$inferSelect;
export type PageWithCounts = MessagePageRow & { locationName: string | null; conversations: number; unread: number };

function scoped(scope: Scope) {
  return and(eq(messagePages.companyId, scope.companyId), locationCondition(messagePages.locationId, scope));
}

export async function findPage(db: Db, scope: Scope, id: number): Promise<MessagePageRow | undefined> {
  const [row] = await db
    .select()
    .from(messagePages)
    .where(and(scoped(scope), eq(messagePages.id, id)));
  return row;
}

/** The pages a member sees, with their conversations and unread messages. */
export async function listPages(db: Db, scope: Scope, id?: number): Promise<PageWithCounts[]> {
  const counts = db
    .select({
      pageId: conversations.pageId,
      total: sql<number>`count(*)::int`.as('total'),
      unread:
        sql<number>`coalesce(sum(${conversations.unreadCount}) filter (where not ${conversations.isRead}), 0)::int`.as(
          'unread',
        ),
    })
    .from(conversations)
    .where(eq(conversations.companyId, scope.companyId))
    .groupBy(conversations.pageId)
    .as('counts');
  const rows = await db
    .select({
      page: messagePages,
      locationName: locations.title,
      conversations: sql<number>`coalesce(${counts.total}, 0)::int`,
      unread: sql<number>`coalesce(${counts.unread}, 0)::int`,
    })
    .from(messagePages)
    .leftJoin(locations, eq(locations.id, messagePages.locationId))
    .leftJoin(counts, eq(counts.pageId, messagePages.id))
    .where(and(scoped(scope), id ? eq(messagePages.id, id) : undefined))
    .orderBy(asc(messagePages.provider), asc(messagePages.name), asc(messagePages.id));
  return rows.map((r) => ({
    ...r.page,
    locationName: r.locationName,
    conversations: r.conversations,
    unread: r.unread,
  }));
}

export async function locationOfCompany(db: Db, companyId: number, locationId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.companyId, companyId), eq(locations.id, locationId)));
  return Boolean(row);
}

/** Changes a page; a new location is copied onto its conversations and posts in the same transaction. */
export async function updatePage(
  db: Db,
  scope: Scope,
  id: number,
  set: { enabled?: boolean; locationId?: number | null; name?: string },
): Promise<void> {
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await tx
      .update(messagePages)
      .set({ ...set, updatedAt: new Date() })
      .where(and(scoped(scope), eq(messagePages.id, id)));
    if (set.locationId !== undefined) {
      await tx.execute(
        sql`UPDATE conversations SET location_id = ${set.locationId} WHERE company_id = ${scope.companyId} AND page_id = ${id}`,
      );
      await tx.execute(
        sql`UPDATE social_posts SET location_id = ${set.locationId} WHERE company_id = ${scope.companyId} AND page_id = ${id}`,
      );
    }
  });
}
