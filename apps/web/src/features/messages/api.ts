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
  color: string | null;
}

export interface PersonRef {
  id: number;
  name: string;
}

export interface Conversation {
  id: number;
  channel: Channel;
  pageId: string | null;
  pageName?: string | null;
  customerName: string;
  lastMessage: string | null;
  lastMessageAt: string;
  isRead: boolean;
  unreadCount: number;
  locationId: number | null;
  assignee?: PersonRef | null;
  tags?: TagDto[];
}

export type DeliveryState = 'sending' | 'queued' | 'sent' | 'delivered' | 'failed' | 'received' | (string & {});

export interface Message {
  id: number | string;
  type: 'inbound' | 'outbound' | (string & {});
  sentAt: string;
  message: string | null;
  attachmentType: string | null;
  attachmentUrl?: string | null;
  attachmentName?: string | null;
  status?: DeliveryState | null;
  error?: string | null;
  author?: string | null;
}

export interface ConversationsPage {
  conversations: Conversation[];
  total: number;
  unreadTotalCount: number;
}

export interface InboxFilter {
  pageId?: string;
  channel?: string;
  tagId?: number;
  read?: 'read' | 'unread';
  assigneeId?: number;
  search?: string;
}

export interface SocialPost {
  id: number;
  postId: string;
  channel: Channel;
  pageName?: string | null;
  message: string | null;
  mediaUrl?: string | null;
  postedAt: string;
  unreadCount: number;
  commentsCount?: number;
  reactionsCount?: number;
}

export interface PostsPage {
  posts: SocialPost[];
  total: number;
  unreadTotalCount: number;
}

export interface PostComment {
  id: number;
  parentId: number | null;
  author: string;
  message: string;
  createdAt: string;
  hidden: boolean;
  replied?: boolean;
  fromPage?: boolean;
}

export interface ReactionCount {
  type: string;
  count: number;
}

export interface MessagePage {
  id: number;
  pageId: string;
  channel: Channel;
  name?: string | null;
  connectState?: 'connected' | 'reconnect_needed' | 'not_connected' | (string & {});
  locationId?: number | null;
  enabled?: boolean;
  conversations: number;
  unread: number;
}

export interface AnalyticsFilter {
  from?: string;
  to?: string;
  pageId?: string;
}

export interface ConversationAnalytics {
  volume: { date: string; channel: string; count: number }[];
  firstResponse: { medianMinutes: number | null; p90Minutes: number | null };
  responseRate: number | null;
  busiestHours: { weekday: number; hour: number; count: number }[];
  perPage: {
    pageId: string;
    pageName: string | null;
    channel: string;
    locationName: string | null;
    conversations: number;
    messages: number;
    responseRate: number | null;
    medianFirstResponseMinutes: number | null;
  }[];
}

export interface SendBody {
  message: string;
  sentAt: string;
  type: 'outbound';
  attachmentType?: string | null;
  attachment?: string | null;
  attachmentName?: string | null;
}

function filterBody(f: InboxFilter) {
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== ''));
}

export const messagesApi = {
  conversations: (skip: number, filter: InboxFilter, signal?: AbortSignal) =>
    api<ConversationsPage>('/v2/api/conversations', { method: 'POST', body: { skip, ...filterBody(filter) }, signal }),
  messages: (id: number, signal?: AbortSignal) =>
    api<{ messages: Message[] }>(`/v2/api/conversations/messages/${id}`, { signal }),
  send: (id: number, body: SendBody) => api<Message>(`/v2/api/conversations/messages/${id}`, { method: 'PATCH', body }),
  retry: (conversationId: number, messageId: number | string) =>
    api<Message>(`/v2/api/conversations/messages/${conversationId}/retry/${messageId}`, { method: 'POST' }),
  setRead: (id: number, isRead: boolean) =>
    api<{ updatedConversations: Conversation[]; unreadTotalCount: number }>(`/v2/api/conversationsread/${id}`, {
      method: 'PATCH',
      body: { isRead },
    }),
  update: (id: number, body: { assigneeId?: number | null }) =>
    api<Conversation>(`/v2/api/conversations/${id}`, { method: 'PATCH', body }),
  tags: () => api<{ tags: TagDto[] }>('/v2/api/tags'),
  createTag: (name: string) => api<TagDto>('/v2/api/tags', { method: 'POST', body: { name } }),
  tagConversation: (conversationId: number, tagId: number) =>
    api<unknown>('/v2/api/tagsmessage', { method: 'POST', body: { conversationId, tagId } }),
  untagConversation: (conversationId: number, tagId: number) =>
    api<unknown>('/v2/api/tagsmessage', { method: 'DELETE', body: { conversationId, tagId } }),
  assignees: () => api<{ users: PersonRef[] }>('/v2/api/conversations/assignees'),
  posts: (skip: number, signal?: AbortSignal) =>
    api<PostsPage>('/v2/api/socialpost/get', { method: 'POST', body: { skip }, signal }),
  comments: (postId: string, signal?: AbortSignal) =>
    api<{ comments: PostComment[] }>('/v2/api/postcomment/get', { method: 'POST', body: { postId }, signal }),
  reactions: (postId: string, signal?: AbortSignal) =>
    api<{ reactions: ReactionCount[] }>('/v2/api/reaction/get', { method: 'POST', body: { postId }, signal }),
  markPostRead: (postId: string) =>
    api<{ postId: string; unreadCount: number }>('/v2/api/socialpost/updateCount', {
      method: 'PATCH',
      body: { postId },
    }),
  replyToComment: (commentId: number, message: string) =>
    api<PostComment>(`/v2/api/postcomment/reply/${commentId}`, { method: 'POST', body: { message } }),
  hideComment: (commentId: number, hidden: boolean) =>
    api<PostComment>(`/v2/api/postcomment/${commentId}`, { method: 'PATCH', body: { hidden } }),
  pages: () => api<{ items: MessagePage[] }>('/v2/api/pages'),
  updatePage: (id: number, body: { locationId?: number | null; enabled?: boolean }) =>
    api<MessagePage>(`/v2/api/pages/update/${id}`, { method: 'PATCH', body }),
  analytics: (filter: AnalyticsFilter, signal?: AbortSignal) =>
    api<ConversationAnalytics>('/v2/api/conversations/analytics', { query: { ...filter }, signal }),
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
