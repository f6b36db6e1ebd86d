import { openDownload } from '../../lib/download';
import { toQueryString, type RankingTableParams, type ReviewFilterValues } from '@reputo/core';
import { api } from '../../lib/api';
import type { ApiResponse } from '../../lib/apiTypes';

/** Calls of the reporting pages, the dashboard and the competitor settings. */

export type AverageReport = ApiResponse<'/v2/api/statistics/reviews/average'>;
export type VolumeReport = ApiResponse<'/v2/api/statistics/reviews/volume'>;
export type TrendsReport = ApiResponse<'/v2/api/statistics/trends'>;
export type TrendPoint = TrendsReport['points'][number];
export type Period = TrendsReport['period'];
export type Stars = TrendPoint['stars'];
export type Figures = Omit<TrendPoint, 'date'>;
export type Periods = Pick<TrendsReport, 'period' | 'previous_period'> & { week_start?: number };
export type LocationsReport = ApiResponse<'/v2/api/statistics/locations/performing'>;
export type LocationRow = LocationsReport['data'][number];
export type RankingKind = 'performing' | 'improved' | 'lowest-reviews';

export type ReputationScore = ApiResponse<'/v2/api/dashboard/reputationScore'>;
export type NpsWidget = ApiResponse<'/v2/api/dashboard/netPromoterScore'>;
export type FeedbackWidget = ApiResponse<'/v2/api/dashboard/feedback'>;
export type OtherWidget = ApiResponse<'/v2/api/dashboard/other'>;
export type PremiumWidget = ApiResponse<'/v2/api/dashboard/premium'>;
export type Brief = NonNullable<PremiumWidget['competitors']>['own'];

export type TopicsReport = ApiResponse<'/v3/insights/primary'>;
export type TopicRow = TopicsReport['data'][number];
export type WordsReport = ApiResponse<'/v3/insights/words'>;
export type WordRow = WordsReport['data'][number];
export type TopicTrend = ApiResponse<'/v3/insights/trend'>;
type Categories = ApiResponse<'/v3/insights/categories'>;
export type Category = Categories['data'][number];

export type Benchmark = ApiResponse<'/v2/api/competitor/pageData'>;
export type BenchmarkLocation = Benchmark['locations'][number];
/** A branch as the competitor form edits and sends it (a new one has no id yet). */
export interface CompetitorBranch {
  id?: number;
  location_id: number;
  location_title?: string | null;
  title: string;
  address: string | null;
  sources: Record<string, string>;
}
export type Competitor = ApiResponse<'/v2/api/competitor/{id}'>;
export type ReportSetting = ApiResponse<'/v2/api/reportSettings'>;
export type ShortLocation = ApiResponse<'/v2/api/locations/shortinfo'>['locations'][number];

export type StatsFilter = ReviewFilterValues & { interval?: 'day' | 'week' | 'month'; limit?: number };

function q(filter: StatsFilter): Record<string, string> {
  const out = Object.fromEntries(new URLSearchParams(toQueryString(filter, { paging: false })));
  if (filter.interval) out.interval = filter.interval;
  if (filter.limit) out.limit = String(filter.limit);
  return out;
}

const get = <T>(path: string, filter: StatsFilter, signal?: AbortSignal, extra: Record<string, string> = {}) =>
  api<T>(path, { query: { ...q(filter), ...extra }, signal });

