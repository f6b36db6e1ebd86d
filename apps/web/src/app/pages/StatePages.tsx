import type { ReactNode } from 'react';
import { Button } from 'antd';
import { ShopOutlined, ToolOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Brand } from '../ui/Brand';
import { PageHeader } from '../ui/PageHeader';

/** One layout for the full-page states, so 404, 500, maintenance and access denied look alike. */
function StateBox({
  top,
  title,
  text,
  action,
  inShell,
}: {
  top: ReactNode;
  title: string;
  text?: string;
  action?: ReactNode;
  inShell?: boolean;
}) {
  return (
    <div className={inShell ? 'state-inner' : 'state-page'}>
      <div className="state-box">
        {!inShell && (
          <div className="state-brand">
            <Brand />
          </div>
        )}
        {top}
        <h1>{title}</h1>
        {text && <p>{text}</p>}
        {action}
      </div>
    </div>
  );
}

export function NotFoundPage({ inShell = false }: { inShell?: boolean }) {
  const { t } = useTranslation('app');
  return (
    <StateBox
      inShell={inShell}
      top={<div className="state-code">404</div>}
      title={t('notFound.title')}
      text={t('notFound.text')}
      action={
        <Button type="primary" href="/">
          {t('notFound.home')}
        </Button>
      }
    />
  );
}

export function ServerErrorPage() {
  const { t } = useTranslation('app');
  return (
    <StateBox
      top={<div className="state-code">500</div>}
      title={t('serverError.title')}
      text={t('serverError.text')}
      action={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common:tryAgain')}
        </Button>
      }
    />
  );
}

export function MaintenancePage() {
  const { t } = useTranslation('app');
  return (
    <StateBox
      top={
        <div className="state-icon">
          <ToolOutlined />
        </div>
      }
      title={t('maintenance.title')}
      text={t('maintenance.text')}
    />
  );
}

export function AccessDeniedPage({ reason }: { reason: string }) {
  const { t } = useTranslation('app');
  return <StateBox top={<div className="state-code">403</div>} title={t('accessDenied.title')} text={reason} />;
}

/**
 * A company page (reviews, dashboard, reports, settings) opened by an Owner who acts for no company:
 * the data belongs to a company, so the page says where to choose one instead of asking the API for
 * data it refuses (each refusal also cost a token refresh).
 */
export function ChooseCompanyPage({ title }: { title: string }) {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={title} />
      <StateBox
        inShell
        top={
          <div className="state-icon">
            <ShopOutlined />
          </div>
        }
        title={t('chooseCompany.title')}
        text={t('chooseCompany.text')}
        action={
          <Button type="primary" onClick={() => navigate('/admin_panel/companies')} data-testid="choose-company">
            {t('chooseCompany.action')}
          </Button>
        }
      />
    </>
  );
}

export function LoadingPage() {
  return (
    <div className="loading-page" data-testid="loading">
      <div className="css-spinner" />
    </div>
  );
}
