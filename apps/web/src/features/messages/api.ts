import { actingParams } from '@reputo/core';
import { api } from '../../lib/api';
import { session } from '../../lib/session';

/**
 * The calls of spec 001 section 7 "Conversations and social", the only place the Messages screens
 * talk to the server. Shapes follow the API's OpenAPI document.
 */

export type Channel = 'facebook' | 'instagram' | 'google' | (string & {});

export interface TagDto {
  id: number;
  name: string;
  color: string;
}

export interface Conversation {
  id: number;
  pageId: number | null;
  pageName: string | null;
  channel: Channel;
  locationId: number | null;
  customerName: string;
  customerPicture: string | null;
  lastMessage: string | null;
  lastMessageAt: string;
  /** False when Meta's 24-hour window is closed: the server refuses a send then, and says why. */
  replyWindowOpen: boolean;
  isRead: boolean;
  unreadCount: number;
  assigneeId: number | null;
  assigneeName: string | null;
  tags: TagDto[];
}

export type DeliveryState = 'sending' | 'sent' | 'delivered' | 'read' | 'failed';

export interface Message {
  id: number | string;
  type: 'inbound' | 'outbound';
  sentAt: string;
  message: string | null;
  attachmentType: string | null;
  attachmentUrl: string | null;
  deliveryState: DeliveryState;
  failureReason: string | null;
  authorName: string | null;
}

export interface ConversationsPage {
  conversations: Conversation[];
  skip: number;
  hasMore: boolean;
  unreadTotalCount: number;
}

export interface InboxFilter {
  pageId?: number;
  channel?: string;
  tagId?: number;
  read?: 'read' | 'unread';
  /** A team member's id, 'me' or 'none' (unassigned). */
  assignee?: number | 'me' | 'none';
  search?: string;
}

export interface SocialPost {
  id: number;
  postId: string;
  pageId: number | null;
  pageName: string | null;
  channel: Channel;
  message: string | null;
  mediaUrl: string | null;
  permalink: string | null;
  postedAt: string;
  unreadCount: number;
  comments: number;
  reactions: number;
}

export interface PostsPage {
  posts: SocialPost[];
  skip: number;
  hasMore: boolean;
  total: number;
  unreadTotalCount: number;
}

export interface PostComment {
  id: number;
  parentId: number | null;
  authorName: string;
  text: string;
  fromPage: boolean;
  deliveryState: string | null;
  failureReason: string | null;
  hidden: boolean;
  hidePending: boolean;
  repliedAt: string | null;
  createdAt: string;
  reactions: Record<string, number>;
}

export interface PostDetail {
  post: SocialPost;
  comments: PostComment[];
  reactions: Record<string, number>;
}

export type ConnectionState = 'connected' | 'reconnect_needed' | 'not_connected';

export interface MessagePage {
  id: number;
  provider: Channel;
  externalId: string;
  name: string;
  picture: string | null;
  locationId: number | null;
  locationName: string | null;
  enabled: boolean;
  connectionState: ConnectionState;
  lastError: string | null;
  conversations: number;
  unread: number;
}

export interface InboxInfo {
  hasPages: boolean;
  pages: MessagePage[];
  channels: string[];
  tags: TagDto[];
  assignees: { id: number; name: string; role: string }[];
  unreadTotalCount: number;
  commentsUnreadTotalCount: number;
}

export interface AnalyticsFilter {
  date_from?: string;
  date_to?: string;
  pageId?: number;
}

export interface BreakdownRow {
  id: number | null;
  name: string;
  conversations: number;
  inbound: number;
  outbound: number;
  responseRate: number | null;
  firstResponseMedianSeconds: number | null;
}

export interface ConversationAnalytics {
  date_from: string;
  date_to: string;
  totals: {
    conversations: number;
    inbound: number;
    outbound: number;
    /** In percent. */
    responseRate: number | null;
    firstResponseMedianSeconds: number | null;
    firstResponseP90Seconds: number | null;
  };
  volume: { date: string; channel: string; inbound: number; outbound: number }[];
  /** Inbound messages by weekday (0 = Sunday) and hour, in UTC. */
  heatmap: { weekday: number; hour: number; count: number }[];
  pages: BreakdownRow[];
  locations: BreakdownRow[];
}

export interface SendBody {
  message: string;
  sentAt: string;
  type: 'outbound';
  attachmentType?: string;
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
    api<{ message: Message; conversation: Conversation }>(`/v2/api/conversations/messages/${id}`, {
      method: 'PATCH',
      body,
    }),
  retry: (messageId: number) => api<unknown>(`/v2/api/conversations/messages/retry/${messageId}`, { method: 'POST' }),
  setRead: (id: number, isRead: boolean) =>
    api<{ updatedConversations: Conversation[]; unreadTotalCount: number }>(`/v2/api/conversationsread/${id}`, {
      method: 'PATCH',
      body: { isRead },
    }),
  /** Opening a conversation reads it. */
  open: (id: number) =>
    api<{ updatedConversations: Conversation[]; unreadTotalCount: number }>(`/v2/api/conversations/read/${id}`, {
      method: 'POST',
    }),
  update: (id: number, body: { assigneeId?: number | null; tagIds?: number[] }) =>
    api<Conversation>(`/v2/api/conversations/${id}`, { method: 'PATCH', body }),
  tags: () => api<{ items: TagDto[] }>('/v2/api/tags/get', { method: 'POST', body: {} }),
  createTag: (name: string) => api<TagDto>('/v2/api/tags/create', { method: 'POST', body: { name } }),
  posts: (skip: number, signal?: AbortSignal) =>
    api<PostsPage>('/v2/api/socialpost/get', { method: 'POST', body: { skip }, signal }),
  post: (postId: string, signal?: AbortSignal) =>
    api<PostDetail>(`/v2/api/socialpost/get/${encodeURIComponent(postId)}`, { signal }),
  markPostRead: (postId: string) =>
    api<{ postId: string; unreadCount: number; unreadTotalCount: number }>('/v2/api/socialpost/updateCount', {
      method: 'PATCH',
      body: { postId, unreadCount: 0 },
    }),
  replyToComment: (commentId: number, text: string) =>
    api<PostComment>(`/v2/api/postcomment/reply/${commentId}`, { method: 'POST', body: { text } }),
  hideComment: (commentId: number, hidden: boolean) =>
    api<PostComment>(`/v2/api/postcomment/hide/${commentId}`, { method: 'PATCH', body: { hidden } }),
  pages: () => api<{ items: MessagePage[] }>('/v2/api/pages'),
  updatePage: (id: number, body: { locationId?: number | null; enabled?: boolean }) =>
    api<MessagePage>(`/v2/api/pages/update/${id}`, { method: 'PATCH', body }),
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
export async function downloadMessagesExport(path: string, query: Record<string, string | undefined>): Promise<void> {
  await api('/v2/api/me');
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v) params.set(k, v);
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
