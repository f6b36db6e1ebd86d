import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Badge, Menu, type MenuProps } from 'antd';
import {
  AppstoreOutlined,
  BarChartOutlined,
  CommentOutlined,
  DashboardOutlined,
  FormOutlined,
  SettingOutlined,
  ShopOutlined,
  StarOutlined,
} from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '../../lib/Link';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { menuSelection, unreadBadgeText, type MenuItem, type MenuSection } from '@reputo/core';
import { formatNumber } from '../../i18n/format';
import { isFramePath } from '../pages/framePaths';

const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  reviews: <StarOutlined />,
  messages: <CommentOutlined />,
  reporting: <BarChartOutlined />,
  feedback: <FormOutlined />,
  listing_management: <ShopOutlined />,
  settings: <SettingOutlined />,
  admin_panel: <AppstoreOutlined />,
};

type Item = Required<MenuProps>['items'][number];

/** The unread count as the badge shows it (99+ past the cap), in the user's digits. */
function badgeText(unread: number): string {
  return unreadBadgeText(unread).replace(/\d+/, (digits) => formatNumber(Number(digits), { useGrouping: false }));
}

/** Core's menu labels are the spec's English; the catalogue has each by section and item key. */
function itemLabel(t: TFunction, section: MenuSection, item: MenuItem): string {
  // The locations item is named after the company's type: Locations, Products or Units.
  if (section.key === 'settings' && item.key === 'locations')
    return t(`locations.${item.label}`, { defaultValue: item.label });
  return t(`nav.items.${section.key}.${item.key}`, { defaultValue: item.label });
}

function sectionLabel(t: TFunction, section: MenuSection, unread: number): ReactNode {
  const label = t(`nav.sections.${section.key}`, { defaultValue: section.label });
  const link = section.items.length === 0;
  const text = link ? <Link to={section.path}>{label}</Link> : label;
  return (
    <span className="menu-label" data-section={section.key}>
      {text}
      {section.tag && !isFramePath(section.path) && <span className="menu-new">{t('nav.new')}</span>}
      {section.badge && unread > 0 && (
        <Badge
          className="menu-badge"
          count={badgeText(unread)}
          style={{ marginInlineStart: 8, background: '#ef4444' }}
          data-testid="unread-badge"
        />
      )}
    </span>
  );
}

function toItems(t: TFunction, sections: MenuSection[], unread: number, onTitleClick: (path: string) => void): Item[] {
  return sections.map((s) =>
    s.items.length === 0
      ? { key: s.key, icon: ICONS[s.key], label: sectionLabel(t, s, unread) }
      : {
          key: s.key,
          icon: ICONS[s.key],
          label: sectionLabel(t, s, unread),
          // Messages leads to its inbox even when it has sub-items.
          onTitleClick: s.key === 'messages' ? () => onTitleClick(s.path) : undefined,
          children: s.items.map((i) => ({
            key: `${s.key}/${i.key}`,
            label: <Link to={i.path}>{itemLabel(t, s, i)}</Link>,
          })),
        },
  );
}

/**
 * The sidebar menu: one open section, chosen by the first path segment; the highlighted item by
 * the second; a route change folds everything back to the current section (none in mini mode).
 */
export function SideNav({ sections, unread, mini }: { sections: MenuSection[]; unread: number; mini: boolean }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation('app');
  const { section, item } = menuSelection(pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(mini ? [] : [section]);

  useEffect(() => setOpenKeys(mini ? [] : [section]), [pathname, section, mini]);

  const items = useMemo(() => toItems(t, sections, unread, (p) => navigate(p)), [t, sections, unread, navigate]);
  const selected = item ? [`${section}/${item}`, section] : [section];

  return (
    <Menu
      theme="dark"
      mode="inline"
      inlineCollapsed={mini}
      items={items}
      selectedKeys={selected}
      openKeys={openKeys}
      onOpenChange={(keys) => setOpenKeys(keys.filter((k) => !openKeys.includes(k)).slice(-1))}
      data-testid="side-nav"
    />
  );
}
