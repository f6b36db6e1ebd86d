import { z } from 'zod';
import type { Db } from '../../db/client';
import { actingOf } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { xlsxFile } from '../../platform/openapi';
import { accessTokenFromQuery, sendWorkbook } from '../statistics/excel';
import { pagesWorkbook } from './analytics';
import { companyMembers, unreadConversationTotal, type Scope } from './conversations.repository';
import { MESSAGE_WRITERS, managers, readers, scopeOf } from './scope';
import { listPages, locationOfCompany, updatePage, type PageWithCounts } from './pages.repository';
import { unreadCommentScoped } from './posts.repository';
import { infoResponse, idParams, pageSchema, pagesResponse, pageUpdateBody, type PageDto } from './schemas';
import { findTags } from './tags.repository';

const tags = ['messaging'];

export function pageDto(p: PageWithCounts): PageDto {
  return {
    id: p.id,
    provider: p.provider as PageDto['provider'],
    externalId: p.externalId,
    name: p.name,
    picture: p.picture,
    locationId: p.locationId,
    locationName: p.locationName,
    enabled: p.enabled,
    connectionState: p.connectionState as PageDto['connectionState'],
    lastError: p.lastError,
    lastErrorAt: p.lastErrorAt?.toISOString() ?? null,
    conversations: p.conversations,
    unread: p.unread,
  };
}

async function requirePage(db: Db, scope: Scope, id: number): Promise<PageDto> {
  const [page] = await listPages(db, scope, id);
  if (!page) throw notFound('Page not found');
  return pageDto(page);
}

/** What the inbox's filters and the menu need at once (spec 000: Analytics and Pages show only with pages). */
async function info(db: Db, scope: Scope) {
  const [pages, tagList, members, unreadTotalCount, commentsUnreadTotalCount] = await Promise.all([
    listPages(db, scope),
    findTags(db, scope.companyId),
    companyMembers(db, scope.companyId),
    unreadConversationTotal(db, scope),
    unreadCommentScoped(db, scope),
  ]);
  const writers: readonly string[] = MESSAGE_WRITERS;
  return {
    hasPages: pages.length > 0,
    pages: pages.map(pageDto),
    channels: [...new Set(pages.map((p) => p.provider))],
    tags: tagList,
    assignees: members
      .filter((m) => writers.includes(m.role))
      .map((m) => ({ id: m.id, name: [m.firstName, m.lastName].filter(Boolean).join(' ') || m.email, role: m.role })),
    unreadTotalCount,
    commentsUnreadTotalCount,
  };
}

/** Message pages (spec 001 section 7, "Pages") and the inbox's info. */
export function pageRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;
  const list = async (scope: Scope) => ({ items: (await listPages(db, scope)).map(pageDto) });

  for (const url of ['/v2/api/pages', '/v2/api/conversations/pages'])
    app.get(
      url,
      {
        config: { access: readers },
        schema: {
          tags,
          summary:
            'The message pages the user sees (Facebook pages, Instagram accounts, Google locations) with connection state, location, conversations and unread messages',
          response: { 200: pagesResponse },
        },
      },
      async (request) => list(scopeOf(actingOf(request))),
    );

  app.get(
    '/v2/api/conversations/info',
    {
      config: { access: readers },
      schema: {
        tags,
        summary: 'What the Messages screens need at once: pages, channels, tags, assignable members and unread totals',
        response: { 200: infoResponse },
      },
    },
    async (request) => info(db, scopeOf(actingOf(request))),
  );

  app.get(
    '/v2/api/pages/export',
    {
      config: { access: readers },
      onRequest: accessTokenFromQuery,
      schema: {
        tags,
        summary: 'Excel export "pages": the message pages with state and counts; accepts access_token in the query',
        querystring: z.object({ access_token: z.string().optional() }),
        response: xlsxFile,
      },
    },
    async (request, reply) => sendWorkbook(reply, 'pages.xlsx', await pagesWorkbook(db, scopeOf(actingOf(request)))),
  );

  app.get(
    '/v2/api/pages/:id',
    {
      config: { access: readers },
      schema: { tags, summary: 'One message page', params: idParams, response: { 200: pageSchema } },
    },
    async (request) => requirePage(db, scopeOf(actingOf(request)), request.params.id),
  );

  app.patch(
    '/v2/api/pages/update/:id',
    {
      config: { access: managers, writes: 'none' },
      schema: {
        tags,
        summary:
          "Change a page: turn it on or off, tie it to one of the company's locations (its conversations and posts follow), rename it",
        params: idParams,
        body: pageUpdateBody,
        response: { 200: pageSchema },
      },
    },
    async (request) => {
      const scope = scopeOf(actingOf(request));
      const { id } = request.params;
      await requirePage(db, scope, id);
      const { locationId } = request.body;
      if (
        locationId !== undefined &&
        locationId !== null &&
        (!(await locationOfCompany(db, scope.companyId, locationId)) ||
          (scope.locationIds !== null && !scope.locationIds.includes(locationId)))
      )
        throw badRequest('Choose one of your locations', [
          { field: 'locationId', message: 'Choose one of your locations' },
        ]);
      await updatePage(db, scope, id, request.body);
      return requirePage(db, { ...scope, locationIds: null }, id);
    },
  );
}
