import type { ReactNode } from 'react';

/**
 * antd's ConfigProvider wraps the app in the tooltip's UniqueProvider only when `tooltip.unique` is
 * set, which we never set; but its import brings @rc-component/trigger into the first load of every
 * screen, /signin too (about 5 kB brotli). The build gives ConfigProvider this one instead (vite.config.ts,
 * ANTD_IMPORTS_REPLACED): tooltips, dropdowns and popovers bring the trigger with them where they are used.
 */
export default function UniqueProvider({ children }: { children: ReactNode }) {
  return children;
}
