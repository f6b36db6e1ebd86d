import { actingParams, toQueryString, type RankingTableParams, type ReviewFilterValues } from '@reputo/core';
import { api } from '../../lib/api';
import { session } from '../../lib/session';

/** Calls of the reporting pages, the dashboard and the competitor settings. */

export interface Period { from: string; to: string }
export interface Stars { 1: number; 2: number; 3: number; 4: number; 5: number }
export interface Figures {
  reviews: number; rated: number; average: number | null; with_text: number; responded: number; response_rate: number | null;
  avg_response_hours: number | null; positive: number; neutral: number; negative: number; sentiment_score: number | null; stars: Stars;
}
export interface Periods { period: Period; previous_period: Period | null; week_start?: number }

export interface AverageReport extends Periods {
  average: number | null; previous_average: number | null; change: number | null; rated: number; previous_rated: number | null;
  stars: Stars; previous_stars: Stars | null;
  sources: { source: string; title: string; average: number | null; rated: number; previous_average: number | null; change: number | null }[];
}
export interface VolumeReport extends Periods {
  reviews: number; previous_reviews: number | null; change: number | null; change_percent: number | null; with_text: number; responded: number;
  response_rate: number | null; previous_response_rate: number | null; response_rate_change: number | null;
  avg_response_hours: number | null; previous_avg_response_hours: number | null;
  sentiment: { positive: number; neutral: number; negative: number; score: number | null };
  sources: { source: string; title: string; reviews: number; previous_reviews: number | null; responded: number; response_rate: number | null; avg_response_hours: number | null; average: number | null }[];
}
export interface TrendPoint extends Figures { date: string }
export interface TrendsReport extends Periods { interval: 'day' | 'week' | 'month'; points: TrendPoint[]; previous_points: TrendPoint[] | null }
export interface LocationRow extends Figures {
  rank: number; location_id: number; title: string; code: string | null; city: string | null; brand: string | null; state: string | null;
  previous: { reviews: number; average: number | null; response_rate: number | null } | null;
  change: { reviews: number | null; average: number | null; response_rate: number | null };
}
export type RankingKind = 'performing' | 'improved' | 'lowest-reviews';
export interface LocationsReport extends Periods { total: number; page: number; per_page: number; total_pages: number; data: LocationRow[] }

export interface ReputationScore {
  period: Period; previous_period: Period | null; score: number | null; previous_score: number | null; change: number | null; formula: string;
  parts: Record<'rating' | 'sentiment' | 'responseRate' | 'volume' | 'recency', { value: number | null; score: number; weight: number }>;
}
export interface NpsWidget {
  nps: number | null; promoters: number; passives: number; detractors: number; responses: number; previous_nps: number | null; change: number | null;
  points: { date: string; nps: number | null; responses: number }[];
}
export interface FeedbackWidget {
  reviews: number; previous_reviews: number | null; average: number | null; previous_average: number | null; change: number | null; unanswered: number;
  response_rate: number | null; latest: { id: number; author_name: string | null; rating: number | null; text: string | null; source: string; created_at: string; responded: boolean; location: string | null }[];
}
export interface OtherWidget {
  reviews: number; previous_reviews: number | null; average: number | null; previous_average: number | null; unanswered: number;
  response_rate: number | null; previous_response_rate: number | null; avg_response_hours: number | null; previous_avg_response_hours: number | null;
  sentiment: { positive: number; neutral: number; negative: number; score: number | null }; stars: Stars;
  sources: { source: string; title: string; reviews: number; share: number; average: number | null }[];
}
export interface TopicRow {
  key: string; topic: string; subtopic: string | null; title: string; mentions: number; share: number | null; positive: number; neutral: number; negative: number;
  sentiment_score: number | null; previous_mentions: number | null; previous_sentiment_score: number | null; sentiment_change: number | null;
}
export interface PremiumWidget {
  features: { insightsReport: boolean; competitorBenchmarking: boolean };
  topics: { praised: TopicRow[]; criticised: TopicRow[] } | null;
  competitors: { own: Brief; competitors: Brief; gap: number | null; locations: number; ahead: number; behind: number } | null;
}
export interface Brief { reviews: number; average: number | null; response_rate: number | null; avg_response_hours: number | null; sentiment_score: number | null }

export interface TopicsReport extends Periods { reviews_with_text: number; data: TopicRow[] }
export interface WordRow { word: string; mentions: number; positive: number; neutral: number; negative: number; sentiment_score: number | null }
export interface WordsReport extends Periods { data: WordRow[]; positive: WordRow[]; negative: WordRow[] }
export interface TopicTrend extends Periods {
  interval: string; topics: { key: string; title: string }[];
  points: { date: string; topics: Record<string, { mentions: number; positive: number; negative: number; sentiment_score: number | null }> }[];
}
export interface Category { key: string; title: string; subtopics: { key: string; title: string }[] }

export interface BenchmarkLocation {
  location_id: number; title: string; code: string | null; brand: string | null; state: string | null;
  own: Brief & { previous_average: number | null }; competitors_total: Brief; gap: number | null; rank: number | null; of: number;
  competitors: { competitor_id: number; competitor_location_id: number; name: string; title: string; reviews: number; average: number | null; response_rate: number | null }[];
}
export interface Benchmark extends Periods {
  competitor_sources: { value: string; title: string }[]; limits: { sources: number; per_location: number };
  summary: { own: Brief; competitors: Brief; gap: number | null; response_rate_gap: number | null };
  topics: { topic: string; title: string; own: { mentions: number; sentiment_score: number | null }; competitors: { mentions: number; sentiment_score: number | null } }[];
  locations: BenchmarkLocation[];
}
export interface CompetitorBranch { id?: number; location_id: number; location_title?: string | null; title: string; address: string | null; sources: Record<string, string> }
export interface Competitor { id: number; name: string; created_at: string; updated_at: string; locations: CompetitorBranch[] }
export interface ReportSetting { enabled: boolean; frequency: 'weekly' | 'monthly'; recipients: string[]; locations: number[] | null; email: string; last_sent_at: string | null; next_run_at: string | null }
export interface ShortLocation { id: number; title: string; locationId: string | null; brandId: number | null; brand: string | null; stateId: number | null; state: string | null }

