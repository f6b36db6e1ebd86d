import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conversations, socialPosts } from '../../db/schema';

export async function unreadConversationTotal(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${conversations.unreadCount}), 0)::int` })
    .from(conversations)
    .where(and(eq(conversations.companyId, companyId), eq(conversations.isRead, false)));
  return row?.n ?? 0;
}

export async function unreadCommentTotal(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${socialPosts.unreadCount}), 0)::int` })
    .from(socialPosts)
    .where(eq(socialPosts.companyId, companyId));
  return row?.n ?? 0;
}

/** Message pages: the company's connected pages, one per channel and page id, with unread totals. */
export async function messagePages(db: Db, companyId: number) {
  return db
    .select({
      pageId: sql<string>`coalesce(${conversations.pageId}, ${conversations.channel})`,
      channel: conversations.channel,
      conversations: sql<number>`count(*)::int`,
      unread: sql<number>`coalesce(sum(${conversations.unreadCount}) filter (where not ${conversations.isRead}), 0)::int`,
    })
    .from(conversations)
    .where(eq(conversations.companyId, companyId))
    .groupBy(sql`coalesce(${conversations.pageId}, ${conversations.channel})`, conversations.channel);
}

export type ConversationRow = typeof conversations.$inferSelect;

/** One page of the company's conversations, newest activity first (spec: the client pages with `skip`). */
export async function listConversations(
  db: Db,
  companyId: number,
  skip: number,
  limit: number,
): Promise<{ rows: ConversationRow[]; total: number }> {
  const where = eq(conversations.companyId, companyId);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(conversations)
      .where(where)
      .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
      .limit(limit)
      .offset(skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(conversations)
      .where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

/** Marks a conversation read (its unread count goes to 0) or unread again (at least one unread message). */
export async function setConversationRead(
  db: Db,
  companyId: number,
  id: number,
  isRead: boolean,
): Promise<ConversationRow | undefined> {
  const [row] = await db
    .update(conversations)
    .set(
      isRead
        ? { isRead: true, unreadCount: 0 }
        : { isRead: false, unreadCount: sql`greatest(${conversations.unreadCount}, 1)` },
    )
    .where(and(eq(conversations.companyId, companyId), eq(conversations.id, id)))
    .returning();
  return row;
}

export type SocialPostRow = typeof socialPosts.$inferSelect;

/** One page of the company's social posts, newest first, with their unread comment counts. */
export async function listSocialPosts(
  db: Db,
  companyId: number,
  skip: number,
  limit: number,
): Promise<{ rows: SocialPostRow[]; total: number }> {
  const where = eq(socialPosts.companyId, companyId);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(socialPosts)
      .where(where)
      .orderBy(desc(socialPosts.postedAt), desc(socialPosts.id))
      .limit(limit)
      .offset(skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(socialPosts)
      .where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}
