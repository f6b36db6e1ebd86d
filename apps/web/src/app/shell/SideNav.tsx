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
import { Link, useLocation, useNavigate } from 'react-router';
import { menuSelection, unreadBadgeText, type MenuSection } from '@reputo/core';
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

function sectionLabel(section: MenuSection, unread: number): ReactNode {
  const link = section.items.length === 0;
  const text = link ? <Link to={section.path}>{section.label}</Link> : section.label;
  return (
    <span className="menu-label" data-section={section.key}>
      {text}
      {section.tag && !isFramePath(section.path) && <span className="menu-new">{section.tag}</span>}
      {section.badge && unread > 0 && (
        <Badge
          className="menu-badge"
          count={unreadBadgeText(unread)}
          style={{ marginLeft: 8, background: '#ef4444' }}
          data-testid="unread-badge"
        />
      )}
    </span>
  );
}

function toItems(sections: MenuSection[], unread: number, onTitleClick: (path: string) => void): Item[] {
  return sections.map((s) =>
    s.items.length === 0
      ? { key: s.key, icon: ICONS[s.key], label: sectionLabel(s, unread) }
      : {
          key: s.key,
          icon: ICONS[s.key],
          label: sectionLabel(s, unread),
          // Messages leads to its inbox even when it has sub-items.
          onTitleClick: s.key === 'messages' ? () => onTitleClick(s.path) : undefined,
          children: s.items.map((i) => ({ key: `${s.key}/${i.key}`, label: <Link to={i.path}>{i.label}</Link> })),
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
  const { section, item } = menuSelection(pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(mini ? [] : [section]);

  useEffect(() => setOpenKeys(mini ? [] : [section]), [pathname, section, mini]);

  const items = useMemo(() => toItems(sections, unread, (p) => navigate(p)), [sections, unread, navigate]);
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
