import type { Db } from '../../db/client';
import { badRequest } from '../../platform/errors';
import { buildWorkbook, type AnySheet } from '../statistics/excel';
import {
  conversationResponses,
  heatmap,
  locationNames,
  pageNames,
  volumeByDay,
  type AnalyticsFilter,
  type ResponseRow,
} from './analytics.repository';
import type { Scope } from './conversations.repository';
import { listPages } from './pages.repository';
import type { AnalyticsDto, AnalyticsQuery } from './schemas';

const DAY_MS = 86_400_000;
/** The longest period one view reads (two years). */
const MAX_DAYS = 731;

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The period of the query: date_from and date_to inclusive, in UTC; the last 30 days by default. */
export function periodOf(q: AnalyticsQuery, now = new Date()): { from: Date; to: Date } {
  const today = new Date(`${day(now)}T00:00:00Z`);
  const to = q.date_to ? new Date(`${q.date_to}T00:00:00Z`) : today;
  const from = q.date_from ? new Date(`${q.date_from}T00:00:00Z`) : new Date(to.getTime() - 29 * DAY_MS);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()))
    throw badRequest('date_from and date_to must be real dates');
  if (from > to)
    throw badRequest('date_from must not be after date_to', [
      { field: 'date_from', message: 'date_from must not be after date_to' },
    ]);
  if ((to.getTime() - from.getTime()) / DAY_MS > MAX_DAYS)
    throw badRequest('The period can be at most two years', [
      { field: 'date_from', message: 'The period can be at most two years' },
    ]);
  return { from, to: new Date(to.getTime() + DAY_MS) };
}

/** The value below which the share p of the sorted values lies (linear interpolation, as percentile_cont). */
export function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const at = (sorted.length - 1) * p;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return Math.round(sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (at - lo));
}

interface Figures {
  conversations: number;
  inbound: number;
  outbound: number;
  responseRate: number | null;
  firstResponseMedianSeconds: number | null;
  firstResponseP90Seconds: number | null;
}

function figuresOf(rows: ResponseRow[]): Figures {
  const asked = rows.filter((r) => r.inbound > 0);
  const times = asked
    .map((r) => r.firstResponseSeconds)
    .filter((s): s is number => s !== null)
    .sort((a, b) => a - b);
  return {
    conversations: rows.length,
    inbound: rows.reduce((a, r) => a + r.inbound, 0),
    outbound: rows.reduce((a, r) => a + r.outbound, 0),
    responseRate: asked.length ? Math.round((times.length / asked.length) * 1000) / 10 : null,
    firstResponseMedianSeconds: percentile(times, 0.5),
    firstResponseP90Seconds: percentile(times, 0.9),
  };
}

