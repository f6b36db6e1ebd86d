import { lazy, Suspense, type ComponentProps } from 'react';

/**
 * antd's Pagination imports the Select it shows as a table's page-size changer (20 kB compressed)
 * on every screen with a table, though it renders it only for a table of more than 50 rows that may
 * change its page size. The build gives the Pagination this module instead (vite.config.ts,
 * ANTD_IMPORTS_REPLACED): the same Select, fetched when a size changer first renders.
 */
const Select = lazy(() => import('antd/es/select'));

/** Holds the size changer's place (antd's middle size: 32 px high) while its Select loads. */
const PLACE = { display: 'inline-block', minWidth: 90, height: 32 } as const;

export default function LazySizeChanger(props: ComponentProps<typeof Select>) {
  return (
    <Suspense fallback={<span style={PLACE} />}>
      <Select {...props} />
    </Suspense>
  );
}
