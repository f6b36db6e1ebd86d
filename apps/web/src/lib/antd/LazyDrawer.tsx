import { lazyPart } from '../lazyPart';

/**
 * antd's Drawer (5 kB brotli), fetched when first rendered: for what only narrow screens show in a
 * drawer (the navigation, the review filters), which wide screens show in place and never fetch.
 */
export const LazyDrawer = lazyPart(() => import('antd/es/drawer').then((m) => m.default));
