import { useState } from 'react';
import { App, Button, Card, Input, Popconfirm, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { Table } from '../../app/ui/ResponsiveTable';
import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  LoginOutlined,
  MailOutlined,
  StopOutlined,
  UploadOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { displayName, pluralize, roleLabel } from '@reputo/core';
import { PageHeader } from '../../app/ui/PageHeader';
import { useActing, useMe } from '../auth/queries';
import {
  deleteMember,
  download,
  fetchTeam,
  resendInvitation,
  revokeInvitation,
  teamUploadApi,
  uploadTeam,
  type TeamMember,
} from './api';
import { EditMemberModal } from './EditMemberModal';
import { InviteMemberModal } from './InviteMemberModal';
import { UploadModal } from './UploadModal';
import './settings.css';
import { settingsKeys } from './queryKeys';

const PER_PAGE = 20;

const INVITATION_TAGS = {
  pending: { color: 'gold', text: 'Invited' },
  expired: { color: 'default', text: 'Invitation expired' },
  revoked: { color: 'red', text: 'Invitation revoked' },
  accepted: { color: 'green', text: 'Active' },
} as const;

function StatusTag({ m }: { m: TeamMember }) {
  if (m.status === 'active') return <Tag color="green">Active</Tag>;
  const t = INVITATION_TAGS[m.invitation?.status ?? 'pending'];
  return (
    <Tooltip title={m.invitation ? `Sent ${dayjs(m.invitation.sentAt).format('D MMM YYYY')}` : undefined}>
      <Tag color={t.color}>{t.text}</Tag>
    </Tooltip>
  );
}

/** The team of the company in view: roles, the locations each member sees, invitations, acting as a member. */
export default function TeamAccessPage() {
  const me = useMe().data;
  const title = me?.locationsTitle ?? 'Location';
  const plural = pluralize(title);
  const { actAs, canActAs } = useActing();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [inviting, setInviting] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const team = useQuery({
    queryKey: settingsKeys.team.page(page, search),
    queryFn: ({ signal }) => fetchTeam(page, PER_PAGE, search, signal),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: settingsKeys.team.all });
  const resend = useMutation({
    mutationFn: resendInvitation,
    onSuccess: async (r) => {
      void message.success(r.message);
      await refresh();
    },
    onError: (e) => void message.error(e.message),
  });
  const revoke = useMutation({
    mutationFn: revokeInvitation,
    onSuccess: async (m) => {
      void message.success(`The invitation of ${m.email} no longer works.`);
      await refresh();
    },
    onError: (e) => void message.error(e.message),
  });
  const remove = useMutation({
    mutationFn: deleteMember,
    onSuccess: async () => {
      void message.success('Member removed.');
      await refresh();
    },
    onError: (e) => void message.error(e.message),
  });

  const columns: TableColumnsType<TeamMember> = [
    {
      title: 'Name',
      key: 'name',
      render: (_, m) => (
        <div>
          <div className="st-name">{displayName(m.firstName, m.lastName)}</div>
          <div className="st-muted">{m.email}</div>
        </div>
      ),
    },
    { title: 'Role', dataIndex: 'role', render: (r: string) => roleLabel(r) },
    {
      title: plural,
      key: 'locations',
      responsive: ['md'],
      render: (_, m) =>
        m.locationIds === null ? (
          <span className="st-muted">All</span>
        ) : (
          <Tag>
            {m.locationIds.length} {m.locationIds.length === 1 ? title.toLowerCase() : plural.toLowerCase()}
          </Tag>
        ),
    },
    { title: 'Status', key: 'status', render: (_, m) => <StatusTag m={m} /> },
    {
      title: 'Last sign-in',
      dataIndex: 'lastLoginAt',
      responsive: ['lg'],
      render: (v: string | null) => (v ? dayjs(v).format('D MMM YYYY') : '—'),
    },
    {
      title: '',
      key: 'actions',
      align: 'right',
      render: (_, m) => {
        const self = m.id === me?.id;
        return (
          <Space size={4} wrap>
            {m.status !== 'active' && (
              <Tooltip title="Send the invitation again">
                <Button
                  size="small"
                  icon={<MailOutlined />}
                  loading={resend.isPending && resend.variables === m.id}
                  onClick={() => resend.mutate(m.id)}
                  aria-label={`Resend invitation to ${m.email}`}
                />
              </Tooltip>
            )}
            {m.status !== 'active' && m.invitation?.status === 'pending' && (
              <Popconfirm
                title="Revoke this invitation?"
                description="Its link stops working."
                okText="Revoke"
                onConfirm={() => revoke.mutate(m.id)}
              >
                <Tooltip title="Revoke the invitation">
                  <Button size="small" icon={<StopOutlined />} aria-label={`Revoke invitation of ${m.email}`} />
                </Tooltip>
              </Popconfirm>
            )}
            {m.status === 'active' && !self && canActAs('user') && (
              <Button
                size="small"
                icon={<LoginOutlined />}
                onClick={() => actAs('user', { id: m.id, userName: displayName(m.firstName, m.lastName) })}
                data-testid={`act-user-${m.id}`}
              >
                Act as
              </Button>
            )}
            <Tooltip title="Edit">
              <Button
                size="small"
                icon={<EditOutlined />}
                onClick={() => setEditing(m)}
                aria-label={`Edit ${m.email}`}
                data-testid={`edit-member-${m.id}`}
              />
            </Tooltip>
            {!self && (
              <Popconfirm
                title={`Remove ${displayName(m.firstName, m.lastName)}?`}
                description="They can no longer sign in to this company."
                okText="Remove"
                okButtonProps={{ danger: true }}
                onConfirm={() => remove.mutate(m.id)}
              >
                <Button size="small" danger icon={<DeleteOutlined />} aria-label={`Remove ${m.email}`} />
              </Popconfirm>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <PageHeader
        title="Team Access"
        description={`People in your company, their roles, the ${plural.toLowerCase()} they see, and invitations.`}
        extra={
          <Space wrap>
            <Button icon={<UploadOutlined />} onClick={() => setUploading(true)}>
              Upload
            </Button>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void download('/v2/api/team/export').catch((e: Error) => message.error(e.message))}
            >
              Export
            </Button>
            <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviting(true)}>
              Invite member
            </Button>
          </Space>
        }
      />
      <Card>
        <div className="st-toolbar">
          <div className="st-left">
            <Input.Search
              placeholder="Search by name or email"
              allowClear
              style={{ maxWidth: 300 }}
              onSearch={(v) => {
                setSearch(v.trim());
                setPage(1);
              }}
            />
          </div>
          <span className="st-muted">
            {team.data ? `${team.data.total} member${team.data.total === 1 ? '' : 's'}` : ''}
          </span>
        </div>
        <Table
          rowKey="id"
          columns={columns}
          dataSource={team.data?.data}
          loading={team.isFetching}
          pagination={{
            current: page,
            pageSize: PER_PAGE,
            total: team.data?.total,
            onChange: setPage,
            showSizeChanger: false,
            hideOnSinglePage: true,
          }}
          scroll={{ x: true }}
        />
      </Card>
      <InviteMemberModal open={inviting} onClose={() => setInviting(false)} title={title} />
      <EditMemberModal member={editing} onClose={() => setEditing(null)} title={title} />
      <UploadModal
        open={uploading}
        onClose={() => setUploading(false)}
        title="Upload team members"
        fields={teamUploadApi.fields}
        examplePath="/v2/api/team/upload/example"
        upload={async (f, c) => {
          const r = await uploadTeam(f, c);
          await refresh();
          return r;
        }}
        describe={(r: { invited: number }) => `${r.invited} invitation${r.invited === 1 ? '' : 's'} sent.`}
      />
    </>
  );
}
