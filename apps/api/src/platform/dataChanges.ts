import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The kinds of a company's data that cached reads depend on and that write routes change.
 * reviews: reviews, their replies, categories, case resolution and text analysis; locations: the
 * company's locations, brands and regions; company: its row (settings, sources, features, package);
 * users: its members (role, location limits, status); partners: the partners' rows; competitors:
 * the benchmarked competitors and their reviews.
 */
export const DATA_KINDS = ['reviews', 'locations', 'company', 'users', 'partners', 'competitors'] as const;
export type DataKind = (typeof DATA_KINDS)[number];

/** What a write route changes: nothing that is cached ('none'), or kinds of one company's data. */
export type Writes =
  | 'none'
  | readonly DataKind[]
  /**
   * An Owner's or a partner's admin write names the company it changed (a path id), or 'every'
   * for a change to data many companies share (a package's features).
   */
  | { kinds: readonly DataKind[]; company: ((request: FastifyRequest) => number | null) | 'every' };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Required on every API write route (and on a GET that writes): what its success makes stale. */
    writes?: Writes;
    /** Required on every route whose answer is cached (sendReport): the kinds of data it is computed from. */
    reads?: readonly DataKind[];
  }
}

/** The company (null: every company) and the kinds a cached value was computed from. */
export interface DependsOn {
  companyId: number | null;
  kinds: readonly DataKind[];
}

/**
 * A write bumps one sequence and records it per company and kind; a cached value remembers the
 * sequence when its computation started, and is stale once a kind it depends on changed after it.
 * One process may serve several databases (as the tests do): their companies' ids may collide, so
 * a write only costs the other database's same-numbered company a miss.
 */
let sequence = 0;
const changedAt = new Map<string, number>();
const tagOf = (companyId: number | null, kind: DataKind) => `${companyId ?? '*'}:${kind}`;

/** The sequence a computation starting now records. */
export function currentSequence(): number {
  return sequence;
}

/** Who hears of this process's changes (the change feed to other processes: platform/changeFeed.ts). */
type ChangeListener = (companyId: number | null, kinds: readonly DataKind[]) => Promise<void> | void;
const listeners = new Set<ChangeListener>();
/** Sends still on their way to other processes; a write's answer waits for its own. */
const pendingSends = new Set<Promise<unknown>>();

export function onDataChanged(listener: ChangeListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A company's (null: every company's) data of these kinds changed: values computed from it before are
 * stale, here and (through the listeners) in the other processes. `fromElsewhere`: another process
 * said so, and it is not sent on again.
 */
export function dataChanged(companyId: number | null, kinds: readonly DataKind[], fromElsewhere = false): void {
  if (kinds.length === 0) return;
  sequence += 1;
  for (const kind of kinds) changedAt.set(tagOf(companyId, kind), sequence);
  if (fromElsewhere) return;
  for (const listener of listeners) {
    const sent = listener(companyId, kinds);
    if (!sent) continue;
    pendingSends.add(sent);
    void sent.finally(() => pendingSends.delete(sent));
  }
}

/** Waits until the changes recorded so far have reached the other processes' feed (failures are the feed's to log). */
export async function changesSent(): Promise<void> {
  if (pendingSends.size) await Promise.allSettled([...pendingSends]);
}

/** Whether nothing a value depends on changed after the sequence its computation started at. */
export function unchangedSince(startedAt: number, on: DependsOn): boolean {
  const after = (tag: string) => (changedAt.get(tag) ?? 0) > startedAt;
  return !on.kinds.some(
    (kind) => after(tagOf(null, kind)) || (on.companyId !== null && after(tagOf(on.companyId, kind))),
  );
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The listing's text of a route's writes, e.g. `writes:reviews,locations` or `writes:company@path`. */
export function describeWrites(writes: Writes | undefined): string {
  if (writes === undefined) return '';
  if (writes === 'none') return ' writes:none';
  if ('kinds' in writes) return ` writes:${writes.kinds.join(',')}@${writes.company === 'every' ? 'every' : 'path'}`;
  return ` writes:${writes.join(',')}`;
}

function kindsOf(writes: Writes): readonly DataKind[] {
  if (writes === 'none') return [];
  return 'kinds' in writes ? writes.kinds : writes;
}

/** The company a write changed; null: every company (an admin write acting for none, or one that says so). */
function companyChangedBy(request: FastifyRequest, writes: Writes): number | null {
  if (typeof writes !== 'object' || !('kinds' in writes)) return request.acting?.companyId ?? null;
  if (writes.company === 'every') return null;
  return writes.company(request) ?? request.acting?.companyId ?? null;
}

/** A write route's company named by its path's `:id` (an Owner's or a partner's admin screens). */
export function companyOfPathId(request: FastifyRequest): number | null {
  const id = Number((request.params as { id?: unknown }).id);
  return Number.isInteger(id) ? id : null;
}

/** Refuses a write route that does not say what it changes, so a new one cannot serve stale caches. */
export function requireDeclaredWrites(method: string, url: string, writes: Writes | undefined): void {
  if (!READS.has(method) && writes === undefined)
    throw new Error(`Route ${method} ${url} declares no writes (config.writes: kinds of data, or 'none')`);
}

/**
 * Drops, before a successful write's answer goes out, the cached values of the kinds the route
 * declared for the company it acted for (or named), so a user never reads a report or identity
 * older than their own change. Background work that writes (uploads, text analysis) calls
 * `dataChanged` when it commits.
 */
export function useWriteTracking(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    const { writes } = request.routeOptions.config;
    // The spec's reply-posting paths answer GET too: a route that declares its writes is a write whatever its method.
    if (writes === undefined || reply.statusCode >= 400) return;
    dataChanged(companyChangedBy(request, writes), kindsOf(writes));
    // The other processes hear of it before the writer does: its next read anywhere is fresh.
    await changesSent();
  });
}

/** What reports and review pages are computed from: reviews with their rollups, the places, the company's settings. */
export const REPORT_READS: readonly DataKind[] = ['reviews', 'locations', 'company'];
/** Reports that also compare with the benchmarked competitors. */
export const BENCHMARK_READS: readonly DataKind[] = [...REPORT_READS, 'competitors'];
