import { lazy } from 'react';
import { ConfigProvider } from 'antd';
import { isPublicPath } from '@reputo/core';
import { setSessionEndHandler, type ClientConfig } from '../lib/api';
import { resetAppState } from '../lib/appState';
import { browserHistory } from '../lib/navigation';
import { storage } from '../lib/storage';
import { baseTheme } from '../lib/theme';
import { useDirection } from '../i18n/useDirection';
import { AppRouter } from './AppRouter';
import { ServerErrorPage } from './pages/StatePages';

/** Only during maintenance, so its chunk loads only then (the first load waits on the boot page). */
const MaintenancePage = lazy(() => import('./pages/MaintenancePage'));

// A failed refresh or a 401 ends the session: drop all server state and go to sign-in (no page's
// leave guard can keep a user whose session is gone).
setSessionEndHandler(() => {
  resetAppState();
  const { pathname, search } = window.location;
  if (!isPublicPath(pathname)) storage.setOrigin(pathname + search);
  browserHistory.replace('/signin');
});

/** The theme, direction and language, then the maintenance page, the boot failure page or the routes. */
export function App({ config }: { config: ClientConfig | null }) {
  const { direction, locale } = useDirection();
  return (
    <ConfigProvider theme={baseTheme} direction={direction} locale={locale}>
      {config === null ? <ServerErrorPage /> : config.maintenance ? <MaintenancePage /> : <AppRouter />}
    </ConfigProvider>
  );
}
