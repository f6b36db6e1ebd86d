import { listingAttribute, LOGO_MAX_BYTES, MSG, type ListingAttributes } from '@reputo/core';
import type { TFunction } from 'i18next';
import { api } from '../../lib/api';
import { translateMessage } from '../../i18n/messages';
import { currentLanguage } from '../../i18n/i18n';
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
  /** Stores a photo (logo, cover or more); the listing's field takes the answered key. */
  uploadPhoto: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api<{ key: string; url: string }>('/v2/api/listing/photo', { method: 'POST', body: form });
  },
  categories: (search: string, signal?: AbortSignal) =>
    api<ApiResponse<'/v2/api/categories'>>('/v2/api/categories', {
      query: { search: search || undefined, limit: 50 },
      signal,
    }),
  export: () => openDownload('/v2/api/listing/export'),
};

/** Each directory status's tag colour; its label is `listings:status.<status>`. */
export const STATUS: Record<DirectoryStatus, { color: string }> = {
  in_sync: { color: 'green' },
  out_of_sync: { color: 'orange' },
  pending: { color: 'blue' },
  error: { color: 'red' },
  not_connected: { color: 'default' },
  not_managed: { color: 'default' },
};

/** The server's English field labels (what it lists as missing); the interface's are `listings:fields.<field>`. */
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
  attributes: 'Attributes',
  logo: 'Logo',
  cover: 'Cover photo',
  photos: 'Photos',
};

/** Where a stored photo (its key) is served. */
export const photoSrc = (key: string) => `/v2/api/uploads/${key}`;
const PHOTO_KEY = /^listings\/[0-9a-f]{24}\.(png|jpg)$/;

export const PHOTO_NOT_IMAGE = 'The photo must be a JPEG or PNG image';
/** The server's refusal of a photo, checked before sending it, in the interface language. */
export function photoProblem(file: { size: number; type: string }, t: TFunction): string | null {
  if (file.type !== 'image/png' && file.type !== 'image/jpeg') return t('photos.notImage');
  return file.size > LOGO_MAX_BYTES ? translateMessage(MSG.logoTooBig) : null;
}

/**
 * The server's reason for a directory not read yet, in English; asked in another language the server
 * answers this catalogue's own text (drawer.notChecked), which listings.test checks.
 */
const NOT_CHECKED = 'Not checked yet';

/**
 * Why a directory is in its state: ours translated, or the directory's own answer as it gave it
 * (shown with `dir="auto"`, like user content).
 */
export const directoryReason = (t: TFunction, reason: string): string =>
  reason === NOT_CHECKED ? t('drawer.notChecked') : reason;

/** Items of a list joined with the interface language's comma (Arabic has its own: ،). */
export const listSeparator = (): string => (currentLanguage() === 'ar' ? '\u060c ' : ', ');

/** A field's name in the interface language, from its key or from the server's English label. */
export function fieldName(t: TFunction, keyOrLabel: string): string {
  const key =
    keyOrLabel in FIELD_LABELS ? keyOrLabel : Object.keys(FIELD_LABELS).find((k) => FIELD_LABELS[k] === keyOrLabel);
  return key ? t(`fields.${key}`) : keyOrLabel;
}

/** An attribute's name in the interface language (core's English label is the English catalogue's). */
export const attributeName = (t: TFunction, id: string): string =>
  t(`attributes.${id}`, { defaultValue: listingAttribute(id)?.label ?? id });

/** An attribute option's name in the interface language (card brands stay as they are). */
export const optionName = (t: TFunction, value: string, label: string): string =>
  t(`options.${value}`, { defaultValue: label });

/**
 * A listing field's state on one directory: not connected, not managed there (the directory does
 * not hold the field), out of sync when it differs, else the directory's own status.
 */
export function fieldState(d: Directory, field: string): DirectoryStatus {
  if (d.status === 'not_connected' || d.status === 'not_managed') return d.status;
  if (!d.fields.includes(field as Directory['fields'][number])) return 'not_managed';
  if (d.diff.some((x) => x.field === field)) return 'out_of_sync';
  return d.status === 'out_of_sync' ? 'in_sync' : d.status;
}

export const DAYS: HoursPeriod['day'][] = [
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
  'SUNDAY',
];
/** A weekday's short name in the interface language (`listings:days.MONDAY`...). */
export const dayLabel = (t: TFunction, d: string) => t(`days.${d}`);

/** A field's value as a line of text (hours and lists shortened). */
export function showValue(v: unknown, t: TFunction): string {
  const sep = listSeparator();
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'string' && PHOTO_KEY.test(v)) return t('value.ourPhoto');
  if (typeof v === 'object' && !Array.isArray(v)) {
    const entries = Object.entries(v as ListingAttributes);
    return entries.length
      ? entries.map(([id, x]) => `${attributeName(t, id)}: ${attributeValue(t, id, x)}`).join(sep)
      : '—';
  }
  if (Array.isArray(v)) {
    if (!v.length) return '—';
    if (typeof v[0] === 'object' && v[0] && 'day' in v[0])
      return (v as HoursPeriod[]).map((p) => `${dayLabel(t, p.day)} ${p.open}–${p.close}`).join(sep);
    if (typeof v[0] === 'object' && v[0] && 'date' in v[0])
      return (v as SpecialHours[])
        .map((s) => `${s.date} ${s.closed ? t('value.closed') : `${s.open}–${s.close}`}`)
        .join(sep);
    if (v.every((x) => typeof x === 'string' && PHOTO_KEY.test(x)))
      return t('value.ourPhotos', { count: v.length, n: v.length });
    return v.join(sep);
  }
  return String(v);
}

/** An attribute's value as text in the interface language (core's attributeValueText in English). */
function attributeValue(t: TFunction, id: string, value: ListingAttributes[string] | null | undefined): string {
  if (value === null || value === undefined) return t('value.notSet');
  if (typeof value === 'boolean') return value ? t('value.yes') : t('value.no');
  const options = listingAttribute(id)?.options ?? [];
  const label = (v: string) => {
    const o = options.find((x) => x.value === v);
    return o ? optionName(t, o.value, o.label) : v;
  };
  if (Array.isArray(value)) return value.map(label).join(listSeparator()) || t('value.none');
  return label(value);
}
