import { useMemo } from 'react';
import { ConfigProvider } from 'antd';
import { RouterProvider } from 'react-router';
import { isPublicPath } from '@reputo/core';
import { setSessionEndHandler, type ClientConfig } from '../lib/api';
import { resetAppState } from '../lib/appState';
import { storage } from '../lib/storage';
import { baseTheme } from '../lib/theme';
import { useDirection } from '../i18n/useDirection';
import { MaintenancePage, ServerErrorPage } from './pages/StatePages';
import { createRouter } from './router';

function Routes() {
  const router = useMemo(() => {
    const r = createRouter();
    // A failed refresh or a 401 ends the session: drop all server state and go to sign-in.
    setSessionEndHandler(() => {
      resetAppState();
      const { pathname, search } = window.location;
      if (!isPublicPath(pathname)) storage.setOrigin(pathname + search);
      void r.navigate('/signin', { replace: true });
    });
    return r;
  }, []);
  return <RouterProvider router={router} />;
}

/** The theme, direction and language, then the maintenance page, the boot failure page or the routes. */
export function App({ config }: { config: ClientConfig | null }) {
  const { direction, locale } = useDirection();
  return (
    <ConfigProvider theme={baseTheme} direction={direction} locale={locale}>
      {config === null ? <ServerErrorPage /> : config.maintenance ? <MaintenancePage /> : <Routes />}
    </ConfigProvider>
  );
}
