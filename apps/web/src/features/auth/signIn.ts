import { resetAppState } from '../../lib/appState';
import { session } from '../../lib/session';
import { requestTokens } from './api';

/**
 * Sign in: ask for tokens, reset whatever a previous user left, store the login record. The page
 * then leaves through the public-only guard to the stored origin or /. A plain function rather
 * than a TanStack mutation keeps the query cache off the sign-in route.
 */
export async function signIn(email: string, password: string): Promise<void> {
  const tokens = await requestTokens(email, password);
  resetAppState();
  session.setEmbed(null);
  session.setActing({});
  session.setLogin({ access_token: tokens.access_token, refresh_token: tokens.refresh_token, email });
}
