import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { conversations, messagePages, messages, postComments, reactions, socialPosts } from '../../db/schema';
import { enqueueMessageEvents } from '../webhooks/outbox.repository';

export type PageRow = typeof messagePages.$inferSelect;
export type PostRow = typeof socialPosts.$inferSelect;
export type CommentRow = typeof postComments.$inferSelect;

export async function findPageByExternal(db: Db, provider: string, externalId: string): Promise<PageRow | undefined> {
  const [row] = await db
    .select()
    .from(messagePages)
    .where(and(eq(messagePages.provider, provider), eq(messagePages.externalId, externalId)));
  return row;
}

/** The pages of a batch at once, by provider and id at the provider (the key `provider:externalId`). */
export async function findPagesByExternal(
  db: Db,
  keys: { provider: string; externalId: string }[],
): Promise<Map<string, PageRow>> {
  const found = new Map<string, PageRow>();
  if (keys.length === 0) return found;
  const rows = await db
    .select()
    .from(messagePages)
    .where(inArray(messagePages.externalId, [...new Set(keys.map((k) => k.externalId))]));
  for (const row of rows) found.set(`${row.provider}:${row.externalId}`, row);
  return found;
}

export interface ConversationStart {
  page: PageRow;
  customerExternalId: string;
  customerName?: string;
  customerPicture?: string;
  at: Date;
}

/**
 * Many conversations created or found in one statement (each page and customer once, in a fixed
 * order so two batches lock rows alike); answers their ids by `pageId:customerExternalId`.
 * Rows with a name set it (a profile lookup), as upsertConversation does; mixed batches take two statements.
 */
