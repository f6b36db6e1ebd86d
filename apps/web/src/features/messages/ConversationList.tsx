import { useEffect, useRef } from 'react';
import { Avatar, Badge, Button, Empty, Segmented, Select, Skeleton, Tag } from 'antd';
import Search from 'antd/es/input/Search';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { messagesApi, type Conversation, type ConversationsPage, type InboxFilter } from './api';
import { messagesKeys } from './queryKeys';
import { avatarColor, ChannelIcon, channelLabel, initials, shortTime } from './ui';

const ARROW = '→';

/** The next `skip`, or undefined when the server says every row is loaded. */
export function nextSkip<T extends { hasMore: boolean }>(rows: (p: T) => unknown[]) {
  return (last: T, all: T[]) => (last.hasMore ? all.reduce((n, p) => n + rows(p).length, 0) : undefined);
}

/** Pages, channels, tags and team members the inbox filters offer (one call). */
export function useInboxInfo() {
  return useQuery({ queryKey: messagesKeys.info, queryFn: ({ signal }) => messagesApi.info(signal) });
}

export function useConversations(filter: InboxFilter) {
  return useInfiniteQuery({
    queryKey: messagesKeys.conversationList(filter),
    // skip 0 replaces the list, any other skip appends a page (spec 000 section 4).
    queryFn: ({ pageParam, signal }) => messagesApi.conversations(pageParam, filter, signal),
    initialPageParam: 0,
    getNextPageParam: nextSkip<ConversationsPage>((p) => p.conversations),
  });
}

/** Loads the next page when the sentinel at the list's end scrolls into view. */
function useEndSentinel(onEnd: () => void, active: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onEnd);
  latest.current = onEnd;
  useEffect(() => {
    const el = ref.current;
    if (!el || !active) return undefined;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) latest.current();
    });
    io.observe(el);
    return () => io.disconnect();
  }, [active]);
  return ref;
}

export function InboxFilters({ filter, onChange }: { filter: InboxFilter; onChange: (f: InboxFilter) => void }) {
  const { t } = useTranslation('messages');
  const info = useInboxInfo().data;
  const set = (change: InboxFilter) => onChange({ ...filter, ...change });
  return (
    <div className="msg-filters" data-testid="inbox-filters">
      <Search
        allowClear
        placeholder={t('filters.search')}
        aria-label={t('filters.search')}
        defaultValue={filter.search}
        onSearch={(v) => set({ search: v.trim() || undefined })}
        data-testid="inbox-search"
      />
      <Segmented
        block
        size="small"
        value={filter.read ?? 'all'}
        aria-label={t('filters.readState')}
        options={[
          { label: t('filters.all'), value: 'all' },
          { label: t('filters.unread'), value: 'unread' },
          { label: t('filters.read'), value: 'read' },
        ]}
        onChange={(v) => set({ read: v === 'all' ? undefined : (v as 'read' | 'unread') })}
        data-testid="read-filter"
      />
      <div className="msg-filter-row">
        <Select
          allowClear
          size="small"
          placeholder={t('filters.page')}
          aria-label={t('filters.page')}
          value={filter.pageId}
          onChange={(v?: number) => set({ pageId: v })}
          options={(info?.pages ?? []).map((p) => ({ value: p.id, label: p.name }))}
          popupMatchSelectWidth={false}
          data-testid="page-filter"
        />
        <Select
          allowClear
          size="small"
          placeholder={t('filters.channel')}
          aria-label={t('filters.channel')}
          value={filter.channel}
          onChange={(v?: string) => set({ channel: v })}
          options={(info?.channels ?? []).map((c) => ({ value: c, label: channelLabel(c) }))}
          popupMatchSelectWidth={false}
          data-testid="channel-filter"
        />
        <Select
          allowClear
          size="small"
          placeholder={t('filters.tag')}
          aria-label={t('filters.tag')}
          value={filter.tagId}
          onChange={(v?: number) => set({ tagId: v })}
          options={(info?.tags ?? []).map((t) => ({ value: t.id, label: t.name }))}
          popupMatchSelectWidth={false}
          data-testid="tag-filter"
        />
        <Select
          allowClear
          size="small"
          placeholder={t('filters.assignee')}
          aria-label={t('filters.assignee')}
          value={filter.assignee}
          onChange={(v?: number | 'me' | 'none') => set({ assignee: v })}
          options={[
            { value: 'me', label: t('filters.assignedToMe') },
            { value: 'none', label: t('filters.unassigned') },
            ...(info?.assignees ?? []).map((u) => ({ value: u.id, label: u.name })),
          ]}
          popupMatchSelectWidth={false}
          data-testid="assignee-filter"
        />
      </div>
    </div>
  );
}

