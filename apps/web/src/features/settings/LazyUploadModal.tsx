import { lazy, Suspense, type ComponentProps } from 'react';

const UploadModal = lazy(() => import('./UploadModal').then((m) => ({ default: m.UploadModal })));

/**
 * The spreadsheet upload dialog of the locations and team pages, fetched when first opened (its file
 * drop, sheet picker and progress are not in the pages' first load; bench/RESULTS.md): nothing while
 * closed.
 */
export function LazyUploadModal(props: ComponentProps<typeof UploadModal>) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <UploadModal {...props} />
    </Suspense>
  );
}
