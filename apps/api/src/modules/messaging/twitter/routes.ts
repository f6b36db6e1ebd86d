import type { UiLanguage } from '@reputo/core';
import { z } from 'zod';
import { crcResponse, validDeliverySignature } from '../../../connectors/twitter';
import { access, actingOf } from '../../../platform/access';
import { scopeCompanyId } from '../../../platform/companyScope';
import type { App, AppDeps } from '../../../platform/deps';
import { languageOf, reasonIn } from '../../../platform/i18n';
import { jobQueueFor } from '../../../platform/jobs';
import { registerWebhook, type WebhookProvider } from '../../../platform/webhooks';
import { findConnection, type ConnectionRow } from '../../tickets/repository';
import { registerSender } from '../delivery';
import { ingestMessages, type InboundMessage, type IngestDeps } from '../ingest';
import { messagesOfActivity } from './events';
import { connectionOfTwitterUser, TWITTER } from './repository';
import { twitterSender } from './send';
import {
  appKeys,
  completeTwitterLink,
  disconnectTwitter,
  settingsOf,
  startTwitterLink,
  webhookUrl,
  WEBHOOK_PATH,
} from './service';

/**
 * Twitter for Messages (spec 001 section 7: `GET oauth/link`, `POST oauth/accessToken`, `POST
 * twitter/webhook`), with the connection's state and disconnecting beside them for the third-party
 * page. Connecting is for Master Admins, the Owner and partners acting inside a company with the
 * Messaging feature; the state is for every member. See modules/messaging/README.md (Twitter).
 */
const tags = ['twitter'];
const ADMINS = ['owner', 'partner', 'master_admin'] as const;
const manage = access.roles(ADMINS, { company: true, feature: 'messaging' });

const stateSchema = z.object({
  status: z.enum(['not_connected', 'connected', 'reconnect_needed']),
  statusReason: z.string().nullable(),
  statusAt: z.string().nullable(),
  /** The account's Twitter user id and @screen name. */
  userId: z.string().nullable(),
  screenName: z.string().nullable(),
  /** The account's page in Messages (its conversations). */
  pageId: z.number().nullable(),
  /** The app's webhook (`registered` or `failed` with the reason) and the account's subscription to it. */
  webhookUrl: z.string(),
  webhookState: z.enum(['registered', 'failed']).nullable(),
  webhookError: z.string().nullable(),
  subscribed: z.boolean(),
  subscriptionError: z.string().nullable(),
  /** The server has the app's keys (else connecting answers why not). */
  configured: z.boolean(),
  /** The company has the Messaging feature, where mentions and Direct Messages arrive. */
  messaging: z.boolean(),
});

function stateOut(
  language: UiLanguage,
  deps: AppDeps,
  c: ConnectionRow | undefined,
  messaging: boolean,
): z.infer<typeof stateSchema> {
  const s = c ? settingsOf(c) : undefined;
  return {
    status: (c?.status ?? 'not_connected') as z.infer<typeof stateSchema>['status'],
    statusReason: reasonIn(language, c?.statusReason),
    statusAt: c?.statusAt?.toISOString() ?? null,
    userId: c?.account ?? null,
    screenName: s?.screenName ?? null,
    pageId: s?.pageId ?? null,
    webhookUrl: webhookUrl(deps.config),
    webhookState: s?.webhook?.state ?? null,
    webhookError: s?.webhook?.error ?? null,
    subscribed: s?.subscribed ?? false,
    subscriptionError: s?.subscriptionError ?? null,
    configured: appKeys(deps.config) !== null,
    messaging,
  };
}

