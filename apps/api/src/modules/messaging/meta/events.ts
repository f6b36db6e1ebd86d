import { z } from 'zod';

/**
 * Meta's webhook deliveries (Messenger `object: 'page'`, Instagram `object: 'instagram'`) read into
 * our events. Meta batches: one delivery may carry several entries (pages), each with several
 * messaging events or feed changes. What we do not use (postbacks, optins, page posts) is skipped.
 */
const messagingEventSchema = z.object({
  sender: z.object({ id: z.string() }),
  recipient: z.object({ id: z.string() }),
  timestamp: z.number(),
  message: z
    .object({
      mid: z.string(),
      text: z.string().optional(),
      is_echo: z.boolean().optional(),
      is_deleted: z.boolean().optional(),
      attachments: z
        .array(z.object({ type: z.string(), payload: z.object({ url: z.string().optional() }).nullish() }))
        .optional(),
    })
    .optional(),
  delivery: z.object({ mids: z.array(z.string()).optional(), watermark: z.number() }).optional(),
  read: z.object({ watermark: z.number(), mid: z.string().optional() }).optional(),
});

const feedValueSchema = z.object({
  item: z.string(),
  verb: z.string(),
  post_id: z.string().optional(),
  comment_id: z.string().optional(),
  parent_id: z.string().optional(),
  from: z.object({ id: z.string(), name: z.string().optional() }).optional(),
  message: z.string().optional(),
  reaction_type: z.string().optional(),
  created_time: z.union([z.number(), z.string()]).optional(),
});

/** Instagram's `comments` field: a comment on one of the account's media. */
const instagramCommentSchema = z.object({
  id: z.string(),
  text: z.string().optional(),
  from: z.object({ id: z.string(), username: z.string().optional() }).optional(),
  media: z.object({ id: z.string() }).optional(),
  parent_id: z.string().optional(),
});

const changeSchema = z.object({ field: z.string(), value: z.unknown() });

export const metaDeliverySchema = z.object({
  object: z.string(),
  entry: z.array(
    z.object({
      id: z.string(),
      time: z.number().optional(),
      messaging: z.array(messagingEventSchema).optional(),
      changes: z.array(changeSchema).optional(),
    }),
  ),
});

export type MetaChannel = 'facebook' | 'instagram';
export type AttachmentType = 'image' | 'video' | 'audio' | 'file';

export type MetaEvent =
  | {
      kind: 'message';
      channel: MetaChannel;
      /** The page's (or Instagram account's) id at Meta. */
      pageExternalId: string;
      /** The customer's page-scoped id. */
      customerExternalId: string;
      /** Meta's message id (mid): ingest is idempotent by it. */
      externalId: string;
      /** inbound: the customer wrote; outbound: an echo of what the page sent (from here or Meta's own inbox). */
      type: 'inbound' | 'outbound';
      text: string | null;
      attachmentType: AttachmentType | null;
      attachmentUrl: string | null;
      sentAt: Date;
    }
  | {
      kind: 'status';
      channel: MetaChannel;
      pageExternalId: string;
      customerExternalId: string;
      state: 'delivered' | 'read';
      /** The messages named (delivery), if any. */
      externalIds: string[];
      /** Every message sent before this time is delivered (or read). */
      watermark: Date;
    }
  | {
      kind: 'comment';
      channel: MetaChannel;
      pageExternalId: string;
      postExternalId: string;
      externalId: string;
      /** The comment answered (a reply's parent); null for a comment on the post itself. */
      parentExternalId: string | null;
      authorExternalId: string | null;
      authorName: string | null;
      text: string;
      verb: 'add' | 'edited' | 'remove' | 'hide' | 'unhide';
      createdAt: Date;
    }
  | {
      kind: 'reaction';
      channel: MetaChannel;
      pageExternalId: string;
      postExternalId: string;
      /** The comment reacted to; null for a reaction on the post. */
      commentExternalId: string | null;
      reactorExternalId: string;
      reactorName: string | null;
      reactionType: string;
      verb: 'add' | 'edited' | 'remove';
      createdAt: Date;
    };

const ATTACHMENT_TYPES = new Set(['image', 'video', 'audio', 'file']);

function timeOf(value: number | string | undefined): Date {
  if (value === undefined) return new Date();
  if (typeof value === 'number') return new Date(value < 1e12 ? value * 1000 : value);
  return new Date(value);
}

