import { lazyPart } from '../lazyPart';

/**
 * antd's Table imports Radio (3 kB brotli) for a selection column of radios, which no table of ours
 * has (ours select with checkboxes, or not at all). The build gives the Table's selection hook this
 * module instead (vite.config.ts, ANTD_IMPORTS_REPLACED): the same Radio, fetched when a radio
 * selection first renders. Screens that show radios import antd's own.
 */
export default lazyPart(() => import('antd/es/radio').then((m) => m.default));
