import { useEffect, useRef, useState, type ReactNode } from 'react';
import { App, Avatar, Badge, Button, Empty, Input, Skeleton, Tag, Tooltip } from 'antd';
import {
  ArrowLeftOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  FireFilled,
  FrownFilled,
  HeartFilled,
  LikeFilled,
  MessageOutlined,
  SmileFilled,
  ThunderboltFilled,
} from '@ant-design/icons';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dateDayMonthTime, int, showDate } from '../reporting/display';
import { messagesApi, type PostComment, type PostsPage, type SocialPost } from './api';
import { nextSkip } from './ConversationList';
import { messagesKeys } from './queryKeys';
import { avatarColor, ChannelIcon, channelLabel, initials, shortTime, useCanWrite } from './ui';

/** Icons rather than emoji: a browser without an emoji font would show empty boxes. */
const REACTION_ICONS: Record<string, ReactNode> = {
  like: <LikeFilled style={{ color: '#1877f2' }} />,
  love: <HeartFilled style={{ color: '#e11d48' }} />,
  care: <SmileFilled style={{ color: '#d97706' }} />,
  haha: <SmileFilled style={{ color: '#d97706' }} />,
  wow: <ThunderboltFilled style={{ color: '#d97706' }} />,
  sad: <FrownFilled style={{ color: '#d97706' }} />,
  angry: <FireFilled style={{ color: '#ea580c' }} />,
};

