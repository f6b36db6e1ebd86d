import { actingOf } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { conflict, notFound } from '../../platform/errors';
import type { Db } from '../../db/client';
import { requireConversation } from './conversations.service';
import { managers, readers, scopeOf, writers } from './scope';
import {
  conversationTagBody,
  conversationTagsQuery,
  conversationTagsResponse,
  conversationTagsUpdate,
  idParams,
  tagBody,
  tagSchema,
  tagsResponse,
  tagUpdateBody,
} from './schemas';
import {
  addConversationTag,
  deleteTag,
  findTag,
  findTagByName,
  findTags,
  insertTag,
  removeConversationTag,
  replaceConversationTags,
  tagsOfConversation,
  updateTag,
} from './tags.repository';
import type { Scope } from './conversations.repository';

const tags = ['messaging'];

async function requireTag(db: Db, companyId: number, id: number) {
  const tag = await findTag(db, companyId, id);
  if (!tag) throw notFound('Tag not found');
  return tag;
}

async function uniqueName(db: Db, companyId: number, name: string, id?: number) {
  const same = await findTagByName(db, companyId, name);
  if (same && same.id !== id) throw conflict(`A tag named ${name} already exists`);
}

async function conversationTagsOf(db: Db, scope: Scope, conversationId: number) {
  await requireConversation(db, scope, conversationId);
  return { conversationId, items: await tagsOfConversation(db, scope.companyId, conversationId) };
}

/**
 * Tags (a company's conversation labels) and "tagsmessage" (a tag put on a conversation): spec 001
 * section 7 lists POST get/create/delete and PATCH update for both.
 */
export function tagRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;

  app.post(
    '/v2/api/tags/get',
    {
      config: { access: readers, writes: 'none' },
      schema: { tags, summary: "The company's conversation tags", response: { 200: tagsResponse } },
    },
    async (request) => ({ items: await findTags(db, scopeOf(actingOf(request)).companyId) }),
  );

  app.post(
    '/v2/api/tags/create',
    {
      config: { access: managers, writes: 'none' },
      schema: { tags, summary: 'Create a conversation tag', body: tagBody, response: { 200: tagSchema } },
    },
    async (request) => {
      const { companyId } = scopeOf(actingOf(request));
      await uniqueName(db, companyId, request.body.name);
      return insertTag(db, companyId, request.body);
    },
  );

  app.patch(
    '/v2/api/tags/update/:id',
    {
      config: { access: managers, writes: 'none' },
      schema: {
        tags,
        summary: 'Rename or recolour a conversation tag',
        params: idParams,
        body: tagUpdateBody,
        response: { 200: tagSchema },
      },
    },
    async (request) => {
      const { companyId } = scopeOf(actingOf(request));
      await requireTag(db, companyId, request.params.id);
      if (request.body.name) await uniqueName(db, companyId, request.body.name, request.params.id);
      return (await updateTag(db, companyId, request.params.id, request.body))!;
    },
  );

  app.post(
    '/v2/api/tags/delete/:id',
    {
      config: { access: managers, writes: 'none' },
      schema: {
        tags,
        summary: 'Delete a conversation tag (it leaves every conversation)',
        params: idParams,
        response: { 200: tagsResponse },
      },
    },
    async (request) => {
      const { companyId } = scopeOf(actingOf(request));
      if (!(await deleteTag(db, companyId, request.params.id))) throw notFound('Tag not found');
      return { items: await findTags(db, companyId) };
    },
  );

  app.post(
    '/v2/api/tagsmessage/get',
    {
      config: { access: readers, writes: 'none' },
      schema: {
        tags,
        summary: 'The tags on a conversation',
        body: conversationTagsQuery,
        response: { 200: conversationTagsResponse },
      },
    },
    async (request) => conversationTagsOf(db, scopeOf(actingOf(request)), request.body.conversationId),
  );

  app.post(
    '/v2/api/tagsmessage/create',
    {
      config: { access: writers, writes: 'none' },
      schema: {
        tags,
        summary: 'Put a tag on a conversation',
        body: conversationTagBody,
        response: { 200: conversationTagsResponse },
      },
    },
    async (request) => {
      const scope = scopeOf(actingOf(request));
      const { conversationId, tagId } = request.body;
      await requireConversation(db, scope, conversationId);
      await requireTag(db, scope.companyId, tagId);
      await addConversationTag(db, scope.companyId, conversationId, tagId);
      return conversationTagsOf(db, scope, conversationId);
    },
  );

  app.patch(
    '/v2/api/tagsmessage/update/:id',
    {
      config: { access: writers, writes: 'none' },
      schema: {
        tags,
        summary: 'Set the tags of conversation {id} to exactly tagIds',
        params: idParams,
        body: conversationTagsUpdate,
        response: { 200: conversationTagsResponse },
      },
    },
    async (request) => {
      const scope = scopeOf(actingOf(request));
      await requireConversation(db, scope, request.params.id);
      if (!(await replaceConversationTags(db, scope.companyId, request.params.id, request.body.tagIds)))
        throw notFound('Tag not found');
      return conversationTagsOf(db, scope, request.params.id);
    },
  );

  app.post(
    '/v2/api/tagsmessage/delete',
    {
      config: { access: writers, writes: 'none' },
      schema: {
        tags,
        summary: 'Take a tag off a conversation',
        body: conversationTagBody,
        response: { 200: conversationTagsResponse },
      },
    },
    async (request) => {
      const scope = scopeOf(actingOf(request));
      const { conversationId, tagId } = request.body;
      await requireConversation(db, scope, conversationId);
      await requireTag(db, scope.companyId, tagId);
      await removeConversationTag(db, scope.companyId, conversationId, tagId);
      return conversationTagsOf(db, scope, conversationId);
    },
  );
}
