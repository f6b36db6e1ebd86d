import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { rowsOf } from './rows';

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

/**
 * How many statement texts `executePrepared` names at most. Each connection keeps every statement it
 * was asked to prepare until it closes, so an unbounded variety of texts would grow the database's
 * memory without end; the reads it serves come in a few dozen shapes (their lists of ids are one
 * array parameter each, `anyOf`), and a text past this count runs unnamed, planned on every call.
 */
export const MAX_NAMED_STATEMENTS = 400;
const statementNames = new Map<string, string>();
const dialect = new PgDialect();

/** PostgreSQL's name for a statement text (from its hash: the same in every process), or undefined once the names are used up. */
function statementName(text: string): string | undefined {
  const known = statementNames.get(text);
  if (known || statementNames.size >= MAX_NAMED_STATEMENTS) return known;
  const name = `reputo_${createHash('sha1').update(text).digest('base64url').slice(0, 27)}`;
  statementNames.set(text, name);
  preparedSql.add(text);
  return name;
}

/**
 * Runs a statement as a named prepared statement, kept by each connection: PostgreSQL parses it once
 * per connection and, after five runs, plans it once when a generic plan costs no more than planning
 * each call. Only for statements whose best plan does not depend on their values (a ranking's
 * running-sum reads, each one exact day or month of a key): a generic plan is made for an average
 * company, and a range read of the largest one could run ten times slower on it (bench/RESULTS.md).
 * On PGlite the database's thread prepares the same texts (`preparedSql`).
 */
export async function executePrepared<T>(db: Db, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const prepared = db._.session.prepareQuery({ sql: text, params }, undefined, statementName(text), false);
  return rowsOf<T>(await prepared.execute());
}

/**
 * `column = any($1)`: membership in a list as one array parameter, so the statement's text is the
 * same for one id or a thousand (`inArray` writes a parameter each, a new text for every length,
 * which no connection could keep prepared). An empty list matches nothing.
 */
export function anyOf(column: AnyPgColumn | SQL, values: readonly (number | string)[]): SQL {
  return sql`${column} = any(${sql.param(values)})`;
}
