import { idSchema } from '@reputo/core';
import { z } from 'zod';

/**
 * The wire shapes of the Messages area (spec 001 section 7). Field names the spec shows are kept:
 * conversation `id, isRead, unreadCount`, lists with `unreadTotalCount`; message `type, sentAt,
 * message, attachmentType`; social post `postId, id, unreadCount`; pages as `items`.
 */

export const PROVIDERS = ['facebook', 'instagram', 'google', 'twitter'] as const;
export type Provider = (typeof PROVIDERS)[number];
export const CONNECTION_STATES = ['connected', 'reconnect_needed', 'not_connected'] as const;
export const MESSAGE_TYPES = ['inbound', 'outbound'] as const;
export const DELIVERY_STATES = ['sending', 'sent', 'delivered', 'read', 'failed'] as const;
export const ATTACHMENT_TYPES = ['image', 'video', 'audio', 'file'] as const;
export const REACTION_TYPES = ['like', 'love', 'haha', 'wow', 'sad', 'angry', 'care'] as const;
export type ReactionType = (typeof REACTION_TYPES)[number];

/** Longest message Messenger accepts (2,000 characters); Instagram and Google take less or the same. */
export const MESSAGE_MAX_LENGTH = 2000;
/** Longest comment reply we send (Facebook allows 8,000). */
export const COMMENT_MAX_LENGTH = 8000;
/** Meta's standard messaging window: a page may answer within 24 hours of the customer's last message. */
export const REPLY_WINDOW_MS = 24 * 3600 * 1000;
export const INBOX_PAGE_SIZE = 20;

export const idParams = z.object({ id: idSchema() });
const iso = z.string();

export const tagSchema = z.object({ id: z.number(), name: z.string(), color: z.string() });
export type TagDto = z.infer<typeof tagSchema>;

export const conversationSchema = z.object({
  id: z.number(),
  pageId: z.number().nullable(),
  pageName: z.string().nullable(),
  channel: z.string(),
  locationId: z.number().nullable(),
  customerExternalId: z.string().nullable(),
  customerName: z.string(),
  customerPicture: z.string().nullable(),
  lastMessage: z.string().nullable(),
  lastMessageAt: iso,
  lastInboundAt: iso.nullable(),
  /** False when Meta's 24-hour window is closed (Facebook and Instagram): sending is refused then. */
  replyWindowOpen: z.boolean(),
  isRead: z.boolean(),
  unreadCount: z.number(),
  assigneeId: z.number().nullable(),
  assigneeName: z.string().nullable(),
  tags: z.array(tagSchema),
});
export type ConversationDto = z.infer<typeof conversationSchema>;

export const messageSchema = z.object({
  id: z.number(),
  conversationId: z.number(),
  externalId: z.string().nullable(),
  type: z.enum(MESSAGE_TYPES),
  sentAt: iso,
  message: z.string().nullable(),
  attachmentType: z.string().nullable(),
  attachmentUrl: z.string().nullable(),
  deliveryState: z.enum(DELIVERY_STATES),
  failureReason: z.string().nullable(),
  authorUserId: z.number().nullable(),
  authorName: z.string().nullable(),
});
export type MessageDto = z.infer<typeof messageSchema>;

const readFilter = z.enum(['all', 'read', 'unread'], { error: 'read must be all, read or unread' });
export const inboxBody = z
  .object({
    skip: z.number().int().min(0).max(1_000_000).default(0),
    limit: z.number().int().min(1).max(100).default(INBOX_PAGE_SIZE),
    pageId: idSchema().optional(),
    channel: z.enum(PROVIDERS, { error: `channel must be one of ${PROVIDERS.join(', ')}` }).optional(),
    tagId: idSchema().optional(),
    read: readFilter.default('all'),
    /** A team member's id, 'me' or 'none' (unassigned). */
    assignee: z.union([idSchema(), z.enum(['me', 'none'])]).optional(),
    /** Words of the customer's name or of the messages. */
    search: z.string().trim().max(200).optional(),
  })
  .default({ skip: 0, limit: INBOX_PAGE_SIZE, read: 'all' });
export type InboxFilter = z.infer<typeof inboxBody>;

export const inboxResponse = z.object({
  conversations: z.array(conversationSchema),
  /** The skip this page was read from: the client appends when it is not 0 and replaces otherwise. */
  skip: z.number(),
  hasMore: z.boolean(),
  unreadTotalCount: z.number(),
});

export const conversationPatch = z.object({
  assigneeId: idSchema().nullable().optional(),
  tagIds: z.array(idSchema()).max(50).optional(),
  isRead: z.boolean({ error: 'isRead must be true or false' }).optional(),
});
export const readBody = z.object({ isRead: z.boolean({ error: 'isRead must be true or false' }) });
export const readResponse = z.object({
  updatedConversations: z.array(conversationSchema),
  unreadTotalCount: z.number(),
});
export const totalSchema = z.object({ unreadTotalCount: z.number() });
export const countResponse = z.object({
  conversations: z.number(),
  unreadConversations: z.number(),
  unreadTotalCount: z.number(),
  commentsUnreadTotalCount: z.number(),
  /** What the Messages badge shows: unread messages plus unread comments. */
  badge: z.number(),
});

