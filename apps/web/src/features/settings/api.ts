import { actingParams, type LocationsTitle, type NotificationKind, type TeamRole } from '@reputo/core';
import { api } from '../../lib/api';
import { session } from '../../lib/session';

// ---------------------------------------------------------------------------------------------
// Team

export interface TeamMember {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  role: string;
  status: string;
  locationIds: number[] | null;
  lastLoginAt: string | null;
  invitation: { status: 'pending' | 'expired' | 'revoked' | 'accepted'; sentAt: string; expiresAt: string } | null;
}

export interface Paged<T> {
  data: T[];
  total: number;
  page: number;
  per_page: number;
  total_pages: number;
}
export type TeamPage = Paged<TeamMember>;

export interface NewMember {
  email: string;
  firstName?: string;
  lastName?: string;
  role: TeamRole;
  locationIds?: number[] | null;
}

export interface MemberPatch {
  firstName?: string | null;
  lastName?: string | null;
  role?: TeamRole;
  locationIds?: number[] | null;
}

export interface RoleOption {
  value: TeamRole;
  label: string;
  grantable: boolean;
}

export function fetchTeam(page: number, perPage: number, search = '', signal?: AbortSignal): Promise<TeamPage> {
  return api('/v2/api/team', { query: { page, per_page: perPage, search: search || undefined }, signal });
}

export function fetchRoles(signal?: AbortSignal): Promise<{ roles: RoleOption[] }> {
  return api('/v2/api/team/roles', { signal });
}

/** The invitation mail links back to this app, so the server is told its address. */
export function inviteMember(member: NewMember): Promise<TeamMember> {
  return api('/v2/api/team', { method: 'POST', body: { ...member, url: window.location.origin } });
}

export function updateMember(id: number, patch: MemberPatch): Promise<TeamMember> {
  return api(`/v2/api/team/${id}`, { method: 'PATCH', body: patch });
}

export function deleteMember(id: number): Promise<{ id: number; deleted: true }> {
  return api(`/v2/api/team/${id}`, { method: 'DELETE' });
}

export function resendInvitation(id: number): Promise<{ message: string }> {
  return api(`/v2/api/team/${id}/invite`, { method: 'POST', body: { url: window.location.origin } });
}

export function revokeInvitation(id: number): Promise<TeamMember> {
  return api(`/v2/api/team/${id}/invite`, { method: 'DELETE' });
}

export function uploadTeam(filename: string, content: string): Promise<{ invited: number }> {
  return api('/v2/api/team/upload', { method: 'POST', body: { filename, content, url: window.location.origin } });
}

// ---------------------------------------------------------------------------------------------
// Locations

export interface FacebookAccount {
  id: string;
  urlPart: string;
  fullUrl: string;
  initialValue: string;
}

export interface Location {
  id: number;
  title: string;
  locationId: string | null;
  brandId: number | null;
  brand: string | null;
  stateId: number | null;
  state: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  timeZone: string | null;
  sourceUrls: Record<string, string>;
  facebook: FacebookAccount[];
  reviews: number;
  createdAt: string;
}

export interface LocationLimit {
  used: number;
  max: number;
}

export type LocationPage = Paged<Location> & { limit: LocationLimit; locationsTitle: LocationsTitle };

export interface LocationInput {
  title: string;
  locationId?: string | null;
  brandId?: number | null;
  stateId?: number | null;
  address?: string | null;
  city?: string | null;
  country?: string | null;
  timeZone?: string | null;
  sourceUrls?: Record<string, string>;
  facebook?: { id?: string; fullUrl: string }[];
}

export interface LocationOptions {
  brands: { id: number; title: string }[];
  states: { id: number; title: string; brandId: number | null }[];
  sources: { value: string; title: string }[];
  limit: LocationLimit;
  locationsTitle: LocationsTitle;
}

export interface ShortLocation {
  id: number;
  title: string;
  locationId: string | null;
  brandId: number | null;
  brand: string | null;
  stateId: number | null;
  state: string | null;
}

export interface UploadField {
  key: string;
  title: string;
  required: boolean;
  description: string;
}

export const locationsApi = {
  list: (q: { page: number; per_page: number; search?: string; brand?: number }, signal?: AbortSignal) => api<LocationPage>('/v2/api/locations', { query: { ...q, search: q.search || undefined }, signal }),
  get: (id: number) => api<Location>(`/v2/api/locations/${id}`),
  options: (signal?: AbortSignal) => api<LocationOptions>('/v2/api/locations/options', { signal }),
  short: (signal?: AbortSignal) => api<{ locations: ShortLocation[] }>('/v2/api/locations/shortinfo', { signal }),
  create: (body: LocationInput) => api<Location>('/v2/api/locations', { method: 'POST', body }),
  update: (id: number, body: Partial<LocationInput>) => api<Location>(`/v2/api/locations/${id}`, { method: 'PATCH', body }),
  remove: (id: number) => api<{ id: number; deleted: true; reviews: number }>(`/v2/api/locations/${id}`, { method: 'DELETE' }),
  fields: () => api<{ fields: UploadField[] }>('/v2/api/locations/upload/fields'),
  upload: (filename: string, content: string) => api<{ added: number; updated: number; total: number }>('/v2/api/locations/upload', { method: 'POST', body: { filename, content } }),
};

