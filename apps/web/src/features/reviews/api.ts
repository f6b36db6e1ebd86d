import type { ReviewFilterValues } from '@reputo/core';
import { toQueryString } from '@reputo/core';
import { api } from '../../lib/api';
import type { ApiResponse } from '../../lib/apiTypes';

export type ReviewPage = ApiResponse<'/v2/api/reviews'>;
export type ReviewDto = ReviewPage['reviews'][number];
export type ReplyDto = ApiResponse<'/v2/api/responses/create', 'post'>;
export type Category = ApiResponse<'/v2/api/reviewCategory'>['categories'][number];
export type CaseResolution = ApiResponse<'/v2/api/caseResolution'>['caseResolutions'][number];
export type Template = ApiResponse<'/v2/api/templates'>['templates'][number];
export type RatingSummary = ApiResponse<'/v2/api/reviews/rating'>;
export type ResponseRate = ApiResponse<'/v2/api/reviews/response_rate'>;
export type ImportStatus = ApiResponse<'/v2/api/reviews/upload/{id}'>;
export type ShareCard = ApiResponse<'/v2/api/reviews/share/{id}'>;
export type ReviewAlertPage = ApiResponse<'/v2/api/reviewAlerts'>;
export type ReviewAlert = ReviewAlertPage['data'][number];

const qs = (filter: ReviewFilterValues, paging = true) =>
  Object.fromEntries(new URLSearchParams(toQueryString(filter, { paging })));

export const reviewsApi = {
  list: (filter: ReviewFilterValues, signal?: AbortSignal) =>
    api<ReviewPage>('/v2/api/reviews', { query: qs(filter), signal }),
  rating: (filter: ReviewFilterValues, signal?: AbortSignal) =>
    api<RatingSummary>('/v2/api/reviews/rating', { query: qs(filter, false), signal }),
  responseRate: (filter: ReviewFilterValues, signal?: AbortSignal) =>
    api<ResponseRate>('/v2/api/reviews/response_rate', { query: qs(filter, false), signal }),
  savedFilters: () => api<ApiResponse<'/v2/api/user/filters'>>('/v2/api/user/filters'),
  saveFilters: (filter: ReviewFilterValues) =>
    api<ApiResponse<'/v2/api/user/filters', 'post'>>('/v2/api/user/filters', {
      method: 'POST',
      body: { filters: qs(filter, false) },
    }),
  locations: () => api<ApiResponse<'/v2/api/locations/shortinfo'>>('/v2/api/locations/shortinfo'),
  categories: () => api<ApiResponse<'/v2/api/reviewCategory'>>('/v2/api/reviewCategory'),
  caseResolutions: () => api<ApiResponse<'/v2/api/caseResolution'>>('/v2/api/caseResolution'),
  templates: (rating?: number | null) =>
    api<ApiResponse<'/v2/api/templates'>>('/v2/api/templates', { query: { rating: rating ?? undefined } }),
  assign: (id: number, body: { case_resolution?: number | null; review_categories?: number[] }) =>
    api<ReviewDto>(`/v2/api/reviews/${id}`, { method: 'PATCH', body }),
  remove: (id: number) =>
    api<ApiResponse<'/v2/api/reviews/{id}', 'delete'>>(`/v2/api/reviews/${id}`, { method: 'DELETE' }),
  reply: (body: { reviewId: number; text: string; status: 'draft' | 'posted'; origin: 'manual' | 'template' | 'ai' }) =>
    api<ReplyDto>('/v2/api/responses/create', { method: 'POST', body }),
  updateReply: (id: number, body: { text?: string; status?: 'draft' | 'posted' }) =>
    api<ReplyDto>(`/v2/api/responses/update/${id}`, { method: 'PATCH', body }),
  deleteReply: (id: number) =>
    api<ApiResponse<'/v2/api/responses/delete/{id}', 'delete'>>(`/v2/api/responses/delete/${id}`, { method: 'DELETE' }),
  retry: (reply: ReplyDto, source: string) =>
    api<ReplyDto>(`/v2/api/reviews/replay/${source === 'google' ? 'withGoole' : 'withFacebook'}`, {
      query: { responseId: reply.id },
    }),
  generate: (reviewId: number) =>
    api<ApiResponse<'/v2/api/generageResponseWithChatGpt'>>('/v2/api/generageResponseWithChatGpt', {
      query: { reviewId },
    }),
  suggest: (reviewId: number) =>
    api<ApiResponse<'/v2/api/reviewCategory/suggest/{id}'>>(`/v2/api/reviewCategory/suggest/${reviewId}`),
  translate: (reviewId: number) =>
    api<ApiResponse<'/v2/api/reviews/translate/{id}'>>(`/v2/api/reviews/translate/${reviewId}`),
  share: (reviewId: number, sharingSource: string) =>
    api<ApiResponse<'/v2/api/reviews/image', 'post'>>('/v2/api/reviews/image', {
      method: 'POST',
      body: { reviewId, sharingSource },
    }),
  shareCard: (id: string) => api<ShareCard>(`/v2/api/reviews/share/${id}`, { auth: false }),
  exportLink: (format: 'pdf' | 'excel' | 'rating' | 'response_rate', filter: ReviewFilterValues) =>
    api<ApiResponse<'/v2/api/reviews/export/link', 'post'>>('/v2/api/reviews/export/link', {
      method: 'POST',
      body: { format, query: toQueryString(filter, { paging: false }) },
    }),
  upload: (fileName: string, content: string) =>
    api<ImportStatus>('/v2/api/reviews/upload', { method: 'POST', body: { fileName, content } }),
  uploadStatus: (id: number) => api<ImportStatus>(`/v2/api/reviews/upload/${id}`),
  example: () => api<string>('/v2/api/reviews/upload/example'),
  alerts: () => api<ReviewAlertPage>('/v2/api/reviewAlerts'),
  acknowledgeAlert: (id: number) =>
    api<ReviewAlert>(`/v2/api/reviewAlerts/${id}`, { method: 'PATCH', body: { acknowledged: true } }),
  rejectedCsv: (id: number) => api<string>(`/v2/api/reviews/upload/${id}/rejected`),
};
