import type { ReactNode } from 'react';
import {
  FacebookFilled,
  GoogleOutlined,
  InstagramOutlined,
  MessageOutlined,
  WhatsAppOutlined,
  XOutlined,
} from '@ant-design/icons';
import dayjs from 'dayjs';
import { showDate } from '../reporting/display';
import { useEmbedded } from '../../app/EmbedContext';
import { useMe } from '../auth/queries';

const CHANNEL_ICONS: Record<string, ReactNode> = {
  facebook: <FacebookFilled style={{ color: '#1877f2' }} />,
  instagram: <InstagramOutlined style={{ color: '#c13584' }} />,
  whatsapp: <WhatsAppOutlined style={{ color: '#128c4a' }} />,
  google: <GoogleOutlined style={{ color: '#4285f4' }} />,
  twitter: <XOutlined style={{ color: '#0f1419' }} />,
};

export const CHANNEL_LABELS: Record<string, string> = {
  facebook: 'Messenger',
  instagram: 'Instagram',
  google: 'Google',
  whatsapp: 'WhatsApp',
  twitter: 'X (Twitter)',
};

/** A channel's name: product names, the same in every language. */
export const channelLabel = (c: string) => CHANNEL_LABELS[c] ?? c;

export function ChannelIcon({ channel }: { channel: string }) {
  return (
    <span className="msg-channel" title={channelLabel(channel)} aria-label={channelLabel(channel)} role="img">
      {CHANNEL_ICONS[channel] ?? <MessageOutlined />}
    </span>
  );
}

/** Today's times as hours, this year's as day and month, older ones with the year. */
export function shortTime(at: string): string {
  const d = dayjs(at);
  if (d.isSame(dayjs(), 'day')) return showDate(at, 'time');
  if (d.isSame(dayjs(), 'year')) return showDate(at, 'dayMonth');
  return showDate(at, 'day');
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (
    parts
      .slice(0, 2)
      .map((p) => [...p][0])
      .join('')
      .toUpperCase() || '?'
  );
}

/** The roles that answer and organise conversations; an Analyst (and an embed) only reads. */
const WRITERS = ['owner', 'partner', 'master_admin', 'manager', 'responder'];

export function useCanWrite(): boolean {
  const embedded = useEmbedded();
  const role = useMe().data?.role ?? 'analyst';
  return !embedded && WRITERS.includes(role);
}

/** The roles that also manage tags and pages. */
const MANAGERS = ['owner', 'partner', 'master_admin', 'manager'];

export function useCanManage(): boolean {
  const embedded = useEmbedded();
  const role = useMe().data?.role ?? 'analyst';
  return !embedded && MANAGERS.includes(role);
}

/** A stable pastel for an avatar, from the name. */
export function avatarColor(name: string): string {
  const palette = ['#4f46e5', '#0e7490', '#b45309', '#be185d', '#15803d', '#7c3aed', '#b91c1c', '#1d4ed8'];
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return palette[h % palette.length]!;
}
