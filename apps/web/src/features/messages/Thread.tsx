import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { App, Avatar, Button, Empty, Select, Skeleton, Space, Tag, Tooltip } from 'antd';
import {
  ArrowLeftOutlined,
  CheckOutlined,
  ClockCircleOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  ExclamationCircleOutlined,
  PaperClipOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n/i18n';
import { dateDayMonthTime } from '../reporting/display';
import { ApiError } from '../../lib/api';
import { messagesApi, type Conversation, type Message, type SendBody, type TagDto } from './api';
import { Composer } from './Composer';
import { useInboxInfo } from './ConversationList';
import { messagesKeys } from './queryKeys';
import { avatarColor, ChannelIcon, channelLabel, initials, useCanManage, useCanWrite } from './ui';

/** A reply typed here that the server has not confirmed yet, or that failed: kept until it goes through. */
interface LocalMessage extends Message {
  body: SendBody;
}

let localSeq = 0;

function DeliveryState({ m, onRetry }: { m: Message; onRetry?: () => void }) {
  const { t } = useTranslation('messages');
  if (m.type !== 'outbound') return null;
  const state = m.deliveryState;
  if (state === 'failed')
    return (
      <span className="msg-state msg-state-failed" data-testid="delivery-failed">
        <ExclamationCircleOutlined /> {t('thread.failed')}
        {m.failureReason ? (
          <>
            : <bdi dir="auto">{m.failureReason}</bdi>
          </>
        ) : (
          ''
        )}
        {onRetry && (
          <Button size="small" type="link" icon={<ReloadOutlined />} onClick={onRetry} data-testid="retry-button">
            {t('thread.retry')}
          </Button>
        )}
      </span>
    );
  if (state === 'sending')
    return (
      <span className="msg-state" data-testid="delivery-sending">
        <ClockCircleOutlined /> {t('thread.sending')}
      </span>
    );
  return (
    <span className="msg-state" data-testid="delivery-sent">
      <CheckOutlined />{' '}
      {state === 'read' ? t('thread.seen') : state === 'delivered' ? t('thread.delivered') : t('thread.sent')}
    </span>
  );
}

function Attachment({ m }: { m: Message }) {
  const { t } = useTranslation('messages');
  if (!m.attachmentType) return null;
  if (m.attachmentType === 'image' && m.attachmentUrl)
    return <img className="msg-image" src={m.attachmentUrl} alt={t('thread.attachedImage')} />;
  return (
    <a className="msg-file" href={m.attachmentUrl ?? undefined} target="_blank" rel="noreferrer">
      <PaperClipOutlined /> {m.attachmentUrl?.split('/').pop() || m.attachmentType}
    </a>
  );
}

function Bubble({ m, onRetry }: { m: Message; onRetry?: () => void }) {
  const out = m.type === 'outbound';
  return (
    <div className={`msg-bubble-row ${out ? 'out' : 'in'}`} data-testid="thread-message" data-type={m.type}>
      <div className={`msg-bubble ${out ? 'out' : 'in'} ${m.deliveryState === 'failed' ? 'failed' : ''}`}>
        <Attachment m={m} />
        {m.message && (
          <div className="msg-text" dir="auto">
            {m.message}
          </div>
        )}
        <div className="msg-bubble-foot">
          {out && m.authorName && (
            <span>
              <bdi dir="auto">{m.authorName}</bdi> ·
            </span>
          )}
          <span>{dateDayMonthTime(m.sentAt)}</span>
          <DeliveryState m={m} onRetry={onRetry} />
        </div>
      </div>
    </div>
  );
}

function TagEditor({ conversation, editable }: { conversation: Conversation; editable: boolean }) {
  const { t } = useTranslation('messages');
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [search, setSearch] = useState('');
  const all = useQuery({ queryKey: messagesKeys.tags, queryFn: messagesApi.tags });
  // A Responder tags with the company's tags; creating one is for managers (as the server rules).
  const canCreate = useCanManage();
  const own = conversation.tags;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: messagesKeys.all });
  const setTags = useMutation({
    mutationFn: (tagIds: number[]) => messagesApi.update(conversation.id, { tagIds }),
    onSuccess: refresh,
    onError: (e: Error) => void message.error(e.message),
  });
  const add = useMutation({
    mutationFn: async (value: string) => {
      let tag: TagDto | undefined = all.data?.items.find((x) => String(x.id) === value);
      tag ??= await messagesApi.createTag(value.slice('new:'.length));
      await messagesApi.update(conversation.id, { tagIds: [...own.map((o) => o.id), tag.id] });
    },
    onSuccess: refresh,
    onError: (e: Error) => void message.error(e.message),
  });
  const tags = all.data?.items ?? [];
  const free = tags.filter((tag) => !own.some((o) => o.id === tag.id));
  const typed = search.trim();
  const exists = tags.some((tag) => tag.name.toLowerCase() === typed.toLowerCase());
  const options = [
    ...free.map((tag) => ({ value: String(tag.id), label: tag.name })),
    ...(typed && !exists && canCreate ? [{ value: `new:${typed}`, label: t('tags.create', { name: typed }) }] : []),
  ];
  return (
    <div className="msg-tags" data-testid="thread-tags">
      {own.map((tag) => (
        <Tag
          key={tag.id}
          color={tag.color}
          closable={editable}
          onClose={(e) => {
            e.preventDefault();
            setTags.mutate(own.filter((o) => o.id !== tag.id).map((o) => o.id));
          }}
          data-testid="thread-tag"
          data-user-content
        >
          <bdi dir="auto">{tag.name}</bdi>
        </Tag>
      ))}
      {own.length === 0 && !editable && <span className="msg-muted">{t('tags.none')}</span>}
      {editable && (
        <Select
          size="small"
          showSearch
          value={null}
          placeholder={t('tags.add')}
          aria-label={t('tags.addAria')}
          className="msg-tag-select"
          searchValue={search}
          onSearch={setSearch}
          filterOption={(input, o) =>
            String(o?.value).startsWith('new:') ||
            String(o?.label ?? '')
              .toLowerCase()
              .includes(input.toLowerCase())
          }
          options={options}
          onChange={(v: string) => {
            setSearch('');
            add.mutate(v);
          }}
          popupMatchSelectWidth={220}
          loading={add.isPending || setTags.isPending}
          notFoundContent={<span className="msg-muted">{canCreate ? t('tags.typeToCreate') : t('tags.noOthers')}</span>}
          data-testid="tag-select"
        />
      )}
    </div>
  );
}

