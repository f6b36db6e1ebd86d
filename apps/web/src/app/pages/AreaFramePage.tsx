import { Card } from 'antd';
import { RocketOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { findRouteRule } from '@reputo/core';
import { useMe } from '../../features/auth/queries';
import { locationsName, routeTitle } from '../labels';
import { PageHeader } from '../ui/PageHeader';

/** What the area at a path (or its rule's pattern) is for, shown under its title; a general line for any other. */
function describe(t: TFunction, pathname: string, rulePath: string | undefined): string {
  // Paths hold ':' (`/admin_panel/partners/:id`), i18next's namespace separator otherwise.
  const options = { ns: 'app', nsSeparator: false } as const;
  const general = t('frame.defaultDescription');
  const byRule = rulePath ? t(`frame.descriptions.${rulePath}`, { ...options, defaultValue: general }) : general;
  return t(`frame.descriptions.${pathname}`, { ...options, defaultValue: byRule });
}

/** The frame of an area that its own issue builds: title, purpose and what it will do. */
export default function AreaFramePage() {
  const { pathname } = useLocation();
  const { t } = useTranslation('app');
  const me = useMe().data;
  const rule = findRouteRule(pathname);
  const title =
    rule?.path === '/settings/locations' && me ? locationsName(t, me.locationsTitle) : rule ? routeTitle(t, rule) : '';
  return (
    <>
      <PageHeader title={title} description={describe(t, pathname, rule?.path)} />
      <Card>
        <div className="frame-empty">
          <RocketOutlined className="frame-icon" />
          <h3>{t('frame.comingSoon')}</h3>
          <p data-testid="frame-plan">{t('frame.plan')}</p>
        </div>
      </Card>
    </>
  );
}
