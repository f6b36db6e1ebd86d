import { openDownload } from '../../lib/download';
import { api } from '../../lib/api';
import type { ApiResponse } from '../../lib/apiTypes';

export type CompanyListItem = ApiResponse<'/v2/api/admin/companies'>['data'][number];
export type PartnerListItem = ApiResponse<'/v2/api/admin/partners'>['data'][number];

export interface PageQuery {
  page: number;
  per_page: number;
  search?: string;
  status?: string;
}

export type Company = ApiResponse<'/v2/api/admin/companies/{id}'>;
export type CompanyUser = ApiResponse<'/v2/api/admin/companies/{id}/users'>['data'][number];
export type SourceCatalogue = ApiResponse<'/v2/api/admin/sources'>;
export type SourceInfo = SourceCatalogue['data'][number];
export type Brand = ApiResponse<'/v2/api/admin/companies/{id}/brands/{brand}'>;
export type PackageCatalogue = ApiResponse<'/v2/api/admin/packages'>;
export type Widget = ApiResponse<'/v2/api/admin/widgets'>['data'][number];
export type Partner = ApiResponse<'/v2/api/partner/{id}'>;
export type Usage = ApiResponse<'/v2/api/partner/{id}/usage'>;
export type AdminUser = ApiResponse<'/v2/api/owner/{id}'>;

type Body = Record<string, unknown>;

export function fetchCompanies(q: PageQuery, signal?: AbortSignal): Promise<ApiResponse<'/v2/api/admin/companies'>> {
  return api('/v2/api/admin/companies', {
    query: { page: q.page, per_page: q.per_page, direction: 'desc', search: q.search ?? '', status: q.status ?? '' },
    signal,
  });
}

export function fetchPartners(q: PageQuery, signal?: AbortSignal): Promise<ApiResponse<'/v2/api/admin/partners'>> {
  return api('/v2/api/admin/partners', {
    query: { page: q.page, per_page: q.per_page, search: q.search ?? '', status: q.status ?? '' },
    signal,
  });
}

export const companiesApi = {
  get: (id: number, signal?: AbortSignal) => api<Company>(`/v2/api/admin/companies/${id}`, { signal }),
  create: (body: Body) => api<Company>('/v2/api/admin/companies', { method: 'POST', body }),
  /** The id plus the changed fields only (spec 001 section 7). */
  update: (id: number, changed: Body) =>
    api<Company>(`/v2/api/admin/companies/${id}`, { method: 'PATCH', body: { id, ...changed } }),
  remove: (id: number) =>
    api<ApiResponse<'/v2/api/admin/companies/{id}', 'delete'>>(`/v2/api/admin/companies/${id}`, { method: 'DELETE' }),
  users: (id: number, signal?: AbortSignal) =>
    api<ApiResponse<'/v2/api/admin/companies/{id}/users'>>(`/v2/api/admin/companies/${id}/users`, { signal }),
  rotateKey: (id: number) =>
    api<ApiResponse<'/v2/api/admin/companies/{id}/accessToken', 'post'>>(`/v2/api/admin/companies/${id}/accessToken`, {
      method: 'POST',
    }),
  sources: (signal?: AbortSignal) => api<SourceCatalogue>('/v2/api/admin/sources', { signal }),
  packages: (signal?: AbortSignal) => api<PackageCatalogue>('/v2/api/admin/packages', { signal }),
  updatePackage: (body: Body) => api<Company>('/v2/api/admin/packages', { method: 'PATCH', body }),
  languages: (client: number, languages: string[]) =>
    api<ApiResponse<'/v2/api/admin/languages', 'patch'>>('/v2/api/admin/languages', {
      method: 'PATCH',
      body: { client, languages },
    }),
  widgets: (client: number, signal?: AbortSignal) =>
    api<ApiResponse<'/v2/api/admin/widgets'>>('/v2/api/admin/widgets', { query: { client }, signal }),
  /** The origins allowed to frame the company's embedded views. */
  frameAncestors: (client: number, signal?: AbortSignal) =>
    api<ApiResponse<'/v2/api/admin/embed'>>('/v2/api/admin/embed', { query: { client }, signal }),
  setFrameAncestors: (client: number, frameAncestors: string[]) =>
    api<ApiResponse<'/v2/api/admin/embed', 'patch'>>('/v2/api/admin/embed', {
      method: 'PATCH',
      body: { client, frameAncestors },
    }),
};

