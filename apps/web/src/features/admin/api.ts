import { actingParams } from '@reputo/core';
import { api } from '../../lib/api';
import { session } from '../../lib/session';

export interface Paged<T> {
  data: T[];
  count: number;
  page: number;
  per_page: number;
  total_pages: number;
}

export interface CompanyListItem {
  id: number;
  company_name: string;
  status: string;
  type: string;
  city: string | null;
  country: string | null;
  package: string;
  partner_id: number | null;
  partner_name: string | null;
  locations_count: number;
  created_at?: string;
}

export interface PartnerListItem {
  id: number;
  name: string;
  type: string;
  status: string;
  email: string;
  package?: string;
  startDate?: string;
  companies_count?: number;
}

export interface PageQuery {
  page: number;
  per_page: number;
  search?: string;
  status?: string;
}

/** GET v2/api/admin/companies/{id} */
export interface Company {
  id: number;
  company_name: string;
  status: string;
  type: string;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  timeZone: string | null;
  zip: string | null;
  sources: string[];
  competitorsSources: string[];
  sourceUrls: Record<string, string>;
  features: string[];
  package: string;
  packageChangeDate: string | null;
  period: string;
  locationsLimit: number;
  languages: string[];
  accessToken: string | null;
  partner_id: number | null;
  partner_name: string | null;
  locations_count: number;
  locationsTitle: string;
  created_at: string;
}

export interface CompanyUser {
  id: number;
  firstName: string | null;
  lastName: string | null;
  userName: string;
  email: string;
  role: string;
  status: string;
}

export interface SourceInfo {
  value: string;
  title: string;
  pattern: string;
  isAdditionalSource: boolean;
  positionInList: number;
  delivery: boolean;
  logo: string;
  color: string;
}

export interface SourceCatalogue {
  data: SourceInfo[];
  defaultsByType: Record<string, string[]>;
  competitors: { max: number; excluded: string[]; message: string };
}

export interface Brand {
  id: number;
  title: string;
  states: { id: number; title: string }[];
  locations: number;
  photoUrl: string | null;
  client: number;
}

export interface PackageCatalogue {
  packages: { name: string; credits: number | null; level: number | null; features: string[]; selectable: boolean }[];
  features: { value: string; label: string; locked: boolean }[];
  freeTrialDays: number;
}

export interface Widget {
  key: string;
  title: string;
  description: string;
  path: string;
  views: { view: string; label: string; url: string }[];
}

export interface Partner {
  id: number;
  name: string;
  status: string;
  startDate: string;
  type: string;
  address: string | null;
  email: string;
  package: string;
  settings: { packageCredits: number | null };
  apiCredits: number;
  apiKey: string | null;
  url: string | null;
  companies_count: number;
  created_at: string;
}

export interface Usage {
  range: { from: string; to: string };
  days: { day: string; free: number; paid: number }[];
  totals: { free: number; paid: number };
}

export interface AdminUser {
  id: number;
  firstName: string | null;
  lastName: string | null;
  userName: string;
  email: string;
  role: string;
  status: string;
  partnerId: number | null;
  partnerName: string | null;
  lastLoginAt: string | null;
  created_at: string;
}

type Body = Record<string, unknown>;

export function fetchCompanies(q: PageQuery, signal?: AbortSignal): Promise<Paged<CompanyListItem>> {
  return api('/v2/api/admin/companies', { query: { page: q.page, per_page: q.per_page, direction: 'desc', search: q.search ?? '', status: q.status ?? '' }, signal });
}

export function fetchPartners(q: PageQuery, signal?: AbortSignal): Promise<Paged<PartnerListItem>> {
  return api('/v2/api/admin/partners', { query: { page: q.page, per_page: q.per_page, search: q.search ?? '', status: q.status ?? '' }, signal });
}