export const reportingApi = {
  average: (f: StatsFilter, s?: AbortSignal) => get<AverageReport>('/v2/api/statistics/reviews/average', f, s),
  volume: (f: StatsFilter, s?: AbortSignal) => get<VolumeReport>('/v2/api/statistics/reviews/volume', f, s),
  trends: (f: StatsFilter, s?: AbortSignal) => get<TrendsReport>('/v2/api/statistics/trends', f, s),
  /** One page of a ranking, sorted by the server. */
  locations: (kind: RankingKind, f: StatsFilter, table: RankingTableParams, s?: AbortSignal) =>
    get<LocationsReport>(`/v2/api/statistics/locations/${kind}`, f, s, {
      page: String(table.page),
      per_page: String(table.per_page),
      sort: table.sort,
      order: table.order,
    }),
  reputation: (f: StatsFilter, s?: AbortSignal) => get<ReputationScore>('/v2/api/dashboard/reputationScore', f, s),
  nps: (f: StatsFilter, s?: AbortSignal) => get<NpsWidget>('/v2/api/dashboard/netPromoterScore', f, s),
  feedback: (f: StatsFilter, s?: AbortSignal) => get<FeedbackWidget>('/v2/api/dashboard/feedback', f, s),
  other: (f: StatsFilter, s?: AbortSignal) => get<OtherWidget>('/v2/api/dashboard/other', f, s),
  premium: (f: StatsFilter, s?: AbortSignal) => get<PremiumWidget>('/v2/api/dashboard/premium', f, s),
  categories: (s?: AbortSignal) => api<Categories>('/v3/insights/categories', { signal: s }),
  primary: (f: StatsFilter, s?: AbortSignal) => get<TopicsReport>('/v3/insights/primary', f, s),
  secondary: (f: StatsFilter, topic: string | undefined, s?: AbortSignal) =>
    get<TopicsReport>('/v3/insights/secondary', f, s, topic ? { topic } : {}),
  words: (f: StatsFilter, s?: AbortSignal) => get<WordsReport>('/v3/insights/words', f, s),
  topicTrend: (f: StatsFilter, topics: string[], s?: AbortSignal) =>
    get<TopicTrend>('/v3/insights/trend', f, s, topics.length ? { topics: topics.join(',') } : {}),
  benchmark: (f: StatsFilter, s?: AbortSignal) => get<Benchmark>('/v2/api/competitor/pageData', f, s),
  locationsShort: () => api<ApiResponse<'/v2/api/locations/shortinfo'>>('/v2/api/locations/shortinfo'),
  competitors: () => api<ApiResponse<'/v2/api/competitor'>>('/v2/api/competitor', { query: { per_page: 100 } }),
  createCompetitor: (body: { name: string; locations: CompetitorBranch[] }) =>
    api<Competitor>('/v2/api/competitor', { method: 'POST', body }),
  updateCompetitor: (id: number, body: { name: string; locations: CompetitorBranch[] }) =>
    api<Competitor>(`/v2/api/competitor/${id}`, { method: 'PATCH', body }),
  deleteCompetitor: (id: number) =>
    api<ApiResponse<'/v2/api/competitor/{id}', 'delete'>>(`/v2/api/competitor/${id}`, { method: 'DELETE' }),
  uploadCompetitors: (filename: string, content: string) =>
    api<ApiResponse<'/v2/api/competitor/upload', 'post'>>('/v2/api/competitor/upload', {
      method: 'POST',
      body: { filename, content },
    }),
  reportSetting: () => api<ReportSetting>('/v2/api/reportSettings'),
  saveReportSetting: (body: { enabled: boolean; frequency: 'weekly' | 'monthly'; recipients: string[] }) =>
    api<ReportSetting>('/v2/api/reportSettings', { method: 'POST', body }),
  triggerReport: (frequency: 'weekly' | 'monthly') =>
    api<ApiResponse<'/v2/api/reportSettings/trigger', 'post'>>('/v2/api/reportSettings/trigger', {
      method: 'POST',
      body: { frequency },
    }),
};

/**
 * The address of an Excel export for a plain browser download: the filter, the acting-as parameters
 * and the access token as `access_token` (a download cannot send headers). Call `api('/v2/api/me')`
 * first so an expired token is refreshed by the client before the link is opened.
 */
export function downloadExport(path: string, filter: StatsFilter, extra: Record<string, string> = {}): Promise<void> {
  return openDownload(path, new URLSearchParams({ ...q(filter), ...extra }));
}
