import { api } from '../../lib/api';
import type { ApiResponse } from '../../lib/apiTypes';
import { openDownload } from '../../lib/download';

/** Listing management (GET/PATCH v2/api/listing, PATCH v2/api/confirmRejectedEdits/{locationId}, GET v2/api/categories). */

export type ListingPage = ApiResponse<'/v2/api/listing'>;
export type ListingItem = ListingPage['data'][number];
export type Listing = ListingItem['listing'];
export type HoursPeriod = Listing['regularHours'][number];
export type SpecialHours = Listing['specialHours'][number];
export type Directory = ListingItem['directories'][number];
export type Category = ApiResponse<'/v2/api/categories'>['data'][number];
export type DirectoryStatus = Directory['status'];

export const listingKeys = {
  all: ['listings'] as const,
  list: (page: number, search: string, status: string) => ['listings', 'list', page, search, status] as const,
  one: (id: number) => ['listings', 'one', id] as const,
  categories: (search: string) => ['listings', 'categories', search] as const,
};

export const listingsApi = {
  list: (page: number, search: string, status: string, signal?: AbortSignal) =>
    api<ListingPage>('/v2/api/listing', {
      query: { page, per_page: 20, search: search || undefined, status: status || undefined },
      signal,
    }),
  one: async (locationId: number, signal?: AbortSignal) =>
    (await api<ListingPage>('/v2/api/listing', { query: { locationId }, signal })).data[0]!,
  edit: (locationIds: number[], fields: Partial<Listing>, mergeSpecialHours?: boolean) =>
    api<ApiResponse<'/v2/api/listing', 'patch'>>('/v2/api/listing', {
      method: 'PATCH',
      body: { locationIds, fields, ...(mergeSpecialHours ? { mergeSpecialHours } : {}) },
    }),
  confirm: (locationId: number, action: 'accept' | 'keep', fields?: string[]) =>
    api<ListingItem>(`/v2/api/confirmRejectedEdits/${locationId}`, {
      method: 'PATCH',
      body: { action, ...(fields ? { fields } : {}) },
    }),
  categories: (search: string, signal?: AbortSignal) =>
    api<ApiResponse<'/v2/api/categories'>>('/v2/api/categories', {
      query: { search: search || undefined, limit: 50 },
      signal,
    }),
  export: () => openDownload('/v2/api/listing/export'),
};

export const STATUS: Record<DirectoryStatus, { color: string; label: string }> = {
  in_sync: { color: 'green', label: 'In sync' },
  out_of_sync: { color: 'orange', label: 'Out of sync' },
  pending: { color: 'blue', label: 'Pending' },
  error: { color: 'red', label: 'Error' },
  not_connected: { color: 'default', label: 'Not connected' },
  not_managed: { color: 'default', label: 'Not managed' },
};

export const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  address: 'Address',
  city: 'City',
  postalCode: 'Postal code',
  countryCode: 'Country',
  phone: 'Phone',
  website: 'Website',
  primaryCategory: 'Primary category',
  additionalCategories: 'Additional categories',
  regularHours: 'Opening hours',
  specialHours: 'Special hours',
  description: 'Description',
};

export const DAYS: HoursPeriod['day'][] = [
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
  'SUNDAY',
];
export const dayLabel = (d: string) => d.charAt(0) + d.slice(1, 3).toLowerCase();

/** A field's value as a line of text (hours and lists shortened). */
export function showValue(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v)) {
    if (!v.length) return '—';
    if (typeof v[0] === 'object' && v[0] && 'day' in v[0])
      return (v as HoursPeriod[]).map((p) => `${dayLabel(p.day)} ${p.open}–${p.close}`).join(', ');
    if (typeof v[0] === 'object' && v[0] && 'date' in v[0])
      return (v as SpecialHours[]).map((s) => `${s.date} ${s.closed ? 'closed' : `${s.open}–${s.close}`}`).join(', ');
    return v.join(', ');
  }
  return String(v);
}
