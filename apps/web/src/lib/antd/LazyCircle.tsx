import { lazyPart } from '../lazyPart';

/**
 * antd's Progress imports its circle (with @rc-component/progress's SVG circle, 2 kB brotli) beside
 * the line; our progress bars are lines (a location limit, a listing's completeness). The build gives
 * the Progress this module instead (vite.config.ts, ANTD_IMPORTS_REPLACED): the same circle, fetched
 * when a circle or dashboard progress first renders.
 */
export default lazyPart(() => import('antd/es/progress/Circle').then((m) => m.default));
