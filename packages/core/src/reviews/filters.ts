/**
 * The review filter of the reviews workspace, shared by the web app (it writes the query string)
 * and the API (it parses the same query string). Reporting reuses it for its own filters.
 *
 * Every value travels as a query-string text: lists are comma-separated ("1,2,3"), booleans are
 * 'true' or 'false', dates are 'YYYY-MM-DD'. Parsing turns them into typed values and rejects
 * anything else with a message that names the field, so bad input is a 400, never a silent filter.
 *
 * Dates are calendar days in UTC, the same days as the daily rollup (review_daily), so a count
 * on the list and the same filter on a report always agree. A preset (`date_preset`) is resolved
 * with `resolveDateRange` and wins over explicit dates; `date_mode` says which side applies.
 */
import { z } from 'zod';
import { MAX_ID } from '../ids';
import { DATE_MODES, DATE_PRESETS, isIsoDate } from '../dates';
import { SOURCES } from '../sources';
import type { ReviewFilterKey } from './filterQuery';

export const REVIEWS_DEFAULT_PER_PAGE = 20;
export const REVIEWS_MAX_PER_PAGE = 100;
export const REVIEW_SEARCH_MAX_LENGTH = 200;

/** A query parameter may arrive once ("1,2") or repeated (["1", "2"]); both mean the same list. */
function commaItems(value: unknown): string[] {
  const parts = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [];
  return parts
    .flatMap((p) => p.split(','))
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

/** Comma-separated positive ids. 0 is allowed where the field documents it ("none assigned"). */
function idList(field: string, allowZero = false) {
  return z.preprocess(
    commaItems,
    z.array(
      z
        .string()
        .regex(/^\d{1,10}$/, `${field} must be a comma-separated list of ids`)
        .transform(Number)
        .refine((n) => n <= MAX_ID && (allowZero || n > 0), `${field} must be a comma-separated list of ids`),
    ),
  );
}

const SOURCE_VALUES = new Set(SOURCES.map((s) => s.value));

const sourceList = z.preprocess(
  commaItems,
  z.array(
    z.string().refine((s) => SOURCE_VALUES.has(s), { error: (i) => `Unknown review source: ${String(i.input)}` }),
  ),
);

const ratingList = z.preprocess(
  commaItems,
  z.array(z.enum(['1', '2', '3', '4', '5'], { error: 'ratings must be whole stars from 1 to 5' }).transform(Number)),
);

function booleanText(field: string) {
  return z.enum(['true', 'false'], { error: `${field} must be true or false` }).transform((v) => v === 'true');
}

function isoDate(field: string) {
  return z.string().refine(isIsoDate, `${field} must be a date written YYYY-MM-DD`);
}

/** A whole-number query parameter (page, per_page) with its bounds and the value it takes when absent. */
export function wholeNumber(field: string, min: number, max: number, fallback: number) {
  return z
    .string()
    .regex(/^\d{1,9}$/, `${field} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${field} must be between ${min} and ${max}`)
    .optional()
    .transform((n) => n ?? fallback);
}

/** Empty parameters ("?search=&ratings=") mean "not set", as a form with a cleared field sends them. */
export function emptyAsUnset(value: unknown): unknown {
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) return undefined;
  return value;
}

function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(emptyAsUnset, schema.optional());
}

/**
 * The filter as it arrives in a query string. Unknown keys (paging of other lists, impersonation
 * parameters) are ignored. `categories` and `case_resolution` accept 0 for "none assigned".
 */
export const reviewFilterSchema = z.object({
  date_from: optional(isoDate('date_from')),
  date_to: optional(isoDate('date_to')),
  date_preset: optional(z.enum(DATE_PRESETS, { error: `date_preset must be one of ${DATE_PRESETS.join(', ')}` })),
  date_mode: optional(z.enum(DATE_MODES, { error: `date_mode must be one of ${DATE_MODES.join(', ')}` })),
  brands: optional(idList('brands')),
  states: optional(idList('states')),
  locations: optional(idList('locations')),
  sources: optional(sourceList),
  ratings: optional(ratingList),
  with_text: optional(booleanText('with_text')),
  answered: optional(booleanText('answered')),
  /** Reviews that review sync found removed at their source (true), or those still there (false). */
  removed: optional(booleanText('removed')),
  categories: optional(idList('categories', true)),
  case_resolution: optional(idList('case_resolution', true)),
  search: optional(
    z
      .string()
      .transform((s) => s.trim())
      .refine(
        (s) => s.length <= REVIEW_SEARCH_MAX_LENGTH,
        `search must be at most ${REVIEW_SEARCH_MAX_LENGTH} characters`,
      ),
  ),
  page: z.preprocess(emptyAsUnset, wholeNumber('page', 1, 1_000_000, 1)),
  per_page: z.preprocess(emptyAsUnset, wholeNumber('per_page', 1, REVIEWS_MAX_PER_PAGE, REVIEWS_DEFAULT_PER_PAGE)),
  // Exactly the keys a query string lists (filterQuery.ts): a key added to one only fails to compile.
} satisfies Record<ReviewFilterKey, z.ZodType>);

/** A parsed filter: typed values, page and per_page always set. */
export type ReviewFilter = z.output<typeof reviewFilterSchema>;
/** What a caller may hold before parsing or writing a query string: any subset of the typed values. */
export type ReviewFilterValues = Partial<ReviewFilter>;

/** Parses a query object (as Fastify or URLSearchParams give it); throws a ZodError on bad input. */
export function parseReviewFilter(query: Record<string, unknown>): ReviewFilter {
  return reviewFilterSchema.parse(query);
}
