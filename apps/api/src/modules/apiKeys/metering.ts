import { monthlyApiCredits, toIsoDate } from '@reputo/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { AppError, forbidden, unauthorized } from '../../platform/errors';
import { companiesOfKey, poolCallsSince, recordCall, resolveApiKey, type ResolvedKey } from './repository';

/** A caller of the public API, as the routes see it. */
export interface ApiClient extends ResolvedKey {
  /** The companies whose data this key may read. */
  companyIds: number[];
  /** Whether this call was counted as paid usage. */
  paid: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by checkApiKey on routes that declared `access.apiKey()`. */
    apiClient: ApiClient | null;
  }
}

/** Lets requests carry their public-API caller (before the access check is installed). */
export function useApiKeys(app: FastifyInstance): void {
  app.decorateRequest('apiClient', null);
}

/** The access check of `access.apiKey()` routes (platform/access.ts): authenticates and meters the call. */
export async function checkApiKey(db: Db, request: FastifyRequest): Promise<void> {
  request.apiClient = await authenticateApiKey(db, request.url, request.headers);
}

/** The caller of a route that declared `access.apiKey()`; never null there. */
export function apiClientOf(request: FastifyRequest): ApiClient {
  if (!request.apiClient) throw unauthorized('An API key is required');
  return request.apiClient;
}

export const API_KEY_HEADER = 'x-api-key';
const QUERY_NAMES = ['accessToken', 'apiKey'];

/** The key from the `x-api-key` header, or the `accessToken` / `apiKey` query parameter. */
export function presentedKey(url: string, headers: Record<string, string | string[] | undefined>): string | null {
  const header = headers[API_KEY_HEADER];
  if (typeof header === 'string' && header.trim()) return header.trim();
  const query = new URLSearchParams(url.split('?')[1] ?? '');
  for (const name of QUERY_NAMES) {
    const v = query.get(name);
    if (v) return v;
  }
  return null;
}

/**
 * Counts one call as free while the pool's calls this calendar month (UTC) are within its package's
 * monthly credits, and as paid beyond. Two calls racing at the boundary may both count as free;
 * billing tolerates that one-call slack rather than serialising every call.
 */
export async function meterCall(db: Db, key: ResolvedKey, now = new Date()): Promise<boolean> {
  const day = toIsoDate(now);
  const used = await poolCallsSince(db, key.pool, `${day.slice(0, 8)}01`);
  const paid = used >= monthlyApiCredits(key.poolPackage, key.poolCredits);
  await recordCall(db, key.id, day, paid);
  return paid;
}

/** Authenticates a public API call by its key and meters it; the one entry point the access check uses. */
export async function authenticateApiKey(
  db: Db,
  url: string,
  headers: Record<string, string | string[] | undefined>,
): Promise<ApiClient> {
  const token = presentedKey(url, headers);
  if (!token)
    throw unauthorized('An API key is required: send it in the x-api-key header or as the accessToken query parameter');
  if (token.length > 200) throw unauthorized('The API key is not valid');
  const key = await resolveApiKey(db, token);
  if (!key) throw new AppError(401, 'invalid_api_key', 'The API key is not valid');
  if (key.companyStatus === 'inactive' || key.partnerStatus === 'inactive')
    throw forbidden('The account of this API key is inactive');
  const [companyIds, paid] = await Promise.all([companiesOfKey(db, key), meterCall(db, key)]);
  return { ...key, companyIds, paid };
}
