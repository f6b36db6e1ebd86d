import { Navigate, Outlet, useLocation } from 'react-router';
import { isPublicPath, readEmbedParams } from '@reputo/core';
import { useSession, type Session } from '../../lib/session';

/**
 * Whether a visit to a page behind sign-in must go to /signin first (spec 000 section 2): nobody is
 * signed in and no embed token is in the address or kept for the tab (with a token, AccessGate's
 * embed guard decides). Public paths never do. The router's preloading asks it too (preloadRoute).
 */
export function sendsToSignIn(current: Pick<Session, 'login' | 'embed'>, pathname: string, search: string): boolean {
  if (current.login || isPublicPath(pathname)) return false;
  return !readEmbedParams(search).authToken && !current.embed?.authToken;
}

/**
 * Sends signed-out visitors of the signed-in area to /signin, keeping the page they asked for. It is
 * in the entry, above the area's chunks, so a first visit to `/` no longer loads the signed-in shell
 * (its libraries, layouts and page: some forty files) only to be sent to sign in.
 */
export function RequireSignIn() {
  const current = useSession();
  const { pathname, search } = useLocation();
  if (sendsToSignIn(current, pathname, search))
    return <Navigate to="/signin" replace state={{ origin: pathname + search }} />;
  return <Outlet />;
}