function breakdown(
  rows: ResponseRow[],
  keyOf: (r: ResponseRow) => number | null,
  nameOf: (id: number | null) => string,
) {
  const groups = new Map<number | null, ResponseRow[]>();
  for (const r of rows) {
    const k = keyOf(r);
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  return [...groups.entries()]
    .map(([id, list]) => {
      const f = figuresOf(list);
      return {
        id,
        name: nameOf(id),
        conversations: f.conversations,
        inbound: f.inbound,
        outbound: f.outbound,
        responseRate: f.responseRate,
        firstResponseMedianSeconds: f.firstResponseMedianSeconds,
      };
    })
    .sort((a, b) => b.conversations - a.conversations || a.name.localeCompare(b.name));
}

export async function analytics(db: Db, scope: Scope, q: AnalyticsQuery): Promise<AnalyticsDto> {
  const { from, to } = periodOf(q);
  const f: AnalyticsFilter = { from, to, pageId: q.pageId, locationId: q.locationId };
  const [volume, hours, responses, pages, locations] = await Promise.all([
    volumeByDay(db, scope, f),
    heatmap(db, scope, f),
    conversationResponses(db, scope, f),
    pageNames(db, scope.companyId),
    locationNames(db, scope.companyId),
  ]);
  const pageName = new Map(pages.map((p) => [Number(p.id), p.name]));
  const locationName = new Map(locations.map((l) => [Number(l.id), l.title]));
  return {
    date_from: day(from),
    date_to: day(new Date(to.getTime() - DAY_MS)),
    totals: figuresOf(responses),
    volume: volume.map((v) => ({ ...v, inbound: Number(v.inbound), outbound: Number(v.outbound) })),
    heatmap: hours.map((h) => ({ weekday: Number(h.weekday), hour: Number(h.hour), count: Number(h.count) })),
    pages: breakdown(
      responses,
      (r) => r.pageId,
      (id) => (id === null ? 'No page' : (pageName.get(id) ?? `Page ${id}`)),
    ),
    locations: breakdown(
      responses,
      (r) => r.locationId,
      (id) => (id === null ? 'No location' : (locationName.get(id) ?? `Location ${id}`)),
    ),
  };
}

const minutes = (s: number | null) => (s === null ? null : Math.round((s / 60) * 10) / 10);
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The "conversation analytics" Excel export (spec 001 section 7 exports): the analytics view's figures and tables. */
export async function analyticsWorkbook(db: Db, scope: Scope, q: AnalyticsQuery): Promise<Buffer> {
  const a = await analytics(db, scope, q);
  const intro = ['Conversation analytics', `Period: ${a.date_from} to ${a.date_to}`];
  type Row = AnalyticsDto['pages'][number];
  const tableColumns = (first: string) => [
    { header: first, value: (r: Row) => r.name, width: 32 },
    { header: 'Conversations', value: (r: Row) => r.conversations },
    { header: 'Messages received', value: (r: Row) => r.inbound },
    { header: 'Messages sent', value: (r: Row) => r.outbound },
    { header: 'Response rate (%)', value: (r: Row) => r.responseRate, format: '0.0' },
    { header: 'First response, median (min)', value: (r: Row) => minutes(r.firstResponseMedianSeconds), width: 28 },
  ];
  const sheets: AnySheet[] = [
    {
      name: 'Summary',
      intro,
      columns: [
        { header: 'Figure', value: (r: [string, number | null]) => r[0], width: 36 },
        { header: 'Value', value: (r: [string, number | null]) => r[1], width: 14 },
      ],
      rows: [
        ['Conversations', a.totals.conversations],
        ['Messages received', a.totals.inbound],
        ['Messages sent', a.totals.outbound],
        ['Response rate (%)', a.totals.responseRate],
        ['First response, median (minutes)', minutes(a.totals.firstResponseMedianSeconds)],
        ['First response, 90th percentile (minutes)', minutes(a.totals.firstResponseP90Seconds)],
      ],
    },
    {
      name: 'Volume by day',
      columns: [
        { header: 'Date', value: (r: AnalyticsDto['volume'][number]) => r.date, width: 12 },
        { header: 'Channel', value: (r: AnalyticsDto['volume'][number]) => r.channel },
        { header: 'Received', value: (r: AnalyticsDto['volume'][number]) => r.inbound },
        { header: 'Sent', value: (r: AnalyticsDto['volume'][number]) => r.outbound },
      ],
      rows: a.volume,
    },
    {
      name: 'Busiest hours',
      columns: [
        { header: 'Weekday', value: (r: AnalyticsDto['heatmap'][number]) => WEEKDAYS[r.weekday] },
        { header: 'Hour (UTC)', value: (r: AnalyticsDto['heatmap'][number]) => r.hour },
        { header: 'Messages received', value: (r: AnalyticsDto['heatmap'][number]) => r.count },
      ],
      rows: a.heatmap,
    },
    { name: 'Pages', columns: tableColumns('Page'), rows: a.pages },
    { name: 'Locations', columns: tableColumns('Location'), rows: a.locations },
  ];
  return buildWorkbook(sheets);
}

const CONNECTION_LABELS: Record<string, string> = {
  connected: 'Connected',
  reconnect_needed: 'Reconnect needed',
  not_connected: 'Not connected',
};

/** The "pages" Excel export: the pages the member sees with their state and counts. */
export async function pagesWorkbook(db: Db, scope: Scope): Promise<Buffer> {
  const pages = await listPages(db, scope);
  type P = (typeof pages)[number];
  return buildWorkbook([
    {
      name: 'Pages',
      intro: ['Message pages'],
      columns: [
        { header: 'Page', value: (p: P) => p.name, width: 32 },
        { header: 'Channel', value: (p: P) => p.provider },
        { header: 'Page id', value: (p: P) => p.externalId, width: 24 },
        { header: 'Location', value: (p: P) => p.locationName, width: 28 },
        { header: 'Enabled', value: (p: P) => (p.enabled ? 'Yes' : 'No') },
        { header: 'Connection', value: (p: P) => CONNECTION_LABELS[p.connectionState] ?? p.connectionState, width: 18 },
        { header: 'Last error', value: (p: P) => p.lastError, width: 40 },
        { header: 'Conversations', value: (p: P) => p.conversations },
        { header: 'Unread messages', value: (p: P) => p.unread },
      ],
      rows: pages,
    },
  ]);
}
