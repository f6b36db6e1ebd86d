import { useState } from 'react';
import { App, Button, Card, Popconfirm, Segmented, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
// Deep import: the Input namespace would also bring TextArea, Password and OTP to this page.
import Search from 'antd/es/input/Search';
import { Table } from '../../app/ui/ResponsiveTable';
import { DeleteOutlined, EditOutlined, MailOutlined, UserAddOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../app/ui/PageHeader';
import { useMe } from '../auth/queries';
import { adminUsersApi, type AdminUser } from './api';
import { errorText, formatDateTime } from './format';
import './admin.css';
import { adminKeys } from './queryKeys';

const PER_PAGE = 20;
const ROLE_TAG: Record<string, { color: string; label: string }> = {
  owner: { color: 'purple', label: 'Owner' },
  partner: { color: 'blue', label: 'Partner' },
};

/** Admin users: Owner and Partner administrators (a Partner sees its own), with invitations. */
export default function AdminUsersPage() {
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
      void message.success('Admin user deleted');
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
      title: 'Name',
      key: 'name',
      render: (_, u) => (
        <div>
          <a
            className="strong-link"
            onClick={() => navigate(`/admin_panel/admin_users/${u.id}/edit`)}
            data-testid="admin-user-name"
          >
            {u.userName}
          </a>
          <div className="muted small">{u.email}</div>
        </div>
      ),
    },
    {
      title: 'Role',
      dataIndex: 'role',
      render: (r: string) => <Tag color={ROLE_TAG[r]?.color}>{ROLE_TAG[r]?.label ?? r}</Tag>,
    },
    { title: 'Partner', dataIndex: 'partnerName', responsive: ['md'], render: (v: string | null) => v ?? '—' },
    {
      title: 'Status',
      dataIndex: 'status',
      render: (s: string) => (
        <Tag color={s === 'active' ? 'green' : 'gold'} style={{ textTransform: 'capitalize' }}>
          {s}
        </Tag>
      ),
    },
    {
      title: 'Last sign-in',
      dataIndex: 'lastLoginAt',
      responsive: ['lg'],
      render: (v: string | null) => formatDateTime(v),
    },
    {
      title: '',
      key: 'actions',
      align: 'right',
      render: (_, u) => (
        <Space size={4} wrap={false}>
          {u.status !== 'active' && (
            <Button
              size="small"
              icon={<MailOutlined />}
              loading={resend.isPending && resend.variables === u.id}
              onClick={() => resend.mutate(u.id)}
            >
              Resend invitation
            </Button>
          )}
          <Tooltip title="Edit">
            <Button
              size="small"
              type="text"
              icon={<EditOutlined />}
              onClick={() => navigate(`/admin_panel/admin_users/${u.id}/edit`)}
              aria-label={`Edit ${u.userName}`}
            />
          </Tooltip>
          {u.id !== me?.id && (
            <Popconfirm
              title="Delete this admin user?"
              okText="Yes"
              cancelText="No"
              okButtonProps={{ danger: true }}
              onConfirm={() => remove.mutate(u.id)}
            >
              <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`Delete ${u.userName}`} />
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title="Admin Users"
        description={
          me?.role === 'owner'
            ? 'People who run the platform (Owners) and the agencies (Partner administrators).'
            : 'People who administer your companies.'
        }
        extra={
          <Button
            type="primary"
            icon={<UserAddOutlined />}
            onClick={() => navigate('/admin_panel/admin_users/new')}
            data-testid="new-admin-user"
          >
            New admin user
          </Button>
        }
      />
      <Card>
        <div className="list-toolbar">
          <Search
            placeholder="Search by name or email"
            allowClear
            style={{ maxWidth: 320 }}
            onSearch={(v) => {
              setSearch(v.trim());
              setPage(1);
            }}
          />
          {me?.role === 'owner' && (
            <Segmented
              value={role}
              onChange={(v) => {
                setRole(String(v));
                setPage(1);
              }}
              options={[
                { value: '', label: 'All' },
                { value: 'owner', label: 'Owners' },
                { value: 'partner', label: 'Partners' },
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
