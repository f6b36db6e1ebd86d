import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A dialog or drawer whose module is fetched when it is first rendered: a page renders it only while
 * open, so the page's first load does not carry its form (bench/RESULTS.md, "Web bundles"). Nothing
 * shows while the module arrives.
 */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: P) {
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