export const threadQuery = z.object({
  /** Messages older than this message id (loading earlier messages). */
  before: idSchema().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export const threadResponse = z.object({
  conversation: conversationSchema,
  messages: z.array(messageSchema),
  hasMore: z.boolean(),
});

export const sendBody = z
  .object({
    message: z.string().max(MESSAGE_MAX_LENGTH, `A message can be at most ${MESSAGE_MAX_LENGTH} characters`).optional(),
    /** The client's time of writing; the server stores its own time (a client clock cannot reorder a thread). */
    sentAt: z.string().optional(),
    type: z
      .literal('outbound', { error: 'type must be outbound: the team sends outbound messages' })
      .default('outbound'),
    attachmentType: z
      .enum(ATTACHMENT_TYPES, { error: `attachmentType must be one of ${ATTACHMENT_TYPES.join(', ')}` })
      .optional(),
    attachmentUrl: z.url({ error: 'attachmentUrl must be an http(s) address' }).max(2000).optional(),
  })
  .superRefine((b, c) => {
    if (!b.message?.trim() && !b.attachmentUrl)
      c.addIssue({ code: 'custom', path: ['message'], message: 'Write a message or attach a file' });
    if (b.attachmentUrl && !b.attachmentType)
      c.addIssue({
        code: 'custom',
        path: ['attachmentType'],
        message: 'attachmentType is required with an attachment',
      });
    if (b.attachmentUrl && !/^https?:\/\//i.test(b.attachmentUrl))
      c.addIssue({ code: 'custom', path: ['attachmentUrl'], message: 'attachmentUrl must be an http(s) address' });
  });
export const sendResponse = z.object({ message: messageSchema, conversation: conversationSchema });

// ---------------------------------------------------------------------------------------------
// Posts, comments, reactions

export const socialPostSchema = z.object({
  id: z.number(),
  postId: z.string(),
  pageId: z.number().nullable(),
  pageName: z.string().nullable(),
  channel: z.string(),
  locationId: z.number().nullable(),
  message: z.string().nullable(),
  mediaUrl: z.string().nullable(),
  permalink: z.string().nullable(),
  postedAt: iso,
  lastCommentAt: iso.nullable(),
  unreadCount: z.number(),
  comments: z.number(),
  reactions: z.number(),
});
export const postsBody = z
  .object({
    skip: z.number().int().min(0).max(1_000_000).default(0),
    limit: z.number().int().min(1).max(100).default(INBOX_PAGE_SIZE),
    pageId: idSchema().optional(),
    channel: z.enum(PROVIDERS).optional(),
  })
  .default({ skip: 0, limit: INBOX_PAGE_SIZE });
export const postsResponse = z.object({
  posts: z.array(socialPostSchema),
  skip: z.number(),
  hasMore: z.boolean(),
  total: z.number(),
  unreadTotalCount: z.number(),
});
export const commentSchema = z.object({
  id: z.number(),
  postId: z.number(),
  parentId: z.number().nullable(),
  externalId: z.string().nullable(),
  authorExternalId: z.string().nullable(),
  authorName: z.string(),
  text: z.string(),
  fromPage: z.boolean(),
  deliveryState: z.string().nullable(),
  failureReason: z.string().nullable(),
  hidden: z.boolean(),
  hidePending: z.boolean(),
  repliedAt: iso.nullable(),
  isRead: z.boolean(),
  createdAt: iso,
  reactions: z.record(z.string(), z.number()),
});
export type CommentDto = z.infer<typeof commentSchema>;
export const reactionSummary = z.record(z.string(), z.number());
export const postDetailResponse = z.object({
  post: socialPostSchema,
  comments: z.array(commentSchema),
  reactions: reactionSummary,
});
export const postUpdateBody = z.object({ removed: z.boolean().default(true) }).default({ removed: true });
export const updateCountBody = z.object({
  postId: z.string().min(1).max(200),
  /** The unread comments left: 0 marks them all read (the only value the web sends). */
  unreadCount: z.literal(0).default(0),
});
export const updateCountResponse = z.object({
  postId: z.string(),
  unreadCount: z.number(),
  unreadTotalCount: z.number(),
});
export const commentsBody = z.object({
  postId: idSchema(),
  skip: z.number().int().min(0).max(1_000_000).default(0),
  limit: z.number().int().min(1).max(200).default(50),
});
export const commentsResponse = z.object({ comments: z.array(commentSchema), skip: z.number(), hasMore: z.boolean() });
export const reactionsBody = z.object({
  postId: idSchema(),
  commentId: idSchema().optional(),
  skip: z.number().int().min(0).max(1_000_000).default(0),
  limit: z.number().int().min(1).max(200).default(50),
});
export const reactionSchema = z.object({
  id: z.number(),
  postId: z.number(),
  commentId: z.number().nullable(),
  reactorExternalId: z.string(),
  reactorName: z.string().nullable(),
  type: z.string(),
  createdAt: iso,
});
export const reactionsResponse = z.object({
  reactions: z.array(reactionSchema),
  summary: reactionSummary,
  total: z.number(),
  skip: z.number(),
  hasMore: z.boolean(),
});
export const replyBody = z.object({
  text: z
    .string({ error: 'Write a reply' })
    .trim()
    .min(1, 'Write a reply')
    .max(COMMENT_MAX_LENGTH, `A reply can be at most ${COMMENT_MAX_LENGTH} characters`),
});
export const hideBody = z.object({ hidden: z.boolean({ error: 'hidden must be true or false' }) });

// ---------------------------------------------------------------------------------------------
// Pages

export const pageSchema = z.object({
  id: z.number(),
  provider: z.enum(PROVIDERS),
  externalId: z.string(),
  name: z.string(),
  picture: z.string().nullable(),
  locationId: z.number().nullable(),
  locationName: z.string().nullable(),
  enabled: z.boolean(),
  connectionState: z.enum(CONNECTION_STATES),
  lastError: z.string().nullable(),
  lastErrorAt: iso.nullable(),
  conversations: z.number(),
  unread: z.number(),
});
export type PageDto = z.infer<typeof pageSchema>;
export const pagesResponse = z.object({ items: z.array(pageSchema) });
export const pageUpdateBody = z.object({
  enabled: z.boolean().optional(),
  locationId: idSchema().nullable().optional(),
  name: z.string().trim().min(1, 'The page name cannot be empty').max(200).optional(),
});

export const infoResponse = z.object({
  /** The user has pages to see: the web shows Analytics and Pages in the menu only then (spec 000). */
  hasPages: z.boolean(),
  pages: z.array(pageSchema),
  channels: z.array(z.string()),
  tags: z.array(tagSchema),
  assignees: z.array(z.object({ id: z.number(), name: z.string(), role: z.string() })),
  unreadTotalCount: z.number(),
  commentsUnreadTotalCount: z.number(),
});

// ---------------------------------------------------------------------------------------------
// Tags

export const tagBody = z.object({
  name: z
    .string({ error: 'The tag name is required' })
    .trim()
    .min(1, 'The tag name is required')
    .max(60, 'A tag name can be at most 60 characters'),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'color must be a colour like #4F46E5')
    .default('#4F46E5'),
});
export const tagUpdateBody = tagBody.partial();
export const tagsResponse = z.object({ items: z.array(tagSchema) });
export const conversationTagBody = z.object({ conversationId: idSchema(), tagId: idSchema() });
export const conversationTagsQuery = z.object({ conversationId: idSchema() });
export const conversationTagsUpdate = z.object({ tagIds: z.array(idSchema()).max(50) });
export const conversationTagsResponse = z.object({ conversationId: z.number(), items: z.array(tagSchema) });

// ---------------------------------------------------------------------------------------------
// Analytics

export const analyticsQuery = z.object({
  date_from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'date_from must be a date like 2026-01-31')
    .optional(),
  date_to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'date_to must be a date like 2026-01-31')
    .optional(),
  pageId: idSchema().optional(),
  locationId: idSchema().optional(),
});
export type AnalyticsQuery = z.infer<typeof analyticsQuery>;
const breakdownRow = z.object({
  id: z.number().nullable(),
  name: z.string(),
  conversations: z.number(),
  inbound: z.number(),
  outbound: z.number(),
  responseRate: z.number().nullable(),
  firstResponseMedianSeconds: z.number().nullable(),
});
export const analyticsResponse = z.object({
  date_from: z.string(),
  date_to: z.string(),
  totals: z.object({
    conversations: z.number(),
    inbound: z.number(),
    outbound: z.number(),
    /** Share of conversations with an inbound message in the period that got an answer, in percent. */
    responseRate: z.number().nullable(),
    firstResponseMedianSeconds: z.number().nullable(),
    firstResponseP90Seconds: z.number().nullable(),
  }),
  volume: z.array(z.object({ date: z.string(), channel: z.string(), inbound: z.number(), outbound: z.number() })),
  /** Inbound messages by weekday (0 = Sunday) and hour, in UTC. */
  heatmap: z.array(z.object({ weekday: z.number(), hour: z.number(), count: z.number() })),
  pages: z.array(breakdownRow),
  locations: z.array(breakdownRow),
});
export type AnalyticsDto = z.infer<typeof analyticsResponse>;
