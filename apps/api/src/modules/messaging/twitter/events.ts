import { z } from 'zod';
import type { InboundMessage } from '../ingest';

/**
 * Account Activity deliveries read into Messages' inbound messages. One delivery names the subscribed
 * user (`for_user_id`) and carries events of one kind:
 * - `tweet_create_events`: tweets that mention the user or reply to them become messages of the
 *   author's "mentions" conversation (`customerExternalId` `mention:{author id}`; a reply goes out as
 *   a public reply tweet). The user's own tweets and retweets are skipped.
 * - `direct_message_events` (`message_create`): a message to the user is inbound in the sender's
 *   Direct Message conversation (`dm:{sender id}`); one the user sent (from Twitter, or ours coming
 *   back) is stored as sent in the recipient's.
 * Message ids are prefixed (`twitter-tweet:`, `twitter-dm:`): ids are unique across every provider, and
 * a delivery repeated stores nothing twice. Other events (follows, likes, typing) are skipped.
 */
const PROVIDER = 'twitter' as const;

export const TWEET_ID_PREFIX = 'twitter-tweet:';
export const DM_ID_PREFIX = 'twitter-dm:';
export const MENTION_CUSTOMER = 'mention:';
export const DM_CUSTOMER = 'dm:';

const userSchema = z.object({
  id_str: z.string(),
  name: z.string().optional(),
  screen_name: z.string().optional(),
  profile_image_url_https: z.string().optional(),
});

const tweetSchema = z.object({
  id_str: z.string(),
  created_at: z.string().optional(),
  timestamp_ms: z.string().optional(),
  text: z.string().optional(),
  full_text: z.string().optional(),
  extended_tweet: z.object({ full_text: z.string() }).optional(),
  in_reply_to_user_id_str: z.string().nullish(),
  user: userSchema,
  entities: z.object({ user_mentions: z.array(z.object({ id_str: z.string() })).optional() }).optional(),
  retweeted_status: z.unknown().optional(),
});

const directMessageSchema = z.object({
  type: z.string(),
  id: z.string(),
  created_timestamp: z.string().optional(),
  message_create: z
    .object({
      target: z.object({ recipient_id: z.string() }),
      sender_id: z.string(),
      message_data: z.object({
        text: z.string().optional(),
        attachment: z
          .object({
            type: z.string(),
            media: z.object({ media_url_https: z.string().optional(), type: z.string().optional() }).optional(),
          })
          .optional(),
      }),
    })
    .optional(),
});

const deliveryUserSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  screen_name: z.string().optional(),
  profile_image_url_https: z.string().optional(),
});

export const activitySchema = z.object({
  for_user_id: z.string().min(1),
  tweet_create_events: z.array(z.unknown()).optional(),
  direct_message_events: z.array(z.unknown()).optional(),
  users: z.record(z.string(), z.unknown()).optional(),
});

/** "Ann Lee (@ann)", or what of it is known. */
function displayName(name: string | undefined, screenName: string | undefined): string | undefined {
  if (name && screenName) return `${name} (@${screenName})`;
  return name ?? (screenName ? `@${screenName}` : undefined);
}

function tweetTime(t: z.infer<typeof tweetSchema>): Date {
  const ms = Number(t.timestamp_ms);
  if (Number.isFinite(ms) && ms > 0) return new Date(ms);
  const parsed = t.created_at ? Date.parse(t.created_at) : NaN;
  return Number.isFinite(parsed) ? new Date(parsed) : new Date();
}

function mentionOf(forUserId: string, raw: unknown): InboundMessage | null {
  const parsed = tweetSchema.safeParse(raw);
  if (!parsed.success) return null;
  const t = parsed.data;
  if (t.user.id_str === forUserId || t.retweeted_status !== undefined) return null;
  const mentioned = (t.entities?.user_mentions ?? []).some((m) => m.id_str === forUserId);
  if (!mentioned && t.in_reply_to_user_id_str !== forUserId) return null;
  const name = displayName(t.user.name, t.user.screen_name);
  return {
    provider: PROVIDER,
    pageExternalId: forUserId,
    customerExternalId: `${MENTION_CUSTOMER}${t.user.id_str}`,
    customerName: name ? `${name} · mentions` : 'Twitter user · mentions',
    customerPicture: t.user.profile_image_url_https,
    messageExternalId: `${TWEET_ID_PREFIX}${t.id_str}`,
    text: t.extended_tweet?.full_text ?? t.full_text ?? t.text ?? '',
    sentAt: tweetTime(t),
    direction: 'inbound',
  };
}

function directMessageOf(
  forUserId: string,
  raw: unknown,
  users: Record<string, unknown> | undefined,
): InboundMessage | null {
  const parsed = directMessageSchema.safeParse(raw);
  if (!parsed.success || parsed.data.type !== 'message_create' || !parsed.data.message_create) return null;
  const e = parsed.data;
  const m = e.message_create!;
  const recipient = m.target.recipient_id;
  const fromUser = m.sender_id === forUserId;
  if (!fromUser && recipient !== forUserId) return null;
  const customerId = fromUser ? recipient : m.sender_id;
  if (customerId === forUserId) return null;
  const customer = deliveryUserSchema.safeParse(users?.[customerId]);
  const media = m.message_data.attachment?.media;
  const at = Number(e.created_timestamp);
  return {
    provider: PROVIDER,
    pageExternalId: forUserId,
    customerExternalId: `${DM_CUSTOMER}${customerId}`,
    customerName: customer.success ? displayName(customer.data.name, customer.data.screen_name) : undefined,
    customerPicture: customer.success ? customer.data.profile_image_url_https : undefined,
    messageExternalId: `${DM_ID_PREFIX}${e.id}`,
    text: m.message_data.text,
    attachment: media?.media_url_https
      ? {
          type: media.type === 'video' || media.type === 'animated_gif' ? 'video' : 'image',
          url: media.media_url_https,
        }
      : undefined,
    sentAt: Number.isFinite(at) && at > 0 ? new Date(at) : new Date(),
    direction: fromUser ? 'echo' : 'inbound',
  };
}

/** The delivery's mentions and Direct Messages as inbound messages; throws for what is not an Account Activity delivery. */
export function messagesOfActivity(body: string): { forUserId: string; messages: InboundMessage[] } {
  const delivery = activitySchema.parse(JSON.parse(body));
  const forUserId = delivery.for_user_id;
  const messages: InboundMessage[] = [];
  for (const raw of delivery.tweet_create_events ?? []) {
    const m = mentionOf(forUserId, raw);
    if (m) messages.push(m);
  }
  for (const raw of delivery.direct_message_events ?? []) {
    const m = directMessageOf(forUserId, raw, delivery.users);
    if (m) messages.push(m);
  }
  return { forUserId, messages };
}
