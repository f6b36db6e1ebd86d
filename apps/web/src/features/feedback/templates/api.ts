import { api } from '../../../lib/api';
import type { ApiResponse } from '../../../lib/apiTypes';

/** Feedback › Template: email and SMS invitation templates (v2/api/feedback/templates). */

export type CampaignTemplate = ApiResponse<'/v2/api/feedback/templates/{id}'>;
export type TemplatePage = ApiResponse<'/v2/api/feedback/templates'>;
export type TemplateChannel = CampaignTemplate['channel'];
export type TemplateLanguage = CampaignTemplate['language'];

export interface TemplateInput {
  name: string;
  channel: TemplateChannel;
  language: TemplateLanguage;
  subject: string | null;
  body: string;
}

export const PER_PAGE = 20;

export const templateKeys = {
  all: ['campaignTemplates'] as const,
  list: (page: number, search: string, channel: TemplateChannel | undefined) =>
    ['campaignTemplates', 'list', page, search, channel] as const,
};

const base = '/v2/api/feedback/templates';

export const templatesApi = {
  list: (page: number, search: string, channel: TemplateChannel | undefined, signal?: AbortSignal) =>
    api<TemplatePage>(base, { query: { page, per_page: PER_PAGE, search: search || undefined, channel }, signal }),
  create: (body: TemplateInput) => api<CampaignTemplate>(base, { method: 'POST', body }),
  update: (id: number, body: TemplateInput) => api<CampaignTemplate>(`${base}/${id}`, { method: 'PATCH', body }),
  remove: (id: number) => api<{ message: string }>(`${base}/${id}`, { method: 'DELETE' }),
  defaults: () => api<{ message: string }>(`${base}/defaults`, { method: 'POST' }),
};
