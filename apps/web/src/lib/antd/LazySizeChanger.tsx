import { lazyPart } from '../lazyPart';

/**
 * antd's Pagination imports the Select it shows as a table's page-size changer (20 kB compressed)
 * on every screen with a table, though it renders it only for a table of more than 50 rows that may
 * change its page size. The build gives the Pagination this module instead (vite.config.ts,
 * ANTD_IMPORTS_REPLACED): the same Select, fetched when a size changer first renders; its place is
 * held meanwhile (antd's middle size: 32 px high).
 */
export default lazyPart(
  () => import('antd/es/select').then((m) => m.default),
  <span style={{ display: 'inline-block', minWidth: 90, height: 32 }} />,
);
