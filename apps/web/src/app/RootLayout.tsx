import { useLayoutEffect, useMemo } from 'react';
import { ConfigProvider } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { readEmbedTheme } from '@reputo/core';
import { applyThemeClasses, embedThemeConfig } from '../lib/theme';

/** Applies the iframe theme the query asks for (dark or colour, with its six colours) or removes it. */
export function RootLayout() {
  const { search } = useLocation();
  const embedTheme = useMemo(() => readEmbedTheme(search), [search]);
  useLayoutEffect(() => applyThemeClasses(embedTheme), [embedTheme]);
  const themed = embedThemeConfig(embedTheme);
  return themed ? (
    <ConfigProvider theme={themed}>
      <Outlet />
    </ConfigProvider>
  ) : (
    <Outlet />
  );
}
