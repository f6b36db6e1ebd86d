import { useContext, useEffect, useMemo, useState } from 'react';
import { Alert, App as AntApp, Button, ConfigProvider, Layout, Tooltip } from 'antd';
import {
  DoubleLeftOutlined,
  DoubleRightOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
} from '@ant-design/icons';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_ANNOUNCEMENT } from '@reputo/core';
import {
  actingLocationsTitle,
  buildMenu,
  findRouteRule,
  hasFeature,
  hidesHeader,
  isActingAsCompany,
  MOBILE_BREAKPOINT,
  type AccessSubject,
  worksInNoCompany,
} from '@reputo/core';
import type { Me } from '../../features/auth/api';
import { subjectOf, useMe } from '../../features/auth/queries';
import { getClientConfig } from '../../lib/api';
import { LazyDrawer } from '../../lib/antd/LazyDrawer';
import { useSession } from '../../lib/session';
import { storage, type SidebarMode } from '../../lib/storage';
import { useEmbedded } from '../EmbedContext';
import { Brand } from '../ui/Brand';
import { ChooseCompanyPage } from '../pages/ChooseCompanyPage';
import { refusalText, routeTitle } from '../labels';
import { ContextBar } from './ContextBar';
import { SideNav } from './SideNav';
import { useMediaQuery } from './useMediaQuery';
import { useEngagement } from './useEngagement';
import { useUnread } from './useUnread';
import { UserMenu } from './UserMenu';
import { Versions } from './Versions';

const { Header, Sider, Content } = Layout;

/** True when the interface reads right to left (antd's ConfigProvider direction, set from the language). */
function useDirectionIsRtl(): boolean {
  return useContext(ConfigProvider.ConfigContext).direction === 'rtl';
}
const FULL_WIDTH = 248;
const MINI_WIDTH = 76;

function Announcement() {
  const { t } = useTranslation('app');
  const configured = getClientConfig().announcement;
  // The default text is ours, so it is shown in the user's language; one an operator sets is shown as written.
  const text = configured === DEFAULT_ANNOUNCEMENT ? t('announcement') : configured;
  const [open, setOpen] = useState(true);
  if (!text || !open) return null;
  return (
    <Alert
      className="announcement"
      type="info"
      banner
      showIcon
      title={<span dir="auto">{text}</span>}
      closable={{ onClose: () => setOpen(false) }}
      data-testid="announcement"
    />
  );
}

/** Why the guard sent the user here instead of the page they asked for (see AccessGate). */
function AccessNotice({ subject }: { subject: AccessSubject }) {
  const { t } = useTranslation('app');
  const { state } = useLocation() as { state: { refused?: string; refusedPath?: string } | null };
  if (!state?.refused) return null;
  const reason = (state.refusedPath && refusalText(t, state.refusedPath, subject)) || state.refused;
  return (
    <Alert className="access-notice" type="warning" showIcon closable title={reason} data-testid="access-notice" />
  );
}

/** Messaging counters make sense only with the feature and a company in view. */
function countsUnread(me: Me, subject: AccessSubject): boolean {
  return hasFeature(subject, 'messaging') && (me.client !== null || isActingAsCompany(subject.acting));
}

/** The company in view: the user's own, or the one an Owner or Partner acts as. */
function companyInView(me: Me, subject: AccessSubject): number | null {
  return me.client ?? subject.acting.ownerAsCompany?.id ?? subject.acting.partnerAsCompany?.id ?? null;
}

function Navigation({ me, subject, mini }: { me: Me; subject: AccessSubject; mini: boolean }) {
  const { unread, hasPages } = useUnread(countsUnread(me, subject), companyInView(me, subject));
  const locationsTitle = actingLocationsTitle(subject.acting, me.locationsTitle);
  const noCompany = worksInNoCompany(me.client, subject.acting);
  const sections = useMemo(
    () => buildMenu(subject, { locationsTitle, hasMessagePages: hasPages, worksInNoCompany: noCompany }),
    [subject, locationsTitle, hasPages, noCompany],
  );
  return <SideNav sections={sections} unread={unread} mini={mini} />;
}

