import type { Feature, Role } from '@reputo/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ignoresOwnerAsCompany, readActingRequest, resolveActingContext, type ActingContext } from './acting';
import { describeWrites, requireDeclaredWrites, type DataKind } from './dataChanges';
import { requireEncodableResponses } from './responseSchemas';
import { ExpiredTokenError, forbidden, unauthorized } from './errors';
import { requestCompany, requestUser } from './identityCache';
import type { TokenSigner, AccessClaims } from './auth/tokens';
import type { Db } from '../db/client';
import { normalizeFeatures } from '@reputo/core';

/**
 * Every route declares who may call it. `public`: anyone. `user`: a signed-in user, optionally
 * limited to roles (the effective role after impersonation), to a feature of the acting company
 * (the Owner always passes), to requests that act inside a company, and open to iframe tokens.
 * `apiKey`: a server-to-server call of the public API with a company's accessToken or a partner's
 * apiKey (never a user's bearer token); every authenticated call is metered as free or paid usage.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'user'; roles?: readonly Role[]; feature?: Feature; company?: boolean; iframe?: boolean }
  | { kind: 'apiKey' };

export const access = {
  public: (): Access => ({ kind: 'public' }),
  signedIn: (opts: Omit<Extract<Access, { kind: 'user' }>, 'kind' | 'roles'> = {}): Access => ({
    kind: 'user',
    ...opts,
  }),
  roles: (roles: readonly Role[], opts: Omit<Extract<Access, { kind: 'user' }>, 'kind' | 'roles'> = {}): Access => ({
    kind: 'user',
    roles,
    ...opts,
  }),
  apiKey: (): Access => ({ kind: 'apiKey' }),
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    acting: ActingContext | null;
    /** The refresh-token family (session) the request's access token belongs to, when it names one. */
    sessionId: string | null;
  }
}

/** A short text for the route-permission listing test, e.g. `roles(owner,partner) company feature:messaging`. */
export function describeAccess(a: Access): string {
  if (a.kind === 'public') return 'public';
  if (a.kind === 'apiKey') return 'apiKey';
  const parts = [a.roles ? `roles(${a.roles.join(',')})` : 'signedIn'];
  if (a.company) parts.push('company');
  if (a.feature) parts.push(`feature:${a.feature}`);
  if (a.iframe) parts.push('iframe');
  return parts.join(' ');
}

/** The acting context of a route that declared a signed-in access; never null there. */
export function actingOf(request: FastifyRequest): ActingContext {
  if (!request.acting) throw unauthorized();
  return request.acting;
}

const API_PREFIXES = ['/v2/', '/v3/', '/api/'];

