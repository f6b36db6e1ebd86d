import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

export interface PreparedStatements {
  query<T>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
    opts?: { inTransaction?: boolean },
  ): Promise<Results<T>>;
}

export function preparedStatements(pg: PGlite): PreparedStatements;
