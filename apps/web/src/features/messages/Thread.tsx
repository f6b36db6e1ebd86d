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
import dayjs from 'dayjs';
import { ApiError } from '../../lib/api';
import { messagesApi, type Conversation, type Message, type SendBody, type TagDto } from './api';
import { Composer } from './Composer';
import { messagesKeys } from './queryKeys';
import { avatarColor, ChannelIcon, channelLabel, initials, useCanWrite } from './ui';

/** A reply typed here that the server has not confirmed yet, or that failed: kept until it goes through. */
interface LocalMessage extends Message {
  body: SendBody;
}

let localSeq = 0;

function DeliveryState({ m, onRetry }: { m: Message; onRetry?: () => void }) {
  if (m.type !== 'outbound') return null;
  const state = m.status ?? 'sent';
  if (state === 'failed')
    return (
      <span className="msg-state msg-state-failed" data-testid="delivery-failed">
        <ExclamationCircleOutlined /> Failed{m.error ? `: ${m.error}` : ''}
        {onRetry && (
          <Button size="small" type="link" icon={<ReloadOutlined />} onClick={onRetry} data-testid="retry-button">
            Retry
          </Button>
        )}
      </span>
    );
  if (state === 'sending' || state === 'queued')
    return (
      <span className="msg-state" data-testid="delivery-sending">
        <ClockCircleOutlined /> Sending…
      </span>
    );
  return (
    <span className="msg-state" data-testid="delivery-sent">
      <CheckOutlined /> {state === 'delivered' ? 'Delivered' : 'Sent'}
    </span>
  );
}

function Attachment({ m }: { m: Message }) {
  if (!m.attachmentType) return null;
  if (m.attachmentType === 'image' && m.attachmentUrl)
    return <img className="msg-image" src={m.attachmentUrl} alt={m.attachmentName ?? 'Image'} />;
  return (
    <a className="msg-file" href={m.attachmentUrl ?? undefined} target="_blank" rel="noreferrer">
      <PaperClipOutlined /> {m.attachmentName ?? m.attachmentType}
    </a>
  );
}

function Bubble({ m, onRetry }: { m: Message; onRetry?: () => void }) {
  const out = m.type === 'outbound';
  return (
    <div className={`msg-bubble-row ${out ? 'out' : 'in'}`} data-testid="thread-message" data-type={m.type}>
      <div className={`msg-bubble ${out ? 'out' : 'in'} ${m.status === 'failed' ? 'failed' : ''}`}>
        <Attachment m={m} />
        {m.message && (
          <div className="msg-text" dir="auto">
            {m.message}
          </div>
        )}
        <div className="msg-bubble-foot">
          <span>{dayjs(m.sentAt).format('D MMM, HH:mm')}</span>
          <DeliveryState m={m} onRetry={onRetry} />
        </div>
      </div>
    </div>
  );
}

function TagEditor({ conversation, editable }: { conversation: Conversation; editable: boolean }) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [search, setSearch] = useState('');
  const all = useQuery({ queryKey: messagesKeys.tags, queryFn: messagesApi.tags });
  const own = conversation.tags ?? [];
  const refresh = () => void queryClient.invalidateQueries({ queryKey: messagesKeys.conversations });
  const add = useMutation({
    mutationFn: async (value: string) => {
      let tag: TagDto | undefined = all.data?.tags.find((t) => String(t.id) === value);
      if (!tag) {
        tag = await messagesApi.createTag(value.slice('new:'.length));
        void queryClient.invalidateQueries({ queryKey: messagesKeys.tags });
      }
      await messagesApi.tagConversation(conversation.id, tag.id);
    },
    onSuccess: refresh,
    onError: (e: Error) => void message.error(e.message),
  });
  const remove = useMutation({
    mutationFn: (tagId: number) => messagesApi.untagConversation(conversation.id, tagId),
    onSuccess: refresh,
    onError: (e: Error) => void message.error(e.message),
  });
  const free = (all.data?.tags ?? []).filter((t) => !own.some((o) => o.id === t.id));
  const typed = search.trim();
  const exists = (all.data?.tags ?? []).some((t) => t.name.toLowerCase() === typed.toLowerCase());
  const options = [
    ...free.map((t) => ({ value: String(t.id), label: t.name })),
    ...(typed && !exists ? [{ value: `new:${typed}`, label: `Create tag “${typed}”` }] : []),
  ];
  return (
    <div className="msg-tags" data-testid="thread-tags">
      {own.map((t) => (
        <Tag
          key={t.id}
          color={t.color ?? 'geekblue'}
          closable={editable}
          onClose={(e) => {
            e.preventDefault();
            remove.mutate(t.id);
          }}
          data-testid="thread-tag"
        >
          {t.name}
        </Tag>
      ))}
      {editable && (
        <Select
          size="small"
          showSearch
          value={null}
          placeholder="+ Tag"
          aria-label="Add a tag"
          className="msg-tag-select"
          searchValue={search}
          onSearch={setSearch}
          filterOption={(input, o) =>
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
          loading={add.isPending}
          data-testid="tag-select"
        />
      )}
    </div>
  );
}

