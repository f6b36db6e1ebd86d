import type { Db } from './client';

/**
 * The SQL of every prepared query built in this process. The benchmark replays these statements
 * prepared too, so its raw-SQL figure is measured the way the server runs them.
 */
export const preparedSql = new Set<string>();

interface PreparedQuery {
  getQuery(): { sql: string };
}

/**
 * A query that requests of one kind run again and again with new values (one review by id, the
 * replies of some reviews), built by Drizzle once per database handle and, on PostgreSQL, planned
 * once per connection (`build` ends in `.prepare(name)`). Building the review select with its
 * joins took more of a request's time than the server's HTTP, token and JSON work together
 * (bench/RESULTS.md). A transaction is a handle of its own, so it builds the query again.
 */
export function preparedPerDb<Q extends PreparedQuery>(build: (db: Db) => Q): (db: Db) => Q {
  const byDb = new WeakMap<Db, Q>();
  return (db) => {
    let query = byDb.get(db);
    if (!query) {
      query = build(db);
      preparedSql.add(query.getQuery().sql);
      byDb.set(db, query);
    }
    return query;
  };
}
