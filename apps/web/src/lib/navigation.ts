import { UNSAFE_createBrowserHistory, type Location, type Navigator, type NavigationType, type To } from 'react-router';

/**
 * The app's one browser history, and the leave guard every in-app navigation passes.
 *
 * Why not React Router's data router and its useBlocker: that router weighs 15 kB (brotli) more on
 * every screen, /signin included, and the wizards' guard is all we used it for. This is the history
 * React Router's own BrowserRouter creates (exported as UNSAFE_ because it is the low-level piece);
 * e2e/admin.test.ts checks the guard through the side menu, and the browser's back button is
 * guarded the way useBlocker did it: the page's entry is put back, then the user is asked.
 */
export const browserHistory = UNSAFE_createBrowserHistory({ v5Compat: true });

/** A page with changes that would be lost: whether leaving for a path needs asking, and how to ask. */
export interface LeaveGuard {
  blocks(nextPathname: string): boolean;
  ask(proceed: () => void): void;
}

let guard: LeaveGuard | null = null;

/** Installs a page's guard; the returned function removes it (when the page unmounts). */
export function setLeaveGuard(next: LeaveGuard): () => void {
  guard = next;
  return () => {
    if (guard === next) guard = null;
  };
}

/** Goes at once, or once the user agrees to leave (going then bypasses the guard). */
function leaveFor(to: To, go: () => void): void {
  const current = guard;
  if (current?.blocks(browserHistory.createURL(to).pathname)) current.ask(go);
  else go();
}

/** What React Router's links and navigate() call: the history, behind the leave guard. */
export const guardedNavigator: Navigator = {
  createHref: (to) => browserHistory.createHref(to),
  encodeLocation: (to) => browserHistory.encodeLocation(to),
  go: (delta) => browserHistory.go(delta),
  push: (to, state?: unknown) => leaveFor(to, () => browserHistory.push(to, state)),
  replace: (to, state?: unknown) => leaveFor(to, () => browserHistory.replace(to, state)),
};

export interface HistoryUpdate {
  action: NavigationType;
  location: Location;
}

/**
 * Listens to every change of location the router should render. A back or forward button press the
 * guard stops is undone at once (that undoing pop is not reported), and made again if the user agrees.
 */
export function listenToHistory(render: (update: HistoryUpdate) => void): () => void {
  let undoing = false;
  let agreed = false;
  return browserHistory.listen(({ action, location, delta }) => {
    if (undoing) {
      undoing = false;
      return;
    }
    const replayed = agreed;
    agreed = false;
    const current = guard;
    if (action === 'POP' && delta && !replayed && current?.blocks(location.pathname)) {
      undoing = true;
      browserHistory.go(-delta);
      current.ask(() => {
        agreed = true;
        browserHistory.go(delta);
      });
      return;
    }
    render({ action, location });
  });
}
