import { useState } from 'react';
import { App, Button, Dropdown, Popconfirm, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import Search from 'antd/es/input/Search';
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
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../../i18n/format';
import { listKeys, listsApi, PER_PAGE, type Contact } from './api';
import { lazyPart } from '../../../lib/lazyPart';

const ContactDrawer = lazyPart(() => import('./ContactDrawer').then((m) => m.ContactDrawer));
const UploadContactsModal = lazyPart(() => import('./UploadContactsModal').then((m) => m.UploadContactsModal));
const ListNameModal = lazyPart(() => import('./ListNameModal').then((m) => m.ListNameModal));

function Consent({ contact }: { contact: Contact }) {
  const { t } = useTranslation('feedback');
  const item = (on: boolean, suppressed: boolean, has: boolean, icon: React.ReactNode, what: string) => {
    if (!has) return null;
    const state = suppressed ? 'suppressed' : on ? 'given' : 'none';
    const label = t(`lists.consent.${state}`, { channel: what });
    return (
      <Tooltip title={label}>
        <Tag color={suppressed ? 'red' : on ? 'green' : 'default'} icon={icon} aria-label={label}>
          {suppressed ? t('lists.consent.suppressedTag') : on ? t('lists.consent.yes') : t('lists.consent.no')}
        </Tag>
      </Tooltip>
    );
  };
  return (
    <Space size={4} wrap data-testid="contact-consent">
      {item(contact.consent_email, contact.email_suppressed, !!contact.email, <MailOutlined />, t('channel.email'))}
      {item(contact.consent_sms, contact.sms_suppressed, !!contact.phone, <MessageOutlined />, t('channel.sms'))}
    </Space>
  );
}

/** One list's contacts: search, add and edit by hand, upload a file, export, take out or delete. */
export function ContactsPanel({ listId, manage, onBack }: { listId: number; manage: boolean; onBack: () => void }) {
  const { t } = useTranslation('feedback');
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
      title: t('lists.contact'),
      key: 'contact',
      render: (_, c) => (
        <div className="fl-contact">
          <div className="fl-title" dir="auto">
            {c.name || c.email || c.phone}
          </div>
          {c.email && (
            <div className="fl-sub" dir="ltr">
              {c.email}
            </div>
          )}
          {c.phone && (
            <div className="fl-sub" dir="ltr">
              {c.phone}
            </div>
          )}
        </div>
      ),
    },
    {
      title: t('contact.location'),
      dataIndex: 'location_title',
      render: (v: string | null) => (v ? <span dir="auto">{v}</span> : <span className="fl-sub">—</span>),
    },
    {
      title: t('contact.tags'),
      dataIndex: 'tags',
      render: (tags: string[]) =>
        tags.length ? (
          <Space size={[0, 4]} wrap>
            {tags.map((t) => (
              <Tag key={t} dir="auto">
                {t}
              </Tag>
            ))}
          </Space>
        ) : (
          <span className="fl-sub">—</span>
        ),
    },
    {
      title: t('contact.lastVisit'),
      dataIndex: 'last_visit_at',
      render: (v: string | null) =>
        v ? formatDate(v.slice(0, 10), { dateStyle: 'medium', timeZone: 'UTC' }) : <span className="fl-sub">—</span>,
    },
    { title: t('lists.consentTitle'), key: 'consent', render: (_, c) => <Consent contact={c} /> },
    {
      title: '',
      key: 'actions',
      align: 'end',
      hidden: !manage,
      render: (_, c) => (
        <Space>
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={t('lists.editOf', { name: c.name ?? c.email ?? c.phone })}
            onClick={() => setDialog({ kind: 'edit', contact: c })}
          />
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                {
                  key: 'out',
                  icon: <UserDeleteOutlined />,
                  label: t('lists.removeFromList'),
                  onClick: () => takeOut.mutate(c.id),
                },
                {
                  key: 'delete',
                  icon: <DeleteOutlined />,
                  danger: true,
                  label: t('lists.deleteEverywhere'),
                  onClick: () => remove.mutate(c.id),
                },
              ],
            }}
          >
            <Button
              size="small"
              icon={<MoreOutlined />}
              aria-label={t('lists.moreFor', { name: c.name ?? c.email ?? c.phone })}
            />
          </Dropdown>
        </Space>
      ),
    },
  ];

  return (
    <>
      <div className="fl-head">
        <Button icon={<ArrowLeftOutlined className="fl-mirror" />} onClick={onBack} aria-label={t('lists.back')}>
          {t('lists.title')}
        </Button>
        <div className="fl-head-title">
          <h2 data-testid="list-title" dir="auto">
            {list.data?.name ?? ' '}
          </h2>
          <span className="fl-sub">
            {list.data
              ? t('lists.contactCount', { count: list.data.contacts, n: formatNumber(list.data.contacts) })
              : ''}
          </span>
        </div>
      </div>
      <div className="fl-toolbar">
        <Search
          allowClear
          placeholder={t('lists.searchContacts')}
          aria-label={t('lists.searchContactsLabel')}
          onSearch={(v) => {
            setPage(1);
            setSearch(v.trim());
          }}
        />
        <Space wrap>
          <Button icon={<DownloadOutlined />} onClick={() => void listsApi.exportList(listId).catch(fail)}>
            {t('lists.export')}
          </Button>
          {manage && (
            <>
              <Button
                icon={<UploadOutlined />}
                onClick={() => setDialog({ kind: 'upload' })}
                data-testid="contacts-upload"
              >
                {t('lists.upload')}
              </Button>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setDialog({ kind: 'edit', contact: 'new' })}
                data-testid="contact-new"
              >
                {t('contact.add')}
              </Button>
              <Button
                icon={<EditOutlined />}
                aria-label={t('lists.renameThis')}
                title={t('lists.renameThis')}
                onClick={() => setDialog({ kind: 'rename' })}
              />
              <Popconfirm
                title={t('lists.deleteConfirm')}
                okText={t('lists.delete')}
                okButtonProps={{ danger: true }}
                onConfirm={() => removeList.mutate()}
              >
                <Button danger icon={<DeleteOutlined />} aria-label={t('lists.deleteThis')} />
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
          emptyText: <span className="fl-empty">{search ? t('lists.noContactMatches') : t('lists.noContacts')}</span>,
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
