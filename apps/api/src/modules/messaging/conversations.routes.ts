import { actingOf } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import {
  counts,
  inbox,
  retryMessage,
  sendMessage,
  thread,
  toggleRead,
  updateConversation,
} from './conversations.service';
import { unreadConversationTotal } from './conversations.repository';
import { scopeOf, readers, writers } from './scope';
import {
  conversationPatch,
  conversationSchema,
  countResponse,
  idParams,
  inboxBody,
  inboxResponse,
  readBody,
  readResponse,
  sendBody,
  sendResponse,
  threadQuery,
  threadResponse,
  totalSchema,
} from './schemas';

const tags = ['messaging'];

/** The inbox and the conversation thread (spec 001 section 7, "Conversations"). */
export function conversationRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;

  app.post(
    '/v2/api/conversations',
    {
      config: { access: readers, writes: 'none' },
      schema: {
        tags,
        summary:
          'A page of conversations, newest activity first, with filters (page, channel, tag, read state, assignee, search in names and messages); the client appends when skip is not 0 and replaces otherwise',
        body: inboxBody,
        response: { 200: inboxResponse },
      },
    },
    async (request) => inbox(db, scopeOf(actingOf(request)), request.body),
  );

  app.get(
    '/v2/api/conversations/unreadTotalCount',
    {
      config: { access: readers },
      schema: { tags, summary: 'Unread messages of the conversations the user sees', response: { 200: totalSchema } },
    },
    async (request) => ({ unreadTotalCount: await unreadConversationTotal(db, scopeOf(actingOf(request))) }),
  );

  app.get(
    '/v2/api/conversations/count/:id',
    {
      config: { access: readers },
      schema: {
        tags,
        summary:
          'Conversation counts of the company {id} (the acting company): conversations, unread ones, unread messages and comments, and the Messages badge (their sum)',
        params: idParams,
        response: { 200: countResponse },
      },
    },
    async (request) => counts(db, scopeOf(actingOf(request)), request.params.id),
  );

  app.patch(
    '/v2/api/conversations/:id',
    {
      config: { access: writers, writes: 'none' },
      schema: {
        tags,
        summary:
          'Change a conversation: assign it to a team member (null: nobody), set its tags, mark it read or unread',
        params: idParams,
        body: conversationPatch,
        response: { 200: conversationSchema },
      },
    },
    async (request) => updateConversation(deps, scopeOf(actingOf(request)), request.params.id, request.body),
  );

  app.patch(
    '/v2/api/conversationsread/:id',
    {
      config: { access: writers, writes: 'none' },
      schema: {
        tags,
        summary:
          'Mark a conversation read (unreadCount 0) or unread (at least 1); answers the conversation and the new unreadTotalCount, which is also pushed on the count channel',
        params: idParams,
        body: readBody,
        response: { 200: readResponse },
      },
    },
    async (request) => toggleRead(deps, scopeOf(actingOf(request)), request.params.id, request.body.isRead),
  );

  app.post(
    '/v2/api/conversations/read/:id',
    {
      config: { access: writers, writes: 'none' },
      schema: {
        tags,
        summary: 'Mark a conversation read (opening it); answers like conversationsread',
        params: idParams,
        response: { 200: readResponse },
      },
    },
    async (request) => toggleRead(deps, scopeOf(actingOf(request)), request.params.id, true),
  );

  app.get(
    '/v2/api/conversations/messages/:id',
    {
      config: { access: readers },
      schema: {
        tags,
        summary:
          'The messages of conversation {id}, oldest first (the latest `limit`; `before` a message id pages back), with the conversation',
        params: idParams,
        querystring: threadQuery,
        response: { 200: threadResponse },
      },
    },
    async (request) =>
      thread(db, scopeOf(actingOf(request)), request.params.id, request.query.before, request.query.limit),
  );

  app.patch(
    '/v2/api/conversations/messages/:id',
    {
      config: { access: writers, writes: 'none' },
      schema: {
        tags,
        summary:
          "Send a message in conversation {id} (message, sentAt, type 'outbound', attachmentType and attachmentUrl): stored as 'sending' and queued; refused with 422 when Meta's 24-hour reply window is closed",
        params: idParams,
        body: sendBody,
        response: { 200: sendResponse },
      },
    },
    async (request) => sendMessage(deps, scopeOf(actingOf(request)), request.params.id, request.body),
  );

  app.post(
    '/v2/api/conversations/messages/retry/:id',
    {
      config: { access: writers, writes: 'none' },
      schema: {
        tags,
        summary: 'Send a failed message {id} again, as it was typed',
        params: idParams,
        response: { 200: sendResponse },
      },
    },
    async (request) => retryMessage(deps, scopeOf(actingOf(request)), request.params.id),
  );
}
