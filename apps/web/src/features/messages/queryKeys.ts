import type { AnalyticsFilter, InboxFilter } from './api';

/**
 * The TanStack Query keys of the Messages screens, the one place they are written. Everything sits
 * under `messages`, so one realtime event can refresh the whole area; `unread` and `pages` are the
 * sidebar's keys (app/shell/useUnread), shared so the badge and the inbox always agree.
 */
export const messagesKeys = {
  all: ['messages'] as const,
  unread: ['messages', 'unread'] as const,
  pages: ['messages', 'pages'] as const,
  info: ['messages', 'info'] as const,
  conversations: ['messages', 'conversations'] as const,
  conversationList: (filter: InboxFilter) => ['messages', 'conversations', filter] as const,
  thread: (id: number) => ['messages', 'thread', id] as const,
  tags: ['messages', 'tags'] as const,
  posts: ['messages', 'posts'] as const,
  post: (id: number) => ['messages', 'post', id] as const,
  analytics: (filter: AnalyticsFilter) => ['messages', 'analytics', filter] as const,
};
