import { currentSequence, unchangedSince, type DependsOn } from './dataChanges';

interface Entry {
  value: Promise<unknown>;
  at: number;
  /** The write sequence when the computation started (dataChanges.ts). */
  startedAt: number;
  /** What the value was computed from; known once the value is (an identity's company is in its row). */
  dependsOn?: DependsOn;
}

/** What a value depends on: given, or read from the value once computed (a user row names its company). */
export type Dependencies<T> = DependsOn | ((value: T) => DependsOn);

/**
 * A short-lived in-process cache of reads, per database (one process may serve several, as the
 * tests do), holding at most `maxEntries`; the report cache and the identity cache use it. Each
 * value names the company and the kinds of data it was computed from, and misses once a write
 * changed one of those after its computation started (dataChanges.ts); other companies' and other
 * kinds' writes keep it. Concurrent reads of one key share one computation; a failed computation
 * is not kept.
 */
export function companyReadCache(maxEntries: number) {
  const stores = new WeakMap<object, Map<string, Entry>>();
  const storeOf = (db: object) => {
    let store = stores.get(db);
    if (!store) {
      store = new Map();
      stores.set(db, store);
    }
    return store;
  };
  // A value still being read whose dependencies are not known yet is shared only until any write.
  const fresh = (entry: Entry, now: number, ttlMs: number) =>
    now - entry.at < ttlMs &&
    (entry.dependsOn === undefined
      ? currentSequence() === entry.startedAt
      : unchangedSince(entry.startedAt, entry.dependsOn));
  return function read<T>(
    db: object,
    key: string,
    ttlMs: number,
    dependsOn: Dependencies<T>,
    compute: () => Promise<T>,
  ): Promise<T> {
    const store = storeOf(db);
    const now = Date.now();
    const hit = store.get(key);
    if (hit && fresh(hit, now, ttlMs)) return hit.value as Promise<T>;
    const entry: Entry = { value: compute(), at: now, startedAt: currentSequence() };
    if (typeof dependsOn === 'function') {
      entry.value = (entry.value as Promise<T>).then((value) => {
        entry.dependsOn = dependsOn(value);
        return value;
      });
    } else entry.dependsOn = dependsOn;
    store.delete(key);
    if (store.size >= maxEntries) store.delete(store.keys().next().value!);
    store.set(key, entry);
    entry.value.catch(() => {
      if (store.get(key) === entry) store.delete(key);
    });
    return entry.value as Promise<T>;
  };
}
