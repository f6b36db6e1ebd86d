import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import type { Scope } from './conversations.repository';

/**
 * Messages analytics over a period [from, to): volume per day and channel, first-response times,
 * response rate, the busiest hours, and the same per page and per location. Read from the messages
 * of the period (a company's messages of a quarter are thousands to a few hundred thousand rows,
 * walked through messages_conversation_idx per conversation of the period).
 */
export interface AnalyticsFilter {
  from: Date;
  to: Date;
  pageId?: number;
  locationId?: number;
}

function conversationWhere(scope: Scope, f: AnalyticsFilter): SQL {
  const parts: SQL[] = [sql`c.company_id = ${scope.companyId}`];
  if (scope.locationIds !== null)
    parts.push(
      scope.locationIds.length
        ? sql`c.location_id IN (${sql.join(
            scope.locationIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  if (f.pageId) parts.push(sql`c.page_id = ${f.pageId}`);
  if (f.locationId) parts.push(sql`c.location_id = ${f.locationId}`);
  return sql.join(parts, sql` AND `);
}

const period = (f: AnalyticsFilter) =>
  sql`m.sent_at >= ${f.from.toISOString()}::timestamptz AND m.sent_at < ${f.to.toISOString()}::timestamptz`;

export async function volumeByDay(db: Db, scope: Scope, f: AnalyticsFilter) {
  return rowsOf<{ date: string; channel: string; inbound: number; outbound: number }>(
    await db.execute(sql`
      SELECT to_char((m.sent_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS date, c.channel,
             (count(*) FILTER (WHERE m.type = 'inbound'))::int AS inbound,
             (count(*) FILTER (WHERE m.type = 'outbound'))::int AS outbound
      FROM messages m JOIN conversations c ON c.id = m.conversation_id
      WHERE m.company_id = ${scope.companyId} AND ${period(f)} AND ${conversationWhere(scope, f)}
      GROUP BY 1, 2 ORDER BY 1, 2`),
  );
}

export async function heatmap(db: Db, scope: Scope, f: AnalyticsFilter) {
  return rowsOf<{ weekday: number; hour: number; count: number }>(
    await db.execute(sql`
      SELECT extract(dow FROM m.sent_at AT TIME ZONE 'UTC')::int AS weekday,
             extract(hour FROM m.sent_at AT TIME ZONE 'UTC')::int AS hour, count(*)::int AS count
      FROM messages m JOIN conversations c ON c.id = m.conversation_id
      WHERE m.company_id = ${scope.companyId} AND m.type = 'inbound' AND ${period(f)} AND ${conversationWhere(scope, f)}
      GROUP BY 1, 2 ORDER BY 1, 2`),
  );
}

export interface ResponseRow {
  conversationId: number;
  pageId: number | null;
  locationId: number | null;
  inbound: number;
  outbound: number;
  /** Seconds from the first customer message of the period to the team's first answer after it; null if none. */
  firstResponseSeconds: number | null;
}

/** One row per conversation active in the period: its message counts and first response time. */
export async function conversationResponses(db: Db, scope: Scope, f: AnalyticsFilter): Promise<ResponseRow[]> {
  const rows = rowsOf<{
    conversation_id: number;
    page_id: number | null;
    location_id: number | null;
    inbound: number;
    outbound: number;
    first_response: number | null;
  }>(
    await db.execute(sql`
      WITH active AS (
        SELECT m.conversation_id, c.page_id, c.location_id,
               (count(*) FILTER (WHERE m.type = 'inbound'))::int AS inbound,
               (count(*) FILTER (WHERE m.type = 'outbound'))::int AS outbound,
               min(m.sent_at) FILTER (WHERE m.type = 'inbound') AS first_in
        FROM messages m JOIN conversations c ON c.id = m.conversation_id
        WHERE m.company_id = ${scope.companyId} AND ${period(f)} AND ${conversationWhere(scope, f)}
        GROUP BY m.conversation_id, c.page_id, c.location_id
      )
      SELECT a.conversation_id, a.page_id, a.location_id, a.inbound, a.outbound,
             extract(epoch FROM (
               SELECT min(o.sent_at) FROM messages o
               WHERE o.conversation_id = a.conversation_id AND o.type = 'outbound' AND o.sent_at >= a.first_in
                 AND o.delivery_state <> 'failed'
             ) - a.first_in)::float8 AS first_response
      FROM active a`),
  );
  return rows.map((r) => ({
    conversationId: Number(r.conversation_id),
    pageId: r.page_id === null ? null : Number(r.page_id),
    locationId: r.location_id === null ? null : Number(r.location_id),
    inbound: Number(r.inbound),
    outbound: Number(r.outbound),
    firstResponseSeconds: r.first_response === null ? null : Number(r.first_response),
  }));
}

export async function pageNames(db: Db, companyId: number) {
  return rowsOf<{ id: number; name: string; provider: string; location_id: number | null }>(
    await db.execute(sql`SELECT id, name, provider, location_id FROM message_pages WHERE company_id = ${companyId}`),
  );
}

export async function locationNames(db: Db, companyId: number) {
  return rowsOf<{ id: number; title: string }>(
    await db.execute(sql`SELECT id, title FROM locations WHERE company_id = ${companyId}`),
  );
}
