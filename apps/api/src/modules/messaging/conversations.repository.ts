import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  lt,
  Param,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { rowsOf } from '../../db/rows';
import {
  conversations,
  conversationTags,
  conversationUnreadTotals,
  messagePages,
  messages,
  users,
} from '../../db/schema';
import type { InboxFilter, TagDto } from './schemas';

/** What a member may see: the acting company, and its locations when the member is limited to some. */
export interface Scope {
  companyId: number;
  userId: number;
  locationIds: number[] | null;
}

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type ConversationView = Omit<ConversationRow, 'search'> & {
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

/** The words of a search, all of which must be found; null when it has no word. */
export function wordsQuery(search: string): string | null {
  const words = search
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.join(' & ') : null;
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
  return where.filter((w): w is SQL => w !== undefined);
}

/** Above this many messages with the words (the planner's estimate; a word it has no statistics for is 0.5% of the table) a search is common. */
const RARE_MATCHES = 20_000;
/** At most this many matching conversations are looked up by id. */
const MAX_LISTED = 1000;

/** The planner's estimate of the rows a statement reads (it knows a word's frequency from the statistics). */
async function estimatedRows(db: Db, statement: SQL): Promise<number> {
  const [row] = rowsOf<{ 'QUERY PLAN': unknown }>(await db.execute(sql`EXPLAIN (FORMAT JSON) ${statement}`));
  const plan = row?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: { 'Plan Rows': number } }[];
  return parsed[0]?.Plan['Plan Rows'] ?? Number.POSITIVE_INFINITY;
}

/**
 * How a search finds its conversations. A rare word (what people mostly search: a name, an order
 * number) is looked up in the GIN indexes and the inbox reads only those conversations (`ids`); a
 * common word ("booking") is checked per conversation while the inbox is walked newest first, which
 * stops after one page (`walk`). One statement cannot be planned well for both (a word nobody wrote
 * walked 100,000 conversations in 4.4 s; a common one read 100,000 index entries): the planner's own
 * estimate chooses.
 */
type SearchMatch = { kind: 'ids'; ids: number[] } | { kind: 'walk'; query: string };

/**
 * Which way a company's search words went, kept a while: the planner's estimate comes from the
 * table statistics, which change slowly, and asking for it (EXPLAIN) was a statement of its own on
 * every search. Only the choice of plan is kept, never what the words matched.
 */
const SEARCH_WAY_TTL_MS = 10 * 60_000;
const SEARCH_WAYS_KEPT = 10_000;
const searchWays = new WeakMap<Db, Map<string, { way: SearchMatch['kind']; at: number }>>();

function knownSearchWay(db: Db, key: string): SearchMatch['kind'] | undefined {
  const hit = searchWays.get(db)?.get(key);
  return hit && Date.now() - hit.at < SEARCH_WAY_TTL_MS ? hit.way : undefined;
}

function keepSearchWay(db: Db, key: string, way: SearchMatch['kind']): void {
  let ways = searchWays.get(db);
  if (!ways) searchWays.set(db, (ways = new Map()));
  if (ways.size >= SEARCH_WAYS_KEPT) ways.delete(ways.keys().next().value!);
  ways.set(key, { way, at: Date.now() });
}

async function matchSearch(db: Db, companyId: number, query: string): Promise<SearchMatch> {
  const key = `${companyId}\u0000${query}`;
  const known = knownSearchWay(db, key);
  if (known === 'walk') return { kind: 'walk', query };
  const tsquery = sql`to_tsquery('simple', ${query})`;
  const inMessages = sql`SELECT conversation_id AS id FROM messages WHERE company_id = ${companyId} AND search @@ ${tsquery}`;
  if (known === 'ids' || (await estimatedRows(db, inMessages)) < RARE_MATCHES) {
    const found = rowsOf<{ id: number }>(
      await db.execute(
        sql`${inMessages} UNION SELECT id FROM conversations WHERE company_id = ${companyId} AND search @@ ${tsquery} LIMIT ${MAX_LISTED + 1}`,
      ),
    );
    // A common name ("Sara") matches thousands of conversations: walking finds a page sooner than listing them.
    if (found.length <= MAX_LISTED) {
      keepSearchWay(db, key, 'ids');
      return { kind: 'ids', ids: [...new Set(found.map((r) => Number(r.id)))] };
    }
  }
  keepSearchWay(db, key, 'walk');
  return { kind: 'walk', query };
}

/** The condition of a matched search; the words (walk) or the ids array are a placeholder or a parameter. */
function searchMatchCondition(kind: SearchMatch['kind'], value: Placeholder | SQL): SQL {
  if (kind === 'ids') return sql`${conversations.id} = ANY(${value}::integer[])`;
  const tsquery = sql`to_tsquery('simple', ${value})`;
  // OFFSET 0 keeps the check per conversation: without it the planner may hash every matching message first (2.5 s).
  return sql`(${conversations.search} @@ ${tsquery} OR EXISTS (SELECT 1 FROM ${messages} m WHERE m.conversation_id = ${conversations.id} AND m.search @@ ${tsquery} OFFSET 0))`;
}