function AssigneeSelect({ conversation, editable }: { conversation: Conversation; editable: boolean }) {
  const { t } = useTranslation('messages');
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const info = useInboxInfo().data;
  const assign = useMutation({
    mutationFn: (assigneeId: number | null) => messagesApi.update(conversation.id, { assigneeId }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: messagesKeys.all }),
    onError: (e: Error) => void message.error(e.message),
  });
  if (!editable)
    return (
      <span className="msg-muted" data-testid="assignee-text">
        {conversation.assigneeName ? (
          <>
            {t('assignee.assignedTo')} <bdi dir="auto">{conversation.assigneeName}</bdi>
          </>
        ) : (
          t('assignee.unassigned')
        )}
      </span>
    );
  const options = (info?.assignees ?? []).map((u) => ({ value: u.id, label: u.name }));
  if (conversation.assigneeId !== null && !options.some((o) => o.value === conversation.assigneeId))
    options.push({ value: conversation.assigneeId, label: conversation.assigneeName ?? t('assignee.teamMember') });
  return (
    <Select
      size="small"
      allowClear
      placeholder={t('assignee.placeholder')}
      aria-label={t('assignee.aria')}
      value={conversation.assigneeId}
      onChange={(v?: number | null) => assign.mutate(v ?? null)}
      options={options}
      loading={assign.isPending}
      className="msg-assign"
      popupMatchSelectWidth={220}
      data-testid="assignee-select"
    />
  );
}