function messagingEvents(channel: MetaChannel, pageId: string, e: z.infer<typeof messagingEventSchema>): MetaEvent[] {
  if (e.message && !e.message.is_deleted) {
    const echo = e.message.is_echo === true;
    const attachment = e.message.attachments?.find((a) => a.payload?.url);
    return [
      {
        kind: 'message',
        channel,
        pageExternalId: pageId,
        customerExternalId: echo ? e.recipient.id : e.sender.id,
        externalId: e.message.mid,
        type: echo ? 'outbound' : 'inbound',
        text: e.message.text ?? null,
        attachmentType: attachment
          ? ((ATTACHMENT_TYPES.has(attachment.type) ? attachment.type : 'file') as AttachmentType)
          : null,
        attachmentUrl: attachment?.payload?.url ?? null,
        sentAt: new Date(e.timestamp),
      },
    ];
  }
  const base = { kind: 'status' as const, channel, pageExternalId: pageId, customerExternalId: e.sender.id };
  if (e.delivery)
    return [
      { ...base, state: 'delivered', externalIds: e.delivery.mids ?? [], watermark: new Date(e.delivery.watermark) },
    ];
  if (e.read) return [{ ...base, state: 'read', externalIds: [], watermark: new Date(e.read.watermark) }];
  return [];
}

function feedEvents(channel: MetaChannel, pageId: string, raw: unknown): MetaEvent[] {
  const parsed = feedValueSchema.safeParse(raw);
  if (!parsed.success) return [];
  const v = parsed.data;
  const createdAt = timeOf(v.created_time);
  if (v.item === 'comment' && v.post_id && v.comment_id) {
    const verb = (['add', 'edited', 'remove', 'hide', 'unhide'] as const).find((x) => x === v.verb);
    if (!verb) return [];
    return [
      {
        kind: 'comment',
        channel,
        pageExternalId: pageId,
        postExternalId: v.post_id,
        externalId: v.comment_id,
        parentExternalId: v.parent_id && v.parent_id !== v.post_id ? v.parent_id : null,
        authorExternalId: v.from?.id ?? null,
        authorName: v.from?.name ?? null,
        text: v.message ?? '',
        verb,
        createdAt,
      },
    ];
  }
  if (v.item === 'reaction' && v.post_id && v.from) {
    const verb = (['add', 'edited', 'remove'] as const).find((x) => x === v.verb);
    if (!verb) return [];
    return [
      {
        kind: 'reaction',
        channel,
        pageExternalId: pageId,
        postExternalId: v.post_id,
        commentExternalId: v.comment_id ?? null,
        reactorExternalId: v.from.id,
        reactorName: v.from.name ?? null,
        reactionType: v.reaction_type ?? 'like',
        verb,
        createdAt,
      },
    ];
  }
  return [];
}

function instagramCommentEvents(pageId: string, raw: unknown): MetaEvent[] {
  const parsed = instagramCommentSchema.safeParse(raw);
  if (!parsed.success || !parsed.data.media) return [];
  const c = parsed.data;
  return [
    {
      kind: 'comment',
      channel: 'instagram',
      pageExternalId: pageId,
      postExternalId: c.media!.id,
      externalId: c.id,
      parentExternalId: c.parent_id ?? null,
      authorExternalId: c.from?.id ?? null,
      authorName: c.from?.username ?? null,
      text: c.text ?? '',
      verb: 'add',
      createdAt: new Date(),
    },
  ];
}

/** The events of one delivery, in the order Meta listed them; throws on a body that is not a Meta delivery. */
export function eventsOfDelivery(body: string): MetaEvent[] {
  const delivery = metaDeliverySchema.parse(JSON.parse(body));
  const channel: MetaChannel = delivery.object === 'instagram' ? 'instagram' : 'facebook';
  if (delivery.object !== 'page' && delivery.object !== 'instagram') return [];
  return delivery.entry.flatMap((entry) => [
    ...(entry.messaging ?? []).flatMap((e) => messagingEvents(channel, entry.id, e)),
    ...(entry.changes ?? []).flatMap((c) =>
      c.field === 'feed'
        ? feedEvents(channel, entry.id, c.value)
        : c.field === 'comments' && channel === 'instagram'
          ? instagramCommentEvents(entry.id, c.value)
          : [],
    ),
  ]);
}