const searchValue = (match: SearchMatch) => (match.kind === 'ids' ? match.ids : match.query);

/** The search's condition with its value bound as one parameter (an array stays one array value). */
const boundSearchCondition = (match: SearchMatch) =>
  searchMatchCondition(match.kind, sql`${new Param(searchValue(match))}`);

const { search: _search, ...conversationColumns } = getTableColumns(conversations);

/** A conversation with its page's and assignee's names and its tags, in one statement. */
const viewColumns = {
  ...conversationColumns,
  pageName: messagePages.name,
  assigneeFirstName: users.firstName,
  assigneeLastName: users.lastName,
  assigneeEmail: users.email,
  tags: sql<
    TagDto[]
  >`coalesce((SELECT json_agg(json_build_object('id', t.id, 'name', t.name, 'color', t.color) ORDER BY t.name)
    FROM conversation_tags ct JOIN message_tags t ON t.id = ct.tag_id WHERE ct.conversation_id = ${conversations.id}), '[]'::json)`,
};

type ViewRow = Omit<ConversationRow, 'search'> & {
  pageName: string | null;
  assigneeFirstName: string | null;
  assigneeLastName: string | null;
  assigneeEmail: string | null;
  tags: TagDto[];
};

function toView(r: ViewRow): ConversationView {
  const { assigneeFirstName, assigneeLastName, assigneeEmail, ...rest } = r;
  return {
    ...rest,
    assigneeName:
      r.assigneeId === null ? null : [assigneeFirstName, assigneeLastName].filter(Boolean).join(' ') || assigneeEmail,
  };
}

/** The conversations with their page and assignee joined, selecting the view's columns and any given. */
function viewQuery<Extra extends Record<string, SQL.Aliased | SQL>>(db: Db, extra: Extra = {} as Extra) {
  return db
    .select({ ...viewColumns, ...extra })
    .from(conversations)
    .leftJoin(messagePages, eq(messagePages.id, conversations.pageId))
    .leftJoin(users, eq(users.id, conversations.assigneeId));
}

/**
 * The inbox page's statement for one shape of filter (which filters are set, the location limit),
 * its values placeholders: built by Drizzle once per shape and database handle and, on PostgreSQL,
 * planned once per connection. Planning the page (0.4 ms) cost more than running it (0.3 ms), and
 * building it with Drizzle was a good part of the server's own time per request (bench/RESULTS.md).
 */
interface InboxShape {
  limited: boolean;
  pageId: boolean;
  channel: boolean;
  read: 'read' | 'unread' | null;
  assignee: 'none' | 'user' | null;
  tagId: boolean;
  search: SearchMatch['kind'] | null;
}

function inboxShapeOf(scope: Scope, f: InboxFilter, match: SearchMatch | null): InboxShape {
  return {
    limited: scope.locationIds !== null,
    pageId: Boolean(f.pageId),
    channel: Boolean(f.channel),
    read: f.read === 'read' || f.read === 'unread' ? f.read : null,
    assignee: f.assignee === 'none' ? 'none' : f.assignee === 'me' || typeof f.assignee === 'number' ? 'user' : null,
    tagId: Boolean(f.tagId),
    search: match?.kind ?? null,
  };
}

function inboxValues(scope: Scope, f: InboxFilter, match: SearchMatch | null) {
  return {
    companyId: scope.companyId,
    locationIds: scope.locationIds ?? [],
    pageId: f.pageId ?? null,
    channel: f.channel ?? null,
    assigneeId: f.assignee === 'me' ? scope.userId : typeof f.assignee === 'number' ? f.assignee : null,
    tagId: f.tagId ?? null,
    search: match ? searchValue(match) : null,
  };
}

function preparedInboxConditions(shape: InboxShape): SQL[] {
  const p = (name: string) => sql.placeholder(name);
  const where: SQL[] = [eq(conversations.companyId, p('companyId'))];
  if (shape.limited) where.push(sql`${conversations.locationId} = ANY(${p('locationIds')}::integer[])`);
  if (shape.pageId) where.push(eq(conversations.pageId, p('pageId')));
  if (shape.channel) where.push(eq(conversations.channel, p('channel')));
  if (shape.read) where.push(eq(conversations.isRead, shape.read === 'read'));
  if (shape.assignee === 'none') where.push(isNull(conversations.assigneeId));
  if (shape.assignee === 'user') where.push(eq(conversations.assigneeId, p('assigneeId')));
  if (shape.tagId)
    where.push(
      sql`${conversations.id} IN (SELECT ${conversationTags.conversationId} FROM ${conversationTags} WHERE ${conversationTags.tagId} = ${p('tagId')} AND ${conversationTags.companyId} = ${p('companyId')})`,
    );
  if (shape.search) where.push(searchMatchCondition(shape.search, p('search')));
  return where;
}

/**
 * The unread total of the member's inbox (the badge) as a column of the page: one statement per page
 * instead of two (its InitPlan runs once per statement). An empty page carries no row, so no total.
 */
