import { openDownload } from '../../lib/download';
import { type TeamRole } from '@reputo/core';
import { api } from '../../lib/api';
import type { ApiResponse } from '../../lib/apiTypes';

// ---------------------------------------------------------------------------------------------
// Team

export type TeamPage = ApiResponse<'/v2/api/team'>;
export type TeamMember = TeamPage['data'][number];

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

export type RoleOption = ApiResponse<'/v2/api/team/roles'>['roles'][number];

export function fetchTeam(page: number, perPage: number, search = '', signal?: AbortSignal): Promise<TeamPage> {
  return api('/v2/api/team', { query: { page, per_page: perPage, search: search || undefined }, signal });
}

export function fetchRoles(signal?: AbortSignal): Promise<ApiResponse<'/v2/api/team/roles'>> {
  return api('/v2/api/team/roles', { signal });
}

/** The invitation mail links back to this app, so the server is told its address. */
export function inviteMember(member: NewMember): Promise<TeamMember> {
  return api('/v2/api/team', { method: 'POST', body: { ...member, url: window.location.origin } });
}

export function updateMember(id: number, patch: MemberPatch): Promise<TeamMember> {
  return api(`/v2/api/team/${id}`, { method: 'PATCH', body: patch });
}

export function deleteMember(id: number): Promise<ApiResponse<'/v2/api/team/{id}', 'delete'>> {
  return api(`/v2/api/team/${id}`, { method: 'DELETE' });
}

export function resendInvitation(id: number): Promise<ApiResponse<'/v2/api/team/{id}/invite', 'post'>> {
  return api(`/v2/api/team/${id}/invite`, { method: 'POST', body: { url: window.location.origin } });
}

export function revokeInvitation(id: number): Promise<TeamMember> {
  return api(`/v2/api/team/${id}/invite`, { method: 'DELETE' });
}

export function uploadTeam(filename: string, content: string): Promise<ApiResponse<'/v2/api/team/upload', 'post'>> {
  return api('/v2/api/team/upload', { method: 'POST', body: { filename, content, url: window.location.origin } });
}

// ---------------------------------------------------------------------------------------------
// Locations

export type Location = ApiResponse<'/v2/api/locations/{id}'>;
export type FacebookAccount = Location['facebook'][number];

export type LocationPage = ApiResponse<'/v2/api/locations'>;
export type LocationLimit = LocationPage['limit'];

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

export type LocationOptions = ApiResponse<'/v2/api/locations/options'>;

export type UploadField = ApiResponse<'/v2/api/locations/upload/fields'>['fields'][number];

export const locationsApi = {
  list: (q: { page: number; per_page: number; search?: string; brand?: number }, signal?: AbortSignal) =>
    api<LocationPage>('/v2/api/locations', { query: { ...q, search: q.search || undefined }, signal }),
  get: (id: number) => api<Location>(`/v2/api/locations/${id}`),
  options: (signal?: AbortSignal) => api<LocationOptions>('/v2/api/locations/options', { signal }),
  short: (signal?: AbortSignal) =>
    api<ApiResponse<'/v2/api/locations/shortinfo'>>('/v2/api/locations/shortinfo', { signal }),
  create: (body: LocationInput) => api<Location>('/v2/api/locations', { method: 'POST', body }),
  update: (id: number, body: Partial<LocationInput>) =>
    api<Location>(`/v2/api/locations/${id}`, { method: 'PATCH', body }),
  remove: (id: number) =>
    api<ApiResponse<'/v2/api/locations/{id}', 'delete'>>(`/v2/api/locations/${id}`, { method: 'DELETE' }),
  fields: () => api<ApiResponse<'/v2/api/locations/upload/fields'>>('/v2/api/locations/upload/fields'),
  upload: (filename: string, content: string) =>
    api<ApiResponse<'/v2/api/locations/upload', 'post'>>('/v2/api/locations/upload', {
      method: 'POST',
      body: { filename, content },
    }),
};

export const teamUploadApi = {
  fields: () => api<ApiResponse<'/v2/api/team/upload/fields'>>('/v2/api/team/upload/fields'),
};

// ---------------------------------------------------------------------------------------------
// Notifications

