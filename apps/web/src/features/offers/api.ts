import { api } from '../../lib/api';
import type { ApiResponse } from '../../lib/apiTypes';
import { openDownload } from '../../lib/download';

/** Offers and coupons (GET v2/api/offers, offer/create, offer/{id}, the generate call, offer/upload, coupons). */

export type Offer = ApiResponse<'/v2/api/offer/{id}'>;
export type OfferPage = ApiResponse<'/v2/api/offers'>;
export type Coupon = ApiResponse<'/v2/api/coupons/{code}'>;
export type CodeUploadReport = ApiResponse<'/v2/api/offer/upload', 'post'>;
export type Generated = ApiResponse<'/v2/api/offer/{id}/generate', 'post'>;
export type DiscountType = Offer['discount_type'];

export interface OfferInput {
  title: string;
  description: string | null;
  terms: string | null;
  brand_ids: number[];
  location_ids: number[];
  valid_from: string | null;
  valid_to: string | null;
  discount_type: DiscountType;
  discount_value: number | null;
  free_item: string | null;
  limit_per_customer: number | null;
  active: boolean;
}

export const offerKeys = {
  all: ['offers'] as const,
  list: (page: number, search: string) => ['offers', 'list', page, search] as const,
  coupon: (code: string) => ['offers', 'coupon', code] as const,
  brands: ['offers', 'brands'] as const,
};

export const offersApi = {
  list: (page: number, search: string, signal?: AbortSignal) =>
    api<OfferPage>('/v2/api/offers', { query: { page, per_page: 20, search: search || undefined }, signal }),
  create: (body: OfferInput) => api<Offer>('/v2/api/offer/create', { method: 'POST', body }),
  update: (id: number, body: Partial<OfferInput>) => api<Offer>(`/v2/api/offer/${id}`, { method: 'PATCH', body }),
  /** POST v2/api/offer/{id}/image, multipart with one field 'file' (after the offer is saved). */
  image: (id: number, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api<Offer>(`/v2/api/offer/${id}/image`, { method: 'POST', body: form });
  },
  remove: (id: number) => api<{ message: string }>(`/v2/api/offer/${id}`, { method: 'DELETE' }),
  generate: (id: number, count: number, length: number) =>
    api<Generated>(`/v2/api/offer/${id}/generate`, { method: 'POST', body: { count, length } }),
  upload: (offerId: number, filename: string, content: string) =>
    api<CodeUploadReport>('/v2/api/offer/upload', { method: 'POST', body: { offer_id: offerId, filename, content } }),
  coupon: (code: string, signal?: AbortSignal) =>
    api<Coupon>(`/v2/api/coupons/${encodeURIComponent(code)}`, { signal }),
  redeem: (code: string, locationId: number) =>
    api<Coupon>('/v2/api/coupons/redeem', { method: 'POST', body: { code, location_id: locationId } }),
  brands: (signal?: AbortSignal) => api<ApiResponse<'/v2/api/brands'>>('/v2/api/brands', { signal }),
  exportOffers: () => openDownload('/v2/api/offers/export'),
  exportCoupons: (offerId?: number) =>
    openDownload('/v2/api/coupons/export', new URLSearchParams(offerId ? { offer_id: String(offerId) } : {})),
  example: () => openDownload('/v2/api/offer/upload/example'),
};
