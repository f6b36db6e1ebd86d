import { useEffect, useMemo, useRef } from 'react';
import { Segmented } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { int } from '../reporting/display';
import { PageHeader } from '../../app/ui/PageHeader';
import { useMediaQuery } from '../../app/shell/useMediaQuery';
import type { Conversation, InboxFilter } from './api';
import { ConversationList, InboxFilters, useConversations } from './ConversationList';
import { PostDetail, PostList, usePosts } from './PostsView';
import { messagesKeys } from './queryKeys';
import { NoThread, Thread } from './Thread';
import './messages.css';

/** Below this width the list and the open thread are separate screens with a back button. */
const PHONE = '(max-width: 767px)';

function num(v: string | null): number | undefined {
  const n = Number(v);
  return v && Number.isInteger(n) && n > 0 ? n : undefined;
}

/** The inbox filter lives in the address, so a filtered inbox can be bookmarked and shared. */
function filterFrom(params: URLSearchParams): InboxFilter {
  const read = params.get('read');
  const assignee = params.get('assignee');
  return {
    pageId: num(params.get('page')),
    channel: params.get('channel') ?? undefined,
    tagId: num(params.get('tag')),
    read: read === 'read' || read === 'unread' ? read : undefined,
    assignee: assignee === 'me' || assignee === 'none' ? assignee : num(assignee),
    search: params.get('q') ?? undefined,
  };
}

function withFilter(params: URLSearchParams, f: InboxFilter): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (k: string, v: string | number | undefined) =>
    v === undefined ? next.delete(k) : next.set(k, String(v));
  set('page', f.pageId);
  set('channel', f.channel);
  set('tag', f.tagId);
  set('read', f.read);
  set('assignee', f.assignee);
  set('q', f.search);
  return next;
}

function UnreadSummary({ conversations, comments }: { conversations?: number; comments?: number }) {
  const { t } = useTranslation('messages');
  if (conversations === undefined && comments === undefined) return null;
  return (
    <span className="msg-summary" data-testid="messages-unread">
      <b data-testid="messages-unread-total">{int((conversations ?? 0) + (comments ?? 0))}</b>{' '}
      {t('inbox.unreadSummary', { conversations: int(conversations ?? 0), comments: int(comments ?? 0) })}
    </span>
  );
}

/**
 * /messages: the inbox of the company's connected pages. Conversations (filters, infinite list, the
 * open thread with its reply box) and Posts (comments and reactions) are two views of one screen.
 */
export default function MessagesPage() {
  const { t } = useTranslation('messages');
  const [params, setParams] = useSearchParams();
  const phone = useMediaQuery(PHONE);
  const queryClient = useQueryClient();
  const view = params.get('view') === 'posts' ? 'posts' : 'conversations';
  const filter = useMemo(() => filterFrom(params), [params]);
  const openId = num(params.get('c')) ?? null;
  const postId = num(params.get('post')) ?? null;

  const conversations = useConversations(filter);
  const posts = usePosts();
  const rows = conversations.data?.pages.flatMap((p) => p.conversations) ?? [];
  // An open conversation that leaves the list (read under the Unread filter) stays open.
  const lastOpen = useRef<Conversation | null>(null);
  const found = rows.find((c) => c.id === openId);
  if (found) lastOpen.current = found;
  const open = found ?? (lastOpen.current?.id === openId ? lastOpen.current : null);
  const postRows = posts.data?.pages.flatMap((p) => p.posts) ?? [];
  const openPost = postRows.find((p) => p.id === postId) ?? null;

  const unreadMessages = conversations.data?.pages.at(-1)?.unreadTotalCount;
  const unreadComments = posts.data?.pages.at(-1)?.unreadTotalCount;
  // The badge's query (app/shell/useUnread) gets the totals the inbox just read, so both agree.
  useEffect(() => {
    if (unreadMessages !== undefined && unreadComments !== undefined)
      queryClient.setQueryData(messagesKeys.unread, unreadMessages + unreadComments);
  }, [unreadMessages, unreadComments, queryClient]);

  const go = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(change))
      if (v === null) next.delete(k);
      else next.set(k, v);
    setParams(next);
  };

  const listHidden = phone && (view === 'posts' ? openPost !== null : openId !== null);
  const detailHidden = phone && !listHidden;

  return (
    <div className="msg-page">
      {/* On a phone an open conversation or post is a screen of its own: no page title above it. */}
      {!listHidden && (
        <PageHeader
          title={t('inbox.title')}
          description={t('inbox.description')}
          extra={<UnreadSummary conversations={unreadMessages} comments={unreadComments} />}
        />
      )}
      <div className={`msg-inbox ${listHidden ? 'msg-inbox-detail' : ''}`} data-testid="inbox">
        {!listHidden && (
          <aside className="msg-side" aria-label={view === 'posts' ? t('inbox.posts') : t('inbox.conversations')}>
            <div className="msg-side-head">
              <Segmented
                block
                value={view}
                aria-label={t('inbox.view')}
                onChange={(v) => go({ view: v === 'posts' ? 'posts' : null })}
                options={[
                  {
                    value: 'conversations',
                    label: `${t('inbox.conversations')}${unreadMessages ? ` (${int(unreadMessages)})` : ''}`,
                  },
                  { value: 'posts', label: `${t('inbox.posts')}${unreadComments ? ` (${int(unreadComments)})` : ''}` },
                ]}
                data-testid="inbox-view"
              />
              {view === 'conversations' && (
                <InboxFilters filter={filter} onChange={(f) => setParams(withFilter(params, f), { replace: true })} />
              )}
            </div>
            {view === 'conversations' ? (
              <ConversationList query={conversations} selectedId={openId} onOpen={(id) => go({ c: String(id) })} />
            ) : (
              <PostList query={posts} selectedId={postId} onOpen={(id) => go({ post: String(id) })} />
            )}
          </aside>
        )}
        {!detailHidden &&
          (view === 'posts' ? (
            openPost ? (
              <PostDetail
                key={openPost.id}
                post={openPost}
                onBack={phone ? () => go({ post: null }) : undefined}
                onRemoved={() => go({ post: null })}
              />
            ) : (
              <NoThread text={t('inbox.choosePost')} />
            )
          ) : openId !== null ? (
            <Thread
              key={openId}
              conversationId={openId}
              known={open}
              onBack={phone ? () => go({ c: null }) : undefined}
            />
          ) : (
            <NoThread text={t('inbox.chooseConversation')} />
          ))}
      </div>
    </div>
  );
}
