import { and, asc, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { conversations, conversationTags, messagePages, messages, messageTags, users } from '../../db/schema';
import type { InboxFilter, TagDto } from './schemas';

/** What a member may see: the acting company, and its locations when the member is limited to some. */
export interface Scope {
  companyId: number;
  userId: number;
  locationIds: number[] | null;
}

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type ConversationView = ConversationRow & {
  pageName: string | null;
  assigneeName: string | null;
  tags: TagDto[];
};

/** The location limit of a member as a condition on a table's location_id (null: none). */
export function locationCondition(column: AnyPgColumn, scope: Pick<Scope, 'locationIds'>): SQL | undefined {
  if (scope.locationIds === null) return undefined;
  if (scope.locationIds.length === 0) return sql`false`;
  return inArray(column, scope.locationIds);
}

function scoped(scope: Scope): SQL {
  return and(eq(conversations.companyId, scope.companyId), locationCondition(conversations.locationId, scope))!;
}

function filterConditions(scope: Scope, f: InboxFilter): SQL[] {
  const where: (SQL | undefined)[] = [scoped(scope)];
  if (f.pageId) where.push(eq(conversations.pageId, f.pageId));
  if (f.channel) where.push(eq(conversations.channel, f.channel));
  if (f.read === 'read') where.push(eq(conversations.isRead, true));
  if (f.read === 'unread') where.push(eq(conversations.isRead, false));
  if (f.assignee === 'none') where.push(isNull(conversations.assigneeId));
  else if (f.assignee === 'me') where.push(eq(conversations.assigneeId, scope.userId));
  else if (typeof f.assignee === 'number') where.push(eq(conversations.assigneeId, f.assignee));
  if (f.tagId)
    where.push(
      sql`${conversations.id} IN (SELECT ${conversationTags.conversationId} FROM ${conversationTags} WHERE ${conversationTags.tagId} = ${f.tagId} AND ${conversationTags.companyId} = ${scope.companyId})`,
    );
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        sql`${conversations.customerName} ILIKE ${like}`,
        sql`${conversations.id} IN (SELECT ${messages.conversationId} FROM ${messages} WHERE ${messages.companyId} = ${scope.companyId} AND ${messages.search} @@ plainto_tsquery('simple', ${f.search}))`,
      ),
    );
  }
  return where.filter((w): w is SQL => w !== undefined);
}

/** One inbox page, newest activity first; one row more than asked tells whether more follow. */
export async function findConversations(db: Db, scope: Scope, f: InboxFilter): Promise<ConversationRow[]> {
  return db
    .select()
    .from(conversations)
    .where(and(...filterConditions(scope, f)))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(f.limit + 1)
    .offset(f.skip);
}

export async function findConversation(db: Db, scope: Scope, id: number): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(scoped(scope), eq(conversations.id, id)));
  return row;
}

/** Page names, assignee names and tags of a set of conversations, for their views. */
export async function decorate(db: Db, companyId: number, rows: ConversationRow[]): Promise<ConversationView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const pageIds = [...new Set(rows.map((r) => r.pageId).filter((p): p is number => p !== null))];
  const assigneeIds = [...new Set(rows.map((r) => r.assigneeId).filter((p): p is number => p !== null))];
  const [pages, people, tags] = await Promise.all([
    pageIds.length
      ? db
          .select({ id: messagePages.id, name: messagePages.name })
          .from(messagePages)
          .where(and(eq(messagePages.companyId, companyId), inArray(messagePages.id, pageIds)))
      : [],
    assigneeIds.length
      ? db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
          .from(users)
          .where(inArray(users.id, assigneeIds))
      : [],
    db
      .select({
        conversationId: conversationTags.conversationId,
        id: messageTags.id,
        name: messageTags.name,
        color: messageTags.color,
      })
      .from(conversationTags)
      .innerJoin(messageTags, eq(messageTags.id, conversationTags.tagId))
      .where(and(eq(conversationTags.companyId, companyId), inArray(conversationTags.conversationId, ids)))
      .orderBy(asc(messageTags.name)),
  ]);
  const pageName = new Map(pages.map((p) => [p.id, p.name]));
  const personName = new Map(people.map((p) => [p.id, [p.firstName, p.lastName].filter(Boolean).join(' ') || p.email]));
  return rows.map((r) => ({
    ...r,
    pageName: r.pageId === null ? null : (pageName.get(r.pageId) ?? null),
    assigneeName: r.assigneeId === null ? null : (personName.get(r.assigneeId) ?? null),
    tags: tags.filter((t) => t.conversationId === r.id).map(({ id, name, color }) => ({ id, name, color })),
  }));
}

