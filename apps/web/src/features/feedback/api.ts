import { toQueryString } from '@reputo/core';
import { api } from '../../lib/api';
import type { ApiResponse } from '../../lib/apiTypes';
import { openDownload } from '../../lib/download';
import type { StatsFilter } from '../reporting/api';

/** Landing pages (spec 001 section 7, spelt "lendingPage" as the spec does): settings, pages, QR codes, statistics. */

export type LandingSettings = ApiResponse<'/v2/api/lendingPageSettings'>;
export type LandingPage = ApiResponse<'/v2/api/lendingPage/location'>['data'][number];
export type LandingStatistics = ApiResponse<'/v2/api/lendingPageStatistic'>;
export type Figures = LandingStatistics['totals'];

export interface SettingsInput {
  rating_type?: LandingSettings['rating_type'];
  primary_color?: string;
  logo?: null;
  texts?: Record<string, Record<string, string>>;
  source_order?: string[];
  offer_id?: number | null;
  repeat_guard_days?: number;
  daily_cap_per_location?: number | null;
}

export const feedbackKeys = {
  settings: ['feedback', 'settings'] as const,
  pages: (kind: 'location' | 'brand') => ['feedback', 'pages', kind] as const,
  offers: ['feedback', 'offers'] as const,
  statistics: (f: StatsFilter) => ['feedback', 'statistics', f] as const,
  nps: (f: StatsFilter) => ['feedback', 'nps', f] as const,
};

/** The filter as query parameters, as the reports send it. */
function statsQuery(f: StatsFilter): Record<string, string> {
  const out = Object.fromEntries(new URLSearchParams(toQueryString(f, { paging: false })));
  if (f.interval) out.interval = f.interval;
  return out;
}

export const feedbackApi = {
  settings: (signal?: AbortSignal) => api<LandingSettings>('/v2/api/lendingPageSettings', { signal }),
  saveSettings: (body: SettingsInput) => api<LandingSettings>('/v2/api/lendingPageSettings', { method: 'PATCH', body }),
  logo: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api<LandingSettings>('/v2/api/lendingPageSettings/logo', { method: 'POST', body: form });
  },
  pages: (kind: 'location' | 'brand', signal?: AbortSignal) =>
    api<{ data: LandingPage[] }>(`/v2/api/lendingPage/${kind}`, { signal }),
  offers: (signal?: AbortSignal) =>
    api<ApiResponse<'/v2/api/offers'>>('/v2/api/offers', { query: { per_page: 100 }, signal }),
  statistics: (f: StatsFilter, signal?: AbortSignal) =>
    api<LandingStatistics>('/v2/api/lendingPageStatistic', { query: statsQuery(f), signal }),
  nps: (f: StatsFilter, signal?: AbortSignal) =>
    api<ApiResponse<'/v2/api/dashboard/netPromoterScore'>>('/v2/api/dashboard/netPromoterScore', {
      query: statsQuery({ ...f, interval: 'month' }),
      signal,
    }),
  exportStatistics: (f: StatsFilter) =>
    openDownload('/v2/api/lendingPageStatistic/export', new URLSearchParams(statsQuery(f))),
  /** A QR download (PNG, SVG or the table card PDF): the address carries the token, as exports do. */
  qr: (path: string) => openDownload(path),
};
