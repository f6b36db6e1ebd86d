import { lazyPart } from '../lazyPart';

/**
 * antd's Card imports Tabs (9 kB brotli with @rc-component/tabs) for its `tabList`, which no card of
 * ours has; Cards show on every signed-in screen, so the Tabs came with all of them. The build gives
 * the Card this module instead (vite.config.ts, ANTD_IMPORTS_REPLACED): the same Tabs, fetched when a
 * card with tabs first renders. Screens that show Tabs import antd's own.
 */
export default lazyPart(() => import('antd/es/tabs').then((m) => m.default));
