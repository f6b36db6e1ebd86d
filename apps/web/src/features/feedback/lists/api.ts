import { api } from '../../../lib/api';
import type { ApiResponse } from '../../../lib/apiTypes';
import { openDownload } from '../../../lib/download';

/** Feedback › Lists: contact lists, their contacts, uploads and the suppression list (v2/api/feedback/...). */

export type ContactList = ApiResponse<'/v2/api/feedback/lists/{id}'>;
export type ListPage = ApiResponse<'/v2/api/feedback/lists'>;
export type Contact = ApiResponse<'/v2/api/feedback/contacts/{id}'>;
export type ContactPage = ApiResponse<'/v2/api/feedback/lists/{id}/contacts'>;
export type ContactUploadReport = ApiResponse<'/v2/api/feedback/lists/{id}/upload', 'post'>;
export type AddedContact = ApiResponse<'/v2/api/feedback/lists/{id}/contacts', 'post'>;
export type SuppressionPage = ApiResponse<'/v2/api/feedback/suppressions'>;
export type Suppression = SuppressionPage['data'][number];
export type Channel = Suppression['channel'];

export interface ContactInput {
  name: string | null;
  email: string | null;
  phone: string | null;
  location_id: number | null;
  tags: string[];
  consent_email: boolean;
  consent_sms: boolean;
  last_visit: string | null;
}

export const PER_PAGE = 20;

export const listKeys = {
  all: ['feedbackLists'] as const,
  lists: (page: number, search: string) => ['feedbackLists', 'lists', page, search] as const,
  list: (id: number) => ['feedbackLists', 'list', id] as const,
  contacts: (id: number, page: number, search: string) => ['feedbackLists', 'contacts', id, page, search] as const,
  suppressions: (page: number, search: string, channel: Channel | undefined) =>
    ['feedbackLists', 'suppressions', page, search, channel] as const,
};

const base = '/v2/api/feedback';

export const listsApi = {
  lists: (page: number, search: string, signal?: AbortSignal) =>
    api<ListPage>(`${base}/lists`, { query: { page, per_page: PER_PAGE, search: search || undefined }, signal }),
  list: (id: number, signal?: AbortSignal) => api<ContactList>(`${base}/lists/${id}`, { signal }),
  create: (name: string) => api<ContactList>(`${base}/lists`, { method: 'POST', body: { name } }),
  rename: (id: number, name: string) => api<ContactList>(`${base}/lists/${id}`, { method: 'PATCH', body: { name } }),
  remove: (id: number) => api<{ message: string }>(`${base}/lists/${id}`, { method: 'DELETE' }),
  contacts: (id: number, page: number, search: string, signal?: AbortSignal) =>
    api<ContactPage>(`${base}/lists/${id}/contacts`, {
      query: { page, per_page: PER_PAGE, search: search || undefined },
      signal,
    }),
  addContact: (listId: number, body: ContactInput) =>
    api<AddedContact>(`${base}/lists/${listId}/contacts`, { method: 'POST', body }),
  updateContact: (id: number, body: ContactInput) => api<Contact>(`${base}/contacts/${id}`, { method: 'PATCH', body }),
  removeFromList: (listId: number, contactId: number) =>
    api<{ message: string }>(`${base}/lists/${listId}/contacts/${contactId}`, { method: 'DELETE' }),
  deleteContact: (id: number) => api<{ message: string }>(`${base}/contacts/${id}`, { method: 'DELETE' }),
  upload: (listId: number, filename: string, content: string) =>
    api<ContactUploadReport>(`${base}/lists/${listId}/upload`, { method: 'POST', body: { filename, content } }),
  example: () => openDownload(`${base}/lists/upload/example`),
  exportList: (id: number) => openDownload(`${base}/lists/${id}/export`),
  suppressions: (page: number, search: string, channel: Channel | undefined, signal?: AbortSignal) =>
    api<SuppressionPage>(`${base}/suppressions`, {
      query: { page, per_page: PER_PAGE, search: search || undefined, channel },
      signal,
    }),
  suppress: (channel: Channel, address: string) =>
    api<Suppression>(`${base}/suppressions`, { method: 'POST', body: { channel, address } }),
  resubscribe: (channel: Channel, address: string) =>
    api<{ message: string }>(`${base}/suppressions/${channel}/${encodeURIComponent(address)}`, { method: 'DELETE' }),
  exportSuppressions: (channel?: Channel) =>
    openDownload(`${base}/suppressions/export`, new URLSearchParams(channel ? { channel } : {})),
};