function AssigneeSelect({ conversation, editable }: { conversation: Conversation; editable: boolean }) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const assignees = useQuery({ queryKey: messagesKeys.assignees, queryFn: messagesApi.assignees, retry: false });
  const assign = useMutation({
    mutationFn: (assigneeId: number | null) => messagesApi.update(conversation.id, { assigneeId }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: messagesKeys.conversations }),
    onError: (e: Error) => void message.error(e.message),
  });
  if (!editable)
    return (
      <span className="msg-muted">{conversation.assignee ? `Assigned to ${conversation.assignee.name}` : ''}</span>
    );
  const options = [...(assignees.data?.users ?? [])];
  if (conversation.assignee && !options.some((u) => u.id === conversation.assignee?.id))
    options.push(conversation.assignee);
  return (
    <Select
      size="small"
      allowClear
      placeholder="Assign to…"
      aria-label="Assign to"
      value={conversation.assignee?.id ?? null}
      onChange={(v?: number | null) => assign.mutate(v ?? null)}
      options={options.map((u) => ({ value: u.id, label: u.name }))}
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
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: messagesKeys.conversations });
      void queryClient.invalidateQueries({ queryKey: messagesKeys.unread });
    },
    onError: (e: Error) => void message.error(e.message),
  });
}

function errorText(e: unknown): string {
  if (e instanceof ApiError) return e.message;
  if (e instanceof Error) return e.message || 'The message could not be sent';
  return 'The message could not be sent';
}

/** The replies of this conversation that are not (yet) in the server's list: sending, or failed. */
function useLocalReplies(conversationId: number) {
  const queryClient = useQueryClient();
  const [local, setLocal] = useState<LocalMessage[]>([]);
  useEffect(() => setLocal([]), [conversationId]);

  const patch = (id: string | number, change: Partial<LocalMessage>) =>
    setLocal((all) => all.map((m) => (m.id === id ? { ...m, ...change } : m)));

  const deliver = async (id: string | number, body: SendBody) => {
    patch(id, { status: 'sending', error: null });
    try {
      // Once the server has it, the server's list shows it, failed or not (with its own Retry).
      await messagesApi.send(conversationId, body);
      await queryClient.invalidateQueries({ queryKey: messagesKeys.thread(conversationId) });
      setLocal((all) => all.filter((m) => m.id !== id));
      void queryClient.invalidateQueries({ queryKey: messagesKeys.conversations });
    } catch (e) {
      patch(id, { status: 'failed', error: errorText(e) });
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
        attachmentName: body.attachmentName,
        attachmentUrl: body.attachmentType === 'image' ? body.attachment : null,
        status: 'sending',
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
 */
export function Thread({ conversation, onBack }: { conversation: Conversation; onBack?: () => void }) {
  const canWrite = useCanWrite();
  const queryClient = useQueryClient();
  const thread = useQuery({
    queryKey: messagesKeys.thread(conversation.id),
    queryFn: ({ signal }) => messagesApi.messages(conversation.id, signal),
  });
  const read = useReadToggle(conversation);
  const { local, send, retry } = useLocalReplies(conversation.id);
  const end = useRef<HTMLDivElement>(null);
  const [serverRetrying, setServerRetrying] = useState(false);

  // Opening an unread conversation reads it (a reader who may not write leaves it as it is).
  const opened = useRef<number | null>(null);
  useEffect(() => {
    if (!canWrite || opened.current === conversation.id) return;
    opened.current = conversation.id;
    if (!conversation.isRead) read.mutate(true);
  }, [conversation.id, conversation.isRead, canWrite, read]);

  const messages = thread.data?.messages ?? [];
  useLayoutEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [messages.length, local.length, conversation.id]);

  const retryServer = async (m: Message) => {
    setServerRetrying(true);
    try {
      await messagesApi.retry(conversation.id, m.id);
    } finally {
      setServerRetrying(false);
      void queryClient.invalidateQueries({ queryKey: messagesKeys.thread(conversation.id) });
    }
  };

  return (
    <section className="msg-thread" data-testid="thread" aria-label={`Conversation with ${conversation.customerName}`}>
      <header className="msg-thread-head">
        {onBack && (
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            onClick={onBack}
            aria-label="Back to conversations"
            data-testid="thread-back"
          />
        )}
        <Avatar style={{ background: avatarColor(conversation.customerName) }}>
          {initials(conversation.customerName)}
        </Avatar>
        <div className="msg-thread-title">
          <h2 dir="auto" data-testid="thread-name">
            {conversation.customerName}
          </h2>
          <span className="msg-muted">
            <ChannelIcon channel={conversation.channel} /> {channelLabel(conversation.channel)}
            {conversation.pageName ? ` · ${conversation.pageName}` : ''}
          </span>
        </div>
        <Space size={4} wrap className="msg-thread-actions">
          <AssigneeSelect conversation={conversation} editable={canWrite} />
          {canWrite && (
            <Tooltip title={conversation.isRead ? 'Mark as unread' : 'Mark as read'}>
              <Button
                size="small"
                icon={conversation.isRead ? <EyeInvisibleOutlined /> : <EyeOutlined />}
                onClick={() => read.mutate(!conversation.isRead)}
                loading={read.isPending}
                data-testid="read-toggle"
              >
                {conversation.isRead ? 'Unread' : 'Read'}
              </Button>
            </Tooltip>
          )}
        </Space>
      </header>
      <TagEditor conversation={conversation} editable={canWrite} />
      <div className="msg-thread-body" data-testid="thread-body">
        {thread.isPending ? (
          <Skeleton active paragraph={{ rows: 5 }} />
        ) : messages.length + local.length === 0 ? (
          <Empty description="No messages yet" />
        ) : (
          <>
            {messages.map((m) => (
              <Bubble
                key={m.id}
                m={m}
                onRetry={canWrite && m.status === 'failed' && !serverRetrying ? () => void retryServer(m) : undefined}
              />
            ))}
            {local.map((m) => (
              <Bubble key={m.id} m={m} onRetry={m.status === 'failed' ? () => retry(m) : undefined} />
            ))}
          </>
        )}
        <div ref={end} />
      </div>
      {canWrite ? (
        <Composer onSend={send} />
      ) : (
        <div className="msg-readonly" data-testid="read-only-note">
          You can read this conversation; your role does not answer messages.
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
