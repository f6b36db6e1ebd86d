import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { statusLabel } from './labels';

export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation('admin');
  const active = status.toLowerCase() === 'active';
  return <Tag color={active ? 'green' : 'default'}>{statusLabel(t, status)}</Tag>;
}
