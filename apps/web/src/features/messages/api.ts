import { openDownload } from '../../lib/download';
import { api } from '../../lib/api';
import type { ApiResponse } from '../../lib/apiTypes';

/**
 * The calls of spec 001 section 7 "Conversations and social", the only place the Messages screens
 * talk to the server. The answers' types come from the API's OpenAPI document.
 */

export type Channel = string;

export type ConversationsPage = ApiResponse<'/v2/api/conversations', 'post'>;
export type Conversation = ConversationsPage['conversations'][number];
export type TagDto = Conversation['tags'][number];
export type ThreadReply = ApiResponse<'/v2/api/conversations/messages/{id}'>;
type ServerMessage = ThreadReply['messages'][number];
/** A message as shown: the server's, or one typed here not confirmed yet (its id is local then). */
export type Message = Pick<
  ServerMessage,
  'type' | 'sentAt' | 'message' | 'attachmentType' | 'attachmentUrl' | 'deliveryState' | 'failureReason' | 'authorName'
> & { id: number | string };
export type DeliveryState = ServerMessage['deliveryState'];
export type ReadReply = ApiResponse<'/v2/api/conversationsread/{id}', 'patch'>;
export type InboxInfo = ApiResponse<'/v2/api/conversations/info'>;
export type PostsPage = ApiResponse<'/v2/api/socialpost/get', 'post'>;
export type SocialPost = PostsPage['posts'][number];
export type PostDetail = ApiResponse<'/v2/api/socialpost/get/{postId}'>;
export type PostComment = PostDetail['comments'][number];
export type MessagePage = ApiResponse<'/v2/api/pages'>['items'][number];
export type ConnectionState = MessagePage['connectionState'];
export type ConversationAnalytics = ApiResponse<'/v2/api/conversations/analytics'>;
export type BreakdownRow = ConversationAnalytics['pages'][number];

export interface InboxFilter {
  pageId?: number;
  channel?: string;
  tagId?: number;
  read?: 'read' | 'unread';
  /** A team member's id, 'me' or 'none' (unassigned). */
  assignee?: number | 'me' | 'none';
  search?: string;
}

export interface AnalyticsFilter {
  date_from?: string;
  date_to?: string;
  pageId?: number;
}

export interface SendBody {
  message: string;
  sentAt: string;
  type: 'outbound';
  attachmentType?: 'image' | 'video' | 'audio' | 'file';
  attachmentUrl?: string;
}

function filterBody(f: InboxFilter) {
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== ''));
}

export const messagesApi = {
  conversations: (skip: number, filter: InboxFilter, signal?: AbortSignal) =>
    api<ConversationsPage>('/v2/api/conversations', { method: 'POST', body: { skip, ...filterBody(filter) }, signal }),
  info: (signal?: AbortSignal) => api<InboxInfo>('/v2/api/conversations/info', { signal }),
  thread: (id: number, signal?: AbortSignal) =>
    api<{ conversation: Conversation; messages: Message[]; hasMore: boolean }>(`/v2/api/conversations/messages/${id}`, {
      signal,
    }),
  send: (id: number, body: SendBody) =>
    api<ApiResponse<'/v2/api/conversations/messages/{id}', 'patch'>>(`/v2/api/conversations/messages/${id}`, {
      method: 'PATCH',
      body,
    }),
  retry: (messageId: number) =>
    api<ApiResponse<'/v2/api/conversations/messages/retry/{id}', 'post'>>(
      `/v2/api/conversations/messages/retry/${messageId}`,
      { method: 'POST' },
    ),
  setRead: (id: number, isRead: boolean) =>
    api<ReadReply>(`/v2/api/conversationsread/${id}`, {
      method: 'PATCH',
      body: { isRead },
    }),
  /** Opening a conversation reads it. */
  open: (id: number) =>
    api<ReadReply>(`/v2/api/conversations/read/${id}`, {
      method: 'POST',
    }),
  update: (id: number, body: { assigneeId?: number | null; tagIds?: number[] }) =>
    api<ApiResponse<'/v2/api/conversations/{id}', 'patch'>>(`/v2/api/conversations/${id}`, { method: 'PATCH', body }),
  tags: () => api<ApiResponse<'/v2/api/tags/get', 'post'>>('/v2/api/tags/get', { method: 'POST', body: {} }),
  createTag: (name: string) =>
    api<ApiResponse<'/v2/api/tags/create', 'post'>>('/v2/api/tags/create', { method: 'POST', body: { name } }),
  posts: (skip: number, signal?: AbortSignal) =>
    api<PostsPage>('/v2/api/socialpost/get', { method: 'POST', body: { skip }, signal }),
  post: (postId: string, signal?: AbortSignal) =>
    api<PostDetail>(`/v2/api/socialpost/get/${encodeURIComponent(postId)}`, { signal }),
  /** The post leaves the list (spec 000: updating a social post removes it from the list). */
  removePost: (id: number) =>
    api<ApiResponse<'/v2/api/socialpost/update/{id}', 'patch'>>(`/v2/api/socialpost/update/${id}`, {
      method: 'PATCH',
      body: { removed: true },
    }),
  markPostRead: (postId: string) =>
    api<ApiResponse<'/v2/api/socialpost/updateCount', 'patch'>>('/v2/api/socialpost/updateCount', {
      method: 'PATCH',
      body: { postId, unreadCount: 0 },
    }),
  replyToComment: (commentId: number, text: string) =>
    api<ApiResponse<'/v2/api/postcomment/reply/{id}', 'post'>>(`/v2/api/postcomment/reply/${commentId}`, {
      method: 'POST',
      body: { text },
    }),
  hideComment: (commentId: number, hidden: boolean) =>
    api<ApiResponse<'/v2/api/postcomment/hide/{id}', 'patch'>>(`/v2/api/postcomment/hide/${commentId}`, {
      method: 'PATCH',
      body: { hidden },
    }),
  pages: () => api<ApiResponse<'/v2/api/pages'>>('/v2/api/pages'),
  updatePage: (id: number, body: { locationId?: number | null; enabled?: boolean }) =>
    api<ApiResponse<'/v2/api/pages/update/{id}', 'patch'>>(`/v2/api/pages/update/${id}`, { method: 'PATCH', body }),
  analytics: (filter: AnalyticsFilter, signal?: AbortSignal) =>
    api<ConversationAnalytics>('/v2/api/conversations/analytics', { query: { ...filter }, signal }),
};

/** The Excel exports of the Messages area (analytics and pages). */
export const EXPORTS = {
  analytics: '/v2/api/conversations/analytics/export',
  pages: '/v2/api/pages/export',
};

/**
 * Opens an Excel export as a plain browser download: the acting-as parameters and the access token
 * go in the address (a download cannot send headers). `/v2/api/me` first refreshes an expired token.
 */
export function downloadMessagesExport(path: string, query: Record<string, string | undefined>): Promise<void> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v) params.set(k, v);
  return openDownload(path, params);
}
