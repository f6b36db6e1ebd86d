import type { QueryOptions, Results } from '@electric-sql/pglite';
import { RequestThread } from '../platform/workerThread';
import { preparedSql } from './prepared';

/**
 * Embedded PGlite in a worker thread. PGlite runs PostgreSQL as WebAssembly in the thread that
 * owns it, and each statement blocks that thread until it ends: in the server's own thread, a
 * back-fill or a 100,000-row upload stalled every request (the sign-in page took up to 24 s right
 * after the first start). In a worker, the server keeps answering (static files, JSON, other work)
 * while SQL runs, and the two cores share the load.
 *
 * This is the part of PGlite's interface drizzle uses: `query` (with a row mode; its parsers
 * only keep some types as text) and `transaction`, whose statements go to the worker under the
 * transaction's number. Statements queue in PGlite's own lock, as they did in one thread.
 */
export interface PgliteLike {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(callback: (tx: Pick<PgliteLike, 'query'>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

type Request =
  | { op: 'open'; dataDir: string | null; loadFrom?: string }
  | {
      op: 'query';
      tx?: number;
      sql: string;
      params: unknown[];
      prepared: boolean;
      rowMode?: 'array' | 'object';
      raw: number[];
    }
  | { op: 'begin' | 'end'; tx: number; commit?: boolean }
  | { op: 'close' };

export class PgliteThread implements PgliteLike {
  // A failed thread is not restarted: the database's state in it is gone, so later calls are refused.
  private readonly thread = new RequestThread<Request, unknown>(
    new URL('./pglite.worker.mjs', import.meta.url),
    'embedded database',
  );
  private nextTx = 1;

  private constructor() {}

  /** `loadFrom`: a data directory dump (tar) to start from (the tests' migrated template). */
  static async open(dataDir: string | null, loadFrom?: string): Promise<PgliteThread> {
    const db = new PgliteThread();
    await db.thread.ask({ op: 'open', dataDir, loadFrom });
    return db;
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.send<T>(undefined, sql, params, options);
  }

  async transaction<T>(callback: (tx: Pick<PgliteLike, 'query'>) => Promise<T>): Promise<T> {
    const tx = this.nextTx++;
    await this.thread.ask({ op: 'begin', tx });
    const query = <R>(sql: string, params: unknown[] = [], options?: QueryOptions) =>
      this.send<R>(tx, sql, params, options);
    let result: T;
    try {
      result = await callback({ query });
    } catch (e) {
      await this.thread.ask({ op: 'end', tx, commit: false });
      throw e;
    }
    await this.thread.ask({ op: 'end', tx, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (!this.thread.failure) await this.thread.ask({ op: 'close' });
    await this.thread.stop(new Error('The embedded database is closed.'));
  }

  /**
   * A statement, in the transaction `tx` when given; the parsers travel as the type ids they keep as
   * text. The server's prepared queries (`preparedPerDb`) are prepared in the database, as on PostgreSQL.
   */
  private send<T>(tx: number | undefined, sql: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.thread.ask({
      op: 'query',
      tx,
      sql,
      params,
      prepared: preparedSql.has(sql),
      rowMode: options?.rowMode,
      raw: Object.keys(options?.parsers ?? {}).map(Number),
    }) as Promise<Results<T>>;
  }
}
