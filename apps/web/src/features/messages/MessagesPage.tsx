import { useEffect, type ReactNode } from 'react';
import { Badge, Button, Card, Col, Empty, List, Row, Skeleton, Tag } from 'antd';
import {
  FacebookFilled,
  GoogleOutlined,
  InstagramOutlined,
  MessageOutlined,
  WhatsAppOutlined,
} from '@ant-design/icons';
import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { PageHeader } from '../../app/ui/PageHeader';
import { fetchConversations, fetchPosts, type ConversationsPage, type PostsPage } from './api';
import './messages.css';

const CHANNEL_ICONS: Record<string, ReactNode> = {
  facebook: <FacebookFilled style={{ color: '#1877f2' }} />,
  instagram: <InstagramOutlined style={{ color: '#d62976' }} />,
  whatsapp: <WhatsAppOutlined style={{ color: '#25d366' }} />,
  google: <GoogleOutlined style={{ color: '#4285f4' }} />,
};

/** The sidebar badge's query (app/shell/useUnread): the page writes its own totals there so both always agree. */
const UNREAD_KEY = ['messages', 'unread'] as const;

type Paged = { total: number; unreadTotalCount: number };

/** The next `skip`, or undefined when every row is loaded. */
function nextSkip<T extends Paged>(rows: (p: T) => unknown[]) {
  return (last: T, all: T[]) => {
    const loaded = all.reduce((n, p) => n + rows(p).length, 0);
    return loaded < last.total ? loaded : undefined;
  };
}

function unreadOf(data: InfiniteData<Paged> | undefined): number | null {
  return data ? (data.pages.at(-1)?.unreadTotalCount ?? 0) : null;
}

function MoreButton({ shown, onMore, loading }: { shown: boolean; onMore: () => void; loading: boolean }) {
  if (!shown) return null;
  return (
    <div className="messages-more">
      <Button onClick={onMore} loading={loading}>
        Show more
      </Button>
    </div>
  );
}

function ChannelIcon({ channel }: { channel: string }) {
  return (
    <span className="messages-channel" title={channel}>
      {CHANNEL_ICONS[channel] ?? <MessageOutlined />}
    </span>
  );
}

/**
 * The inbox of the company's connected pages: conversations newest first and the comments on its
 * posts, each with its unread count. The unread totals shown here are the ones the sidebar badge adds.
 */
export default function MessagesPage() {
  const queryClient = useQueryClient();
  const conversations = useInfiniteQuery({
    queryKey: ['messages', 'conversations'],
    queryFn: ({ pageParam, signal }) => fetchConversations(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextSkip<ConversationsPage>((p) => p.conversations),
  });
  const posts = useInfiniteQuery({
    queryKey: ['messages', 'posts'],
    queryFn: ({ pageParam, signal }) => fetchPosts(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextSkip<PostsPage>((p) => p.posts),
  });
  const unreadMessages = unreadOf(conversations.data);
  const unreadComments = unreadOf(posts.data);
  const unread = unreadMessages === null || unreadComments === null ? null : unreadMessages + unreadComments;

  useEffect(() => {
    if (unread !== null) queryClient.setQueryData(UNREAD_KEY, unread);
  }, [unread, queryClient]);

  const conversationRows = conversations.data?.pages.flatMap((p) => p.conversations) ?? [];
  const postRows = posts.data?.pages.flatMap((p) => p.posts) ?? [];
  const summary =
    unread === null ? null : (
      <span data-testid="messages-unread">
        <b data-testid="messages-unread-total">{unread}</b> unread: {unreadMessages} in conversations, {unreadComments}{' '}
        in comments on your posts
      </span>
    );

  return (
    <>
      <PageHeader
        title="Messages"
        description="Conversations and comments from your connected pages."
        extra={summary}
      />
      <Row gutter={[16, 16]} className="messages-page">
        <Col xs={24} lg={14}>
          <Card title="Conversations" extra={<Tag>{conversations.data?.pages[0]?.total ?? 0}</Tag>}>
            {conversations.isPending ? (
              <Skeleton active />
            ) : (
              <List
                dataSource={conversationRows}
                locale={{ emptyText: <Empty description="No conversations from your connected pages yet" /> }}
                data-testid="conversation-list"
                renderItem={(c) => (
                  <List.Item
                    className={c.isRead ? undefined : 'messages-unread-row'}
                    data-unread={c.isRead ? undefined : c.unreadCount}
                    extra={<Badge count={c.isRead ? 0 : c.unreadCount} />}
                  >
                    <List.Item.Meta
                      avatar={<ChannelIcon channel={c.channel} />}
                      title={
                        <span className="messages-title">
                          <span>{c.customerName}</span>
                          <span className="messages-time">{dayjs(c.lastMessageAt).format('D MMM, HH:mm')}</span>
                        </span>
                      }
                      description={
                        <span className="messages-snippet" dir="auto">
                          {c.lastMessage ?? ''}
                        </span>
                      }
                    />
                  </List.Item>
                )}
              />
            )}
            <MoreButton
              shown={conversations.hasNextPage}
              onMore={() => void conversations.fetchNextPage()}
              loading={conversations.isFetchingNextPage}
            />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title="Comments on your posts" extra={<Tag>{posts.data?.pages[0]?.total ?? 0}</Tag>}>
            {posts.isPending ? (
              <Skeleton active />
            ) : (
              <List
                dataSource={postRows}
                locale={{ emptyText: <Empty description="No posts from your connected pages yet" /> }}
                data-testid="post-list"
                renderItem={(p) => (
                  <List.Item data-unread={p.unreadCount || undefined} extra={<Badge count={p.unreadCount} />}>
                    <List.Item.Meta
                      avatar={<ChannelIcon channel={p.channel} />}
                      title={
                        <span className="messages-snippet" dir="auto">
                          {p.message ?? 'Post'}
                        </span>
                      }
                      description={`Posted ${dayjs(p.postedAt).format('D MMM YYYY')}`}
                    />
                  </List.Item>
                )}
              />
            )}
            <MoreButton
              shown={posts.hasNextPage}
              onMore={() => void posts.fetchNextPage()}
              loading={posts.isFetchingNextPage}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}
