import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';

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

type Request = { op: 'open'; dataDir: string | null } | { op: 'query'; tx?: number; sql: string; params: unknown[]; rowMode?: 'array' | 'object'; raw: number[] } | { op: 'begin' | 'end'; tx: number; commit?: boolean } | { op: 'close' };
type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: Record<string, unknown> & { message: string } };

const WORKER_URL = new URL('./pglite.worker.mjs', import.meta.url);

/** An Error with the database error's fields (code, detail, constraint...), as PGlite threw it. */
function errorFrom(fields: Record<string, unknown> & { message: string }): Error {
  return Object.assign(new Error(fields.message), fields);
}

export class PgliteThread implements PgliteLike {
  private readonly worker = new Worker(WORKER_URL);
  private readonly waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private nextTx = 1;
  private failure: Error | null = null;

  private constructor() {
    this.worker.on('message', (reply: Reply) => this.settle(reply));
    this.worker.on('error', (e) => this.fail(e));
    this.worker.on('exit', (code) => this.fail(new Error(`The embedded database thread stopped (exit code ${code}).`)));
    // Idle, the thread must not keep the process alive; busy, it must (see call()).
    this.worker.unref();
  }

  static async open(dataDir: string | null): Promise<PgliteThread> {
    const thread = new PgliteThread();
    await thread.call({ op: 'open', dataDir });
    return thread;
  }

  query<T>(sql: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.send<T>(undefined, sql, params, options);
  }

  async transaction<T>(callback: (tx: Pick<PgliteLike, 'query'>) => Promise<T>): Promise<T> {
    const tx = this.nextTx++;
    await this.call({ op: 'begin', tx });
    const query = <R>(sql: string, params: unknown[] = [], options?: QueryOptions) => this.send<R>(tx, sql, params, options);
    let result: T;
    try {
      result = await callback({ query });
    } catch (e) {
      await this.call({ op: 'end', tx, commit: false });
      throw e;
    }
    await this.call({ op: 'end', tx, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (!this.failure) await this.call({ op: 'close' });
    this.failure ??= new Error('The embedded database is closed.');
    await this.worker.terminate();
  }

  /** A statement, in the transaction `tx` when given; the parsers travel as the type ids they keep as text. */
  private send<T>(tx: number | undefined, sql: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.call({ op: 'query', tx, sql, params, rowMode: options?.rowMode, raw: Object.keys(options?.parsers ?? {}).map(Number) }) as Promise<Results<T>>;
  }

  private call(request: Request): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    if (this.waiting.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...request });
    });
  }

  private settle(reply: Reply): void {
    const waiter = this.waiting.get(reply.id);
    if (!waiter) return;
    this.waiting.delete(reply.id);
    if (this.waiting.size === 0) this.worker.unref();
    if (reply.ok) waiter.resolve(reply.value);
    else waiter.reject(errorFrom(reply.error));
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
  }
}
