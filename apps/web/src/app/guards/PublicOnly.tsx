import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { isSafeReturnPath } from '@reputo/core';
import { useSession } from '../../lib/session';
import { storage } from '../../lib/storage';

/** Sign-in and forgot-password are for signed-out visitors; after sign-in this sends the user on. */
export function PublicOnly() {
  const { login } = useSession();
  // The guard that sent a visitor here passes the page it asked for; it is restored after sign-in.
  const origin = (useLocation().state as { origin?: string } | null)?.origin;
  useEffect(() => {
    if (origin) storage.setOrigin(origin);
  }, [origin]);
  if (login) {
    const origin = storage.getOrigin();
    return <Navigate to={isSafeReturnPath(origin) ? origin : '/'} replace />;
  }
  return <Outlet />;
}
