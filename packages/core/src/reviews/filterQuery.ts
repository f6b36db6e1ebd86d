/**
 * The review filter written as a query string, and what the web app reads off a filter without
 * parsing one: kept apart from the schema (filters.ts) so that a screen that only writes a filter's
 * query string does not load zod (20 kB brotli) with it.
 */
import { presetRange, type DateMode, type DatePreset, type WeekStart } from '../dates';
import type { ReviewFilterValues } from './filters';

/** The filter keys in the order a query string lists them (the schema's keys, filters.ts checks). */
export const REVIEW_FILTER_KEYS = [
  'date_from',
  'date_to',
  'date_preset',
  'date_mode',
  'brands',
  'states',
  'locations',
  'sources',
  'ratings',
  'with_text',
  'answered',
  'removed',
  'categories',
  'case_resolution',
  'search',
  'page',
  'per_page',
] as const;
export type ReviewFilterKey = (typeof REVIEW_FILTER_KEYS)[number];

function encodeValue(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.length === 0 ? null : value.map(String).join(',');
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = String(value);
  return text === '' ? null : text;
}

/**
 * The query string of a filter (without '?'), parameters in a stable order, unset ones left out,
 * so equal filters give equal strings (usable as a cache key). Round-trips through the schema.
 * `paging: false` leaves out page and per_page (saved filters, export links).
 */
export function toQueryString(filter: ReviewFilterValues, options: { paging?: boolean } = {}): string {
  const params = new URLSearchParams();
  for (const key of REVIEW_FILTER_KEYS) {
    if (options.paging === false && (key === 'page' || key === 'per_page')) continue;
    const encoded = encodeValue(filter[key]);
    if (encoded !== null) params.set(key, encoded);
  }
  return params.toString();
}

/** An inclusive range of UTC calendar days; either side may be open. */
export interface ResolvedDateRange {
  from?: string;
  to?: string;
}

/**
 * The days a filter covers: a preset (seen from `today`, the user's week start) replaces explicit
 * dates; `date_mode` 'date_from' keeps only the start, 'date_to' only the end, 'both' (default) both.
 */
export function resolveDateRange(
  filter: Pick<ReviewFilterValues, 'date_from' | 'date_to' | 'date_preset' | 'date_mode'>,
  today: Date,
  weekStart: WeekStart = 7,
): ResolvedDateRange {
  const preset: DatePreset | undefined = filter.date_preset;
  const base = preset ? presetRange(preset, today, weekStart) : { from: filter.date_from, to: filter.date_to };
  const mode: DateMode = filter.date_mode ?? 'both';
  const range: ResolvedDateRange = {};
  if (base.from && mode !== 'date_to') range.from = base.from;
  if (base.to && mode !== 'date_from') range.to = base.to;
  return range;
}

/** Whether a filter narrows the list at all (paging aside): the UI shows "Clear filters" then. */
export function hasActiveFilter(filter: ReviewFilterValues): boolean {
  return REVIEW_FILTER_KEYS.some((k) => k !== 'page' && k !== 'per_page' && encodeValue(filter[k]) !== null);
}
