import { lazyPart } from '../lazyPart';

/**
 * antd's Table imports its virtual table (@rc-component/table's grid body and
 * @rc-component/virtual-list, 2 to 8 kB brotli) beside the plain one, for the `virtual` prop, which no
 * table of ours sets. The build gives the Table this module instead (vite.config.ts,
 * ANTD_IMPORTS_REPLACED): the same virtual table, fetched when one first renders.
 */
export default lazyPart(() => import('antd/es/table/RcTable/VirtualTable').then((m) => m.default));
