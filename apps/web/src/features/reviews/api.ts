import type { ReviewFilterValues } from '@reputo/core';
import { toQueryString } from '@reputo/core';
import { api } from '../../lib/api';

export interface ReplyDto {
  id: number;
  reviewId: number;
  text: string;
  status: 'draft' | 'posted' | 'failed' | string;
  failureReason: string | null;
  origin: string;
  externalId: string | null;
  author: { id: number; name: string } | null;
  createdAt: string;
  postedAt: string | null;
  updatedAt: string;
}

export interface ReviewDto {
  id: number;
  source: string;
  sourceTitle: string;
  name: string;
  rating: number | null;
  title: string | null;
  text: string | null;
  date: string;
  language: string | null;
  sentiment: number | null;
  url: string | null;
  location: { id: number; title: string; locationId: string | null; brandId: number | null; brandTitle: string | null; stateId: number | null; stateTitle: string | null } | null;
  caseResolution: number | null;
  reviewCategoryId: number | null;
  review_categories: number[];
  respondedAt: string | null;
  isFeedback: boolean;
  responses: ReplyDto[];
}

export interface ReviewPage {
  reviews: ReviewDto[];
  total_reviews_count: number;
  page: number;
  per_page: number;
  total_pages: number;
}

export interface Category { id: number; title: string; color: string; keywords: string[] }
export interface CaseResolution { id: number; title: string; color: string; position: number }
export interface Template { id: number; title: string; text: string; ratings: number[]; language: string }
export interface ShortLocation { id: number; title: string; locationId: string | null; brandId: number | null; brand: string | null; stateId: number | null; state: string | null }
export interface RatingSummary { average: number | null; total: number; rated: number; stars: Record<'1' | '2' | '3' | '4' | '5', number> }
export interface ResponseRate { target: number; total: number; responded: number; rate: number | null; averageResponseHours: number | null }
export interface ImportStatus { id: number; fileName: string; status: 'running' | 'done' | 'failed'; totalRows: number; processedRows: number; acceptedRows: number; savedRows: number; imported: number; duplicates: number; rejected: { line: number; reason: string }[]; rejectedTotal: number; error: string | null }
export interface ShareCard { service: string; serviceTitle: string; sharingSource: string; name: string; date: string; rating_value: number | null; review_text: string; location_name: string | null; location_location_id: string | null }

const qs = (filter: ReviewFilterValues, paging = true) => Object.fromEntries(new URLSearchParams(toQueryString(filter, { paging })));

export const reviewsApi = {
  list: (filter: ReviewFilterValues, signal?: AbortSignal) => api<ReviewPage>('/v2/api/reviews', { query: qs(filter), signal }),
  rating: (filter: ReviewFilterValues, signal?: AbortSignal) => api<RatingSummary>('/v2/api/reviews/rating', { query: qs(filter, false), signal }),
  responseRate: (filter: ReviewFilterValues, signal?: AbortSignal) => api<ResponseRate>('/v2/api/reviews/response_rate', { query: qs(filter, false), signal }),
  savedFilters: () => api<{ filters: Record<string, string> }>('/v2/api/user/filters'),
  saveFilters: (filter: ReviewFilterValues) => api<{ filters: Record<string, string> }>('/v2/api/user/filters', { method: 'POST', body: { filters: qs(filter, false) } }),
  locations: () => api<{ locations: ShortLocation[] }>('/v2/api/locations/shortinfo'),
  categories: () => api<{ categories: Category[] }>('/v2/api/reviewCategory'),
  caseResolutions: () => api<{ caseResolutions: CaseResolution[] }>('/v2/api/caseResolution'),
  templates: (rating?: number | null) => api<{ templates: Template[] }>('/v2/api/templates', { query: { rating: rating ?? undefined } }),
  assign: (id: number, body: { case_resolution?: number | null; review_categories?: number[] }) => api<ReviewDto>(`/v2/api/reviews/${id}`, { method: 'PATCH', body }),
  remove: (id: number) => api<{ id: number }>(`/v2/api/reviews/${id}`, { method: 'DELETE' }),
  reply: (body: { reviewId: number; text: string; status: 'draft' | 'posted'; origin: 'manual' | 'template' | 'ai' }) => api<ReplyDto>('/v2/api/responses/create', { method: 'POST', body }),
  updateReply: (id: number, body: { text?: string; status?: 'draft' | 'posted' }) => api<ReplyDto>(`/v2/api/responses/update/${id}`, { method: 'PATCH', body }),
  deleteReply: (id: number) => api<{ id: number }>(`/v2/api/responses/delete/${id}`, { method: 'DELETE' }),
  retry: (reply: ReplyDto, source: string) => api<ReplyDto>(`/v2/api/reviews/replay/${source === 'google' ? 'withGoole' : 'withFacebook'}`, { query: { responseId: reply.id } }),
  generate: (reviewId: number) => api<{ text: string; engine: string; language: string; notice: string | null }>('/v2/api/generageResponseWithChatGpt', { query: { reviewId } }),
  suggest: (reviewId: number) => api<{ suggestions: { id: number; title: string; color: string; sentiment: number | null; matched: string[] }[] }>(`/v2/api/reviewCategory/suggest/${reviewId}`),
  translate: (reviewId: number) => api<{ text: string; language: string; detectedLanguage: string | null }>(`/v2/api/reviews/translate/${reviewId}`),
  share: (reviewId: number, sharingSource: string) => api<{ id: string; url: string; imageUrl: string; size: string }>('/v2/api/reviews/image', { method: 'POST', body: { reviewId, sharingSource } }),
  shareCard: (id: string) => api<ShareCard>(`/v2/api/reviews/share/${id}`, { auth: false }),
  exportLink: (format: 'pdf' | 'excel' | 'rating' | 'response_rate', filter: ReviewFilterValues) => api<{ url: string }>('/v2/api/reviews/export/link', { method: 'POST', body: { format, query: toQueryString(filter, { paging: false }) } }),
  upload: (fileName: string, content: string) => api<ImportStatus>('/v2/api/reviews/upload', { method: 'POST', body: { fileName, content } }),
  uploadStatus: (id: number) => api<ImportStatus>(`/v2/api/reviews/upload/${id}`),
  example: () => api<string>('/v2/api/reviews/upload/example'),
  rejectedCsv: (id: number) => api<string>(`/v2/api/reviews/upload/${id}/rejected`),
};