export function usePosts() {
  return useInfiniteQuery({
    queryKey: messagesKeys.posts,
    queryFn: ({ pageParam, signal }) => messagesApi.posts(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: nextSkip<PostsPage>((p) => p.posts),
  });
}

function PostRow({ p, selected, onOpen }: { p: SocialPost; selected: boolean; onOpen: (id: number) => void }) {
  const { t } = useTranslation('messages');
  return (
    <li>
      <button
        type="button"
        className={['msg-row', p.unreadCount > 0 ? 'msg-row-unread' : '', selected ? 'msg-row-selected' : ''].join(' ')}
        onClick={() => onOpen(p.id)}
        aria-current={selected ? 'true' : undefined}
        data-testid="post-row"
        data-id={p.id}
        data-unread={p.unreadCount || undefined}
      >
        <span className="msg-avatar-wrap">
          <ChannelIcon channel={p.channel} />
        </span>
        <span className="msg-row-body">
          <span className="msg-row-top">
            <span className="msg-row-name" dir="auto">
              {p.pageName ?? channelLabel(p.channel)}
            </span>
            <span className="msg-row-time">{shortTime(p.postedAt)}</span>
          </span>
          <span className="msg-row-bottom">
            <span className="msg-row-snippet" dir="auto">
              {p.message ?? t('posts.post')}
            </span>
            {p.unreadCount > 0 && <Badge count={p.unreadCount} color="#4f46e5" />}
          </span>
          <span className="msg-row-meta msg-muted">
            <MessageOutlined /> {t('posts.comments', { count: p.comments, value: int(p.comments) })} ·{' '}
            {t('posts.reactions', { count: p.reactions, value: int(p.reactions) })}
          </span>
        </span>
      </button>
    </li>
  );
}

function ReplyBox({ onSend, pending }: { onSend: (text: string) => Promise<unknown>; pending: boolean }) {
  const { t } = useTranslation('messages');
  const [text, setText] = useState('');
  const send = () => {
    const typed = text.trim();
    if (!typed) return;
    void onSend(typed).then(() => setText(''));
  };
  return (
    <div className="msg-comment-reply">
      <Input
        size="small"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={send}
        placeholder={t('posts.writeReply')}
        aria-label={t('posts.replyAria')}
        dir={text ? 'auto' : undefined}
        data-testid="comment-reply-input"
      />
      <Button size="small" type="primary" onClick={send} loading={pending} data-testid="comment-reply-send">
        {t('posts.reply')}
      </Button>
    </div>
  );
}

function CommentItem({
  c,
  children,
  canWrite,
  postId,
}: {
  c: PostComment;
  children: PostComment[];
  canWrite: boolean;
  postId: number;
}) {
  const { t } = useTranslation('messages');
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [replying, setReplying] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: messagesKeys.post(postId) });
  const reply = useMutation({
    mutationFn: (text: string) => messagesApi.replyToComment(c.id, text),
    onSuccess: async () => {
      setReplying(false);
      await refresh();
    },
    onError: (e: Error) => void message.error(e.message),
  });
  const hide = useMutation({
    mutationFn: () => messagesApi.hideComment(c.id, !c.hidden),
    onSuccess: refresh,
    onError: (e: Error) => void message.error(e.message),
  });
  return (
    <li className={`msg-comment ${c.hidden ? 'hidden' : ''}`} data-testid="comment" data-id={c.id}>
      <Avatar size="small" style={{ background: c.fromPage ? '#4f46e5' : avatarColor(c.authorName) }}>
        {initials(c.authorName)}
      </Avatar>
      <div className="msg-comment-main">
        <div className="msg-comment-bubble">
          <b dir="auto">{c.authorName}</b>
          <div dir="auto" className="msg-text">
            {c.text}
          </div>
        </div>
        <div className="msg-comment-actions">
          <span className="msg-muted">{dateDayMonthTime(c.createdAt)}</span>
          {c.hidden && <Tag bordered={false}>{t('posts.hidden')}</Tag>}
          {c.hidePending && <Tag bordered={false}>{t('posts.updating')}</Tag>}
          {c.fromPage && c.deliveryState === 'sending' && <Tag bordered={false}>{t('thread.sending')}</Tag>}
          {c.fromPage && c.deliveryState === 'failed' && (
            <Tag bordered={false} color="red" data-testid="comment-failed">
              {t('thread.failed')}
              {c.failureReason ? (
                <>
                  : <bdi dir="auto">{c.failureReason}</bdi>
                </>
              ) : (
                ''
              )}
            </Tag>
          )}
          {c.repliedAt && (
            <Tag bordered={false} color="green">
              {t('posts.replied')}
            </Tag>
          )}
          {canWrite && !c.fromPage && (
            <>
              <Button size="small" type="link" onClick={() => setReplying((r) => !r)} data-testid="comment-reply">
                {t('posts.reply')}
              </Button>
              <Tooltip title={c.hidden ? t('posts.unhideHint') : t('posts.hideHint')}>
                <Button
                  size="small"
                  type="link"
                  icon={c.hidden ? <EyeOutlined /> : <EyeInvisibleOutlined />}
                  onClick={() => hide.mutate()}
                  loading={hide.isPending}
                  data-testid="comment-hide"
                >
                  {c.hidden ? t('posts.unhide') : t('posts.hide')}
                </Button>
              </Tooltip>
            </>
          )}
        </div>
        {replying && <ReplyBox onSend={(t) => reply.mutateAsync(t)} pending={reply.isPending} />}
        {children.length > 0 && (
          <ul className="msg-comments nested">
            {children.map((r) => (
              <CommentItem key={r.id} c={r} children={[]} canWrite={canWrite} postId={postId} />
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

/** Marks the post's comments read when it is opened, and writes the answer into the list and the badge. */
function useMarkRead(post: SocialPost, canWrite: boolean) {
  const queryClient = useQueryClient();
  const done = useRef<number | null>(null);
  useEffect(() => {
    if (!canWrite || post.unreadCount === 0 || done.current === post.id) return;
    done.current = post.id;
    void messagesApi.markPostRead(post.postId).then(
      (r) => {
        queryClient.setQueryData<InfiniteData<PostsPage>>(messagesKeys.posts, (d) =>
          d
            ? {
                ...d,
                pages: d.pages.map((pg) => ({
                  ...pg,
                  posts: pg.posts.map((x) => (x.postId === r.postId ? { ...x, unreadCount: r.unreadCount } : x)),
                })),
              }
            : d,
        );
        void queryClient.invalidateQueries({ queryKey: messagesKeys.unread });
      },
      () => undefined,
    );
  }, [post.id, post.postId, post.unreadCount, canWrite, queryClient]);
}

/** Takes the post out of the list at once (the server's answer is the same list without it). */
function useRemovePost(post: SocialPost, onDone: () => void) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: () => messagesApi.removePost(post.id),
    onSuccess: () => {
      queryClient.setQueryData<InfiniteData<PostsPage>>(messagesKeys.posts, (d) =>
        d ? { ...d, pages: d.pages.map((pg) => ({ ...pg, posts: pg.posts.filter((x) => x.id !== post.id) })) } : d,
      );
      void queryClient.invalidateQueries({ queryKey: messagesKeys.unread });
      onDone();
    },
    onError: (e: Error) => void message.error(e.message),
  });
}

export function PostDetail({
  post,
  onBack,
  onRemoved,
}: {
  post: SocialPost;
  onBack?: () => void;
  onRemoved: () => void;
}) {
  const { t } = useTranslation('messages');
  const canWrite = useCanWrite();
  const remove = useRemovePost(post, onRemoved);
  useMarkRead(post, canWrite);
  const detail = useQuery({
    queryKey: messagesKeys.post(post.id),
    queryFn: ({ signal }) => messagesApi.post(post.postId, signal),
  });
  const all = detail.data?.comments ?? [];
  const roots = all.filter((c) => c.parentId === null || !all.some((p) => p.id === c.parentId));
  const childrenOf = (id: number) => all.filter((c) => c.parentId === id);
  const reactions = Object.entries(detail.data?.reactions ?? {}).filter(([, n]) => n > 0);
  return (
    <section className="msg-thread" data-testid="post-detail" aria-label={t('posts.post')}>
      <header className="msg-thread-head">
        {onBack && (
          <Button
            type="text"
            icon={<ArrowLeftOutlined className="msg-back-icon" />}
            onClick={onBack}
            aria-label={t('posts.back')}
            data-testid="thread-back"
          />
        )}
        <ChannelIcon channel={post.channel} />
        <div className="msg-thread-title">
          <h2>
            <bdi dir="auto">{post.pageName ?? channelLabel(post.channel)}</bdi>
          </h2>
          <span className="msg-muted">{t('posts.postedAt', { at: showDate(post.postedAt, 'dayTime') })}</span>
        </div>
        {canWrite && (
          <Tooltip title={t('posts.doneHint')}>
            <Button size="small" onClick={() => remove.mutate()} loading={remove.isPending} data-testid="post-remove">
              {t('posts.done')}
            </Button>
          </Tooltip>
        )}
      </header>
      <div className="msg-thread-body">
        <article className="msg-post">
          {post.mediaUrl && <img className="msg-post-media" src={post.mediaUrl} alt="" />}
          <p dir="auto">{post.message}</p>
          <div className="msg-reactions" data-testid="reactions">
            {reactions.map(([type, n]) => (
              <span
                key={type}
                className="msg-reaction"
                title={t(`posts.reaction.${type}`, { defaultValue: type })}
                data-testid="reaction"
                data-type={type}
              >
                {REACTION_ICONS[type]} {int(n)} {t(`posts.reaction.${type}`, { defaultValue: type })}
              </span>
            ))}
          </div>
        </article>
        <h3 className="msg-section-title">{t('posts.commentsTitle')}</h3>
        {detail.isPending ? (
          <Skeleton active avatar />
        ) : roots.length === 0 ? (
          <Empty description={t('posts.noComments')} />
        ) : (
          <ul className="msg-comments" data-testid="comments">
            {roots.map((c) => (
              <CommentItem key={c.id} c={c} children={childrenOf(c.id)} canWrite={canWrite} postId={post.id} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

export function PostList({
  query,
  selectedId,
  onOpen,
}: {
  query: ReturnType<typeof usePosts>;
  selectedId: number | null;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation('messages');
  const rows = query.data?.pages.flatMap((p) => p.posts) ?? [];
  if (query.isPending) return <Skeleton active avatar paragraph={{ rows: 6 }} className="msg-pad" />;
  if (rows.length === 0) return <Empty className="msg-pad" description={t('posts.empty')} />;
  return (
    <div className="msg-list-scroll">
      <ul className="msg-list" data-testid="post-list">
        {rows.map((p) => (
          <PostRow key={p.id} p={p} selected={p.id === selectedId} onOpen={onOpen} />
        ))}
      </ul>
      {query.hasNextPage && (
        <div className="msg-more">
          <Button size="small" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            {t('list.more')}
          </Button>
        </div>
      )}
    </div>
  );
}
