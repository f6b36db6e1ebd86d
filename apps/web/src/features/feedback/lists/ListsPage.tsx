import { useState } from 'react';
import { App, Button, Card, Popconfirm, Skeleton, Space, Tabs, type TableColumnsType } from 'antd';
import Search from 'antd/es/input/Search';
import { DeleteOutlined, EditOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../../i18n/format';
import { PageHeader } from '../../../app/ui/PageHeader';
import { Table } from '../../../app/ui/ResponsiveTable';
import { useMe } from '../../auth/queries';
import { listKeys, listsApi, PER_PAGE, type ContactList } from './api';
import './lists.css';
import { lazyPart } from '../../../lib/lazyPart';

const ListNameModal = lazyPart(() => import('./ListNameModal').then((m) => m.ListNameModal));
// A list's contacts and the suppression tab are fetched when opened: the page opens on the lists.
const LOADING = <Skeleton active />;
const ContactsPanel = lazyPart(() => import('./ContactsPanel').then((m) => m.ContactsPanel), LOADING);
const SuppressionsPanel = lazyPart(() => import('./SuppressionsPanel').then((m) => m.SuppressionsPanel), LOADING);

const MANAGERS = ['owner', 'partner', 'master_admin', 'manager'];
const ADMINS = ['owner', 'partner', 'master_admin'];

function ListsTable({ manage, onOpen }: { manage: boolean; onOpen: (id: number) => void }) {
  const { t } = useTranslation('feedback');
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [renaming, setRenaming] = useState<ContactList | 'new' | null>(null);
  const lists = useQuery({
    queryKey: listKeys.lists(page, search),
    queryFn: ({ signal }) => listsApi.lists(page, search, signal),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (id: number) => listsApi.remove(id),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: listKeys.all });
      void message.success(r.message);
    },
    onError: (e) => void message.error(e.message),
  });
  const columns: TableColumnsType<ContactList> = [
    {
      title: t('lists.list'),
      key: 'name',
      render: (_, l) => (
        <Button type="link" className="fl-link" onClick={() => onOpen(l.id)} data-testid="list-open" dir="auto">
          {l.name}
        </Button>
      ),
    },
    {
      title: t('lists.contacts'),
      dataIndex: 'contacts',
      align: 'end',
      render: (v: number) => <span data-testid="list-count">{formatNumber(v)}</span>,
    },
    {
      title: t('lists.createdAt'),
      dataIndex: 'created_at',
      render: (v: string) => formatDate(v.slice(0, 10), { dateStyle: 'medium', timeZone: 'UTC' }),
    },
    {
      title: '',
      key: 'actions',
      align: 'end',
      render: (_, l) => (
        <Space wrap>
          <Button size="small" icon={<TeamOutlined />} onClick={() => onOpen(l.id)}>
            {t('lists.contacts')}
          </Button>
          {manage && (
            <Button
              size="small"
              icon={<EditOutlined />}
              aria-label={t('lists.renameOf', { name: l.name })}
              onClick={() => setRenaming(l)}
            />
          )}
          {manage && (
            <Popconfirm
              title={t('lists.deleteConfirm')}
              okText={t('lists.delete')}
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutate(l.id)}
            >
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('lists.deleteOf', { name: l.name })}
              />
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <div className="fl-toolbar">
        <Search
          allowClear
          placeholder={t('lists.search')}
          aria-label={t('lists.search')}
          onSearch={(v) => {
            setPage(1);
            setSearch(v.trim());
          }}
        />
        {manage && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setRenaming('new')} data-testid="list-new">
            {t('lists.new')}
          </Button>
        )}
      </div>
      <Table<ContactList>
        rowKey="id"
        columns={columns}
        dataSource={lists.data?.data}
        loading={lists.isFetching}
        locale={{
          emptyText: <span className="fl-empty">{search ? t('lists.noListMatches') : t('lists.noLists')}</span>,
        }}
        pagination={{
          current: page,
          pageSize: PER_PAGE,
          total: lists.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: setPage,
          showSizeChanger: false,
        }}
        data-testid="lists-table"
      />
      {renaming && (
        <ListNameModal
          list={renaming}
          onClose={(saved) => {
            setRenaming(null);
            if (saved && renaming === 'new') onOpen(saved.id);
          }}
        />
      )}
    </>
  );
}

/** /feedback/lists: contact lists and their contacts (by hand, uploaded, exported), and the suppression list. */
export default function ListsPage() {
  const { t } = useTranslation('feedback');
  const role = useMe().data?.role ?? 'analyst';
  const manage = MANAGERS.includes(role);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'suppressions' ? 'suppressions' : 'lists';
  const listId = Number(params.get('list')) || null;
  const go = (next: Record<string, string>) => setParams(next);
  return (
    <>
      <PageHeader title={t('lists.title')} description={t('lists.description')} />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(k) => go(k === 'suppressions' ? { tab: k } : {})}
          items={[
            {
              key: 'lists',
              label: t('lists.contactLists'),
              children: listId ? (
                <ContactsPanel listId={listId} manage={manage} onBack={() => go({})} />
              ) : (
                <ListsTable manage={manage} onOpen={(id) => go({ list: String(id) })} />
              ),
            },
            {
              key: 'suppressions',
              label: t('lists.suppressionList'),
              children: <SuppressionsPanel manage={manage} resubscribe={ADMINS.includes(role)} />,
            },
          ]}
        />
      </Card>
    </>
  );
}
