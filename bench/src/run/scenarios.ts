import type { ViewKind } from './views';

/**
 * The calls the benchmark measures, as the web app makes them. Reports use a 90-day window (the
 * span a manager looks at most) and, for a few, all time (the heaviest a report can be).
 */

export type Group = 'session' | 'reviews' | 'dashboard' | 'statistics' | 'insights' | 'reporting' | 'write' | 'share';

export interface Scenario {
  name: string;
  group: Group;
  method: 'GET' | 'POST';
  /** The route template, to tell whether the server has it yet. */
  route: string;
  path: string;
  /** Body of the n-th request (writes vary their target). */
  body?: (n: number) => unknown;
  /** Whose token: the big company's master admin, or the responder limited to 20 locations. */
  user: 'admin' | 'limited';
  /** The targets for this call (null: none). */
  targets: Targets | null;
  /** Writes are replayed raw inside one transaction that commits (the clean-up removes what they wrote). */
  write?: boolean;
  /** How the call's view varies when each client asks its own (`--views own`); unset: always this path. */
  view?: ViewKind;
}

export interface ScenarioContext {
  /** Reviews of the big company to read and reply to. */
  reviewIds: number[];
  brandId: number | null;
  today: string;
  /** The big company's locations, for views on a subset of them. */
  locationIds: number[];
}

/**
 * What issue 31 asks of a call: its p95 at the most clients (32), and for some also its p95 at one
 * client and its requests a second at the most clients.
 */
export interface Targets {
  p95Ms: number;
  singleP95Ms?: number;
  minRps?: number;
}
/** "Any filtered page p95 ≤ 60 ms at 32 clients" (a page of some days, locations, sources or stars). */
const FILTERED_PAGE: Targets = { p95Ms: 60 };
/** "First page p95 ≤ 20 ms at 1 client"; each client's own view filters it by days and locations too. */
const FIRST_PAGE: Targets = { p95Ms: 60, singleP95Ms: 20 };
/** "Every dashboard, statistics, reporting, insights and competitor call: p95 ≤ 100 ms at 32 clients, ≥ 300 req/s." */
const REPORT: Targets = { p95Ms: 100, minRps: 300 };
/** A single review is not a list page nor a report: the reports' latency without their throughput. */
const ONE_REVIEW: Targets = { p95Ms: 100 };
/** Ends every reply the benchmark writes, so the clean-up finds them. */
export const BENCH_MARK = '[bench]';
/** The Ranking page's table: its first page, in the ranking's order. */
const RANKING_TABLE = 'page=1&per_page=20&sort=rank&order=asc';

function daysBefore(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * How a call's view varies in `--views own`: lists by window, locations and page (the first page by
 * window and locations), rankings also by sort, reports by window and locations. The limited
 * responder's, the single review, a search and the deep page keep their one view.
 */
function viewOf(group: Group, path: string, user: Scenario['user']): ViewKind | undefined {
  if (user !== 'admin' || /search=|page=1000|reviews\/\d/.test(path)) return undefined;
  if (group === 'reviews' && path.startsWith('/v2/api/reviews?')) return 'list';
  if (group === 'reviews' && path === '/v2/api/reviews') return 'firstPage';
  if (path.includes('sort=')) return 'ranking';
  if (group === 'dashboard' || group === 'statistics' || group === 'insights' || group === 'reporting')
    return path.includes('/competitor') && !path.includes('pageData') ? undefined : 'report';
  if (group === 'reviews' && /rating|response_rate/.test(path)) return 'report';
  return undefined;
}