/** `/v2/api/twitter/webhook`: the CRC check (GET) and the signed Account Activity deliveries (POST). */
function twitterWebhook(deps: AppDeps, ingestDeps: IngestDeps): WebhookProvider {
  const { db } = deps;
  const secret = () => deps.config.twitter.consumerSecret;
  /** The delivery's messages, or none when no company has connected the account it is for. */
  async function messagesOf(body: string) {
    const { forUserId, messages } = messagesOfActivity(body);
    if (messages.length === 0) return [];
    if (!(await connectionOfTwitterUser(db, forUserId))) {
      ingestDeps.log?.info({ forUserId }, 'Twitter delivery for an account no company has connected: ignored');
      return [];
    }
    return messages;
  }
  return {
    name: TWITTER,
    path: WEBHOOK_PATH,
    title: 'Twitter (Account Activity API)',
    keepHeaders: ['x-twitter-webhooks-signature'],
    verify: (raw, headers) => {
      const key = secret();
      const signature = headers['x-twitter-webhooks-signature'];
      return !!key && validDeliverySignature(key, raw, typeof signature === 'string' ? signature : undefined);
    },
    verificationAnswer: 'json',
    verification: (query) => {
      const key = secret();
      const token = query.crc_token;
      if (!key) return { status: 403, body: 'Twitter is not set up on this server' };
      if (!token) return { status: 403, body: 'crc_token is missing' };
      return { status: 200, body: crcResponse(key, token) };
    },
    process: async (delivery) => {
      const messages = await messagesOf(delivery.body);
      if (messages.length) await ingestMessages(db, ingestDeps, messages);
    },
    processBatch: async (deliveries) => {
      const messages: InboundMessage[] = [];
      for (const d of deliveries) messages.push(...(await messagesOf(d.body)));
      for (let i = 0; i < messages.length; i += 500) await ingestMessages(db, ingestDeps, messages.slice(i, i + 500));
    },
    maxAttempts: 8,
  };
}

export function twitterRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;
  const queue = jobQueueFor(deps);
  const ingestDeps = { ...deps, log: app.log };
  const serviceDeps = { ...deps, log: app.log };
  registerWebhook(app, { db, queue }, twitterWebhook(deps, ingestDeps));
  registerSender(queue, TWITTER, twitterSender(deps, queue));

  app.get(
    '/v2/api/twitter',
    {
      config: { access: access.signedIn({ company: true }) },
      schema: {
        tags,
        summary: 'The company’s Twitter connection: account, state, webhook and subscription',
        response: { 200: stateSchema },
      },
    },
    async (request) => {
      const acting = actingOf(request);
      const messaging = acting.role === 'owner' || acting.features.includes('messaging');
      return stateOut(
        await languageOf(request),
        deps,
        await findConnection(db, scopeCompanyId(acting), TWITTER),
        messaging,
      );
    },
  );

  app.get(
    '/v2/api/oauth/link',
    {
      config: { access: manage, writes: 'none' },
      schema: {
        tags,
        summary:
          'Starts connecting Twitter (OAuth 1.0a): a request token from Twitter, and the address where the user authorizes the app (oauth/authorize?oauth_token=)',
        response: { 200: z.object({ link: z.string() }) },
      },
    },
    async (request) => {
      const acting = actingOf(request);
      return { link: await startTwitterLink(serviceDeps, scopeCompanyId(acting), acting.actor.id) };
    },
  );

  app.post(
    '/v2/api/oauth/accessToken',
    {
      config: { access: manage, writes: 'none' },
      schema: {
        tags,
        summary:
          'Completes connecting Twitter: the oauth_token and oauth_verifier Twitter sent back are exchanged for the account’s token (stored sealed); the account’s mentions and Direct Messages then arrive in Messages',
        body: z.object({
          oauth_token: z.string().trim().min(1, 'oauth_token is required').max(200),
          oauth_verifier: z.string().trim().min(1, 'oauth_verifier is required').max(200),
        }),
        response: { 200: stateSchema },
      },
    },
    async (request) => {
      const companyId = scopeCompanyId(actingOf(request));
      return stateOut(
        await languageOf(request),
        deps,
        await completeTwitterLink(serviceDeps, companyId, request.body),
        true,
      );
    },
  );

  app.delete(
    '/v2/api/twitter',
    {
      config: { access: manage, writes: 'none' },
      schema: {
        tags,
        summary: 'Disconnects Twitter (the subscription ends; conversations stay in Messages)',
        response: { 200: z.object({ removed: z.number() }) },
      },
    },
    async (request) => ({ removed: await disconnectTwitter(serviceDeps, scopeCompanyId(actingOf(request))) }),
  );
}
