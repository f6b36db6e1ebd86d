import { useState } from 'react';
import { App, Button, Dropdown, Input, Popconfirm, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import {
  ArrowLeftOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  MailOutlined,
  MessageOutlined,
  MoreOutlined,
  PlusOutlined,
  UploadOutlined,
  UserDeleteOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Table } from '../../../app/ui/ResponsiveTable';
import { listKeys, listsApi, PER_PAGE, type Contact } from './api';
import { ContactDrawer } from './ContactDrawer';
import { ListNameModal } from './ListNameModal';
import { UploadContactsModal } from './UploadContactsModal';

function Consent({ contact }: { contact: Contact }) {
  const item = (on: boolean, suppressed: boolean, has: boolean, icon: React.ReactNode, what: string) => {
    if (!has) return null;
    const label = suppressed ? `${what}: suppressed` : on ? `${what}: consent given` : `${what}: no consent`;
    return (
      <Tooltip title={label}>
        <Tag color={suppressed ? 'red' : on ? 'green' : 'default'} icon={icon} aria-label={label}>
          {suppressed ? 'Suppressed' : on ? 'Yes' : 'No'}
        </Tag>
      </Tooltip>
    );
  };
  return (
    <Space size={4} wrap data-testid="contact-consent">
      {item(contact.consent_email, contact.email_suppressed, !!contact.email, <MailOutlined />, 'Email')}
      {item(contact.consent_sms, contact.sms_suppressed, !!contact.phone, <MessageOutlined />, 'SMS')}
    </Space>
  );
}

/** One list's contacts: search, add and edit by hand, upload a file, export, take out or delete. */
export function ContactsPanel({ listId, manage, onBack }: { listId: number; manage: boolean; onBack: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<
    { kind: 'edit'; contact: Contact | 'new' } | { kind: 'upload' | 'rename' } | null
  >(null);
  const list = useQuery({ queryKey: listKeys.list(listId), queryFn: ({ signal }) => listsApi.list(listId, signal) });
  const contacts = useQuery({
    queryKey: listKeys.contacts(listId, page, search),
    queryFn: ({ signal }) => listsApi.contacts(listId, page, search, signal),
    placeholderData: keepPreviousData,
  });
  const done = (text: string) => {
    void qc.invalidateQueries({ queryKey: listKeys.all });
    void message.success(text);
  };
  const fail = (e: Error) => void message.error(e.message);
  const takeOut = useMutation({
    mutationFn: (id: number) => listsApi.removeFromList(listId, id),
    onSuccess: (r) => done(r.message),
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: (id: number) => listsApi.deleteContact(id),
    onSuccess: (r) => done(r.message),
    onError: fail,
  });
  const removeList = useMutation({
    mutationFn: () => listsApi.remove(listId),
    onSuccess: (r) => {
      done(r.message);
      onBack();
    },
    onError: fail,
  });

  const columns: TableColumnsType<Contact> = [
    {
      title: 'Contact',
      key: 'contact',
      render: (_, c) => (
        <div className="fl-contact">
          <div className="fl-title">{c.name || c.email || c.phone}</div>
          {c.email && <div className="fl-sub">{c.email}</div>}
          {c.phone && (
            <div className="fl-sub" dir="ltr">
              {c.phone}
            </div>
          )}
        </div>
      ),
    },
    {
      title: 'Location',
      dataIndex: 'location_title',
      render: (v: string | null) => v ?? <span className="fl-sub">—</span>,
    },
    {
      title: 'Tags',
      dataIndex: 'tags',
      render: (tags: string[]) =>
        tags.length ? (
          <Space size={[0, 4]} wrap>
            {tags.map((t) => (
              <Tag key={t}>{t}</Tag>
            ))}
          </Space>
        ) : (
          <span className="fl-sub">—</span>
        ),
    },
    {
      title: 'Last visit',
      dataIndex: 'last_visit_at',
      render: (v: string | null) => (v ? v.slice(0, 10) : <span className="fl-sub">—</span>),
    },
    { title: 'Consent', key: 'consent', render: (_, c) => <Consent contact={c} /> },
    {
      title: '',
      key: 'actions',
      align: 'right',
      hidden: !manage,
      render: (_, c) => (
        <Space>
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={`Edit ${c.name ?? c.email ?? c.phone}`}
            onClick={() => setDialog({ kind: 'edit', contact: c })}
          />
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                {
                  key: 'out',
                  icon: <UserDeleteOutlined />,
                  label: 'Remove from this list',
                  onClick: () => takeOut.mutate(c.id),
                },
                {
                  key: 'delete',
                  icon: <DeleteOutlined />,
                  danger: true,
                  label: 'Delete from every list',
                  onClick: () => remove.mutate(c.id),
                },
              ],
            }}
          >
            <Button size="small" icon={<MoreOutlined />} aria-label={`More for ${c.name ?? c.email ?? c.phone}`} />
          </Dropdown>
        </Space>
      ),
    },
  ];

  return (
    <>
      <div className="fl-head">
        <Button icon={<ArrowLeftOutlined />} onClick={onBack} aria-label="Back to the lists">
          Lists
        </Button>
        <div className="fl-head-title">
          <h2 data-testid="list-title">{list.data?.name ?? ' '}</h2>
          <span className="fl-sub">
            {list.data
              ? `${list.data.contacts.toLocaleString('en')} contact${list.data.contacts === 1 ? '' : 's'}`
              : ''}
          </span>
        </div>
      </div>
      <div className="fl-toolbar">
        <Input.Search
          allowClear
          placeholder="Search name, email or phone"
          aria-label="Search contacts"
          onSearch={(v) => {
            setPage(1);
            setSearch(v.trim());
          }}
        />
        <Space wrap>
          <Button icon={<DownloadOutlined />} onClick={() => void listsApi.exportList(listId).catch(fail)}>
            Export
          </Button>
          {manage && (
            <>
              <Button
                icon={<UploadOutlined />}
                onClick={() => setDialog({ kind: 'upload' })}
                data-testid="contacts-upload"
              >
                Upload
              </Button>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setDialog({ kind: 'edit', contact: 'new' })}
                data-testid="contact-new"
              >
                Add contact
              </Button>
              <Button
                icon={<EditOutlined />}
                aria-label="Rename this list"
                title="Rename this list"
                onClick={() => setDialog({ kind: 'rename' })}
              />
              <Popconfirm
                title="Delete this list? Its contacts stay in your other lists."
                okText="Delete"
                okButtonProps={{ danger: true }}
                onConfirm={() => removeList.mutate()}
              >
                <Button danger icon={<DeleteOutlined />} aria-label="Delete this list" />
              </Popconfirm>
            </>
          )}
        </Space>
      </div>
      <Table<Contact>
        rowKey="id"
        columns={columns}
        dataSource={contacts.data?.data}
        loading={contacts.isFetching}
        locale={{
          emptyText: (
            <span className="fl-empty">
              {search ? 'No contact matches.' : 'No contacts in this list yet. Add one by hand or upload a file.'}
            </span>
          ),
        }}
        pagination={{
          current: page,
          pageSize: PER_PAGE,
          total: contacts.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: setPage,
          showSizeChanger: false,
        }}
        data-testid="contacts-table"
      />
      {dialog?.kind === 'edit' && (
        <ContactDrawer listId={listId} editing={dialog.contact} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'upload' && <UploadContactsModal listId={listId} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'rename' && list.data && <ListNameModal list={list.data} onClose={() => setDialog(null)} />}
    </>
  );
}
