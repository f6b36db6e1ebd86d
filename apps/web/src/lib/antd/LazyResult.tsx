import { lazyPart } from '../lazyPart';

/**
 * antd's Result (8.5 kB brotli, mostly its 403, 404 and 500 pictures), fetched when first rendered:
 * ours show only when what a page asked for is not there (a company, partner, user or coupon).
 */
export const LazyResult = lazyPart(() => import('antd/es/result').then((m) => m.default));
