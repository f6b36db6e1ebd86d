import type { FastifyBaseLogger } from 'fastify';
import { TwitterApiError, twitterClient, type TwitterClient, type TwitterToken } from '../../../connectors/twitter';
import type { Config } from '../../../config';
import type { AppDeps } from '../../../platform/deps';
import { AppError, badRequest, conflict, notFound } from '../../../platform/errors';
import { SecretError } from '../../../platform/secrets';
import { insertOAuthState } from '../../integrations/repository';
import { boxOf, SETTINGS_PAGE } from '../../integrations/service';
import { findConnection, saveConnection, type ConnectionRow } from '../../tickets/repository';
import {
  deleteTwitterConnection,
  setTwitterPageState,
  takeTwitterState,
  TWITTER,
  upsertTwitterPage,
} from './repository';

/**
 * Connecting a company's Twitter account (spec 001 section 7: `GET oauth/link`, `POST
 * oauth/accessToken`), its Account Activity subscription, and disconnecting. See README.md in
 * modules/messaging (Twitter).
 */
export const WEBHOOK_PATH = '/v2/api/twitter/webhook';

export const NOT_SET_UP =
  'Twitter is not set up on this server: the Owner sets the Twitter API key and secret under Admin › Service credentials (or TWITTER_CONSUMER_KEY and TWITTER_CONSUMER_SECRET).';

/** What the connection keeps besides the account (`account`: user id, `accountName`: @screen name, `accessToken`: the user's token, sealed). */
export interface TwitterConnectionSettings {
  /** The user's token secret, sealed (platform/secrets.ts). */
  tokenSecret: string;
  screenName: string;
  pageId: number;
  /** The app's webhook in the Account Activity environment, as connecting found it. */
  webhook: { state: 'registered' | 'failed'; id: string | null; url: string; error: string | null; at: string };
  /** Whether the account's events come to the webhook (its subscription). */
  subscribed: boolean;
  subscriptionError: string | null;
}

type Deps = Pick<AppDeps, 'db' | 'config'> & { log?: Pick<FastifyBaseLogger, 'warn'> };

export const settingsOf = (c: ConnectionRow) => c.settings as unknown as TwitterConnectionSettings;

/** The app's keys (read at each call: the Owner may change them as service credentials). */
export function appKeys(config: Pick<Config, 'twitter'>): { consumerKey: string; consumerSecret: string } | null {
  const { consumerKey, consumerSecret } = config.twitter;
  return consumerKey && consumerSecret ? { consumerKey, consumerSecret } : null;
}

/** The client with the app's keys, or null when Twitter is not set up. */
export function clientOrNull(config: Pick<Config, 'twitter'>): TwitterClient | null {
  const keys = appKeys(config);
  if (!keys) return null;
  const t = config.twitter;
  return twitterClient({
    ...keys,
    apiUrl: t.apiUrl,
    activityEnv: t.activityEnv,
    timeoutMs: t.timeoutMs,
    retryMs: t.retryMs,
  });
}

function clientOf(config: Pick<Config, 'twitter'>): TwitterClient {
  const client = clientOrNull(config);
  if (!client) throw badRequest(NOT_SET_UP);
  return client;
}

export const webhookUrl = (config: Pick<Config, 'publicUrl'>) => `${config.publicUrl}${WEBHOOK_PATH}`;
/** Where Twitter sends the browser after consent: the settings page, which posts the verifier to oauth/accessToken. */
export const callbackUrl = (config: Pick<Config, 'publicUrl'>) => `${config.publicUrl}${SETTINGS_PAGE}`;

/** Twitter's refusal while connecting: 422 with its reason (or 502 when it is failing or slow), nothing saved. */
function connectFailed(error: unknown): never {
  if (!(error instanceof TwitterApiError)) throw error;
  if (error.kind === 'auth' || error.kind === 'rejected') throw new AppError(422, 'connect_failed', error.message);
  throw new AppError(502, 'provider_error', error.message);
}

/** The user's token and secret in clear, or null when they cannot be opened (a key dropped from SECRETS_OLD_KEYS). */
export function userTokenOf(deps: Pick<AppDeps, 'config'>, c: ConnectionRow): TwitterToken | null {
  const s = settingsOf(c);
  if (!c.accessToken || !s.tokenSecret) return null;
  try {
    const box = boxOf(deps);
    return { key: box.open(c.accessToken), secret: box.open(s.tokenSecret) };
  } catch (error) {
    if (error instanceof SecretError) return null;
    throw error;
  }
}

