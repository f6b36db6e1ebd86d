import { useRef, useState, type KeyboardEvent } from 'react';
import { App, Button, Dropdown, Input, Popover, Tooltip } from 'antd';
import { CloseOutlined, FileTextOutlined, PaperClipOutlined, SendOutlined, SmileOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
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

/** Attachments are sent inline; Messenger and Instagram take files up to 25 MB, we keep it small. */
const MAX_ATTACHMENT_BYTES = 8 * 1024 * 1024;

interface Attachment {
  name: string;
  type: string;
  dataUrl: string;
}

function attachmentKind(mime: string): string {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  return 'file';
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/**
 * The reply box: Enter sends, Shift+Enter starts a new line; templates and emoji insert at the
 * cursor; one attachment at a time. The text is cleared only once it is handed to `onSend`, which
 * keeps it (and shows it failed with Retry) if the send does not go through.
 */
export function Composer({ onSend, disabled }: { onSend: (body: SendBody) => void; disabled?: boolean }) {
  const { message } = App.useApp();
  const [text, setText] = useState('');
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const [emojiOpen, setEmojiOpen] = useState(false);
  const area = useRef<HTMLTextAreaElement | null>(null);
  const file = useRef<HTMLInputElement>(null);
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
      attachmentType: attachment ? attachmentKind(attachment.type) : null,
      attachment: attachment?.dataUrl ?? null,
      attachmentName: attachment?.name ?? null,
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

  const pick = async (f: File | undefined) => {
    if (!f) return;
    if (f.size > MAX_ATTACHMENT_BYTES) {
      void message.error('Attachments can be up to 8 MB');
      return;
    }
    setAttachment({ name: f.name, type: f.type, dataUrl: await readAsDataUrl(f) });
  };

  const templateItems = (templates.data?.templates ?? []).map((t) => ({ key: String(t.id), label: t.title }));

  return (
    <div className="msg-composer" data-testid="composer">
      {attachment && (
        <div className="msg-attachment-chip" data-testid="attachment-chip">
          <PaperClipOutlined /> <span>{attachment.name}</span>
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label="Remove attachment"
            onClick={() => setAttachment(null)}
          />
        </div>
      )}
      <Input.TextArea
        ref={(r) => {
          area.current = r?.resizableTextArea?.textArea ?? null;
        }}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        autoSize={{ minRows: 1, maxRows: 6 }}
        placeholder="Write a reply… (Enter to send, Shift+Enter for a new line)"
        aria-label="Reply"
        dir="auto"
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
                const t = templates.data?.templates.find((x) => String(x.id) === key);
                if (t) insert(t.text);
              },
            }}
          >
            <Button type="text" icon={<FileTextOutlined />} data-testid="templates-button">
              Templates
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
                    aria-label={`Insert ${e}`}
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
            <Tooltip title="Emoji">
              <Button type="text" icon={<SmileOutlined />} aria-label="Emoji" data-testid="emoji-button" />
            </Tooltip>
          </Popover>
          <Tooltip title="Attach a file">
            <Button
              type="text"
              icon={<PaperClipOutlined />}
              aria-label="Attach a file"
              onClick={() => file.current?.click()}
              data-testid="attach-button"
            />
          </Tooltip>
          <input
            ref={file}
            type="file"
            hidden
            accept="image/*,video/*,audio/*,application/pdf"
            onChange={(e) => {
              void pick(e.target.files?.[0]);
              e.target.value = '';
            }}
            data-testid="attach-input"
          />
        </div>
        <Button type="primary" icon={<SendOutlined />} onClick={send} disabled={!canSend} data-testid="send-button">
          Send
        </Button>
      </div>
    </div>
  );
}
