import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { checkEmbedAccess, decideRoute, readEmbedParams, type EmbedParams } from '@reputo/core';
import { subjectOf, useMe } from '../../features/auth/queries';
import { session, useSession } from '../../lib/session';
import { storage } from '../../lib/storage';
import { EmbedContext } from '../EmbedContext';
import { AccessDeniedPage, LoadingPage, ServerErrorPage } from '../pages/StatePages';
import { ActingErrorPage } from './ActingErrorPage';
import { ApiError } from '../../lib/api';
import { applyUserLanguage } from '../../lib/language';
import { embedDeniedText, routeTitle } from '../labels';

function sameEmbed(a: EmbedParams | null, b: EmbedParams): boolean {
  return a?.authToken === b.authToken && a.view === b.view && String(a.locations) === String(b.locations);
}

/**
 * The guard of every page behind sign-in (spec 000 section 2), below RequireSignIn (which sends
 * signed-out visitors without an embed token to /signin): with an embed token the embed guard
 * decides; signed-in users get the route rules of @reputo/core (feature, role, redirects, 404).
 */
export default function AccessGate() {
  const { login, embed: storedEmbed, acting } = useSession();
  const { pathname, search } = useLocation();
  const me = useMe();
  const { t } = useTranslation('app');
  const urlEmbed = readEmbedParams(search);
  const urlHasToken = urlEmbed.authToken !== null;
  // Inside an iframe the token stays for the tab, so links that drop the query keep working.
  const embed = urlHasToken ? urlEmbed : (storedEmbed ?? urlEmbed);
  const mustStore = !login && urlHasToken && !sameEmbed(storedEmbed, urlEmbed);

  useEffect(() => {
    if (mustStore) session.setEmbed(urlEmbed);
  });
  useEffect(() => {
    if (login && me.isSuccess) storage.setOrigin(null);
  }, [login, me.isSuccess]);
  // The interface speaks the user's language once /me answers (and again whenever it answers anew).
  useEffect(() => {
    if (login && me.data) applyUserLanguage(me.data);
  }, [login, me.data]);

  if (!login) {
    // Signed out with no embed token, RequireSignIn (above this chunk) has sent the visit to /signin.
    const decision = checkEmbedAccess({ signedIn: false, pathname, params: embed });
    if (!decision.allowed) return <AccessDeniedPage reason={embedDeniedText(t, decision.reason)} />;
    if (mustStore) return null; // the iframe-token header must be in place before the page asks for data
    return (
      <EmbedContext.Provider value>
        <Outlet />
      </EmbedContext.Provider>
    );
  }

  if (me.isPending) return <LoadingPage />;
  if (me.isError) {
    // A 403 that survived the refresh means a stored acting context is no longer allowed.
    if (me.error instanceof ApiError && me.error.status === 403) return <ActingErrorPage />;
    return <ServerErrorPage />;
  }
  const decision = decideRoute(pathname, subjectOf(me.data, acting));
  // The page a refusal lands on says why (AccessNotice in the shell), so nobody is bounced without a word:
  // core's English reason, and the refused path to say it in the interface language.
  if (decision.kind === 'redirect')
    return (
      <Navigate
        to={decision.to}
        replace
        state={decision.reason ? { refused: decision.reason, refusedPath: pathname } : undefined}
      />
    );
  if (decision.kind === 'allow') document.title = `${routeTitle(t, decision.rule)} · Reputo`;
  return (
    <EmbedContext.Provider value={urlHasToken}>
      <Outlet />
    </EmbedContext.Provider>
  );
}
