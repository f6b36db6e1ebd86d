import { useState } from 'react';
import { App, Button, Card, Input, Popconfirm, Space, Tag, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, MailOutlined, MessageOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PageHeader } from '../../../app/ui/PageHeader';
import { Table } from '../../../app/ui/ResponsiveTable';
import { ChannelFilter } from '../ChannelFilter';
import { useMe } from '../../auth/queries';
import { PER_PAGE, templateKeys, templatesApi, type CampaignTemplate, type TemplateChannel } from './api';
import { TemplateDrawer } from './TemplateDrawer';
import './templates.css';

const MANAGERS = ['owner', 'partner', 'master_admin', 'manager'];
const LANGUAGES: Record<string, string> = { en: 'English', ar: 'Arabic' };

/** /feedback/template: the email and SMS invitations campaigns send, with merge fields and a live preview. */
export default function TemplatesPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const role = useMe().data?.role ?? 'analyst';
  const manage = MANAGERS.includes(role);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [channel, setChannel] = useState<TemplateChannel | undefined>(undefined);
  const [editing, setEditing] = useState<CampaignTemplate | 'new' | null>(null);
  const list = useQuery({
    queryKey: templateKeys.list(page, search, channel),
    queryFn: ({ signal }) => templatesApi.list(page, search, channel, signal),
    placeholderData: keepPreviousData,
  });
  const done = (text: string) => {
    void qc.invalidateQueries({ queryKey: templateKeys.all });
    void message.success(text);
  };
  const remove = useMutation({
    mutationFn: (id: number) => templatesApi.remove(id),
    onSuccess: (r) => done(r.message),
    onError: (e) => void message.error(e.message),
  });
  const starters = useMutation({
    mutationFn: () => templatesApi.defaults(),
    onSuccess: (r) => done(r.message),
    onError: (e) => void message.error(e.message),
  });

  const columns: TableColumnsType<CampaignTemplate> = [
    {
      title: 'Template',
      key: 'name',
      render: (_, t) => (
        <div className="ct-cell" dir="auto">
          <Button type="link" className="ct-link" onClick={() => setEditing(t)} data-testid="template-open">
            {t.name}
          </Button>
          <div className="ct-sub ct-clip">{t.channel === 'email' ? t.subject : t.body}</div>
        </div>
      ),
    },
    {
      title: 'Channel',
      dataIndex: 'channel',
      render: (v: TemplateChannel) =>
        v === 'email' ? (
          <Tag icon={<MailOutlined />} color="blue">
            Email
          </Tag>
        ) : (
          <Tag icon={<MessageOutlined />} color="green">
            SMS
          </Tag>
        ),
    },
    { title: 'Language', dataIndex: 'language', render: (v: string) => LANGUAGES[v] ?? v },
    { title: 'Updated', dataIndex: 'updated_at', render: (v: string) => v.slice(0, 10) },
    {
      title: '',
      key: 'actions',
      align: 'right',
      render: (_, t) => (
        <Space>
          <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(t)}>
            {manage ? 'Edit' : 'Preview'}
          </Button>
          {manage && (
            <Popconfirm
              title="Delete this template?"
              okText="Delete"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutate(t.id)}
            >
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Delete ${t.name}`} />
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const empty = !search && !channel && list.data?.total === 0;
  return (
    <>
      <PageHeader
        title="Template"
        description="The invitations your campaigns send by email and SMS, in English and Arabic. Merge fields fill in each customer's name and visit; the rating link and the opt-out are always added."
        extra={
          manage && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="template-new">
              New template
            </Button>
          )
        }
      />
      <Card>
        <div className="ct-toolbar">
          <Input.Search
            allowClear
            placeholder="Search templates"
            aria-label="Search templates"
            onSearch={(v) => {
              setPage(1);
              setSearch(v.trim());
            }}
          />
          <ChannelFilter
            value={channel}
            onChange={(v) => {
              setPage(1);
              setChannel(v);
            }}
          />
        </div>
        <Table<CampaignTemplate>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.data}
          loading={list.isFetching}
          locale={{
            emptyText: empty ? (
              <div className="ct-empty">
                <p>No templates yet.</p>
                {manage && (
                  <Button onClick={() => starters.mutate()} loading={starters.isPending}>
                    Add the starter templates (email and SMS, English and Arabic)
                  </Button>
                )}
              </div>
            ) : (
              <span className="ct-empty">No template matches.</span>
            ),
          }}
          pagination={{
            current: page,
            pageSize: PER_PAGE,
            total: list.data?.total ?? 0,
            hideOnSinglePage: true,
            onChange: setPage,
            showSizeChanger: false,
          }}
          data-testid="templates-table"
        />
      </Card>
      {editing && <TemplateDrawer editing={editing} readOnly={!manage} onClose={() => setEditing(null)} />}
    </>
  );
}
