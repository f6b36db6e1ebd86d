import { useState } from 'react';
import { App, Button, Card, Popconfirm, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import Search from 'antd/es/input/Search';
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
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n/messages';
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
import { LazyUploadModal } from './LazyUploadModal';
import './settings.css';
import { settingsKeys } from './queryKeys';
import { memberName, placeContext, roleName } from './i18n';
import { lazyPart } from '../../lib/lazyPart';

const EditMemberModal = lazyPart(() => import('./EditMemberModal').then((m) => m.EditMemberModal));
const InviteMemberModal = lazyPart(() => import('./InviteMemberModal').then((m) => m.InviteMemberModal));

const PER_PAGE = 20;

/** An invitation's state: its tag colour and the catalogue key of its text. */
const INVITATION_TAGS = {
  pending: { color: 'gold', key: 'team.invited' },
  expired: { color: 'default', key: 'team.expired' },
  revoked: { color: 'red', key: 'team.revokedTag' },
  accepted: { color: 'green', key: 'team.active' },
} as const;

function StatusTag({ m }: { m: TeamMember }) {
  const { t } = useTranslation('settings');
  if (m.status === 'active') return <Tag color="green">{t('team.active')}</Tag>;
  const tag = INVITATION_TAGS[m.invitation?.status ?? 'pending'];
  return (
    <Tooltip
      title={m.invitation ? t('team.sentOn', { date: dayjs(m.invitation.sentAt).format('D MMM YYYY') }) : undefined}
    >
      <Tag color={tag.color}>{t(tag.key)}</Tag>
    </Tooltip>
  );
}

/** The team of the company in view: roles, the locations each member sees, invitations, acting as a member. */
export default function TeamAccessPage() {
  const { t } = useTranslation('settings');
  const me = useMe().data;
  const title = me?.locationsTitle ?? 'Location';
  const context = placeContext(title);
  const { actAs, canActAs } = useActing();
  const mayActAsUser = canActAs('user');
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
    // The API's notice is English; a success always means the same, said in the interface's language.
    onSuccess: async () => {
      void message.success(t('team.invitationSent'));
      await refresh();
    },
    onError: (e) => void message.error(translateMessage(e.message)),
  });
  const revoke = useMutation({
    mutationFn: revokeInvitation,
    onSuccess: async (m) => {
      void message.success(t('team.revoked', { email: m.email }));
      await refresh();
    },
    onError: (e) => void message.error(translateMessage(e.message)),
  });
  const remove = useMutation({
    mutationFn: deleteMember,
    onSuccess: async () => {
      void message.success(t('team.removed'));
      await refresh();
    },
    onError: (e) => void message.error(translateMessage(e.message)),
  });

  const columns: TableColumnsType<TeamMember> = [
    {
      title: t('team.name'),
      key: 'name',
      render: (_, m) => (
        <div>
          <div className="st-name">
            <span dir="auto">{memberName(t, m.firstName, m.lastName)}</span>
          </div>
          <div className="st-muted">
            <span dir="auto">{m.email}</span>
          </div>
        </div>
      ),
    },
    { title: t('team.role'), dataIndex: 'role', render: (r: string) => roleName(t, r) },
    {
      title: t('place.titles', { context }),
      key: 'locations',
      responsive: ['md'],
      render: (_, m) =>
        m.locationIds === null ? (
          <span className="st-muted">{t('team.all')}</span>
        ) : (
          <Tag>{t('place.count', { context, count: m.locationIds.length })}</Tag>
        ),
    },
    { title: t('team.status'), key: 'status', render: (_, m) => <StatusTag m={m} /> },
    {
      title: t('team.lastSignIn'),
      dataIndex: 'lastLoginAt',
      responsive: ['lg'],
      render: (v: string | null) => (v ? dayjs(v).format('D MMM YYYY') : '—'),
    },
    {
      title: '',
      key: 'actions',
      align: 'end',
      render: (_, m) => {
        const self = m.id === me?.id;
        return (
          <Space size={4} wrap>
            {m.status !== 'active' && (
              <Tooltip title={t('team.resend')}>
                <Button
                  size="small"
                  icon={<MailOutlined />}
                  loading={resend.isPending && resend.variables === m.id}
                  onClick={() => resend.mutate(m.id)}
                  aria-label={t('team.resendAria', { email: m.email })}
                />
              </Tooltip>
            )}
            {m.status !== 'active' && m.invitation?.status === 'pending' && (
              <Popconfirm
                title={t('team.revokeConfirm')}
                description={t('team.revokeText')}
                okText={t('team.revoke')}
                cancelText={t('actions.cancel')}
                onConfirm={() => revoke.mutate(m.id)}
              >
                <Tooltip title={t('team.revokeTip')}>
                  <Button size="small" icon={<StopOutlined />} aria-label={t('team.revokeAria', { email: m.email })} />
                </Tooltip>
              </Popconfirm>
            )}
            {m.status === 'active' && !self && mayActAsUser && (
              <Button
                size="small"
                icon={<LoginOutlined className="st-flip" />}
                onClick={() => actAs('user', { id: m.id, userName: memberName(t, m.firstName, m.lastName) })}
                data-testid={`act-user-${m.id}`}
              >
                {t('team.actAs')}
              </Button>
            )}
            <Tooltip title={t('actions.edit')}>
              <Button
                size="small"
                icon={<EditOutlined />}
                onClick={() => setEditing(m)}
                aria-label={t('team.editAria', { email: m.email })}
                data-testid={`edit-member-${m.id}`}
              />
            </Tooltip>
            {!self && (
              <Popconfirm
                title={t('team.removeConfirm', { name: memberName(t, m.firstName, m.lastName) })}
                description={t('team.removeText')}
                okText={t('actions.remove')}
                cancelText={t('actions.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => remove.mutate(m.id)}
              >
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('team.removeAria', { email: m.email })}
                />
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
        title={t('team.title')}
        description={t('team.description', { context })}
        extra={
          <Space wrap>
            <Button icon={<UploadOutlined />} onClick={() => setUploading(true)}>
              {t('actions.upload')}
            </Button>
            <Button
              icon={<DownloadOutlined />}
              onClick={() =>
                void download('/v2/api/team/export').catch((e: Error) => message.error(translateMessage(e.message)))
              }
            >
              {t('actions.export')}
            </Button>
            <Button type="primary" icon={<UserAddOutlined />} onClick={() => setInviting(true)}>
              {t('team.invite')}
            </Button>
          </Space>
        }
      />
      <Card>
        <div className="st-toolbar">
          <div className="st-left">
            <Search
              placeholder={t('team.search')}
              allowClear
              style={{ maxWidth: 300 }}
              onSearch={(v) => {
                setSearch(v.trim());
                setPage(1);
              }}
            />
          </div>
          <span className="st-muted">{team.data ? t('team.members', { count: team.data.total }) : ''}</span>
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
      {inviting && <InviteMemberModal onClose={() => setInviting(false)} title={title} />}
      {editing && <EditMemberModal member={editing} onClose={() => setEditing(null)} title={title} />}
      <LazyUploadModal
        open={uploading}
        onClose={() => setUploading(false)}
        title={t('team.uploadTitle')}
        fields={teamUploadApi.fields}
        examplePath="/v2/api/team/upload/example"
        upload={async (f, c) => {
          const r = await uploadTeam(f, c);
          await refresh();
          return r;
        }}
        describe={(r: { invited: number }) => t('team.uploaded', { count: r.invited })}
      />
    </>
  );
}
