import type { Db } from '../db/client';
import { findCompanyById, type CompanyRow } from '../modules/companies/repository';
import { findPartnerById, type PartnerRow } from '../modules/partners/repository';
import { findUserById, type UserRow } from '../modules/users/repository';
import { companyReadCache } from './readCache';

/**
 * Every authenticated request reads its user and its acting company (`me` its partner too): on a
 * cached report or a single review those reads were most of the request's database work
 * (bench/RESULTS.md). They are kept for IDENTITY_CACHE_SECONDS (5 by default, 0: off), and every
 * successful write request through this server drops them before its answer goes out
 * (`identitiesChanged`, called by the write hook of useReportCache), so a deactivated user, a
 * changed role or a company's new features apply to the very next request. A change made outside
 * the API (psql, another server process) applies within that time. The rows are frozen: requests
 * share them.
 */
const MAX_ROWS = 2_000;

let version = 0;
const rows = companyReadCache(MAX_ROWS);
/** The cache's TTL per database (one process may serve several, as the tests do); none: not cached. */
const ttls = new WeakMap<object, number>();

export function useIdentityCache(db: object, ttlMs: number): void {
  if (ttlMs > 0) ttls.set(db, ttlMs);
}

/** Users or companies may have changed: the next request of everyone reads them again. */
export function identitiesChanged(): void {
  version += 1;
}

function freeze<T extends object>(row: T | undefined): T | undefined {
  if (!row) return row;
  for (const value of Object.values(row)) if (Array.isArray(value)) Object.freeze(value);
  return Object.freeze(row);
}

function cached<T extends object>(db: Db, key: string, read: () => Promise<T | undefined>): Promise<T | undefined> {
  const ttl = ttls.get(db);
  if (ttl === undefined) return read();
  return rows(db, `${version}|${key}`, ttl, async () => freeze(await read()));
}

/**
 * Other data of a company that requests read again and again and that changes rarely (the places of
 * its locations), kept like the identities but not frozen: the value may be a map filled as requests
 * need it. It is dropped with the identities, by every successful write request except those of
 * routes that write only reviews (`writes: 'reviews'`). With the cache off every call reads afresh.
 */
export function companyRead<T extends object>(db: Db, key: string, read: () => Promise<T>): Promise<T> {
  const ttl = ttls.get(db);
  return ttl === undefined ? read() : rows(db, `${version}|${key}`, ttl, read);
}

/** The user row of a signed-in request (shared, read-only). */
export function requestUser(db: Db, id: number): Promise<Readonly<UserRow> | undefined> {
  return cached(db, `user:${id}`, () => findUserById(db, id));
}

/** The acting company's row of a request (shared, read-only). */
export function requestCompany(db: Db, id: number): Promise<Readonly<CompanyRow> | undefined> {
  return cached(db, `company:${id}`, () => findCompanyById(db, id));
}

/** The acting partner's row (the current-user call names it), shared and read-only. */
export function requestPartner(db: Db, id: number): Promise<Readonly<PartnerRow> | undefined> {
  return cached(db, `partner:${id}`, () => findPartnerById(db, id));
}