export type StatsFilter = ReviewFilterValues & { interval?: 'day' | 'week' | 'month'; limit?: number };

function q(filter: StatsFilter): Record<string, string> {
  const out = Object.fromEntries(new URLSearchParams(toQueryString(filter, { paging: false })));
  if (filter.interval) out.interval = filter.interval;
  if (filter.limit) out.limit = String(filter.limit);
  return out;
}

const get = <T,>(path: string, filter: StatsFilter, signal?: AbortSignal, extra: Record<string, string> = {}) => api<T>(path, { query: { ...q(filter), ...extra }, signal });

export const reportingApi = {
  average: (f: StatsFilter, s?: AbortSignal) => get<AverageReport>('/v2/api/statistics/reviews/average', f, s),
  volume: (f: StatsFilter, s?: AbortSignal) => get<VolumeReport>('/v2/api/statistics/reviews/volume', f, s),
  trends: (f: StatsFilter, s?: AbortSignal) => get<TrendsReport>('/v2/api/statistics/trends', f, s),
  /** One page of a ranking, sorted by the server. */
  locations: (kind: RankingKind, f: StatsFilter, table: RankingTableParams, s?: AbortSignal) =>
    get<LocationsReport>(`/v2/api/statistics/locations/${kind}`, f, s, { page: String(table.page), per_page: String(table.per_page), sort: table.sort, order: table.order }),
  reputation: (f: StatsFilter, s?: AbortSignal) => get<ReputationScore>('/v2/api/dashboard/reputationScore', f, s),
  nps: (f: StatsFilter, s?: AbortSignal) => get<NpsWidget>('/v2/api/dashboard/netPromoterScore', f, s),
  feedback: (f: StatsFilter, s?: AbortSignal) => get<FeedbackWidget>('/v2/api/dashboard/feedback', f, s),
  other: (f: StatsFilter, s?: AbortSignal) => get<OtherWidget>('/v2/api/dashboard/other', f, s),
  premium: (f: StatsFilter, s?: AbortSignal) => get<PremiumWidget>('/v2/api/dashboard/premium', f, s),
  categories: (s?: AbortSignal) => api<{ data: Category[] }>('/v3/insights/categories', { signal: s }),
  primary: (f: StatsFilter, s?: AbortSignal) => get<TopicsReport>('/v3/insights/primary', f, s),
  secondary: (f: StatsFilter, topic: string | undefined, s?: AbortSignal) => get<TopicsReport>('/v3/insights/secondary', f, s, topic ? { topic } : {}),
  words: (f: StatsFilter, s?: AbortSignal) => get<WordsReport>('/v3/insights/words', f, s),
  topicTrend: (f: StatsFilter, topics: string[], s?: AbortSignal) => get<TopicTrend>('/v3/insights/trend', f, s, topics.length ? { topics: topics.join(',') } : {}),
  benchmark: (f: StatsFilter, s?: AbortSignal) => get<Benchmark>('/v2/api/competitor/pageData', f, s),
  locationsShort: () => api<{ locations: ShortLocation[] }>('/v2/api/locations/shortinfo'),
  competitors: () => api<{ data: Competitor[]; total: number }>('/v2/api/competitor', { query: { per_page: 100 } }),
  createCompetitor: (body: { name: string; locations: CompetitorBranch[] }) => api<Competitor>('/v2/api/competitor', { method: 'POST', body }),
  updateCompetitor: (id: number, body: { name: string; locations: CompetitorBranch[] }) => api<Competitor>(`/v2/api/competitor/${id}`, { method: 'PATCH', body }),
  deleteCompetitor: (id: number) => api<{ message: string }>(`/v2/api/competitor/${id}`, { method: 'DELETE' }),
  uploadCompetitors: (filename: string, content: string) => api<{ imported: number; skipped: number; rejected: { line: number; reason: string }[] }>('/v2/api/competitor/upload', { method: 'POST', body: { filename, content } }),
  reportSetting: () => api<ReportSetting>('/v2/api/reportSettings'),
  saveReportSetting: (body: { enabled: boolean; frequency: 'weekly' | 'monthly'; recipients: string[] }) => api<ReportSetting>('/v2/api/reportSettings', { method: 'POST', body }),
  triggerReport: (frequency: 'weekly' | 'monthly') => api<{ message: string }>('/v2/api/reportSettings/trigger', { method: 'POST', body: { frequency } }),
};

/**
 * The address of an Excel export for a plain browser download: the filter, the acting-as parameters
 * and the access token as `access_token` (a download cannot send headers). Call `api('/v2/api/me')`
 * first so an expired token is refreshed by the client before the link is opened.
 */
export async function downloadExport(path: string, filter: StatsFilter, extra: Record<string, string> = {}): Promise<void> {
  await api('/v2/api/me');
  const params = new URLSearchParams({ ...q(filter), ...extra });
  for (const [k, v] of actingParams(session.get().acting, path)) params.set(k, v);
  const token = session.get().login?.access_token;
  if (token) params.set('access_token', token);
  const a = document.createElement('a');
  a.href = `${path}?${params.toString()}`;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
