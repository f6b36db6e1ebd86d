import { Component, startTransition, useLayoutEffect, useState, type ReactNode } from 'react';
import { Router, useLocation } from 'react-router';
import { browserHistory, guardedNavigator, listenToHistory, type HistoryUpdate } from '../lib/navigation';
import { ServerErrorPage } from './pages/StatePages';
import { AppRoutes, preloadRoute } from './router';

/**
 * A page that fails to render (or whose chunk fails to load) shows the 500 page instead of a blank
 * screen; going to another page tries again. React has no hook for this, hence the class.
 */
class RouteErrorBoundary extends Component<
  { pathname: string; children: ReactNode },
  { failed: boolean; pathname: string }
> {
  override state = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<{ failed: boolean }> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: { failed: boolean; pathname: string }) {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override componentDidCatch(error: unknown): void {
    console.error('[route] the page failed', error);
  }

  override render() {
    return this.state.failed ? <ServerErrorPage /> : this.props.children;
  }
}

/**
 * No Suspense boundary above the routes, on purpose: with none, React keeps what is on screen whenever
 * something below suspends (a page's chunk, a catalogue react-i18next waits for), as it did under the
 * data router; a boundary here would swap the whole app for its fallback on any suspension outside a
 * transition (a click that shows a component whose catalogue is still loading). On the first load the
 * page from index.html ("Loading Reputo…") stays until the first page is ready.
 */
function GuardedRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary pathname={pathname}>
      <AppRoutes />
    </RouteErrorBoundary>
  );
}

/**
 * The browser router: the location from the app's history (lib/navigation.ts, with its leave
 * guard), each navigation rendered in a transition so the page on screen stays until the next
 * page's chunks have loaded, as React Router's own BrowserRouter does.
 */
export function AppRouter() {
  const [state, setState] = useState<HistoryUpdate>(() => {
    preloadRoute(browserHistory.location);
    return { action: browserHistory.action, location: browserHistory.location };
  });
  useLayoutEffect(
    () =>
      listenToHistory((update) => {
        preloadRoute(update.location);
        startTransition(() => setState(update));
      }),
    [],
  );
  return (
    <Router location={state.location} navigationType={state.action} navigator={guardedNavigator}>
      <GuardedRoutes />
    </Router>
  );
}
