import type { Db } from '../db/client';
import type { companies, partners, users } from '../db/schema';
import { DATA_KINDS, dataChanged, type DataKind } from './dataChanges';
import { companyReadCache } from './readCache';

export type UserRow = typeof users.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;
export type PartnerRow = typeof partners.$inferSelect;

/**
 * How the platform reads users, companies and partners: the modules that own those tables provide
 * it (modules/users/identities.ts, given to useIdentityCache by the app), so platform/ does not
 * depend on modules/.
 */
export interface IdentityReader {
  user(db: Db, id: number): Promise<UserRow | undefined>;
  company(db: Db, id: number): Promise<CompanyRow | undefined>;
  partner(db: Db, id: number): Promise<PartnerRow | undefined>;
}

/**
 * Every authenticated request reads its user and its acting company (`me` its partner too): on a
 * cached report or a single review those reads were most of the request's database work
 * (bench/RESULTS.md). They are kept for IDENTITY_CACHE_SECONDS (5 by default, 0: off). A successful
 * write request through this server that declares it changed a company's users (or the company,
 * its locations, the partners) drops that company's kept rows of that kind before its answer goes
 * out (dataChanges.ts), so a deactivated user, a changed role or a company's new features apply to
 * the very next request. A change made outside the API (psql, another server process) applies
 * within that time. The rows are frozen: requests share them.
 */
const MAX_ROWS = 2_000;

const rows = companyReadCache(MAX_ROWS);
/** The cache's TTL per database (one process may serve several, as the tests do); none: not cached. */
const ttls = new WeakMap<object, number>();
const readers = new WeakMap<object, IdentityReader>();

export function useIdentityCache(db: object, ttlMs: number, reader: IdentityReader): void {
  readers.set(db, reader);
  if (ttlMs > 0) ttls.set(db, ttlMs);
}

/** The reader the app gave for this database (uncached reads, for impersonation targets). */
export function identityReader(db: object): IdentityReader {
  const reader = readers.get(db);
  if (!reader) throw new Error('No identity reader for this database: build the app (useIdentityCache) first');
  return reader;
}

/** Data was changed outside the API (a test's direct update, psql): every kept row and report misses. */
export function identitiesChanged(): void {
  dataChanged(null, DATA_KINDS);
}

function freeze<T extends object>(row: T | undefined): T | undefined {
  if (!row) return row;
  for (const value of Object.values(row)) if (Array.isArray(value)) Object.freeze(value);
  return Object.freeze(row);
}

type Owner<T> = (row: T | undefined) => number | null;

function cached<T extends object>(
  db: Db,
  key: string,
  kind: DataKind,
  companyOf: Owner<T>,
  read: () => Promise<T | undefined>,
): Promise<T | undefined> {
  const ttl = ttls.get(db);
  if (ttl === undefined) return read();
  return rows(
    db,
    key,
    ttl,
    (row: T | undefined) => ({ companyId: companyOf(row), kinds: [kind] }),
    async () => freeze(await read()),
  );
}

/**
 * Other data of a company that requests read again and again and that changes rarely (the places of
 * its locations), kept like the identities but not frozen: the value may be a map filled as requests
 * need it. It is dropped by writes of the kinds given for that company. With the cache off every
 * call reads afresh.
 */
export function companyRead<T extends object>(
  db: Db,
  key: string,
  dependsOn: { companyId: number; kinds: readonly DataKind[] },
  read: () => Promise<T>,
): Promise<T> {
  const ttl = ttls.get(db);
  return ttl === undefined ? read() : rows(db, key, ttl, dependsOn, read);
}

/** Rows that a companyRead value shares between requests, frozen so that no request changes another's. */
export function frozenRows<T extends object>(rows: T[]): readonly T[] {
  for (const row of rows) freeze(row);
  return Object.freeze(rows);
}

/** The user row of a signed-in request (shared, read-only); kept until its company's users change. */
export function requestUser(db: Db, id: number): Promise<Readonly<UserRow> | undefined> {
  return cached(
    db,
    `user:${id}`,
    'users',
    (row) => row?.companyId ?? null,
    () => identityReader(db).user(db, id),
  );
}

/** The acting company's row of a request (shared, read-only). */
export function requestCompany(db: Db, id: number): Promise<Readonly<CompanyRow> | undefined> {
  return cached(
    db,
    `company:${id}`,
    'company',
    () => id,
    () => identityReader(db).company(db, id),
  );
}

/** The acting partner's row (the current-user call names it), shared and read-only; any partner write drops it. */
export function requestPartner(db: Db, id: number): Promise<Readonly<PartnerRow> | undefined> {
  return cached(
    db,
    `partner:${id}`,
    'partners',
    () => null,
    () => identityReader(db).partner(db, id),
  );
}
