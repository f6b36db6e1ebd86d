import type { ReactNode } from 'react';
import { Button } from 'antd';
import { ShopOutlined, ToolOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { MAINTENANCE_TEXT, MAINTENANCE_TITLE, NOT_FOUND_TEXT, SERVER_ERROR_TEXT } from '@reputo/core';
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
  return (
    <StateBox
      inShell={inShell}
      top={<div className="state-code">404</div>}
      title={NOT_FOUND_TEXT}
      text="The page you are looking for does not exist or has moved."
      action={
        <Button type="primary" href="/">
          Go to the home page
        </Button>
      }
    />
  );
}

export function ServerErrorPage() {
  return (
    <StateBox
      top={<div className="state-code">500</div>}
      title={SERVER_ERROR_TEXT}
      text="Something went wrong on our side. Please try again in a moment."
      action={
        <Button type="primary" onClick={() => window.location.reload()}>
          Try again
        </Button>
      }
    />
  );
}

export function MaintenancePage() {
  return (
    <StateBox
      top={
        <div className="state-icon">
          <ToolOutlined />
        </div>
      }
      title={MAINTENANCE_TITLE}
      text={MAINTENANCE_TEXT}
    />
  );
}

export function AccessDeniedPage({ reason }: { reason: string }) {
  return <StateBox top={<div className="state-code">403</div>} title="Access Denied" text={reason} />;
}

/**
 * A company page (reviews, dashboard, reports, settings) opened by an Owner who acts for no company:
 * the data belongs to a company, so the page says where to choose one instead of asking the API for
 * data it refuses (each refusal also cost a token refresh).
 */
export function ChooseCompanyPage({ title }: { title: string }) {
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
        title="Choose a company"
        text="Reviews, reports and settings belong to a company. Use Act as on a company in Admin panel › Companies to work in it."
        action={
          <Button type="primary" onClick={() => navigate('/admin_panel/companies')} data-testid="choose-company">
            Go to companies
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
