import type { Config } from '../../config';

/**
 * The platform's own credentials an Owner may store, each with the environment variable that takes
 * precedence over it, and how the stored values complete the server's settings.
 */
export const SERVICE_CREDENTIALS = [
  { provider: 'google', name: 'client_id', label: 'Google OAuth client ID', env: 'GOOGLE_CLIENT_ID' },
  { provider: 'google', name: 'client_secret', label: 'Google OAuth client secret', env: 'GOOGLE_CLIENT_SECRET' },
  { provider: 'meta', name: 'app_id', label: 'Meta app ID', env: 'FACEBOOK_APP_ID' },
  { provider: 'meta', name: 'app_secret', label: 'Meta app secret', env: 'META_APP_SECRET' },
  { provider: 'twitter', name: 'consumer_key', label: 'Twitter API key', env: 'TWITTER_CONSUMER_KEY' },
  { provider: 'twitter', name: 'consumer_secret', label: 'Twitter API key secret', env: 'TWITTER_CONSUMER_SECRET' },
  { provider: 'openai', name: 'base_url', label: 'AI endpoint (OpenAI-compatible) address', env: 'OPENAI_BASE_URL' },
  { provider: 'openai', name: 'api_key', label: 'AI endpoint API key', env: 'OPENAI_API_KEY' },
  { provider: 'translate', name: 'url', label: 'Translation server address', env: 'TRANSLATE_URL' },
  { provider: 'translate', name: 'api_key', label: 'Translation API key', env: 'TRANSLATE_API_KEY' },
  { provider: 'sms', name: 'account_sid', label: 'Twilio account SID', env: 'TWILIO_ACCOUNT_SID' },
  { provider: 'sms', name: 'auth_token', label: 'Twilio auth token', env: 'TWILIO_AUTH_TOKEN' },
  { provider: 'sms', name: 'from', label: 'Twilio sender (number or messaging service)', env: 'TWILIO_FROM' },
] as const;

export type ServiceCredential = (typeof SERVICE_CREDENTIALS)[number];
export type CredentialKey = `${ServiceCredential['provider']}.${ServiceCredential['name']}`;

export const keyOf = (c: { provider: string; name: string }) => `${c.provider}.${c.name}` as CredentialKey;

/** Addresses among the credentials: checked as URLs when stored. */
export const URL_CREDENTIALS: ReadonlySet<CredentialKey> = new Set(['openai.base_url', 'translate.url']);

/** The services' settings that credentials make: the part of Config this module may change. */
type ServiceSettings = Pick<
  Config,
  'google' | 'facebookLogin' | 'meta' | 'twitter' | 'openai' | 'translate' | 'twilio'
>;

/** Each credential's value as the environment gave it (undefined: not set there). */
export function environmentValues(settings: ServiceSettings): Partial<Record<CredentialKey, string>> {
  const values: Partial<Record<CredentialKey, string | undefined>> = {
    'google.client_id': settings.google.clientId,
    'google.client_secret': settings.google.clientSecret,
    'meta.app_id': settings.facebookLogin.appId,
    'meta.app_secret': settings.meta.appSecretGiven ? settings.meta.appSecret : undefined,
    'twitter.consumer_key': settings.twitter.consumerKey,
    'twitter.consumer_secret': settings.twitter.consumerSecret,
    'openai.base_url': settings.openai?.baseUrl,
    'openai.api_key': settings.openai?.apiKey,
    'translate.url': settings.translate?.url,
    'translate.api_key': settings.translate?.apiKey,
    'sms.account_sid': settings.twilio?.accountSid,
    'sms.auth_token': settings.twilio?.authToken,
    'sms.from': settings.twilio?.from || undefined,
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== ''));
}

/**
 * Writes the effective settings into `config`: each credential from the environment when set there,
 * else the stored one. `fromEnv` is what the environment gave at start (environmentValues of the
 * settings as loaded), so a removed credential falls back to it. Routes read `deps.config` per call.
 */
export function applyCredentials(
  config: Config,
  fromEnv: Partial<Record<CredentialKey, string>>,
  stored: ReadonlyMap<CredentialKey, string>,
  generatedMetaSecret: string,
): void {
  const value = (key: CredentialKey) => fromEnv[key] ?? stored.get(key);
  // In place where the object always exists (a route may hold it); replaced where null means "not set up".
  Object.assign(config.google, { clientId: value('google.client_id'), clientSecret: value('google.client_secret') });
  Object.assign(config.facebookLogin, { appId: value('meta.app_id') });
  Object.assign(config.meta, { appSecret: value('meta.app_secret') ?? generatedMetaSecret });
  Object.assign(config.twitter, {
    consumerKey: value('twitter.consumer_key'),
    consumerSecret: value('twitter.consumer_secret'),
  });
  const aiUrl = value('openai.base_url');
  config.openai = aiUrl
    ? { baseUrl: aiUrl, apiKey: value('openai.api_key'), model: config.serviceDefaults.openaiModel }
    : null;
  const translateUrl = value('translate.url');
  config.translate = translateUrl ? { url: translateUrl.replace(/\/$/, ''), apiKey: value('translate.api_key') } : null;
  const sid = value('sms.account_sid');
  const token = value('sms.auth_token');
  config.twilio =
    sid && token
      ? { ...config.serviceDefaults.twilio, accountSid: sid, authToken: token, from: value('sms.from') ?? '' }
      : null;
}
