import { useState } from 'react';
import { App, Button, Card, Popconfirm, Segmented, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
// Deep import: the Input namespace would also bring TextArea, Password and OTP to this page.
import Search from 'antd/es/input/Search';
import { Table } from '../../app/ui/ResponsiveTable';
import { DeleteOutlined, EditOutlined, MailOutlined, UserAddOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../app/ui/PageHeader';
import { useMe } from '../auth/queries';
import { adminUsersApi, type AdminUser } from './api';
import { errorText, formatDateTime } from './format';
import { roleName, statusLabel } from './labels';
import './admin.css';
import { adminKeys } from './queryKeys';

const PER_PAGE = 20;
const ROLE_COLORS: Record<string, string> = { owner: 'purple', partner: 'blue' };

/** Admin users: Owner and Partner administrators (a Partner sees its own), with invitations. */
export default function AdminUsersPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const me = useMe().data;
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<string>('');
  const list = useQuery({
    queryKey: adminKeys.adminUsers.page(page, search, role),
    queryFn: ({ signal }) => adminUsersApi.list({ page, per_page: PER_PAGE, search, role }, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminKeys.adminUsers.all });
  const remove = useMutation({
    mutationFn: adminUsersApi.remove,
    onSuccess: () => {
      void message.success(t('adminUsers.deleted'));
      refresh();
    },
    onError: (e) => void message.error(errorText(e)),
  });
  const resend = useMutation({
    mutationFn: adminUsersApi.reinvite,
    onSuccess: (r) => void message.success(r.message),
    onError: (e) => void message.error(errorText(e)),
  });

  const columns: TableColumnsType<AdminUser> = [
    {
      title: t('adminUsers.columns.name'),
      key: 'name',
      render: (_, u) => (
        <div>
          <a
            className="strong-link"
            onClick={() => navigate(`/admin_panel/admin_users/${u.id}/edit`)}
            data-testid="admin-user-name"
          >
            <bdi>{u.userName}</bdi>
          </a>
          <div className="muted small">
            <bdi>{u.email}</bdi>
          </div>
        </div>
      ),
    },
    {
      title: t('adminUsers.columns.role'),
      dataIndex: 'role',
      render: (r: string) => <Tag color={ROLE_COLORS[r]}>{roleName(t, r)}</Tag>,
    },
    {
      title: t('adminUsers.columns.partner'),
      dataIndex: 'partnerName',
      responsive: ['md'],
      render: (v: string | null) => (v ? <bdi>{v}</bdi> : '—'),
    },
    {
      title: t('adminUsers.columns.status'),
      dataIndex: 'status',
      render: (s: string) => <Tag color={s === 'active' ? 'green' : 'gold'}>{statusLabel(t, s)}</Tag>,
    },
    {
      title: t('adminUsers.columns.lastSignIn'),
      dataIndex: 'lastLoginAt',
      responsive: ['lg'],
      render: (v: string | null) => formatDateTime(v),
    },
    {
      title: '',
      key: 'actions',
      align: 'end',
      render: (_, u) => (
        <Space size={4} wrap={false}>
          {u.status !== 'active' && (
            <Button
              size="small"
              icon={<MailOutlined />}
              loading={resend.isPending && resend.variables === u.id}
              onClick={() => resend.mutate(u.id)}
            >
              {t('adminUsers.resend')}
            </Button>
          )}
          <Tooltip title={t('common:edit')}>
            <Button
              size="small"
              type="text"
              icon={<EditOutlined />}
              onClick={() => navigate(`/admin_panel/admin_users/${u.id}/edit`)}
              aria-label={t('adminUsers.editNamed', { name: u.userName })}
            />
          </Tooltip>
          {u.id !== me?.id && (
            <Popconfirm
              title={t('adminUsers.deleteTitle')}
              okText={t('common:yes')}
              cancelText={t('common:no')}
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutate(u.id)}
            >
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('adminUsers.deleteNamed', { name: u.userName })}
              />
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={t('adminUsers.title')}
        description={me?.role === 'owner' ? t('adminUsers.descriptionOwner') : t('adminUsers.descriptionPartner')}
        extra={
          <Button
            type="primary"
            icon={<UserAddOutlined />}
            onClick={() => navigate('/admin_panel/admin_users/new')}
            data-testid="new-admin-user"
          >
            {t('adminUsers.new')}
          </Button>
        }
      />
      <Card>
        <div className="list-toolbar">
          <Search
            placeholder={t('adminUsers.search')}
            allowClear
            style={{ maxInlineSize: 320 }}
            onSearch={(v) => {
              setSearch(v.trim());
              setPage(1);
            }}
          />
          {me?.role === 'owner' && (
            <Segmented
              aria-label={t('adminUsers.columns.role')}
              value={role}
              onChange={(v) => {
                setRole(String(v));
                setPage(1);
              }}
              options={[
                { value: '', label: t('adminUsers.filter.all') },
                { value: 'owner', label: t('adminUsers.filter.owners') },
                { value: 'partner', label: t('adminUsers.filter.partners') },
              ]}
            />
          )}
        </div>
        <Table
          rowKey="id"
          columns={columns}
          dataSource={list.data?.data}
          loading={list.isFetching}
          pagination={{
            current: page,
            pageSize: PER_PAGE,
            total: list.data?.total,
            onChange: setPage,
            showSizeChanger: false,
          }}
          scroll={{ x: true }}
        />
      </Card>
    </>
  );
}
