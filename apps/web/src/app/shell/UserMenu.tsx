import { Avatar, Dropdown, type MenuProps } from 'antd';
import { DownOutlined, IdcardOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { displayName } from '@reputo/core';
import { roleName } from '../labels';
import type { Me } from '../../features/auth/api';
import { useSignOut } from '../../features/auth/queries';

function initials(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((p) => p[0]?.toUpperCase())
      .join('') || 'U'
  );
}

/** User Settings for all, Accounts Settings for Master Admin, Sign out. */
export function UserMenu({ me }: { me: Me }) {
  const navigate = useNavigate();
  const { t } = useTranslation('app');
  const signOut = useSignOut();
  const name = displayName(me.firstName, me.lastName);
  const items: MenuProps['items'] = [
    {
      key: 'who',
      type: 'group',
      label: (
        <span style={{ fontSize: 12 }}>
          <bdi dir="ltr">{me.email}</bdi> · {roleName(t, me.role)}
        </span>
      ),
    },
    { type: 'divider' },
    { key: 'user', icon: <UserOutlined />, label: t('userMenu.userSettings'), onClick: () => navigate('/user') },
    ...(me.role === 'master_admin'
      ? [
          {
            key: 'accounts',
            icon: <IdcardOutlined />,
            label: t('userMenu.accountsSettings'),
            onClick: () => navigate('/accounts'),
          },
        ]
      : []),
    { type: 'divider' },
    { key: 'signout', icon: <LogoutOutlined />, label: t('userMenu.signOut'), danger: true, onClick: signOut },
  ];
  return (
    <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
      <div className="user-trigger" data-testid="user-menu" role="button" tabIndex={0}>
        <Avatar style={{ background: '#4f46e5' }}>{initials(name)}</Avatar>
        <span className="name" dir="auto">
          {name}
        </span>
        <DownOutlined style={{ fontSize: 10, color: '#94a3b8' }} />
      </div>
    </Dropdown>
  );
}