export const teamUploadApi = {
  fields: () => api<{ fields: UploadField[] }>('/v2/api/team/upload/fields'),
};

// ---------------------------------------------------------------------------------------------
// Notifications

export type Delivery = 'instant' | 'daily' | 'weekly';

export interface NotificationSettings {
  enabled: boolean;
  delivery: Delivery;
  ratings: number[];
  sources: string[];
  locations: number[];
  kinds: NotificationKind[];
  email: string;
  lastSentAt: string | null;
  available: { sources: { value: string; title: string }[]; kinds: NotificationKind[]; deliveries: Delivery[] };
}

export type NotificationInput = Pick<NotificationSettings, 'enabled' | 'delivery' | 'ratings' | 'sources' | 'locations' | 'kinds'>;

export const notificationsApi = {
  get: (signal?: AbortSignal) => api<NotificationSettings>('/v2/api/notifications/reviews', { signal }),
  save: (body: NotificationInput) => api<NotificationSettings>('/v2/api/notifications/reviews', { method: 'POST', body }),
};

// ---------------------------------------------------------------------------------------------
// Regions, categories and the reply settings of the reviews workspace

export interface Region {
  id: number;
  title: string;
  language: string | null;
  brandId: number | null;
  brand: string | null;
  locations: number;
}

export interface RegionGroups {
  statesWithOverrides: Region[];
  statesWithoutOverrides: Region[];
  languages: { code: string; name: string }[];
}

export interface Category {
  id: number;
  title: string;
  color: string;
  keywords: string[];
}

export interface Template {
  id: number;
  title: string;
  text: string;
  ratings: number[];
}

export interface AutoresponseRule {
  rating: number;
  enabled: boolean;
  delayMinutes: number;
  templateIds: number[];
}

export interface AutoresponseSettings {
  enabled: boolean;
  enabledAt: string | null;
  rules: AutoresponseRule[];
  excludedKeywords: string[];
}

export interface TranslationSettings {
  language: string;
  translateAutomatically: boolean;
  configured: boolean;
}

export interface ResponseRate {
  target: number;
  total: number;
  responded: number;
  /** Percent answered, null without reviews. */
  rate: number | null;
}

export const responseApi = {
  regions: (signal?: AbortSignal) => api<RegionGroups>('/v2/api/states', { signal }),
  setRegionLanguage: (id: number, language: string | null) => api<Region>(`/v2/api/states/${id}`, { method: 'PATCH', body: { language } }),
  categories: (signal?: AbortSignal) => api<{ categories: Category[] }>('/v2/api/reviewCategory', { signal }),
  createCategory: (body: { title: string; color: string; keywords: string[] }) => api<Category>('/v2/api/reviewCategory', { method: 'POST', body }),
  updateCategory: (id: number, body: { title?: string; color?: string; keywords?: string[] }) => api<Category>(`/v2/api/reviewCategory/${id}`, { method: 'PATCH', body }),
  deleteCategory: (id: number) => api<{ id: number; deleted: true }>(`/v2/api/reviewCategory/${id}`, { method: 'DELETE' }),
  templates: (signal?: AbortSignal) => api<{ templates: Template[] }>('/v2/api/templates', { signal }),
  createTemplate: (body: { title: string; text: string; ratings: number[] }) => api<Template>('/v2/api/templates', { method: 'POST', body }),
  updateTemplate: (id: number, body: { title?: string; text?: string; ratings?: number[] }) => api<Template>(`/v2/api/templates/${id}`, { method: 'PATCH', body }),
  deleteTemplate: (id: number) => api<{ id: number; deleted: true }>(`/v2/api/templates/${id}`, { method: 'DELETE' }),
  autoresponse: (signal?: AbortSignal) => api<AutoresponseSettings>('/v2/api/admin/autoresponse/settings', { signal }),
  saveAutoresponse: (body: Partial<Pick<AutoresponseSettings, 'enabled' | 'rules' | 'excludedKeywords'>>) => api<AutoresponseSettings>('/v2/api/admin/autoresponse/settings', { method: 'POST', body }),
  translation: (signal?: AbortSignal) => api<TranslationSettings>('/v2/api/messageTranslation/get', { signal }),
  saveTranslation: (body: { language?: string; translateAutomatically?: boolean }) => api<TranslationSettings>('/v2/api/messageTranslation/upsert', { method: 'POST', body }),
  responseRate: (signal?: AbortSignal) => api<ResponseRate>('/v2/api/reviews/response_rate', { signal }),
  setResponseRate: (target: number) => api<ResponseRate>('/v2/api/reviews/response_rate', { method: 'PATCH', body: { target } }),
};

// ---------------------------------------------------------------------------------------------
// Files

/** A file's bytes as base64, the way the upload calls take them. */
export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/**
 * Opens an Excel download (export or example file). A download cannot send headers, so the access
 * token and the acting-as parameters go in the address; asking for /me first lets the API client
 * refresh an expired token before the link is opened.
 */
export async function download(path: string): Promise<void> {
  await api('/v2/api/me');
  const params = new URLSearchParams();
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