function ConversationRow({
  c,
  selected,
  onOpen,
}: {
  c: Conversation;
  selected: boolean;
  onOpen: (id: number) => void;
}) {
  const unread = !c.isRead && c.unreadCount > 0;
  return (
    <li>
      <button
        type="button"
        className={['msg-row', unread ? 'msg-row-unread' : '', selected ? 'msg-row-selected' : ''].join(' ')}
        onClick={() => onOpen(c.id)}
        aria-current={selected ? 'true' : undefined}
        data-testid="conversation-row"
        data-id={c.id}
        data-unread={unread ? c.unreadCount : undefined}
      >
        <span className="msg-avatar-wrap" data-user-content>
          <Avatar style={{ background: avatarColor(c.customerName) }}>{initials(c.customerName)}</Avatar>
          <span className="msg-avatar-channel">
            <ChannelIcon channel={c.channel} />
          </span>
        </span>
        <span className="msg-row-body">
          <span className="msg-row-top">
            <span className="msg-row-name" dir="auto">
              {c.customerName}
            </span>
            <span className="msg-row-time">{shortTime(c.lastMessageAt)}</span>
          </span>
          <span className="msg-row-bottom">
            <span className="msg-row-snippet" dir="auto">
              {c.lastMessage ?? ''}
            </span>
            {unread && <Badge count={c.unreadCount} color="#4f46e5" />}
          </span>
          {(c.tags.length > 0 || c.assigneeName) && (
            <span className="msg-row-meta">
              {c.tags.slice(0, 3).map((t) => (
                <Tag key={t.id} bordered={false} className="msg-tag-small" data-user-content>
                  <bdi dir="auto">{t.name}</bdi>
                </Tag>
              ))}
              {c.assigneeName && (
                <span className="msg-row-assignee">
                  <span className="msg-flip">{ARROW}</span> <bdi dir="auto">{c.assigneeName}</bdi>
                </span>
              )}
            </span>
          )}
        </span>
      </button>
    </li>
  );
}

export function ConversationList({
  query,
  selectedId,
  onOpen,
}: {
  query: ReturnType<typeof useConversations>;
  selectedId: number | null;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation('messages');
  const rows = query.data?.pages.flatMap((p) => p.conversations) ?? [];
  const more = () => {
    if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
  };
  const sentinel = useEndSentinel(more, Boolean(query.hasNextPage));
  if (query.isPending) return <Skeleton active avatar paragraph={{ rows: 6 }} className="msg-pad" />;
  if (rows.length === 0)
    return <Empty className="msg-pad" description={t('list.noMatch')} data-testid="conversations-empty" />;
  return (
    <div className="msg-list-scroll">
      <ul className="msg-list" data-testid="conversation-list">
        {rows.map((c) => (
          <ConversationRow key={c.id} c={c} selected={c.id === selectedId} onOpen={onOpen} />
        ))}
      </ul>
      <div ref={sentinel} />
      {query.hasNextPage && (
        <div className="msg-more">
          <Button size="small" onClick={more} loading={query.isFetchingNextPage} data-testid="more-conversations">
            {t('list.more')}
          </Button>
        </div>
      )}
    </div>
  );
}
