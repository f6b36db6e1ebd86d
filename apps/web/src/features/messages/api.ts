import { api } from '../../lib/api';

export interface Conversation {
  id: number;
  channel: string;
  customerName: string;
  lastMessage: string | null;
  lastMessageAt: string;
  isRead: boolean;
  unreadCount: number;
}

export interface SocialPost {
  id: number;
  channel: string;
  message: string | null;
  postedAt: string;
  unreadCount: number;
}

/** Both pages carry the same unread totals the sidebar badge adds up. */
export interface ConversationsPage {
  conversations: Conversation[];
  total: number;
  unreadTotalCount: number;
}
export interface PostsPage {
  posts: SocialPost[];
  total: number;
  unreadTotalCount: number;
}

export const fetchConversations = (skip: number, signal?: AbortSignal) =>
  api<ConversationsPage>('/v2/api/conversations', { method: 'POST', body: { skip }, signal });
export const fetchPosts = (skip: number, signal?: AbortSignal) =>
  api<PostsPage>('/v2/api/socialpost/get', { method: 'POST', body: { skip }, signal });
