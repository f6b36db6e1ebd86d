import { useState } from 'react';
import { App, Button, Card, Input, Popconfirm, Space, Tabs, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../app/ui/PageHeader';
import { Table } from '../../../app/ui/ResponsiveTable';
import { useMe } from '../../auth/queries';
import { listKeys, listsApi, PER_PAGE, type ContactList } from './api';
import { ContactsPanel } from './ContactsPanel';
import { ListNameModal } from './ListNameModal';
import { SuppressionsPanel } from './SuppressionsPanel';
import './lists.css';

const MANAGERS = ['owner', 'partner', 'master_admin', 'manager'];
const ADMINS = ['owner', 'partner', 'master_admin'];

function ListsTable({ manage, onOpen }: { manage: boolean; onOpen: (id: number) => void }) {
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
      title: 'List',
      key: 'name',
      render: (_, l) => (
        <Button type="link" className="fl-link" onClick={() => onOpen(l.id)} data-testid="list-open">
          {l.name}
        </Button>
      ),
    },
    {
      title: 'Contacts',
      dataIndex: 'contacts',
      align: 'right',
      render: (v: number) => <span data-testid="list-count">{v.toLocaleString('en')}</span>,
    },
    { title: 'Created', dataIndex: 'created_at', render: (v: string) => v.slice(0, 10) },
    {
      title: '',
      key: 'actions',
      align: 'right',
      render: (_, l) => (
        <Space wrap>
          <Button size="small" icon={<TeamOutlined />} onClick={() => onOpen(l.id)}>
            Contacts
          </Button>
          {manage && (
            <Button
              size="small"
              icon={<EditOutlined />}
              aria-label={`Rename ${l.name}`}
              onClick={() => setRenaming(l)}
            />
          )}
          {manage && (
            <Popconfirm
              title="Delete this list? Its contacts stay in your other lists."
              okText="Delete"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutate(l.id)}
            >
              <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Delete ${l.name}`} />
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <div className="fl-toolbar">
        <Input.Search
          allowClear
          placeholder="Search lists"
          aria-label="Search lists"
          onSearch={(v) => {
            setPage(1);
            setSearch(v.trim());
          }}
        />
        {manage && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setRenaming('new')} data-testid="list-new">
            New list
          </Button>
        )}
      </div>
      <Table<ContactList>
        rowKey="id"
        columns={columns}
        dataSource={lists.data?.data}
        loading={lists.isFetching}
        locale={{
          emptyText: (
            <span className="fl-empty">
              {search ? 'No list matches.' : 'No lists yet. Create one, then add contacts by hand or upload a file.'}
            </span>
          ),
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
  const role = useMe().data?.role ?? 'analyst';
  const manage = MANAGERS.includes(role);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'suppressions' ? 'suppressions' : 'lists';
  const listId = Number(params.get('list')) || null;
  const go = (next: Record<string, string>) => setParams(next);
  return (
    <>
      <PageHeader
        title="Lists"
        description="The customers your campaigns invite to give feedback. One person is one contact: a repeated email or phone fills in the contact already there."
      />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(k) => go(k === 'suppressions' ? { tab: k } : {})}
          items={[
            {
              key: 'lists',
              label: 'Contact lists',
              children: listId ? (
                <ContactsPanel listId={listId} manage={manage} onBack={() => go({})} />
              ) : (
                <ListsTable manage={manage} onOpen={(id) => go({ list: String(id) })} />
              ),
            },
            {
              key: 'suppressions',
              label: 'Suppression list',
              children: <SuppressionsPanel manage={manage} resubscribe={ADMINS.includes(role)} />,
            },
          ]}
        />
      </Card>
    </>
  );
}
