import { api } from '../../../lib/api';
import type { ApiResponse } from '../../../lib/apiTypes';
import { formatNumber } from '../../../i18n/format';

/** Feedback campaigns (GET/POST v2/api/feedback/campaigns and its calls). */

export type Campaign = ApiResponse<'/v2/api/feedback/campaigns/{id}'>;
export type CampaignPage = ApiResponse<'/v2/api/feedback/campaigns'>;
export type CampaignOptions = ApiResponse<'/v2/api/feedback/campaigns/options'>;
export type AudiencePreview = ApiResponse<'/v2/api/feedback/campaigns/preview', 'post'>;
export type Comparison = ApiResponse<'/v2/api/feedback/campaigns/comparison'>;
export type Funnel = ApiResponse<'/v2/api/feedback/campaigns/{id}/funnel'>;
export type RecipientPage = ApiResponse<'/v2/api/feedback/campaigns/{id}/recipients'>;
export type Recipient = RecipientPage['data'][number];
export type Channel = Campaign['channel'];
export type Segment = Campaign['segment'];

export interface CampaignInput {
  name: string;
  channel: Channel;
  list_id: number | null;
  segment: Segment;
  template_id: number | null;
  reminder_after_days: number | null;
  reminder_template_id: number | null;
  offer_id: number | null;
}

const BASE = '/v2/api/feedback/campaigns';

export const campaignKeys = {
  all: ['campaigns'] as const,
  list: (page: number) => ['campaigns', 'list', page] as const,
  one: (id: number) => ['campaigns', 'one', id] as const,
  funnel: (id: number) => ['campaigns', 'funnel', id] as const,
  recipients: (id: number, page: number, state: string | undefined) =>
    ['campaigns', 'recipients', id, page, state] as const,
  options: ['campaigns', 'options'] as const,
};

export const campaignsApi = {
  list: (page: number, signal?: AbortSignal) => api<CampaignPage>(BASE, { query: { page, per_page: 20 }, signal }),
  get: (id: number, signal?: AbortSignal) => api<Campaign>(`${BASE}/${id}`, { signal }),
  comparison: (signal?: AbortSignal) => api<Comparison>(`${BASE}/comparison`, { signal }),
  funnel: (id: number, signal?: AbortSignal) => api<Funnel>(`${BASE}/${id}/funnel`, { signal }),
  recipients: (id: number, page: number, state: string | undefined, signal?: AbortSignal) =>
    api<RecipientPage>(`${BASE}/${id}/recipients`, { query: { page, per_page: 20, state }, signal }),
  options: (signal?: AbortSignal) => api<CampaignOptions>(`${BASE}/options`, { signal }),
  preview: (body: { channel: Channel; list_id: number | null; segment: Segment }, signal?: AbortSignal) =>
    api<AudiencePreview>(`${BASE}/preview`, { method: 'POST', body, signal }),
  create: (body: CampaignInput) => api<Campaign>(BASE, { method: 'POST', body }),
  update: (id: number, body: Partial<CampaignInput>) => api<Campaign>(`${BASE}/${id}`, { method: 'PATCH', body }),
  remove: (id: number) => api<{ message: string }>(`${BASE}/${id}`, { method: 'DELETE' }),
  send: (id: number, scheduledAt: string | null) =>
    api<Campaign>(`${BASE}/${id}/send`, { method: 'POST', body: { scheduled_at: scheduledAt } }),
  cancel: (id: number) => api<Campaign>(`${BASE}/${id}/cancel`, { method: 'POST' }),
};

/** Each status's tag colour; its label is `feedback:campaigns.status.<status>`. */
export const STATUS_TAGS: Record<Campaign['status'], { color: string }> = {
  draft: { color: 'default' },
  scheduled: { color: 'blue' },
  sending: { color: 'processing' },
  sent: { color: 'green' },
  failed: { color: 'red' },
  cancelled: { color: 'default' },
};

export const MANAGERS = ['owner', 'partner', 'master_admin', 'manager'];

/** A rate as shown: one decimal at most, or a dash when nothing was sent. */
export const pct = (v: number | null) =>
  v === null ? '–' : formatNumber(v / 100, { style: 'percent', maximumFractionDigits: 1 });
