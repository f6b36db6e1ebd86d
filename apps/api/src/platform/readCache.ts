interface Entry {
  value: Promise<unknown>;
  at: number;
}

/**
 * A short-lived in-process cache of reads, per database (one process may serve several, as the
 * tests do), holding at most `maxEntries`; the report cache and the identity cache use it. `key`
 * must hold the version its writes bump (companyVersion for reports, the identity version), so a
 * write makes its entries miss. Concurrent reads of one key share one computation; a failed
 * computation is not kept.
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
  return function read<T>(db: object, key: string, ttlMs: number, compute: () => Promise<T>): Promise<T> {
    const store = storeOf(db);
    const now = Date.now();
    const hit = store.get(key);
    if (hit && now - hit.at < ttlMs) return hit.value as Promise<T>;
    const value = compute();
    if (store.size >= maxEntries) store.delete(store.keys().next().value!);
    store.set(key, { value, at: now });
    value.catch(() => {
      if (store.get(key)?.value === value) store.delete(key);
    });
    return value;
  };
}
