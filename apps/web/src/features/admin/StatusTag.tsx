import { Tag } from 'antd';

export function StatusTag({ status }: { status: string }) {
  const active = status.toLowerCase() === 'active';
  return (
    <Tag color={active ? 'green' : 'default'} style={{ textTransform: 'capitalize' }}>
      {status}
    </Tag>
  );
}
