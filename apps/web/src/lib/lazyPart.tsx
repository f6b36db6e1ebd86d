import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/**
 * A part of a page whose module is fetched when it is first rendered, so the page's first load does
 * not carry it (bench/RESULTS.md, "Web bundles"): `fallback` shows while the module arrives. A dialog
 * or drawer, which a page renders only while open, needs none.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): ComponentType<P> {
  const Part = lazy(async () => ({ default: await load() }));
  return function LazyPart(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Part {...props} />
      </Suspense>
    );
  };
}