/** Unread messages of the conversations the member sees (what the badge adds to unread comments). */
export async function unreadConversationTotal(db: Db, scope: Omit<Scope, 'userId'>): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${conversations.unreadCount}), 0)::int` })
    .from(conversations)
    .where(
      and(
        eq(conversations.companyId, scope.companyId),
        locationCondition(conversations.locationId, scope),
        eq(conversations.isRead, false),
      ),
    );
  return row?.n ?? 0;
}

export async function conversationCounts(db: Db, scope: Scope): Promise<{ total: number; unread: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      unread: sql<number>`(count(*) filter (where not ${conversations.isRead}))::int`,
    })
    .from(conversations)
    .where(scoped(scope));
  return { total: row?.total ?? 0, unread: row?.unread ?? 0 };
}

/** Read: no unread message left. Unread again: at least one, so the badge shows it. */
export async function setRead(db: Db, scope: Scope, id: number, isRead: boolean): Promise<ConversationRow | undefined> {
  const [row] = await db
    .update(conversations)
    .set(
      isRead
        ? { isRead: true, unreadCount: 0 }
        : { isRead: false, unreadCount: sql`greatest(${conversations.unreadCount}, 1)` },
    )
    .where(and(scoped(scope), eq(conversations.id, id)))
    .returning();
  return row;
}

export async function setAssignee(db: Db, scope: Scope, id: number, assigneeId: number | null): Promise<void> {
  await db
    .update(conversations)
    .set({ assigneeId })
    .where(and(scoped(scope), eq(conversations.id, id)));
}

/** Whether a user is an active member of the company (the one an assignment may name). */
export async function isCompanyMember(db: Db, companyId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId), eq(users.status, 'active')));
  return Boolean(row);
}

export async function companyMembers(db: Db, companyId: number) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
    })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.status, 'active')))
    .orderBy(asc(users.firstName), asc(users.id));
}

// ---------------------------------------------------------------------------------------------
// Messages

export async function findMessages(
  db: Db,
  conversationId: number,
  before: number | undefined,
  limit: number,
): Promise<(MessageRow & { authorName: string | null })[]> {
  const rows = await db
    .select({
      m: messages,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.authorUserId))
    .where(and(eq(messages.conversationId, conversationId), before ? lt(messages.id, before) : undefined))
    .orderBy(desc(messages.sentAt), desc(messages.id))
    .limit(limit + 1);
  return rows.map((r) => ({
    ...r.m,
    authorName: r.m.authorUserId ? [r.firstName, r.lastName].filter(Boolean).join(' ') || null : null,
  }));
}

export async function insertOutbound(
  db: Db,
  c: ConversationRow,
  input: { message: string | null; attachmentType: string | null; attachmentUrl: string | null; userId: number },
): Promise<MessageRow> {
  return db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const now = new Date();
    const [row] = await tx
      .insert(messages)
      .values({
        companyId: c.companyId,
        conversationId: c.id,
        type: 'outbound',
        sentAt: now,
        message: input.message,
        attachmentType: input.attachmentType,
        attachmentUrl: input.attachmentUrl,
        deliveryState: 'sending',
        authorUserId: input.userId,
      })
      .returning();
    // Answering reads the conversation: nothing the customer wrote is left unread.
    await tx
      .update(conversations)
      .set({
        lastMessage: input.message ?? `[${input.attachmentType ?? 'attachment'}]`,
        lastMessageAt: now,
        isRead: true,
        unreadCount: 0,
      })
      .where(eq(conversations.id, c.id));
    return row!;
  });
}

/** One message with its author's name (the outbound ones a team member wrote). */
export async function findMessageWithAuthor(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select({ m: messages, firstName: users.firstName, lastName: users.lastName })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.authorUserId))
    .where(and(eq(messages.companyId, companyId), eq(messages.id, id)));
  if (!row) return undefined;
  return {
    ...row.m,
    authorName: row.m.authorUserId ? [row.firstName, row.lastName].filter(Boolean).join(' ') || null : null,
  };
}

export async function findMessage(db: Db, companyId: number, id: number): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.id, id)));
  return row;
}

export async function setMessageState(
  db: Db,
  id: number,
  set: { deliveryState: string; failureReason?: string | null; externalId?: string | null },
): Promise<MessageRow | undefined> {
  const [row] = await db.update(messages).set(set).where(eq(messages.id, id)).returning();
  return row;
}