export async function upsertConversations(db: Db, starts: ConversationStart[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const sorted = [...starts].sort(
    (a, b) => a.page.id - b.page.id || (a.customerExternalId < b.customerExternalId ? -1 : 1),
  );
  for (const named of [false, true]) {
    const group = sorted.filter((s) => Boolean(s.customerName) === named);
    if (group.length === 0) continue;
    const rows = await db
      .insert(conversations)
      .values(
        group.map((s) => ({
          companyId: s.page.companyId,
          pageId: s.page.id,
          locationId: s.page.locationId,
          channel: s.page.provider,
          customerExternalId: s.customerExternalId,
          customerName: s.customerName ?? 'Customer',
          customerPicture: s.customerPicture ?? null,
          lastMessageAt: s.at,
          isRead: true,
          createdAt: s.at,
        })),
      )
      .onConflictDoUpdate({
        target: [conversations.pageId, conversations.customerExternalId],
        set: named
          ? {
              customerName: sql`excluded.customer_name`,
              customerPicture: sql`coalesce(excluded.customer_picture, ${conversations.customerPicture})`,
            }
          : { customerName: sql`${conversations.customerName}` },
      })
      .returning({ id: conversations.id, pageId: conversations.pageId, customer: conversations.customerExternalId });
    for (const row of rows) ids.set(`${row.pageId}:${row.customer}`, row.id);
  }
  return ids;
}

/** Stores many messages, each once by its provider id (inbound ones are webhook events); answers only those stored now. */
export async function insertMessagesOnce(
  db: Db,
  values: (typeof messages.$inferInsert)[],
): Promise<(typeof messages.$inferSelect)[]> {
  if (values.length === 0) return [];
  const rows = await db
    .insert(messages)
    .values(values)
    .onConflictDoNothing({ target: messages.externalId })
    .returning();
  await enqueueMessageEvents(
    db,
    rows.filter((r) => r.type === 'inbound').map((r) => r.id),
  );
  return rows;
}

/** What a batch's new messages do to one conversation (touchConversation, summed). */
export interface ConversationTouch {
  id: number;
  /** New inbound messages: added to the unread count. */
  inbound: number;
  /** The newest new message's preview and time. */
  text: string;
  at: Date;
  /** The newest new inbound message's time, if any. */
  inboundAt: Date | null;
}

/**
 * Applies many conversations' touches in one statement (ids in order, for the row locks); answers
 * each touched conversation's unread count after it and its customer's name.
 */
export async function touchConversations(
  db: Db,
  touches: ConversationTouch[],
): Promise<{ id: number; unreadCount: number; customerName: string }[]> {
  if (touches.length === 0) return [];
  const json = JSON.stringify(
    [...touches]
      .sort((a, b) => a.id - b.id)
      .map((t) => ({
        id: t.id,
        inbound: t.inbound,
        text: t.text,
        at: t.at.toISOString(),
        inbound_at: t.inboundAt?.toISOString() ?? null,
      })),
  );
  const result = await db.execute(sql`
    UPDATE conversations AS c SET
      last_message = CASE WHEN v.at >= c.last_message_at THEN v.text ELSE c.last_message END,
      last_message_at = greatest(c.last_message_at, v.at),
      is_read = CASE WHEN v.inbound > 0 THEN false ELSE c.is_read END,
      unread_count = c.unread_count + v.inbound,
      last_inbound_at = CASE WHEN v.inbound_at IS NULL THEN c.last_inbound_at
        ELSE greatest(coalesce(c.last_inbound_at, v.inbound_at), v.inbound_at) END
    FROM jsonb_to_recordset(${json}::jsonb) AS v(id int, inbound int, text text, at timestamptz, inbound_at timestamptz)
    WHERE c.id = v.id
    RETURNING c.id, c.unread_count, c.customer_name`);
  return rowsOf<{ id: number; unread_count: number; customer_name: string }>(result).map((r) => ({
    id: Number(r.id),
    unreadCount: Number(r.unread_count),
    customerName: r.customer_name,
  }));
}

/** The page's conversation with a customer, created on the first message. */
export async function upsertConversation(
  db: Db,
  page: PageRow,
  customer: { externalId: string; name?: string; picture?: string },
  at: Date,
): Promise<number> {
  const [row] = await db
    .insert(conversations)
    .values({
      companyId: page.companyId,
      pageId: page.id,
      locationId: page.locationId,
      channel: page.provider,
      customerExternalId: customer.externalId,
      customerName: customer.name ?? 'Customer',
      customerPicture: customer.picture ?? null,
      lastMessageAt: at,
      isRead: true,
      createdAt: at,
    })
    .onConflictDoUpdate({
      target: [conversations.pageId, conversations.customerExternalId],
      // A name learnt later (a profile lookup) replaces the placeholder; otherwise nothing changes.
      set: customer.name
        ? { customerName: customer.name, customerPicture: customer.picture ?? sql`${conversations.customerPicture}` }
        : { customerName: sql`${conversations.customerName}` },
    })
    .returning({ id: conversations.id });
  return row!.id;
}

/** Stores a message once by its provider id; answers null when it was stored before. */
export async function insertMessageOnce(
  db: Db,
  values: typeof messages.$inferInsert,
): Promise<typeof messages.$inferSelect | null> {
  const [row] = await db
    .insert(messages)
    .values(values)
    .onConflictDoNothing({ target: messages.externalId })
    .returning();
  if (row?.type === 'inbound') await enqueueMessageEvents(db, [row.id]);
  return row ?? null;
}

/** A new message moves the conversation up; an inbound one adds to its unread count and opens the reply window. */
export async function touchConversation(
  db: Db,
  id: number,
  m: { inbound: boolean; text: string; at: Date },
): Promise<typeof conversations.$inferSelect> {
  const newer = sql`${m.at.toISOString()}::timestamptz >= ${conversations.lastMessageAt}`;
  const [row] = await db
    .update(conversations)
    .set({
      lastMessage: sql`CASE WHEN ${newer} THEN ${m.text} ELSE ${conversations.lastMessage} END`,
      lastMessageAt: sql`greatest(${conversations.lastMessageAt}, ${m.at.toISOString()}::timestamptz)`,
      ...(m.inbound
        ? {
            isRead: false,
            unreadCount: sql`${conversations.unreadCount} + 1`,
            lastInboundAt: sql`greatest(coalesce(${conversations.lastInboundAt}, ${m.at.toISOString()}::timestamptz), ${m.at.toISOString()}::timestamptz)`,
          }
        : {}),
    })
    .where(eq(conversations.id, id))
    .returning();
  return row!;
}

export async function findConversationOf(db: Db, pageId: number, customerExternalId: string) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.pageId, pageId), eq(conversations.customerExternalId, customerExternalId)));
  return row;
}

/** Outbound messages sent up to the watermark become delivered or read (never back from read). */
export async function advanceDelivery(
  db: Db,
  conversationId: number,
  state: 'delivered' | 'read',
  watermark: Date,
): Promise<number> {
  const from = state === 'read' ? ['sent', 'delivered'] : ['sent'];
  const rows = await db
    .update(messages)
    .set({ deliveryState: state })
    .where(
      and(
        eq(messages.conversationId, conversationId),
        eq(messages.type, 'outbound'),
        inArray(messages.deliveryState, from),
        lte(messages.sentAt, watermark),
      ),
    )
    .returning({ id: messages.id });
  return rows.length;
}