export const brandsApi = {
  list: (companyId: number, signal?: AbortSignal) =>
    api<ApiResponse<'/v2/api/admin/companies/{id}/brands'>>(`/v2/api/admin/companies/${companyId}/brands`, { signal }),
  create: (companyId: number, body: { title: string; states: string[] }) =>
    api<Brand>(`/v2/api/admin/companies/${companyId}/brands`, { method: 'POST', body }),
  update: (companyId: number, brandId: number, changed: Body) =>
    api<Brand>(`/v2/api/admin/companies/${companyId}/brands/${brandId}`, {
      method: 'PATCH',
      body: { id: brandId, ...changed },
    }),
  remove: (companyId: number, brandId: number) =>
    api<ApiResponse<'/v2/api/admin/companies/{id}/brands/{brand}', 'delete'>>(
      `/v2/api/admin/companies/${companyId}/brands/${brandId}`,
      { method: 'DELETE' },
    ),
};

/** POST v2/api/brands/logo?brand={id}, multipart with one field 'file' (after the brand is saved). */
export function uploadBrandLogo(brandId: number, file: File): Promise<ApiResponse<'/v2/api/brands/logo', 'post'>> {
  const form = new FormData();
  form.append('file', file);
  return api('/v2/api/brands/logo', { method: 'POST', query: { brand: brandId }, body: form });
}

export const partnersApi = {
  get: (id: number, signal?: AbortSignal) => api<Partner>(`/v2/api/partner/${id}`, { signal }),
  create: (body: Body) => api<Partner>('/v2/api/partner', { method: 'POST', body }),
  update: (id: number, changed: Body) =>
    api<Partner>(`/v2/api/partner/${id}`, { method: 'PATCH', body: { id, ...changed } }),
  remove: (id: number) =>
    api<ApiResponse<'/v2/api/partner/{id}', 'delete'>>(`/v2/api/partner/${id}`, { method: 'DELETE' }),
  rotateKey: (id: number) =>
    api<ApiResponse<'/v2/api/partner/{id}/apiKey', 'post'>>(`/v2/api/partner/${id}/apiKey`, { method: 'POST' }),
  usage: (id: number, range: { from: string; to: string }, signal?: AbortSignal) =>
    api<Usage>(`/v2/api/partner/${id}/usage`, { query: { dateFrom: range.from, dateTo: range.to }, signal }),
  users: (id: number | undefined, signal?: AbortSignal) =>
    api<ApiResponse<'/v2/api/partner/users'>>('/v2/api/partner/users', { query: { id }, signal }),
};

export const adminUsersApi = {
  list: (q: PageQuery & { role?: string }, signal?: AbortSignal) =>
    api<ApiResponse<'/v2/api/owner'>>('/v2/api/owner', {
      query: { page: q.page, per_page: q.per_page, search: q.search || undefined, role: q.role || undefined },
      signal,
    }),
  get: (id: number, signal?: AbortSignal) => api<AdminUser>(`/v2/api/owner/${id}`, { signal }),
  create: (body: Body) =>
    api<AdminUser>('/v2/api/owner', { method: 'POST', body: { ...body, url: window.location.origin } }),
  update: (id: number, changed: Body) =>
    api<AdminUser>(`/v2/api/owner/${id}`, { method: 'PATCH', body: { id, ...changed } }),
  remove: (id: number) => api<ApiResponse<'/v2/api/owner/{id}', 'delete'>>(`/v2/api/owner/${id}`, { method: 'DELETE' }),
  reinvite: (id: number) =>
    api<ApiResponse<'/v2/api/owner/{id}/invite', 'post'>>(`/v2/api/owner/${id}/invite`, {
      method: 'POST',
      body: { url: window.location.origin },
    }),
};

/**
 * Opens an export as a plain browser download: the query, the acting-as parameters and the access
 * token as `access_token` (a download cannot send headers). The /me call first lets the client
 * refresh an expired token before the link is opened.
 */
export function downloadFile(
  path: string,
  query: Record<string, string | number | boolean | undefined>,
): Promise<void> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
  return openDownload(path, params);
}
