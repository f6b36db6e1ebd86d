import { idSchema, type UiLanguage } from '@reputo/core';
import { z } from 'zod';
import { access, actingOf } from '../../platform/access';
import { scopeCompanyId } from '../../platform/companyScope';
import type { App, AppDeps } from '../../platform/deps';
import { notFound } from '../../platform/errors';
import { languageOf, reasonIn } from '../../platform/i18n';
import { jobQueueFor } from '../../platform/jobs';
import {
  accountConnection,
  companyConnections,
  companyLocations,
  deleteLocationConnection,
  deleteSourceConnections,
  locationIdsOf,
  removedCounts,
  type ConnectionRow,
} from './repository';
import {
  autoMap,
  completeAuthorization,
  mapPlace,
  offeredPlaces,
  SOURCE_TITLES,
  SOURCES,
  startAuthorization,
  stateCookie,
  stateCookieName,
  type OfferedPlace,
  type Source,
} from './service';
import { defineSyncJobs } from './jobs';
import { queueSync } from './syncQueue';

/**
 * Connections to review sources (spec 001 section 7 "Integrations", review sources only): OAuth with
 * Google and Facebook, mapping their locations and pages to ours, and the freshness of review sync.
 * See README.md in this folder for the semantics of each call.
 */
const tags = ['integrations'];
const ADMINS = ['owner', 'partner', 'master_admin'] as const;
const read = access.signedIn({ company: true });
const manage = access.roles(ADMINS, { company: true });

const iso = (d: Date | null) => d?.toISOString() ?? null;
const freshnessSchema = z.object({
  lastSyncAt: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  lastError: z.string().nullable(),
  nextSyncAt: z.string().nullable(),
});
const freshness = (c: ConnectionRow) => ({
  lastSyncAt: iso(c.lastSyncAt),
  lastErrorAt: iso(c.lastErrorAt),
  lastError: c.lastError,
  nextSyncAt: iso(c.nextSyncAt),
});

const statusEnum = z.enum(['not_connected', 'connected', 'reconnect_needed']);
const integrationSchema = z.object({
  source: z.enum(['google', 'facebook']),
  title: z.string(),
  status: statusEnum,
  statusReason: z.string().nullable(),
  accountName: z.string().nullable(),
  connectedAt: z.string().nullable(),
  mappedLocations: z.number(),
  lastSyncAt: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  lastError: z.string().nullable(),
  nextSyncAt: z.string().nullable(),
  /** Reviews from this source that sync found removed there (kept, filterable with removed=true on /reviews). */
  removedReviews: z.number(),
});

function integrationOf(source: Source, rows: ConnectionRow[], removed = 0, language: UiLanguage = 'en') {
  const account = rows.find((r) => r.locationId === 0);
  const mapped = rows.filter((r) => r.locationId !== 0);
  const latest = (pick: (r: ConnectionRow) => Date | null, how: 'max' | 'min') =>
    mapped
      .map(pick)
      .filter((d): d is Date => d !== null)
      .sort((a, b) => (how === 'max' ? b.getTime() - a.getTime() : a.getTime() - b.getTime()))[0] ?? null;
  const lastErrorRow = [...mapped].sort((a, b) => (b.lastErrorAt?.getTime() ?? 0) - (a.lastErrorAt?.getTime() ?? 0))[0];
  return {
    source,
    title: SOURCE_TITLES[source],
    status: (account?.status ?? (mapped.length ? 'connected' : 'not_connected')) as z.infer<typeof statusEnum>,
    statusReason: reasonIn(language, account?.statusReason),
    accountName: account?.accountName ?? null,
    connectedAt: iso(account?.createdAt ?? null),
    mappedLocations: mapped.length,
    lastSyncAt: iso(latest((r) => r.lastSyncAt, 'max')),
    lastErrorAt: iso(lastErrorRow?.lastErrorAt ?? null),
    lastError: lastErrorRow?.lastErrorAt ? lastErrorRow.lastError : null,
    nextSyncAt: iso(latest((r) => r.nextSyncAt, 'min')),
    removedReviews: removed,
  };
}

const placeSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  placeId: z.string().nullable(),
  /** Our location it is mapped to, if any. */
  locationId: z.number().nullable(),
});
const connectionStateSchema = z.object({
  status: statusEnum,
  statusReason: z.string().nullable(),
  accountName: z.string().nullable(),
  places: z.array(placeSchema),
});
const urlSchema = z.object({ url: z.string() });
const mappingBody = z.object({
  mappings: z
    .array(
      z.object({
        locationId: idSchema('locationId'),
        /** The Google location name (`accounts/{a}/locations/{l}`) or the Facebook page id; null unmaps. */
        id: z.string().min(1).max(300).nullable(),
      }),
    )
    .min(1)
    .max(1000),
});
const mappingResult = z.object({ mapped: z.number(), unmapped: z.number() });

export function integrationRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;
  const queue = jobQueueFor(deps);
  defineSyncJobs(queue, deps);

  async function connectionState(companyId: number, source: Source, language: UiLanguage) {
    const account = await accountConnection(db, companyId, source);
    if (!account) return { status: 'not_connected' as const, statusReason: null, accountName: null, places: [] };
    const rows = await companyConnections(db, companyId, source);
    const mappedTo = new Map(rows.filter((r) => r.locationId !== 0).map((r) => [r.account, r.locationId]));
    let places: OfferedPlace[] = [];
    if (account.status === 'connected') {
      try {
        places = await offeredPlaces(deps, companyId, source);
      } catch {
        // Shown through the status (reconnect needed) or the list's absence; the page stays usable.
      }
    }
    const fresh = await accountConnection(db, companyId, source);
    return {
      status: (fresh?.status ?? 'connected') as 'connected' | 'reconnect_needed',
      statusReason: reasonIn(language, fresh?.statusReason),
      accountName: fresh?.accountName ?? null,
      places: places.map((p) => ({
        id: p.id,
        name: p.name,
        address: p.address,
        placeId: p.placeId,
        locationId: mappedTo.get(p.id) ?? null,
      })),
    };
  }

  /** Manual mapping: each of our locations to one offered place (or none); ids of other tenants answer 404. */
  async function applyMappings(companyId: number, source: Source, mappings: z.infer<typeof mappingBody>['mappings']) {
    const ours = await locationIdsOf(db, companyId, [...new Set(mappings.map((m) => m.locationId))]);
    for (const m of mappings) if (!ours.has(m.locationId)) throw notFound('Location not found');
    const wanted = mappings.filter((m) => m.id !== null);
    const offered = wanted.length ? await offeredPlaces(deps, companyId, source) : [];
    for (const m of wanted)
      if (!offered.some((p) => p.id === m.id))
        throw notFound(source === 'google' ? 'Google location not found' : 'Facebook page not found');
    const rows = await companyConnections(db, companyId, source);
    let mapped = 0;
    let unmapped = 0;
    for (const m of mappings) {
      if (m.id === null) {
        await deleteLocationConnection(db, companyId, source, m.locationId);
        unmapped++;
        continue;
      }
      // A place is mapped to one location: taking it elsewhere frees its old location.
      for (const r of rows)
        if (r.locationId !== 0 && r.account === m.id && r.locationId !== m.locationId)
          await deleteLocationConnection(db, companyId, source, r.locationId);
      const row = await mapPlace(
        deps,
        companyId,
        source,
        m.locationId,
        offered.find((p) => p.id === m.id)!,
      );
      await queueSync(queue, db, row.id);
      mapped++;
    }
    return { mapped, unmapped };
  }

  app.get(
    '/v2/api/admin/integrations',
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'The review sources the company can connect, each with its state and sync freshness',
        response: { 200: z.object({ integrations: z.array(integrationSchema) }) },
      },
    },
    async (request) => {
      const companyId = scopeCompanyId(actingOf(request));
      const language = await languageOf(request);
      const [rows, removed] = await Promise.all([companyConnections(db, companyId), removedCounts(db, companyId)]);
      return {
        integrations: SOURCES.map((s) =>
          integrationOf(
            s,
            rows.filter((r) => r.source === s),
            removed.get(s) ?? 0,
            language,
          ),
        ),
      };
    },
  );

  app.get(
    '/v2/api/admin/connectedLocations',
    {
      config: { access: read },
      schema: {
        tags,
        summary:
          "The company's locations with, per source, the mapped Google location or Facebook page and its sync freshness",
        response: {
          200: z.object({
            locations: z.array(
              z.object({
                locationId: z.number(),
                title: z.string(),
                address: z.string().nullable(),
                google: freshnessSchema.extend({ id: z.string(), name: z.string().nullable() }).nullable(),
                facebook: freshnessSchema.extend({ id: z.string(), name: z.string().nullable() }).nullable(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const companyId = scopeCompanyId(actingOf(request));
      const rows = await companyConnections(db, companyId);
      const of = (locationId: number, source: Source) => {
        const r = rows.find((c) => c.locationId === locationId && c.source === source);
        return r ? { id: r.account, name: r.accountName, ...freshness(r) } : null;
      };
      return {
        locations: (await companyLocations(db, companyId)).map((l) => ({
          locationId: l.id,
          title: l.title,
          address: [l.address, l.city].filter(Boolean).join(', ') || null,
          google: of(l.id, 'google'),
          facebook: of(l.id, 'facebook'),
        })),
      };
    },
  );

  app.post(
    '/v2/api/admin/integrations/sync',
    {
      config: { access: manage, writes: 'none' },
      schema: {
        tags,
        summary: 'Sync now: queues a review sync of the mapped locations (of one source or location if given)',
        body: z
          .object({
            source: z.enum(['google', 'facebook']).optional(),
            locationId: idSchema('locationId').optional(),
          })
          .optional(),
        response: { 200: z.object({ queued: z.number() }) },
      },
    },
    async (request) => {
      const companyId = scopeCompanyId(actingOf(request));
      const { source, locationId } = request.body ?? {};
      if (locationId !== undefined && !(await locationIdsOf(db, companyId, [locationId])).has(locationId))
        throw notFound('Location not found');
      const rows = (await companyConnections(db, companyId, source)).filter(
        (r) => r.locationId !== 0 && (locationId === undefined || r.locationId === locationId),
      );
      let queued = 0;
      for (const r of rows) if (await queueSync(queue, db, r.id)) queued++;
      return { queued };
    },
  );

  /**
   * The four calls each source has, at the spec's paths: the connection's state with the places the
   * account offers, the consent address, mapping by hand, and disconnecting.
   */
  function sourceCalls(
    source: Source,
    paths: {
      state: ['GET' | 'POST', string];
      url: ['GET' | 'POST', string];
      mapping: string;
      disconnect: string;
    },
  ) {
    const title = SOURCE_TITLES[source];
    const place = source === 'google' ? 'Google locations' : 'Facebook pages';
    app.route({
      method: paths.state[0],
      url: paths.state[1],
      config: { access: manage, ...(paths.state[0] === 'POST' ? { writes: 'none' as const } : {}) },
      schema: {
        tags,
        summary: `The ${title} connection: its state and the account's ${place}, each with the location it is mapped to`,
        response: { 200: connectionStateSchema },
      },
      handler: async (request) => connectionState(scopeCompanyId(actingOf(request)), source, await languageOf(request)),
    });
    app.route({
      method: paths.url[0],
      url: paths.url[1],
      config: { access: manage, writes: 'none' },
      schema: {
        tags,
        summary: `Starts connecting ${title}: the consent page's address (OAuth with state and PKCE)`,
        response: { 200: urlSchema },
      },
      handler: async (request, reply) => {
        const ctx = actingOf(request);
        const { url, state } = await startAuthorization(deps, scopeCompanyId(ctx), ctx.actor.id, source);
        reply.header('set-cookie', stateCookie(deps, source, state));
        return { url };
      },
    });
    app.patch(
      paths.mapping,
      {
        config: { access: manage, writes: 'none' },
        schema: {
          tags,
          summary: `Map our locations to ${place} by hand (null unmaps); mapped ones are synced at once`,
          body: mappingBody,
          response: { 200: mappingResult },
        },
      },
      async (request) => applyMappings(scopeCompanyId(actingOf(request)), source, request.body.mappings),
    );
    app.delete(
      paths.disconnect,
      {
        config: { access: manage, writes: 'none' },
        schema: {
          tags,
          summary: `Disconnect ${title}: forgets the tokens and the mappings; imported reviews stay`,
          response: { 200: z.object({ removed: z.number() }) },
        },
      },
      async (request) => ({ removed: await deleteSourceConnections(db, scopeCompanyId(actingOf(request)), source) }),
    );
  }

  sourceCalls('google', {
    state: ['GET', '/v2/api/admin/googleOAuth'],
    url: ['GET', '/v2/api/googleOAuth/url'],
    mapping: '/v2/api/admin/googleOAuth',
    disconnect: '/v2/api/admin/googleOAuth',
  });
  sourceCalls('facebook', {
    state: ['POST', '/v2/api/facebook'],
    url: ['POST', '/v2/api/facebook/url'],
    mapping: '/v2/api/facebook/pageIds',
    disconnect: '/v2/api/facebook',
  });

  // ---- Google -----------------------------------------------------------------------------------

  app.get(
    '/v2/api/googleOAuth/accessInfo',
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'Whether the company has Google connected, for the reply and review screens',
        response: {
          200: z.object({
            connected: z.boolean(),
            status: statusEnum,
            accountName: z.string().nullable(),
            mappedLocations: z.number(),
          }),
        },
      },
    },
    async (request) => {
      const info = integrationOf(
        'google',
        await companyConnections(db, scopeCompanyId(actingOf(request)), 'google'),
        0,
        await languageOf(request),
      );
      return {
        connected: info.status === 'connected',
        status: info.status,
        accountName: info.accountName,
        mappedLocations: info.mappedLocations,
      };
    },
  );

  app.get(
    '/v2/api/oauth/callback/:source',
    {
      config: { access: access.public(), writes: 'none' },
      schema: {
        tags,
        summary:
          "The provider's redirect after consent: checks state, exchanges the code, maps locations, then returns to the settings page",
        params: z.object({ source: z.enum(['google', 'facebook']) }),
        querystring: z.object({
          code: z.string().max(4096).optional(),
          state: z.string().max(512).optional(),
          error: z.string().max(512).optional(),
          scope: z.string().max(4096).optional(),
        }),
        response: {
          200: z
            .object({ location: z.string() })
            .describe(
              'For a client that asks for JSON (Accept: application/json); a browser is redirected (302) there',
            ),
        },
      },
    },
    async (request, reply) => {
      const { source } = request.params;
      const params = new URLSearchParams(request.url.split('?')[1] ?? '');
      const cookie = (request.headers.cookie ?? '')
        .split(/;\s*/)
        .map((c) => c.split('='))
        .find(([name]) => name === stateCookieName(source))?.[1];
      const location = await completeAuthorization(deps, source, params, cookie);
      reply.header('set-cookie', stateCookie(deps, source, null));
      if ((request.headers.accept ?? '').includes('application/json')) return { location };
      return reply.redirect(location, 302);
    },
  );

  // ---- Facebook ---------------------------------------------------------------------------------

  app.post(
    '/v2/api/facebook/accounts',
    {
      config: { access: manage, writes: 'none' },
      schema: {
        tags,
        summary: 'The pages the connected Facebook user manages (read from Facebook now)',
        response: { 200: z.object({ pages: z.array(placeSchema) }) },
      },
    },
    async (request) => ({
      pages: (await connectionState(scopeCompanyId(actingOf(request)), 'facebook', await languageOf(request))).places,
    }),
  );

  app.post(
    '/v2/api/facebook/page',
    {
      config: { access: manage, writes: 'none' },
      schema: {
        tags,
        summary: 'One connected page: the location it is mapped to and its sync freshness',
        body: z.object({ pageId: z.string().min(1).max(100) }),
        response: {
          200: freshnessSchema.extend({ id: z.string(), name: z.string().nullable(), locationId: z.number() }),
        },
      },
    },
    async (request) => {
      const rows = await companyConnections(db, scopeCompanyId(actingOf(request)), 'facebook');
      const row = rows.find((r) => r.locationId !== 0 && r.account === request.body.pageId);
      if (!row) throw notFound('Facebook page not found');
      return { id: row.account, name: row.accountName, locationId: row.locationId, ...freshness(row) };
    },
  );

  app.post(
    '/v2/api/facebook/create',
    {
      config: { access: manage, writes: 'none' },
      schema: {
        tags,
        summary: 'Connect one page to one of our locations (the page must be one the connected user manages)',
        body: z.object({ pageId: z.string().min(1).max(100), locationId: idSchema('locationId') }),
        response: { 200: mappingResult },
      },
    },
    async (request) =>
      applyMappings(scopeCompanyId(actingOf(request)), 'facebook', [
        { locationId: request.body.locationId, id: request.body.pageId },
      ]),
  );

  app.post(
    '/v2/api/facebook/update',
    {
      config: { access: manage, writes: 'none' },
      schema: {
        tags,
        summary:
          "Reads the user's pages again: renews the page tokens and maps new pages automatically (manual mappings stay)",
        response: { 200: z.object({ mapped: z.number() }) },
      },
    },
    async (request) => {
      const companyId = scopeCompanyId(actingOf(request));
      if (!(await accountConnection(db, companyId, 'facebook'))) throw notFound('Facebook is not connected');
      return { mapped: await autoMap(deps, companyId, 'facebook') };
    },
  );
}