function SiderBody({
  me,
  subject,
  mode,
  onMode,
}: {
  me: Me;
  subject: AccessSubject;
  mode: SidebarMode | 'drawer';
  onMode?: (m: SidebarMode) => void;
}) {
  const mini = mode === 'mini';
  const { t } = useTranslation('app');
  // The arrows point where the sidebar goes: towards its own edge to shrink, away to grow (mirrored right to left).
  const rtl = useDirectionIsRtl();
  const shrink = rtl ? <DoubleRightOutlined /> : <DoubleLeftOutlined />;
  const grow = rtl ? <DoubleLeftOutlined /> : <DoubleRightOutlined />;
  return (
    <div className={mini ? 'sider-mini' : undefined}>
      <div className="sider-brand">
        <Brand showName={!mini} />
      </div>
      <div className="sider-scroll">
        <Navigation me={me} subject={subject} mini={mini} />
      </div>
      <div className="sider-foot">
        <Versions compact={mini} />
        {onMode && (
          <Tooltip title={mini ? t('shell.expandSidebar') : t('shell.miniSidebar')} placement={rtl ? 'left' : 'right'}>
            <Button
              className="mode-btn"
              type="text"
              size="small"
              icon={mini ? grow : shrink}
              onClick={() => onMode(mini ? 'full' : 'mini')}
              data-testid="sidebar-mini-toggle"
              style={{ alignSelf: mini ? 'center' : 'flex-start', marginTop: 4, paddingInline: 4 }}
            >
              {mini ? null : t('shell.collapse')}
            </Button>
          </Tooltip>
        )}
      </div>
    </div>
  );
}

/** Embedded mode: no sidebar, and no header on /reviews when a view parameter is present. */
function EmbeddedShell() {
  const { pathname, search } = useLocation();
  return (
    <Layout className="embed-page" data-testid="embedded">
      {!hidesHeader(pathname, search) && (
        <div style={{ marginBottom: 16 }} data-testid="embed-header">
          <Brand />
        </div>
      )}
      <Outlet />
    </Layout>
  );
}

function FullShell({ me }: { me: Me }) {
  const { t } = useTranslation('app');
  const rtl = useDirectionIsRtl();
  const { acting } = useSession();
  const { pathname } = useLocation();
  const narrow = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT - 1}px)`);
  const [mode, setModeState] = useState<SidebarMode>(() => storage.getSidebarMode());
  const [drawerOpen, setDrawerOpen] = useState(false);
  const subject = useMemo(() => subjectOf(me, acting), [me, acting]);
  const rule = findRouteRule(pathname);
  useEngagement(me);

  const setMode = (m: SidebarMode) => {
    storage.setSidebarMode(m);
    setModeState(m);
  };
  // A route change closes the drawer.
  useEffect(() => setDrawerOpen(false), [pathname]);

  const toggle = () => (narrow ? setDrawerOpen(true) : setMode(mode === 'collapsed' ? 'full' : 'collapsed'));
  // Fold and unfold icons point towards the sidebar's edge: mirrored right to left, where it sits on the right.
  const toggleIcon = narrow ? (
    <MenuOutlined />
  ) : mode === 'collapsed' ? (
    <MenuUnfoldOutlined className={rtl ? 'mirrored' : undefined} />
  ) : (
    <MenuFoldOutlined className={rtl ? 'mirrored' : undefined} />
  );
  const siderWidth = mode === 'collapsed' ? 0 : mode === 'mini' ? MINI_WIDTH : FULL_WIDTH;

  return (
    <Layout className="shell" data-sidebar-mode={narrow ? 'drawer' : mode}>
      {!narrow && (
        <Sider
          className="app-sider"
          width={siderWidth}
          collapsedWidth={0}
          collapsed={mode === 'collapsed'}
          trigger={null}
          data-testid="sider"
        >
          {mode !== 'collapsed' && <SiderBody me={me} subject={subject} mode={mode} onMode={setMode} />}
        </Sider>
      )}
      {narrow && (
        <LazyDrawer
          className="drawer-nav"
          placement={rtl ? 'right' : 'left'}
          size={FULL_WIDTH}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          data-testid="drawer"
        >
          <SiderBody me={me} subject={subject} mode="drawer" />
        </LazyDrawer>
      )}
      <Layout>
        <Announcement />
        <Header className="app-header">
          <Button
            type="text"
            icon={toggleIcon}
            onClick={toggle}
            aria-label={t('shell.toggleNavigation')}
            data-testid="nav-toggle"
          />
          <div className="crumbs">
            <ContextBar me={me} acting={acting} />
          </div>
          <UserMenu me={me} />
        </Header>
        <Content className="app-content">
          <AccessNotice subject={subject} />
          {rule?.access.company && worksInNoCompany(me.client, acting) ? (
            <ChooseCompanyPage title={routeTitle(t, rule)} />
          ) : (
            <Outlet />
          )}
        </Content>
      </Layout>
    </Layout>
  );
}

/** antd's App (message, modal, notification hooks) lives here, so the sign-in route does not load it. */
export default function AppShell() {
  const embedded = useEmbedded();
  const me = useMe();
  return <AntApp>{embedded || !me.data ? <EmbeddedShell /> : <FullShell me={me.data} />}</AntApp>;
}