/** `GET oauth/link`: a request token for this company, and Twitter's consent address for it. */
export async function startTwitterLink(deps: Deps, companyId: number, userId: number | null): Promise<string> {
  const client = clientOf(deps.config);
  const request = await client.requestToken(callbackUrl(deps.config)).catch(connectFailed);
  await insertOAuthState(deps.db, {
    state: request.key,
    companyId,
    userId,
    source: TWITTER,
    codeVerifier: boxOf(deps).seal(request.secret),
  });
  return client.authorizeUrl(request.key);
}

/** Registers the app's webhook (CRC-checked by Twitter) and subscribes the account; failures are kept, not thrown. */
async function activate(
  deps: Deps,
  client: TwitterClient,
  token: TwitterToken,
): Promise<Pick<TwitterConnectionSettings, 'webhook' | 'subscribed' | 'subscriptionError'>> {
  const url = webhookUrl(deps.config);
  const at = new Date().toISOString();
  const reason = (error: unknown) => {
    if (error instanceof TwitterApiError) return error.message;
    throw error;
  };
  let webhook: TwitterConnectionSettings['webhook'];
  try {
    const registered = await client.registerWebhook(token, url);
    webhook = { state: 'registered', id: registered.id, url, error: null, at };
  } catch (error) {
    webhook = { state: 'failed', id: null, url, error: reason(error), at };
  }
  try {
    await client.subscribe(token);
    return { webhook, subscribed: true, subscriptionError: null };
  } catch (error) {
    return { webhook, subscribed: false, subscriptionError: reason(error) };
  }
}

/**
 * `POST oauth/accessToken`: the consented request token (this company's, else 404) and its verifier
 * are exchanged for the user's token; the account becomes the company's Twitter connection (token and
 * secret sealed) with its Messages page, and its Account Activity subscription is set up.
 */
export async function completeTwitterLink(
  deps: Deps,
  companyId: number,
  input: { oauth_token: string; oauth_verifier: string },
): Promise<ConnectionRow> {
  const client = clientOf(deps.config);
  const state = await takeTwitterState(deps.db, companyId, input.oauth_token);
  if (!state) throw notFound('This Twitter authorization is unknown or has expired: connect Twitter again.');
  const box = boxOf(deps);
  const access = await client
    .accessToken({ key: input.oauth_token, secret: box.open(state.codeVerifier) }, input.oauth_verifier)
    .catch(connectFailed);
  const page = await upsertTwitterPage(deps.db, {
    companyId,
    userId: access.userId,
    name: `@${access.screenName}`,
  });
  if (!page) throw conflict(`The Twitter account @${access.screenName} is connected to another company.`);
  const before = await findConnection(deps.db, companyId, TWITTER);
  if (before && before.account !== access.userId) await leave(deps, before);
  const activity = await activate(deps, client, access.token);
  return saveConnection(deps.db, {
    companyId,
    source: TWITTER,
    account: access.userId,
    accountName: `@${access.screenName}`,
    accessToken: box.seal(access.token.key),
    settings: {
      tokenSecret: box.seal(access.token.secret),
      screenName: access.screenName,
      pageId: page.id,
      ...activity,
    } satisfies TwitterConnectionSettings as unknown as Record<string, unknown>,
  });
}

/** Ends the account's subscription at Twitter (best effort: a revoked token cannot) and marks its page not connected. */
async function leave(deps: Deps, c: ConnectionRow): Promise<void> {
  const client = clientOrNull(deps.config);
  const token = userTokenOf(deps, c);
  if (client && token)
    await client.unsubscribe(token).catch((error: unknown) => {
      if (!(error instanceof TwitterApiError)) throw error;
      deps.log?.warn({ err: error, companyId: c.companyId }, 'Twitter unsubscribe failed; disconnecting anyway');
    });
  await setTwitterPageState(deps.db, c.companyId, c.account, 'not_connected');
}

/** Disconnects: the subscription ends, the connection goes; the conversations stay in Messages. */
export async function disconnectTwitter(deps: Deps, companyId: number): Promise<number> {
  const c = await findConnection(deps.db, companyId, TWITTER);
  if (!c) return 0;
  await leave(deps, c);
  return deleteTwitterConnection(deps.db, companyId);
}
