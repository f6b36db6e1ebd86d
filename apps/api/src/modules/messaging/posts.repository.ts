import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messagePages, postComments, reactions, socialPosts } from '../../db/schema';
import { locationCondition, type Scope } from './conversations.repository';

export type SocialPostRow = typeof socialPosts.$inferSelect;
export type CommentRow = typeof postComments.$inferSelect;
export type ReactionRow = typeof reactions.$inferSelect;
export type PostView = SocialPostRow & { pageName: string | null; comments: number; reactions: number };

function scoped(scope: Scope) {
  return and(eq(socialPosts.companyId, scope.companyId), locationCondition(socialPosts.locationId, scope))!;
}

const postColumns = {
  post: socialPosts,
  pageName: messagePages.name,
  comments: sql<number>`(SELECT count(*) FROM post_comments c WHERE c.post_id = ${socialPosts.id} AND NOT c.removed)::int`,
  reactions: sql<number>`(SELECT count(*) FROM reactions r WHERE r.post_id = ${socialPosts.id} AND r.comment_id IS NULL)::int`,
};

type PostSelect = { post: SocialPostRow; pageName: string | null; comments: number; reactions: number };
const flatten = (r: PostSelect): PostView => ({
  ...r.post,
  pageName: r.pageName,
  comments: r.comments,
  reactions: r.reactions,
});

/** Posts still in the list (not updated away), newest activity first; one more than asked tells whether more follow. */
export async function findPosts(
  db: Db,
  scope: Scope,
  f: { skip: number; limit: number; pageId?: number; channel?: string },
): Promise<{ rows: PostView[]; total: number }> {
  const where = and(
    scoped(scope),
    eq(socialPosts.removed, false),
    f.pageId ? eq(socialPosts.pageId, f.pageId) : undefined,
    f.channel ? eq(socialPosts.channel, f.channel) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(postColumns)
      .from(socialPosts)
      .leftJoin(messagePages, eq(messagePages.id, socialPosts.pageId))
      .where(where)
      .orderBy(desc(socialPosts.postedAt), desc(socialPosts.id))
      .limit(f.limit + 1)
      .offset(f.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(socialPosts)
      .where(where),
  ]);
  return { rows: rows.map(flatten), total: total?.n ?? 0 };
}

export async function findPost(
  db: Db,
  scope: Scope,
  by: { id: number } | { postId: string },
): Promise<PostView | undefined> {
  const [row] = await db
    .select(postColumns)
    .from(socialPosts)
    .leftJoin(messagePages, eq(messagePages.id, socialPosts.pageId))
    .where(and(scoped(scope), 'id' in by ? eq(socialPosts.id, by.id) : eq(socialPosts.postId, by.postId)))
    .limit(1);
  return row ? flatten(row) : undefined;
}

export async function setPostRemoved(db: Db, scope: Scope, id: number, removed: boolean): Promise<void> {
  await db
    .update(socialPosts)
    .set({ removed })
    .where(and(scoped(scope), eq(socialPosts.id, id)));
}

/** Every comment of the post read: its unread count goes to 0. */
export async function markPostRead(db: Db, post: SocialPostRow): Promise<void> {
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await tx
      .update(postComments)
      .set({ isRead: true })
      .where(and(eq(postComments.postId, post.id), eq(postComments.isRead, false)));
    await tx.update(socialPosts).set({ unreadCount: 0 }).where(eq(socialPosts.id, post.id));
  });
}

/** Unread comments on the posts a member sees (the badge's second half). */
export async function unreadCommentScoped(db: Db, scope: Omit<Scope, 'userId'>): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${socialPosts.unreadCount}), 0)::int` })
    .from(socialPosts)
    .where(
      and(
        eq(socialPosts.companyId, scope.companyId),
        locationCondition(socialPosts.locationId, scope),
        eq(socialPosts.removed, false),
      ),
    );
  return row?.n ?? 0;
}

export async function findComments(
  db: Db,
  postId: number,
  skip: number,
  limit: number,
): Promise<{ rows: CommentRow[]; reactions: Map<number, Record<string, number>> }> {
  const rows = await db
    .select()
    .from(postComments)
    .where(and(eq(postComments.postId, postId), eq(postComments.removed, false)))
    .orderBy(asc(postComments.createdAt), asc(postComments.id))
    .limit(limit + 1)
    .offset(skip);
  const ids = rows.map((r) => r.id);
  const counts = ids.length
    ? await db
        .select({ commentId: reactions.commentId, type: reactions.type, n: sql<number>`count(*)::int` })
        .from(reactions)
        .where(inArray(reactions.commentId, ids))
        .groupBy(reactions.commentId, reactions.type)
    : [];
  const byComment = new Map<number, Record<string, number>>();
  for (const c of counts) {
    const entry = byComment.get(c.commentId!) ?? {};
    entry[c.type] = c.n;
    byComment.set(c.commentId!, entry);
  }
  return { rows, reactions: byComment };
}

export async function reactionSummary(db: Db, postId: number, commentId: number | null) {
  const rows = await db
    .select({ type: reactions.type, n: sql<number>`count(*)::int` })
    .from(reactions)
    .where(
      and(
        eq(reactions.postId, postId),
        commentId === null ? isNull(reactions.commentId) : eq(reactions.commentId, commentId),
      ),
    )
    .groupBy(reactions.type);
  return Object.fromEntries(rows.map((r) => [r.type, r.n])) as Record<string, number>;
}

export async function findReactions(
  db: Db,
  postId: number,
  commentId: number | null,
  skip: number,
  limit: number,
): Promise<ReactionRow[]> {
  return db
    .select()
    .from(reactions)
    .where(
      and(
        eq(reactions.postId, postId),
        commentId === null ? isNull(reactions.commentId) : eq(reactions.commentId, commentId),
      ),
    )
    .orderBy(desc(reactions.createdAt), desc(reactions.id))
    .limit(limit + 1)
    .offset(skip);
}

export async function findComment(db: Db, scope: Scope, id: number): Promise<CommentRow | undefined> {
  const [row] = await db
    .select({ comment: postComments })
    .from(postComments)
    .innerJoin(socialPosts, eq(socialPosts.id, postComments.postId))
    .where(and(scoped(scope), eq(postComments.id, id), eq(postComments.removed, false)));
  return row?.comment;
}

/** The team's reply, stored before it is posted (state 'sending'); answering reads the comment. */
export async function insertReply(
  db: Db,
  parent: CommentRow,
  input: { text: string; userId: number; authorName: string },
): Promise<CommentRow> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const [reply] = await tx
      .insert(postComments)
      .values({
        companyId: parent.companyId,
        postId: parent.postId,
        parentId: parent.id,
        authorName: input.authorName,
        text: input.text,
        fromPage: true,
        authorUserId: input.userId,
        deliveryState: 'sending',
        isRead: true,
      })
      .returning();
    await tx.update(postComments).set({ repliedAt: new Date(), isRead: true }).where(eq(postComments.id, parent.id));
    if (!parent.isRead)
      await tx
        .update(socialPosts)
        .set({ unreadCount: sql`greatest(${socialPosts.unreadCount} - 1, 0)` })
        .where(eq(socialPosts.id, parent.postId));
    return reply!;
  });
}

export async function setHidePending(db: Db, id: number): Promise<CommentRow> {
  const [row] = await db
    .update(postComments)
    .set({ hidePending: true, failureReason: null })
    .where(eq(postComments.id, id))
    .returning();
  return row!;
}