function useReadToggle(conversation: Conversation) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  return useMutation({
    mutationFn: (isRead: boolean) => messagesApi.setRead(conversation.id, isRead),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: messagesKeys.all }),
    onError: (e: Error) => void message.error(e.message),
  });
}

function errorText(e: unknown): string {
  if (e instanceof ApiError) return e.message;
  if (e instanceof Error) return e.message || i18n.t('messages:thread.notSent');
  return i18n.t('messages:thread.notSent');
}

/** The replies of this conversation that are not (yet) in the server's list: sending, or failed. */
function useLocalReplies(conversationId: number) {
  const queryClient = useQueryClient();
  const [local, setLocal] = useState<LocalMessage[]>([]);
  useEffect(() => setLocal([]), [conversationId]);

  const patch = (id: string | number, change: Partial<LocalMessage>) =>
    setLocal((all) => all.map((m) => (m.id === id ? { ...m, ...change } : m)));

  const deliver = async (id: string | number, body: SendBody) => {
    patch(id, { deliveryState: 'sending', failureReason: null });
    try {
      // Once the server has it, the server's list shows it, failed or not (with its own Retry).
      await messagesApi.send(conversationId, body);
      await queryClient.invalidateQueries({ queryKey: messagesKeys.thread(conversationId) });
      setLocal((all) => all.filter((m) => m.id !== id));
      void queryClient.invalidateQueries({ queryKey: messagesKeys.conversations });
    } catch (e) {
      patch(id, { deliveryState: 'failed', failureReason: errorText(e) });
    }
  };

  const send = (body: SendBody) => {
    const id = `local-${++localSeq}`;
    setLocal((all) => [
      ...all,
      {
        id,
        body,
        type: 'outbound',
        sentAt: body.sentAt,
        message: body.message,
        attachmentType: body.attachmentType ?? null,
        attachmentUrl: body.attachmentUrl ?? null,
        deliveryState: 'sending',
        failureReason: null,
        authorName: null,
      },
    ]);
    void deliver(id, body);
  };

  const retry = (m: LocalMessage) => void deliver(m.id, { ...m.body, sentAt: new Date().toISOString() });
  return { local, send, retry };
}

/**
 * One conversation: its messages oldest first, the reply box (not for an Analyst), read and unread,
 * tags and the assignee. Realtime events refresh the thread query, so a new message shows at once.
 * `known` is the row from the list (shown at once); the thread's answer brings the fresh one.
 */
export function Thread({
  conversationId,
  known,
  onBack,
}: {
  conversationId: number;
  known: Conversation | null;
  onBack?: () => void;
}) {
  const { t } = useTranslation('messages');
  const thread = useQuery({
    queryKey: messagesKeys.thread(conversationId),
    queryFn: ({ signal }) => messagesApi.thread(conversationId, signal),
  });
  const conversation = thread.data?.conversation ?? known;
  if (!conversation)
    return thread.isError ? (
      <NoThread text={t('thread.cannotOpen')} />
    ) : (
      <div className="msg-thread msg-pad">
        <Skeleton active avatar paragraph={{ rows: 6 }} />
      </div>
    );
  return (
    <ThreadView
      conversation={conversation}
      messages={thread.data?.messages ?? []}
      loading={thread.isPending}
      onBack={onBack}
    />
  );
}