function isApiPath(url: string): boolean {
  return API_PREFIXES.some((p) => url.startsWith(p)) || url === '/version';
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

async function verifyOrThrow(signer: TokenSigner, token: string): Promise<AccessClaims> {
  const result = await signer.verify(token);
  if (result.ok) return result.claims;
  if (result.reason === 'expired') throw new ExpiredTokenError();
  throw unauthorized('The access token is not valid');
}

async function iframeContext(db: Db, claims: Extract<AccessClaims, { kind: 'iframe' }>): Promise<ActingContext> {
  const [issuer, company] = await Promise.all([requestUser(db, claims.userId), requestCompany(db, claims.companyId)]);
  if (!issuer || !company) throw unauthorized('The embed token is no longer valid');
  // An embed is read-only: it sees the company as an Analyst would, limited to the embed's locations.
  return {
    actor: issuer,
    user: issuer,
    role: 'analyst',
    companyId: company.id,
    partnerId: company.partnerId,
    company,
    features: normalizeFeatures(company.features),
    locationIds: claims.locations,
    via: 'iframe',
    iframe: { view: claims.view, locations: claims.locations },
    applied: [],
  };
}

async function authenticate(
  db: Db,
  signer: TokenSigner,
  request: FastifyRequest,
  a: Extract<Access, { kind: 'user' }>,
): Promise<ActingContext> {
  const bearer = bearerOf(request);
  const iframeHeader = request.headers['iframe-token'];
  const token = bearer ?? (typeof iframeHeader === 'string' && iframeHeader ? iframeHeader : null);
  if (!token) throw unauthorized();
  const claims = await verifyOrThrow(signer, token);
  if (claims.kind === 'iframe') {
    if (!a.iframe) throw forbidden('Route is not accessible in iframe mode');
    return iframeContext(db, claims);
  }
  const actor = await requestUser(db, claims.userId);
  if (!actor || actor.status !== 'active') throw unauthorized('The access token is not valid');
  // Issued before the password changed: answered as expired, so only a session whose refresh token still works goes on.
  if (actor.sessionsNotBefore && claims.issuedAtMs < actor.sessionsNotBefore.getTime()) throw new ExpiredTokenError();
  request.sessionId = claims.sessionId;
  const path = request.url.split('?')[0] ?? '';
  const wanted = readActingRequest(request.url, { ignoreOwnerAsCompany: ignoresOwnerAsCompany(path) });
  return resolveActingContext(db, actor, wanted);
}

function authorize(ctx: ActingContext, a: Extract<Access, { kind: 'user' }>): void {
  if (a.roles && !a.roles.includes(ctx.role)) throw forbidden('Your role does not allow this');
  if (a.company && ctx.companyId === null) throw forbidden('Choose a company to act as first');
  if (a.feature && ctx.role !== 'owner' && !ctx.features.includes(a.feature)) {
    throw forbidden(`The ${a.feature} feature is not enabled for this company`);
  }
}

/**
 * Authenticates a public-API call by its key and keeps its caller on the request, or throws; the
 * apiKeys module provides it (modules/apiKeys/metering.ts), so platform/ does not depend on it.
 */
export type ApiKeyCheck = (db: Db, request: FastifyRequest) => Promise<void>;

export interface RoutePermission {
  method: string;
  url: string;
  access: string;
  /** A cached route's declared reads and its query schema: the cache tests walk them. */
  reads?: readonly DataKind[];
  querystring?: unknown;
}

/** Every route registered after registerAccess, API or not, with its declared access (null: none). */
export interface RegisteredRoute {
  method: string;
  url: string;
  access: string | null;
}

/**
 * Installs the access check on every route and refuses to register an API route without a declared
 * access. Call it before any other plugin registers routes, so `routes` lists them all.
 */
export function registerAccess(
  app: FastifyInstance,
  deps: { db: Db; signer: TokenSigner; checkApiKey: ApiKeyCheck },
): { permissions: RoutePermission[]; routes: RegisteredRoute[] } {
  const permissions: RoutePermission[] = [];
  const routes: RegisteredRoute[] = [];
  app.decorateRequest('acting', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRoute', (route) => {
    const a = route.config?.access;
    const methods = [route.method].flat().filter((method) => method !== 'HEAD');
    for (const method of methods) routes.push({ method, url: route.url, access: a ? describeAccess(a) : null });
    if (!isApiPath(route.url)) return;
    if (!a) throw new Error(`Route ${String(route.method)} ${route.url} declares no access`);
    for (const method of methods) {
      requireDeclaredWrites(method, route.url, route.config?.writes);
      requireEncodableResponses(method, route.url, route.schema?.response);
      // What a write makes stale is listed with its access: a review of the diff sees it.
      permissions.push({
        method,
        url: route.url,
        access: `${describeAccess(a)}${describeWrites(route.config?.writes)}`,
        reads: route.config?.reads,
        querystring: route.schema?.querystring,
      });
    }
  });
  app.addHook('preHandler', async (request) => {
    const a = request.routeOptions.config?.access;
    if (!a || a.kind === 'public') return;
    if (a.kind === 'apiKey') {
      await deps.checkApiKey(deps.db, request);
      return;
    }
    const ctx = await authenticate(deps.db, deps.signer, request, a);
    // Kept before the check, so a refusal is answered in the signed-in user's language.
    request.acting = ctx;
    authorize(ctx, a);
  });
  return { permissions, routes };
}