function unreadTotalColumn(limited: boolean) {
  const p = (name: string) => sql.placeholder(name);
  const where = limited
    ? sql`company_id = ${p('companyId')} AND location_id = ANY(${p('locationIds')}::integer[])`
    : sql`company_id = ${p('companyId')}`;
  return sql<number>`(SELECT coalesce(sum(unread), 0)::int FROM ${conversationUnreadTotals} WHERE ${where})`;
}

function buildInboxPage(db: Db, shape: InboxShape, limit: number, name: string) {
  if (!Number.isInteger(limit)) throw new Error(`A page size is an integer: ${limit}`);
  // The row count is written into the statement, not a parameter: with an unknown LIMIT the planner
  // assumes a tenth of the rows are wanted, so the plan made once for all values would not be the
  // index walk that stops after a page, and PostgreSQL would go on planning every execution.
  return viewQuery(db, { unreadTotal: unreadTotalColumn(shape.limited) })
    .where(and(...preparedInboxConditions(shape)))
    .orderBy(desc(conversations.lastMessageAt), sql`${conversations.id} desc limit ${sql.raw(String(limit))}`)
    .prepare(name);
}

type InboxPageQuery = ReturnType<typeof buildInboxPage>;
const inboxPages = new WeakMap<Db, Map<string, InboxPageQuery>>();

function firstInboxPageQuery(db: Db, shape: InboxShape, limit: number): InboxPageQuery {
  let byShape = inboxPages.get(db);
  if (!byShape) inboxPages.set(db, (byShape = new Map()));
  const key = [
    shape.limited ? 'l' : '',
    shape.pageId ? 'p' : '',
    shape.channel ? 'c' : '',
    shape.read ?? '',
    shape.assignee ?? '',
    shape.tagId ? 't' : '',
    shape.search ?? '',
    limit,
  ].join('_');
  let query = byShape.get(key);
  if (!query) byShape.set(key, (query = buildInboxPage(db, shape, limit, `inbox_page${key}`)));
  return query;
}

/** One inbox page, newest activity first (one row more than asked tells whether more follow), with the unread total. */
export async function findConversations(
  db: Db,
  scope: Scope,
  f: InboxFilter,
): Promise<{ rows: ConversationView[]; unreadTotal: number }> {
  const query = f.search ? wordsQuery(f.search) : null;
  const match = query ? await matchSearch(db, scope.companyId, query) : null;
  if (match?.kind === 'ids' && match.ids.length === 0)
    return { rows: [], unreadTotal: await unreadConversationTotal(db, scope) };
  // The first page (every visit, filter change and search) is prepared; the ones after it are built per request.
  if (f.skip === 0) {
    const page = await firstInboxPageQuery(db, inboxShapeOf(scope, f, match), f.limit + 1).execute(
      inboxValues(scope, f, match),
    );
    const unreadTotal = page[0]?.unreadTotal ?? (await unreadConversationTotal(db, scope));
    return { rows: page.map(({ unreadTotal: _total, ...row }) => toView(row)), unreadTotal };
  }
  const [rows, unreadTotal] = await Promise.all([
    viewQuery(db)
      .where(and(...filterConditions(scope, f), match ? boundSearchCondition(match) : undefined))
      .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
      .limit(f.limit + 1)
      .offset(f.skip),
    unreadConversationTotal(db, scope),
  ]);
  return { rows: rows.map(toView), unreadTotal };
}

/** The view of one conversation the member sees. */
export async function findConversationView(db: Db, scope: Scope, id: number): Promise<ConversationView | undefined> {
  const [row] = await viewQuery(db).where(and(scoped(scope), eq(conversations.id, id)));
  return row ? toView(row) : undefined;
}

export async function findConversation(db: Db, scope: Scope, id: number): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(scoped(scope), eq(conversations.id, id)));
  return row;
}

/**
 * Unread messages of the conversations the member sees (what the badge adds to unread comments),
 * from the per-location totals the database keeps (conversationUnreadTotals): one key lookup.
 */
export async function unreadConversationTotal(db: Db, scope: Omit<Scope, 'userId'>): Promise<number> {
  const [row] = await unreadTotalQuery[scope.locationIds === null ? 'all' : 'limited'](db).execute({
    companyId: scope.companyId,
    locationIds: scope.locationIds ?? [],
  });
  return row?.n ?? 0;
}

function unreadTotalQueryOf(limited: boolean) {
  return preparedPerDb((db) =>
    db
      .select({ n: sql<number>`coalesce(sum(${conversationUnreadTotals.unread}), 0)::int` })
      .from(conversationUnreadTotals)
      .where(
        and(
          eq(conversationUnreadTotals.companyId, sql.placeholder('companyId')),
          limited
            ? sql`${conversationUnreadTotals.locationId} = ANY(${sql.placeholder('locationIds')}::integer[])`
            : undefined,
        ),
      )
      .prepare(limited ? 'unread_conversation_total_in_locations' : 'unread_conversation_total'),
  );
}

const unreadTotalQuery = { all: unreadTotalQueryOf(false), limited: unreadTotalQueryOf(true) };

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