export type Delivery = 'instant' | 'daily' | 'weekly';

export type NotificationSettings = ApiResponse<'/v2/api/notifications/reviews'>;

export type NotificationInput = Pick<
  NotificationSettings,
  'enabled' | 'delivery' | 'ratings' | 'sources' | 'locations' | 'kinds'
>;

export const notificationsApi = {
  get: (signal?: AbortSignal) => api<NotificationSettings>('/v2/api/notifications/reviews', { signal }),
  save: (body: NotificationInput) =>
    api<NotificationSettings>('/v2/api/notifications/reviews', { method: 'POST', body }),
};

// ---------------------------------------------------------------------------------------------
// Regions, categories and the reply settings of the reviews workspace

export type RegionGroups = ApiResponse<'/v2/api/states'>;
export type Region = RegionGroups['statesWithOverrides'][number];

export type Category = ApiResponse<'/v2/api/reviewCategory'>['categories'][number];

export type Template = ApiResponse<'/v2/api/templates'>['templates'][number];

export type AutoresponseSettings = ApiResponse<'/v2/api/admin/autoresponse/settings'>;
export type AutoresponseRule = AutoresponseSettings['rules'][number];

export type TranslationSettings = ApiResponse<'/v2/api/messageTranslation/get'>;

export type ResponseRate = ApiResponse<'/v2/api/reviews/response_rate'>;

export const responseApi = {
  regions: (signal?: AbortSignal) => api<RegionGroups>('/v2/api/states', { signal }),
  setRegionLanguage: (id: number, language: string | null) =>
    api<Region>(`/v2/api/states/${id}`, { method: 'PATCH', body: { language } }),
  categories: (signal?: AbortSignal) =>
    api<ApiResponse<'/v2/api/reviewCategory'>>('/v2/api/reviewCategory', { signal }),
  createCategory: (body: { title: string; color: string; keywords: string[] }) =>
    api<Category>('/v2/api/reviewCategory', { method: 'POST', body }),
  updateCategory: (id: number, body: { title?: string; color?: string; keywords?: string[] }) =>
    api<Category>(`/v2/api/reviewCategory/${id}`, { method: 'PATCH', body }),
  deleteCategory: (id: number) =>
    api<ApiResponse<'/v2/api/reviewCategory/{id}', 'delete'>>(`/v2/api/reviewCategory/${id}`, { method: 'DELETE' }),
  templates: (signal?: AbortSignal) => api<ApiResponse<'/v2/api/templates'>>('/v2/api/templates', { signal }),
  createTemplate: (body: { title: string; text: string; ratings: number[] }) =>
    api<Template>('/v2/api/templates', { method: 'POST', body }),
  updateTemplate: (id: number, body: { title?: string; text?: string; ratings?: number[] }) =>
    api<Template>(`/v2/api/templates/${id}`, { method: 'PATCH', body }),
  deleteTemplate: (id: number) =>
    api<ApiResponse<'/v2/api/templates/{id}', 'delete'>>(`/v2/api/templates/${id}`, { method: 'DELETE' }),
  autoresponse: (signal?: AbortSignal) => api<AutoresponseSettings>('/v2/api/admin/autoresponse/settings', { signal }),
  saveAutoresponse: (body: Partial<Pick<AutoresponseSettings, 'enabled' | 'rules' | 'excludedKeywords'>>) =>
    api<AutoresponseSettings>('/v2/api/admin/autoresponse/settings', { method: 'POST', body }),
  translation: (signal?: AbortSignal) => api<TranslationSettings>('/v2/api/messageTranslation/get', { signal }),
  saveTranslation: (body: { language?: string; translateAutomatically?: boolean }) =>
    api<TranslationSettings>('/v2/api/messageTranslation/upsert', { method: 'POST', body }),
  responseRate: (signal?: AbortSignal) => api<ResponseRate>('/v2/api/reviews/response_rate', { signal }),
  setResponseRate: (target: number) =>
    api<ResponseRate>('/v2/api/reviews/response_rate', { method: 'PATCH', body: { target } }),
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
export function download(path: string): Promise<void> {
  return openDownload(path);
}