export function buildScenarios(c: ScenarioContext): Scenario[] {
  const window90 = `date_from=${daysBefore(c.today, 89)}&date_to=${c.today}`;
  const get = (
    group: Group,
    name: string,
    route: string,
    path: string,
    targets: Targets | null = group === 'reviews' ? FILTERED_PAGE : REPORT,
    user: Scenario['user'] = 'admin',
  ): Scenario => ({
    name,
    group,
    method: 'GET',
    route: `GET ${route}`,
    path,
    user,
    targets,
    view: viewOf(group, path, user),
  });
  const reviewId = c.reviewIds[0] ?? 1;
  const brand = c.brandId ? `&brands=${c.brandId}` : '';
  const out: Scenario[] = [
    get('session', 'me', '/v2/api/me', '/v2/api/me', null),
    get('reviews', 'reviews: first page', '/v2/api/reviews', '/v2/api/reviews', FIRST_PAGE),
    get(
      'reviews',
      'reviews: filtered page (brand, Google and Talabat, 1-2 stars, last quarter)',
      '/v2/api/reviews',
      `/v2/api/reviews?sources=google,talabat&ratings=1,2&date_preset=lastQuarter${brand}`,
    ),
    get('reviews', 'reviews: deep page (page 1,000)', '/v2/api/reviews', '/v2/api/reviews?page=1000'),
    get('reviews', 'reviews: full-text search "cold food"', '/v2/api/reviews', '/v2/api/reviews?search=cold%20food'),
    get(
      'reviews',
      'reviews: unanswered, last 90 days',
      '/v2/api/reviews',
      `/v2/api/reviews?answered=false&${window90}`,
    ),
    get(
      'reviews',
      'reviews: first page, responder limited to 20 locations',
      '/v2/api/reviews',
      '/v2/api/reviews',
      FIRST_PAGE,
      'limited',
    ),
    get('reviews', 'review with its replies', '/v2/api/reviews/:id', `/v2/api/reviews/${reviewId}`, ONE_REVIEW),
    get('reviews', 'rating summary (all time)', '/v2/api/reviews/rating', '/v2/api/reviews/rating', REPORT),
    get(
      'reviews',
      'response rate (all time)',
      '/v2/api/reviews/response_rate',
      '/v2/api/reviews/response_rate',
      REPORT,
    ),
  ];
  for (const w of ['reputationScore', 'netPromoterScore', 'feedback', 'other', 'premium']) {
    out.push(
      get('dashboard', `dashboard ${w} (90 days)`, `/v2/api/dashboard/${w}`, `/v2/api/dashboard/${w}?${window90}`),
    );
  }
  // Rankings as the Ranking page asks them: the table's first page of 20 (paged and sorted on the server).
  for (const s of [
    'locations/performing',
    'locations/improved',
    'locations/lowest-reviews',
    'reviews/average',
    'reviews/volume',
  ]) {
    const table = s.startsWith('locations/') ? `&${RANKING_TABLE}` : '';
    out.push(
      get(
        'statistics',
        `statistics ${s} (90 days)`,
        `/v2/api/statistics/${s}`,
        `/v2/api/statistics/${s}?${window90}${table}`,
      ),
    );
  }
  out.push(
    get(
      'statistics',
      'statistics trends, weekly (90 days)',
      '/v2/api/statistics/trends',
      `/v2/api/statistics/trends?interval=week&${window90}`,
    ),
    get(
      'statistics',
      'statistics trends, monthly (all time)',
      '/v2/api/statistics/trends',
      '/v2/api/statistics/trends?interval=month',
    ),
    get(
      'statistics',
      'statistics reviews/average (all time)',
      '/v2/api/statistics/reviews/average',
      '/v2/api/statistics/reviews/average',
    ),
    get(
      'statistics',
      'statistics locations/performing (all time)',
      '/v2/api/statistics/locations/performing',
      `/v2/api/statistics/locations/performing?${RANKING_TABLE}`,
    ),
    get(
      'statistics',
      'statistics locations/performing sorted by reviews, page 10 (90 days)',
      '/v2/api/statistics/locations/performing',
      `/v2/api/statistics/locations/performing?${window90}&page=10&per_page=20&sort=reviews&order=desc`,
    ),
  );
  out.push(get('insights', 'insights categories', '/v3/insights/categories', '/v3/insights/categories'));
  for (const i of ['primary', 'secondary', 'words', 'trend'])
    out.push(get('insights', `insights ${i} (90 days)`, `/v3/insights/${i}`, `/v3/insights/${i}?${window90}`));
  out.push(get('insights', 'insights primary (all time)', '/v3/insights/primary', '/v3/insights/primary'));
  out.push(
    get('reporting', 'competitors list', '/v2/api/competitor', '/v2/api/competitor'),
    get(
      'reporting',
      'competitor benchmark page (90 days)',
      '/v2/api/competitor/pageData',
      `/v2/api/competitor/pageData?${window90}`,
    ),
  );
  const pool = c.reviewIds.length ? c.reviewIds : [reviewId];
  out.push({
    name: 'reply (a draft on a review)',
    group: 'write',
    method: 'POST',
    route: 'POST /v2/api/responses/create',
    path: '/v2/api/responses/create',
    body: (n) => ({
      reviewId: pool[n % pool.length],
      text: `Thank you for your review, we have passed it on to the team (${n}). ${BENCH_MARK}`,
      status: 'draft',
    }),
    user: 'admin',
    targets: null,
    write: true,
  });
  return out;
}
