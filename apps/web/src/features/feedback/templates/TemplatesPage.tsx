import { useState } from 'react';
import { App, Button, Card, Popconfirm, Space, Tag, type TableColumnsType } from 'antd';
import Search from 'antd/es/input/Search';
import { DeleteOutlined, EditOutlined, MailOutlined, MessageOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../i18n/format';
import { PageHeader } from '../../../app/ui/PageHeader';
import { Table } from '../../../app/ui/ResponsiveTable';
import { ChannelFilter } from '../ChannelFilter';
import { useMe } from '../../auth/queries';
import { PER_PAGE, templateKeys, templatesApi, type CampaignTemplate, type TemplateChannel } from './api';
import './templates.css';
import { lazyPart } from '../../../lib/lazyPart';

const TemplateDrawer = lazyPart(() => import('./TemplateDrawer').then((m) => m.TemplateDrawer));

const MANAGERS = ['owner', 'partner', 'master_admin', 'manager'];

/** /feedback/template: the email and SMS invitations campaigns send, with merge fields and a live preview. */
export default function TemplatesPage() {
  const { t } = useTranslation('feedback');
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
      title: t('templates.template'),
      key: 'name',
      render: (_, tpl) => (
        <div className="ct-cell" dir="auto">
          <Button type="link" className="ct-link" onClick={() => setEditing(tpl)} data-testid="template-open">
            {tpl.name}
          </Button>
          <div className="ct-sub ct-clip">{tpl.channel === 'email' ? tpl.subject : tpl.body}</div>
        </div>
      ),
    },
    {
      title: t('channel.label'),
      dataIndex: 'channel',
      render: (v: TemplateChannel) =>
        v === 'email' ? (
          <Tag icon={<MailOutlined />} color="blue">
            {t('channel.email')}
          </Tag>
        ) : (
          <Tag icon={<MessageOutlined />} color="green">
            {t('channel.sms')}
          </Tag>
        ),
    },
    {
      title: t('templates.languageTitle'),
      dataIndex: 'language',
      render: (v: string) => t(`templates.languageName.${v}`, { defaultValue: v }),
    },
    {
      title: t('templates.updated'),
      dataIndex: 'updated_at',
      render: (v: string) => formatDate(v.slice(0, 10), { dateStyle: 'medium', timeZone: 'UTC' }),
    },
    {
      title: '',
      key: 'actions',
      align: 'end',
      render: (_, tpl) => (
        <Space>
          <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(tpl)}>
            {manage ? t('templates.edit') : t('templates.preview')}
          </Button>
          {manage && (
            <Popconfirm
              title={t('templates.deleteConfirm')}
              okText={t('templates.delete')}
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutate(tpl.id)}
            >
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('templates.deleteOf', { name: tpl.name })}
              />
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
        title={t('templates.title')}
        description={t('templates.description')}
        extra={
          manage && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="template-new">
              {t('templates.new')}
            </Button>
          )
        }
      />
      <Card>
        <div className="ct-toolbar">
          <Search
            allowClear
            placeholder={t('templates.search')}
            aria-label={t('templates.search')}
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
                <p>{t('templates.empty')}</p>
                {manage && (
                  <Button onClick={() => starters.mutate()} loading={starters.isPending}>
                    {t('templates.starters')}
                  </Button>
                )}
              </div>
            ) : (
              <span className="ct-empty">{t('templates.noMatches')}</span>
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
