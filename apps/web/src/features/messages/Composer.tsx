import { useRef, useState, type KeyboardEvent } from 'react';
import { Button, Dropdown, Input, Popover, Tooltip } from 'antd';
import TextArea from 'antd/es/input/TextArea';
import { CloseOutlined, FileTextOutlined, PaperClipOutlined, SendOutlined, SmileOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api';
import type { ApiResponse } from '../../lib/apiTypes';
import { settingsKeys } from '../settings/queryKeys';
import type { SendBody } from './api';

type Templates = ApiResponse<'/v2/api/templates'>;

/** A small built-in set: no emoji picker package is installed, and these cover a support reply. */
const EMOJI =
  '😀 😊 🙂 😉 😍 🥰 😂 🤗 🤔 😅 😢 😔 🙏 👍 👌 👏 🙌 💪 🤝 👋 ❤️ 💙 💚 ⭐ 🎉 🎁 🔥 ✨ ✅ ❌ 📞 📍 🕒 📅 🍽️ ☕'.split(
    ' ',
  );

/** An attachment is a file already online: Messenger and Instagram fetch it from its address. */
interface Attachment {
  url: string;
  type: Kind;
}
type Kind = NonNullable<SendBody['attachmentType']>;

const EXTENSIONS: [RegExp, Kind][] = [
  [/\.(png|jpe?g|gif|webp)$/i, 'image'],
  [/\.(mp4|mov|webm)$/i, 'video'],
  [/\.(mp3|m4a|ogg|wav)$/i, 'audio'],
];

function attachmentKind(url: string): Kind {
  const path = url.split(/[?#]/)[0] ?? '';
  return EXTENSIONS.find(([re]) => re.test(path))?.[1] ?? 'file';
}

function isWebAddress(v: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
}

function AttachForm({ onAttach }: { onAttach: (a: Attachment) => void }) {
  const { t } = useTranslation('messages');
  const [url, setUrl] = useState('');
  const valid = isWebAddress(url.trim());
  const attach = () => valid && onAttach({ url: url.trim(), type: attachmentKind(url.trim()) });
  return (
    <div className="msg-attach-form">
      <Input
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        onPressEnter={attach}
        placeholder={t('composer.attachPlaceholder')}
        aria-label={t('composer.attachAria')}
        dir="ltr"
        status={url && !valid ? 'error' : undefined}
        data-testid="attach-url"
      />
      <Button type="primary" disabled={!valid} onClick={attach} data-testid="attach-confirm">
        {t('composer.attach')}
      </Button>
    </div>
  );
}

/**
 * The reply box: Enter sends, Shift+Enter starts a new line; templates and emoji insert at the
 * cursor; one attachment at a time. The text is cleared only once it is handed to `onSend`, which
 * keeps it (and shows it failed with Retry) if the send does not go through.
 */
export function Composer({ onSend, disabled }: { onSend: (body: SendBody) => void; disabled?: boolean }) {
  const { t } = useTranslation('messages');
  const [text, setText] = useState('');
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const [emojiOpen, setEmojiOpen] = useState(false);
  const [attachOpen, setAttachOpen] = useState(false);
  const area = useRef<HTMLTextAreaElement | null>(null);
  const templates = useQuery({
    queryKey: settingsKeys.templates.forRating(null),
    queryFn: () => api<Templates>('/v2/api/templates'),
  });

  const insert = (piece: string) => {
    const el = area.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const next = text.slice(0, start) + piece + text.slice(end);
    setText(next);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + piece.length, start + piece.length);
    });
  };

  const canSend = !disabled && (text.trim() !== '' || attachment !== null);
  const send = () => {
    if (!canSend) return;
    onSend({
      message: text.trim(),
      sentAt: new Date().toISOString(),
      type: 'outbound',
      ...(attachment ? { attachmentType: attachment.type, attachmentUrl: attachment.url } : {}),
    });
    setText('');
    setAttachment(null);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };

  const templateItems = (templates.data?.templates ?? []).map((x) => ({
    key: String(x.id),
    label: <span dir="auto">{x.title}</span>,
  }));

  return (
    <div className="msg-composer" data-testid="composer">
      {attachment && (
        <div className="msg-attachment-chip" data-testid="attachment-chip">
          <PaperClipOutlined />{' '}
          <span className="msg-attachment-name" dir="auto">
            {attachment.url.split('/').pop() || attachment.url}
          </span>
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={t('composer.removeAttachment')}
            onClick={() => setAttachment(null)}
          />
        </div>
      )}
      <TextArea
        ref={(r) => {
          area.current = r?.resizableTextArea?.textArea ?? null;
        }}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        autoSize={{ minRows: 1, maxRows: 6 }}
        placeholder={t('composer.placeholder')}
        aria-label={t('composer.reply')}
        dir={text ? 'auto' : undefined}
        data-testid="composer-input"
      />
      <div className="msg-composer-bar">
        <div className="msg-composer-tools">
          <Dropdown
            trigger={['click']}
            disabled={templateItems.length === 0}
            menu={{
              items: templateItems,
              onClick: ({ key }) => {
                const chosen = templates.data?.templates.find((x) => String(x.id) === key);
                if (chosen) insert(chosen.text);
              },
            }}
          >
            <Button type="text" icon={<FileTextOutlined />} data-testid="templates-button">
              {t('composer.templates')}
            </Button>
          </Dropdown>
          <Popover
            open={emojiOpen}
            onOpenChange={setEmojiOpen}
            trigger="click"
            content={
              <div className="msg-emoji-grid" data-testid="emoji-grid">
                {EMOJI.map((e) => (
                  <button
                    key={e}
                    type="button"
                    className="msg-emoji"
                    aria-label={t('composer.insert', { emoji: e })}
                    onClick={() => {
                      insert(e);
                      setEmojiOpen(false);
                    }}
                  >
                    {e}
                  </button>
                ))}
              </div>
            }
          >
            <Tooltip title={t('composer.emoji')}>
              <Button
                type="text"
                icon={<SmileOutlined />}
                aria-label={t('composer.emoji')}
                data-testid="emoji-button"
              />
            </Tooltip>
          </Popover>
          <Popover
            open={attachOpen}
            onOpenChange={setAttachOpen}
            trigger="click"
            title={t('composer.attachTitle')}
            content={
              <AttachForm
                onAttach={(a) => {
                  setAttachment(a);
                  setAttachOpen(false);
                }}
              />
            }
          >
            <Tooltip title={t('composer.attachFile')}>
              <Button
                type="text"
                icon={<PaperClipOutlined />}
                aria-label={t('composer.attachFile')}
                data-testid="attach-button"
              />
            </Tooltip>
          </Popover>
        </div>
        <Button type="primary" icon={<SendOutlined />} onClick={send} disabled={!canSend} data-testid="send-button">
          {t('composer.send')}
        </Button>
      </div>
    </div>
  );
}