function ThreadView({
  conversation,
  messages,
  loading,
  onBack,
}: {
  conversation: Conversation;
  messages: Message[];
  loading: boolean;
  onBack?: () => void;
}) {
  const { t } = useTranslation('messages');
  const canWrite = useCanWrite();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const read = useReadToggle(conversation);
  const { local, send, retry } = useLocalReplies(conversation.id);
  const end = useRef<HTMLDivElement>(null);
  const [retrying, setRetrying] = useState<number | string | null>(null);

  // Opening an unread conversation reads it (a reader who may not write leaves it as it is).
  const opened = useRef<number | null>(null);
  useEffect(() => {
    if (!canWrite || opened.current === conversation.id) return;
    opened.current = conversation.id;
    if (!conversation.isRead)
      void messagesApi.open(conversation.id).then(
        () => void queryClient.invalidateQueries({ queryKey: messagesKeys.all }),
        () => undefined,
      );
  }, [conversation.id, conversation.isRead, canWrite, queryClient]);

  useLayoutEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [messages.length, local.length, conversation.id]);

  const retryServer = async (m: Message) => {
    setRetrying(m.id);
    try {
      await messagesApi.retry(Number(m.id));
    } catch (e) {
      void message.error(errorText(e));
    } finally {
      setRetrying(null);
      void queryClient.invalidateQueries({ queryKey: messagesKeys.thread(conversation.id) });
    }
  };

  return (
    <section
      className="msg-thread"
      data-testid="thread"
      aria-label={t('thread.aria', { name: conversation.customerName })}
    >
      <header className="msg-thread-head">
        {onBack && (
          <Button
            type="text"
            icon={<ArrowLeftOutlined className="msg-back-icon" />}
            onClick={onBack}
            aria-label={t('thread.back')}
            data-testid="thread-back"
          />
        )}
        <Avatar
          src={conversation.customerPicture ?? undefined}
          style={{ background: avatarColor(conversation.customerName) }}
        >
          {initials(conversation.customerName)}
        </Avatar>
        <div className="msg-thread-title">
          <h2 data-testid="thread-name">
            <bdi dir="auto">{conversation.customerName}</bdi>
          </h2>
          <span className="msg-muted">
            <ChannelIcon channel={conversation.channel} /> {channelLabel(conversation.channel)}
            {conversation.pageName ? (
              <>
                {' · '}
                <bdi dir="auto">{conversation.pageName}</bdi>
              </>
            ) : (
              ''
            )}
          </span>
        </div>
        <Space size={4} wrap className="msg-thread-actions">
          <AssigneeSelect conversation={conversation} editable={canWrite} />
          {canWrite && (
            <Tooltip title={conversation.isRead ? t('thread.markUnread') : t('thread.markRead')}>
              <Button
                size="small"
                icon={conversation.isRead ? <EyeInvisibleOutlined /> : <EyeOutlined />}
                onClick={() => read.mutate(!conversation.isRead)}
                loading={read.isPending}
                data-testid="read-toggle"
              >
                {conversation.isRead ? t('thread.unread') : t('thread.read')}
              </Button>
            </Tooltip>
          )}
        </Space>
      </header>
      <TagEditor conversation={conversation} editable={canWrite} />
      <div className="msg-thread-body" data-testid="thread-body">
        {loading ? (
          <Skeleton active paragraph={{ rows: 5 }} />
        ) : messages.length + local.length === 0 ? (
          <Empty description={t('thread.empty')} />
        ) : (
          <>
            {messages.map((m) => (
              <Bubble
                key={m.id}
                m={m}
                onRetry={
                  canWrite && m.deliveryState === 'failed' && retrying !== m.id ? () => void retryServer(m) : undefined
                }
              />
            ))}
            {local.map((m) => (
              <Bubble key={m.id} m={m} onRetry={m.deliveryState === 'failed' ? () => retry(m) : undefined} />
            ))}
          </>
        )}
        <div ref={end} />
      </div>
      {canWrite && !conversation.replyWindowOpen && (
        <div className="msg-window-note" data-testid="reply-window-closed">
          {t('thread.windowClosed', { channel: channelLabel(conversation.channel) })}
        </div>
      )}
      {canWrite ? (
        <Composer onSend={send} />
      ) : (
        <div className="msg-readonly" data-testid="read-only-note">
          {t('thread.readOnly')}
        </div>
      )}
    </section>
  );
}

export function NoThread({ text }: { text: string }) {
  return (
    <div className="msg-thread msg-thread-empty">
      <Empty description={text} />
    </div>
  );
}
