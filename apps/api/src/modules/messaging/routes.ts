import { z } from 'zod';
import { access, actingOf } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { COUNT_EVENT, countChannel, idSchema } from '@reputo/core';
import {
  listConversations,
  listSocialPosts,
  messagePages,
  setConversationRead,
  unreadCommentTotal,
  unreadConversationTotal,
  type ConversationRow,
  type SocialPostRow,
} from './repository';

const messaging = access.signedIn({ company: true, feature: 'messaging' });
const total = z.object({ unreadTotalCount: z.number() });
const PAGE_SIZE = 20;
const conversation = z.object({
  id: z.number(),
  channel: z.string(),
  pageId: z.number().nullable(),
  customerName: z.string(),
  lastMessage: z.string().nullable(),
  lastMessageAt: z.string(),
  isRead: z.boolean(),
  unreadCount: z.number(),
  locationId: z.number().nullable(),
});

const socialPost = z.object({
  id: z.number(),
  postId: z.string(),
  channel: z.string(),
  message: z.string().nullable(),
  postedAt: z.string(),
  unreadCount: z.number(),
});
const skipBody = z.object({ skip: z.number().int().min(0).default(0) }).default({ skip: 0 });

function socialPostView(p: SocialPostRow) {
  return {
    id: p.id,
    postId: p.postId,
    channel: p.channel,
    message: p.message,
    postedAt: p.postedAt.toISOString(),
    unreadCount: p.unreadCount,
  };
}

function conversationView(c: ConversationRow) {
  return {
    id: c.id,
    channel: c.channel,
    pageId: c.pageId,
    customerName: c.customerName,
    lastMessage: c.lastMessage,
    lastMessageAt: c.lastMessageAt.toISOString(),
    isRead: c.isRead,
    unreadCount: c.unreadCount,
    locationId: c.locationId,
  };
}

export function messagingRoutes(app: App, deps: AppDeps): void {
  app.get(
    '/v2/api/conversations/unreadTotalCount',
    {
      config: { access: messaging },
      schema: { tags: ['messaging'], summary: 'Unread messages of the acting company', response: { 200: total } },
    },
    async (request) => ({ unreadTotalCount: await unreadConversationTotal(deps.db, actingOf(request).companyId!) }),
  );

  app.get(
    '/v2/api/socialpost/unreadTotalCount',
    {
      config: { access: messaging },
      schema: {
        tags: ['messaging'],
        summary: 'Unread comments on social posts of the acting company',
        response: { 200: total },
      },
    },
    async (request) => ({ unreadTotalCount: await unreadCommentTotal(deps.db, actingOf(request).companyId!) }),
  );

  app.get(
    '/v2/api/pages',
    {
      config: { access: messaging },
      schema: {
        tags: ['messaging'],
        summary: 'Message pages with conversation and unread counts',
        response: {
          200: z.object({
            items: z.array(
              z.object({ pageId: z.string(), channel: z.string(), conversations: z.number(), unread: z.number() }),
            ),
          }),
        },
      },
    },
    async (request) => ({ items: await messagePages(deps.db, actingOf(request).companyId!) }),
  );

  app.post(
    '/v2/api/conversations',
    {
      config: { access: messaging, writes: 'none' },
      schema: {
        tags: ['messaging'],
        summary: 'A page of conversations, newest first; the client appends when skip is not 0',
        body: skipBody,
        response: {
          200: z.object({ conversations: z.array(conversation), total: z.number(), unreadTotalCount: z.number() }),
        },
      },
    },
    async (request) => {
      const companyId = actingOf(request).companyId!;
      const [{ rows, total }, unread] = await Promise.all([
        listConversations(deps.db, companyId, request.body.skip, PAGE_SIZE),
        unreadConversationTotal(deps.db, companyId),
      ]);
      return { conversations: rows.map(conversationView), total, unreadTotalCount: unread };
    },
  );

  app.post(
    '/v2/api/socialpost/get',
    {
      config: { access: messaging, writes: 'none' },
      schema: {
        tags: ['messaging'],
        summary:
          'A page of social posts, newest first, with unread comment counts; unreadTotalCount is what the Messages badge adds',
        body: skipBody,
        response: { 200: z.object({ posts: z.array(socialPost), total: z.number(), unreadTotalCount: z.number() }) },
      },
    },
    async (request) => {
      const companyId = actingOf(request).companyId!;
      const [{ rows, total }, unread] = await Promise.all([
        listSocialPosts(deps.db, companyId, request.body.skip, PAGE_SIZE),
        unreadCommentTotal(deps.db, companyId),
      ]);
      return { posts: rows.map(socialPostView), total, unreadTotalCount: unread };
    },
  );

  app.patch(
    '/v2/api/conversationsread/:id',
    {
      config: { access: messaging, writes: 'none' },
      schema: {
        tags: ['messaging'],
        summary: 'Mark a conversation read or unread; the new unread total is pushed on the count channel',
        params: z.object({ id: idSchema() }),
        body: z.object({ isRead: z.boolean({ error: 'isRead must be true or false' }) }),
        response: { 200: z.object({ updatedConversations: z.array(conversation), unreadTotalCount: z.number() }) },
      },
    },
    async (request) => {
      const companyId = actingOf(request).companyId!;
      const updated = await setConversationRead(deps.db, companyId, request.params.id, request.body.isRead);
      if (!updated) throw notFound('No such conversation');
      const unreadTotalCount = await unreadConversationTotal(deps.db, companyId);
      await deps.realtime.publish(countChannel(companyId), COUNT_EVENT, { kind: 'message', unreadTotalCount });
      return { updatedConversations: [conversationView(updated)], unreadTotalCount };
    },
  );
}
