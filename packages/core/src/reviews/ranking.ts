/**
 * The location rankings' table (Reporting > Ranking, Responses) pages and sorts on the server: a
 * 1,000-location company would otherwise send every location for a table that shows 20.
 */

/** The columns a ranking table sorts by (nulls always last); `rank` is the ranking's own order. */
export const RANKING_SORTS = [
  'rank',
  'title',
  'brand',
  'state',
  'reviews',
  'responded',
  'unanswered',
  'average',
  'average_change',
  'response_rate',
  'response_rate_change',
  'avg_response_hours',
  'sentiment_score',
] as const;
export type RankingSort = (typeof RANKING_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Rows a ranking sends per page at most: every location of a big company in one answer, for those who want it. */
export const RANKING_MAX_PER_PAGE = 1000;

/** The table part of a ranking call. */
export interface RankingTableParams {
  page: number;
  per_page: number;
  sort: RankingSort;
  order: SortOrder;
}