export async function setDeliveryByExternalIds(
  db: Db,
  companyId: number,
  externalIds: string[],
  state: 'delivered' | 'read',
): Promise<number> {
  if (externalIds.length === 0) return 0;
  const from = state === 'read' ? ['sent', 'delivered'] : ['sent'];
  const rows = await db
    .update(messages)
    .set({ deliveryState: state })
    .where(
      and(
        eq(messages.companyId, companyId),
        inArray(messages.externalId, externalIds),
        inArray(messages.deliveryState, from),
      ),
    )
    .returning({ id: messages.id });
  return rows.length;
}

// ---------------------------------------------------------------------------------------------
// Posts, comments, reactions

/** The post a comment or reaction is on, created when we first hear of it. Answers whether it is new. */
export async function upsertPost(
  db: Db,
  page: PageRow,
  postExternalId: string,
  text: string | undefined,
  at: Date,
): Promise<{ post: PostRow; created: boolean }> {
  const [inserted] = await db
    .insert(socialPosts)
    .values({
      companyId: page.companyId,
      pageId: page.id,
      locationId: page.locationId,
      postId: postExternalId,
      channel: page.provider,
      message: text ?? null,
      postedAt: at,
    })
    .onConflictDoNothing({ target: [socialPosts.channel, socialPosts.postId] })
    .returning();
  if (inserted) return { post: inserted, created: true };
  const [row] = await db
    .select()
    .from(socialPosts)
    .where(and(eq(socialPosts.channel, page.provider), eq(socialPosts.postId, postExternalId)));
  if (text && !row!.message) await db.update(socialPosts).set({ message: text }).where(eq(socialPosts.id, row!.id));
  return { post: row!, created: false };
}

export async function findCommentByExternal(db: Db, externalId: string): Promise<CommentRow | undefined> {
  const [row] = await db.select().from(postComments).where(eq(postComments.externalId, externalId));
  return row;
}

export async function insertCommentOnce(db: Db, values: typeof postComments.$inferInsert): Promise<CommentRow | null> {
  const [row] = await db
    .insert(postComments)
    .values(values)
    .onConflictDoNothing({ target: postComments.externalId })
    .returning();
  return row ?? null;
}

export async function updateComment(db: Db, id: number, set: Partial<typeof postComments.$inferInsert>) {
  const [row] = await db.update(postComments).set(set).where(eq(postComments.id, id)).returning();
  return row;
}

/** Adds (or takes back) unread comments of a post; never below zero. */
export async function addPostUnread(db: Db, postId: number, delta: number, lastCommentAt?: Date): Promise<void> {
  await db
    .update(socialPosts)
    .set({
      unreadCount: sql`greatest(${socialPosts.unreadCount} + ${delta}, 0)`,
      ...(lastCommentAt
        ? {
            lastCommentAt: sql`greatest(coalesce(${socialPosts.lastCommentAt}, ${lastCommentAt.toISOString()}::timestamptz), ${lastCommentAt.toISOString()}::timestamptz)`,
            // A new comment brings a post the team archived back into the list.
            removed: false,
          }
        : {}),
    })
    .where(eq(socialPosts.id, postId));
}

export async function upsertReaction(db: Db, values: typeof reactions.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(reactions)
    .values(values)
    .onConflictDoUpdate({
      target: [reactions.postId, reactions.commentId, reactions.reactorExternalId],
      set: { type: values.type, reactorName: values.reactorName ?? sql`${reactions.reactorName}` },
      setWhere: sql`${reactions.type} IS DISTINCT FROM ${values.type}`,
    })
    .returning({ id: reactions.id });
  return rows.length > 0;
}

export async function deleteReaction(
  db: Db,
  postId: number,
  commentId: number | null,
  reactorExternalId: string,
): Promise<boolean> {
  const rows = await db
    .delete(reactions)
    .where(
      and(
        eq(reactions.postId, postId),
        commentId === null ? sql`${reactions.commentId} IS NULL` : eq(reactions.commentId, commentId),
        eq(reactions.reactorExternalId, reactorExternalId),
      ),
    )
    .returning({ id: reactions.id });
  return rows.length > 0;
}

export async function unreadCommentTotal(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${socialPosts.unreadCount}), 0)::int` })
    .from(socialPosts)
    .where(and(eq(socialPosts.companyId, companyId), eq(socialPosts.removed, false)));
  return row?.n ?? 0;
}

export async function companyUnreadMessages(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${conversations.unreadCount}), 0)::int` })
    .from(conversations)
    .where(and(eq(conversations.companyId, companyId), eq(conversations.isRead, false)));
  return row?.n ?? 0;
}
