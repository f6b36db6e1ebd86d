import { RANKING_SORTS, SORT_ORDERS } from '@reputo/core';

/**
 * Each client on its own view (issue 31): what a user changes on a report or list before it asks.
 * A request's view is drawn from a generator seeded by the call's name and the request's number, so
 * a run asks the same sequence of views again (reproducible), and 32 clients rarely ask the same one:
 * a start date in the last two years (lists, and reports that have a window: all-time ones stay so), a
 * subset of 1 to 25 of the company's locations or none, a page from 1 to 10 on lists and rankings,
 * and a ranking's sort column and order.
 */
export type ViewKind = 'firstPage' | 'list' | 'report' | 'ranking';

export interface ViewContext {
  today: string;
  locationIds: number[];
}

/** mulberry32: a small, fast, seeded generator (reproducibility matters here, not cryptography). */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const between = (rnd: () => number, lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
const pick = <T>(rnd: () => number, items: readonly T[]) => items[Math.floor(rnd() * items.length)]!;

function sample(rnd: () => number, ids: number[], count: number): number[] {
  const pool = [...ids];
  const out: number[] = [];
  while (out.length < count && pool.length) out.push(pool.splice(Math.floor(rnd() * pool.length), 1)[0]!);
  return out.sort((a, b) => a - b);
}

function daysBefore(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** The path of the n-th request of a call in its own view. */
export function viewPath(base: string, kind: ViewKind, name: string, n: number, ctx: ViewContext): string {
  const rnd = seeded(hash(name) ^ Math.imul(n + 1, 2654435761));
  const url = new URL(base, 'http://bench');
  const q = url.searchParams;
  if (kind === 'firstPage' || kind === 'list' || q.has('date_from') || q.has('date_preset')) {
    q.delete('date_preset');
    q.set('date_from', daysBefore(ctx.today, between(rnd, 1, 730)));
    q.set('date_to', ctx.today);
  }
  // One view in four is the whole company, as most users leave the location filter alone.
  let locations = ctx.locationIds.length;
  if (locations && rnd() >= 0.25) {
    const subset = sample(rnd, ctx.locationIds, between(rnd, 1, 25));
    q.set('locations', subset.join(','));
    locations = subset.length;
  }
  if (kind === 'list') q.set('page', String(between(rnd, 1, 10)));
  // A ranking has a row a location: its pages end with them.
  if (kind === 'ranking') q.set('page', String(between(rnd, 1, Math.min(10, Math.ceil(locations / 20) || 1))));
  if (kind === 'ranking') {
    q.set('sort', pick(rnd, RANKING_SORTS));
    q.set('order', pick(rnd, SORT_ORDERS));
  }
  return `${url.pathname}?${q.toString().replaceAll('%2C', ',')}`;
}
