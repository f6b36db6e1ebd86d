import { Worker } from 'node:worker_threads';

/** A worker's error: its message and any fields it carried (a database error's code, detail, constraint...). */
export type WorkerError = Record<string, unknown> & { message: string };

/** What a worker answers to a request: `{ id, ok: true, value }` or `{ id, ok: false, error }`. */
type Reply<T> = { id: number; ok: true; value: T } | { id: number; ok: false; error: WorkerError };

/** An Error with the worker error's fields, so callers can check them (`code`, ...). */
function errorFrom(fields: WorkerError): Error {
  return Object.assign(new Error(fields.message), fields);
}

/**
 * Work in a worker thread (the embedded database, share cards, the language detector), so a long
 * synchronous step does not hold every other request. Requests queue to the one thread and are
 * answered by id. Idle, the thread does not keep the process alive; busy, it does. Workers are plain
 * .mjs files, so the same file runs under tsx, vitest and plain node without a loader.
 */
export class RequestThread<Request extends object, T> {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve: (value: T) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  /** Why the thread takes no more requests (it failed or was stopped); later requests are refused with it. */
  failure: Error | null = null;

  constructor(url: URL, name: string) {
    this.worker = new Worker(url);
    this.worker.on('message', (reply: Reply<T>) => this.settle(reply));
    this.worker.on('error', (e) => this.fail(e));
    this.worker.on('exit', (code) => this.fail(new Error(`The ${name} thread stopped (exit code ${code}).`)));
    this.worker.unref();
  }

  ask(request: Request): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    if (this.waiting.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  /** Ends the thread; what it was doing fails, and later requests are refused with `reason`. */
  async stop(reason: Error): Promise<void> {
    this.failure ??= reason;
    await this.worker.terminate();
  }

  private settle(reply: Reply<T>): void {
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

/** A worker thread started on the first request, and again after it failed or was stopped. */
export function workerThread<Request extends object, T>(url: URL, name: string) {
  let thread: RequestThread<Request, T> | null = null;
  return {
    ask(request: Request): Promise<T> {
      if (!thread || thread.failure) thread = new RequestThread<Request, T>(url, name);
      return thread.ask(request);
    },
    /** Stops the thread, failing what it was doing; the next request starts a new one. */
    async stop(): Promise<void> {
      await thread?.stop(new Error(`The ${name} thread was stopped.`));
    },
  };
}