export const companiesApi = {
  get: (id: number, signal?: AbortSignal) => api<Company>(`/v2/api/admin/companies/${id}`, { signal }),
  create: (body: Body) => api<Company>('/v2/api/admin/companies', { method: 'POST', body }),
  /** The id plus the changed fields only (spec 001 section 7). */
  update: (id: number, changed: Body) => api<Company>(`/v2/api/admin/companies/${id}`, { method: 'PATCH', body: { id, ...changed } }),
  remove: (id: number) => api<{ id: number; deleted: true }>(`/v2/api/admin/companies/${id}`, { method: 'DELETE' }),
  users: (id: number, signal?: AbortSignal) => api<{ data: CompanyUser[] }>(`/v2/api/admin/companies/${id}/users`, { signal }),
  rotateKey: (id: number) => api<{ accessToken: string }>(`/v2/api/admin/companies/${id}/accessToken`, { method: 'POST' }),
  sources: (signal?: AbortSignal) => api<SourceCatalogue>('/v2/api/admin/sources', { signal }),
  packages: (signal?: AbortSignal) => api<PackageCatalogue>('/v2/api/admin/packages', { signal }),
  updatePackage: (body: Body) => api<Company>('/v2/api/admin/packages', { method: 'PATCH', body }),
  languages: (client: number, languages: string[]) => api<{ languages: string[] }>('/v2/api/admin/languages', { method: 'PATCH', body: { client, languages } }),
  widgets: (client: number, signal?: AbortSignal) => api<{ data: Widget[]; tokenCall: string }>('/v2/api/admin/widgets', { query: { client }, signal }),
  /** The origins allowed to frame the company's embedded views. */
  frameAncestors: (client: number, signal?: AbortSignal) => api<{ frameAncestors: string[] }>('/v2/api/admin/embed', { query: { client }, signal }),
  setFrameAncestors: (client: number, frameAncestors: string[]) => api<{ frameAncestors: string[] }>('/v2/api/admin/embed', { method: 'PATCH', body: { client, frameAncestors } }),
};

export const brandsApi = {
  list: (companyId: number, signal?: AbortSignal) => api<{ data: Brand[] }>(`/v2/api/admin/companies/${companyId}/brands`, { signal }),
  create: (companyId: number, body: { title: string; states: string[] }) => api<Brand>(`/v2/api/admin/companies/${companyId}/brands`, { method: 'POST', body }),
  update: (companyId: number, brandId: number, changed: Body) => api<Brand>(`/v2/api/admin/companies/${companyId}/brands/${brandId}`, { method: 'PATCH', body: { id: brandId, ...changed } }),
  remove: (companyId: number, brandId: number) => api<{ deleted: true }>(`/v2/api/admin/companies/${companyId}/brands/${brandId}`, { method: 'DELETE' }),
};

/** POST v2/api/brands/logo?brand={id}, multipart with one field 'file' (after the brand is saved). */
export function uploadBrandLogo(brandId: number, file: File): Promise<{ id: number; photoUrl: string }> {
  const form = new FormData();
  form.append('file', file);
  return api('/v2/api/brands/logo', { method: 'POST', query: { brand: brandId }, body: form });
}

export const partnersApi = {
  get: (id: number, signal?: AbortSignal) => api<Partner>(`/v2/api/partner/${id}`, { signal }),
  create: (body: Body) => api<Partner>('/v2/api/partner', { method: 'POST', body }),
  update: (id: number, changed: Body) => api<Partner>(`/v2/api/partner/${id}`, { method: 'PATCH', body: { id, ...changed } }),
  remove: (id: number) => api<{ deleted: true }>(`/v2/api/partner/${id}`, { method: 'DELETE' }),
  rotateKey: (id: number) => api<{ apiKey: string }>(`/v2/api/partner/${id}/apiKey`, { method: 'POST' }),
  usage: (id: number, range: { from: string; to: string }, signal?: AbortSignal) => api<Usage>(`/v2/api/partner/${id}/usage`, { query: { dateFrom: range.from, dateTo: range.to }, signal }),
  users: (id: number | undefined, signal?: AbortSignal) => api<{ data: AdminUser[] }>('/v2/api/partner/users', { query: { id }, signal }),
};

export const adminUsersApi = {
  list: (q: PageQuery & { role?: string }, signal?: AbortSignal) =>
    api<{ data: AdminUser[]; total: number; page: number; per_page: number; total_pages: number }>('/v2/api/owner', { query: { page: q.page, per_page: q.per_page, search: q.search || undefined, role: q.role || undefined }, signal }),
  get: (id: number, signal?: AbortSignal) => api<AdminUser>(`/v2/api/owner/${id}`, { signal }),
  create: (body: Body) => api<AdminUser>('/v2/api/owner', { method: 'POST', body: { ...body, url: window.location.origin } }),
  update: (id: number, changed: Body) => api<AdminUser>(`/v2/api/owner/${id}`, { method: 'PATCH', body: { id, ...changed } }),
  remove: (id: number) => api<{ deleted: true }>(`/v2/api/owner/${id}`, { method: 'DELETE' }),
  reinvite: (id: number) => api<{ message: string }>(`/v2/api/owner/${id}/invite`, { method: 'POST', body: { url: window.location.origin } }),
};

/**
 * Opens an export as a plain browser download: the query, the acting-as parameters and the access
 * token as `access_token` (a download cannot send headers). The /me call first lets the client
 * refresh an expired token before the link is opened.
 */
export async function downloadFile(path: string, query: Record<string, string | number | boolean | undefined>): Promise<void> {
  await api('/v2/api/me');
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, String(v));
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
