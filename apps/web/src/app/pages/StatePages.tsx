import type { ReactNode } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Brand } from '../ui/Brand';

/**
 * One layout for the full-page states, so 404, 500, maintenance and access denied look alike. The
 * pages the entry needs (404, 500, access denied) are here; the maintenance and choose-a-company
 * pages have files of their own, so their icons load only where they show.
 */
export function StateBox({
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

export function AccessDeniedPage({ reason }: { reason: string }) {
  const { t } = useTranslation('app');
  return <StateBox top={<div className="state-code">403</div>} title={t('accessDenied.title')} text={reason} />;
}

export function LoadingPage() {
  return (
    <div className="loading-page" data-testid="loading">
      <div className="css-spinner" />
    </div>
  );
}
