import { Worker } from 'node:worker_threads';

/** What a worker answers to a request: `{ id, ok: true, value }` or `{ id, ok: false, message }`. */
type Reply<T> = { id: number; ok: true; value: T } | { id: number; ok: false; message: string };

/**
 * CPU-heavy work (share cards, the language detector) in a worker thread, so a long synchronous step
 * does not hold every other request. Requests queue to the one thread and are answered by id. Idle,
 * the thread does not keep the process alive; busy, it does. The worker is a plain .mjs file, so the
 * same file runs under tsx, vitest and plain node without a loader (as pglite.worker.mjs does).
 */
class RequestThread<Request extends object, T> {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve: (value: T) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  /** Set when the thread failed or stopped; the next request starts a new one. */
  dead = false;

  constructor(url: URL, name: string) {
    this.worker = new Worker(url);
    this.worker.on('message', (reply: Reply<T>) => this.settle(reply));
    this.worker.on('error', (e) => this.fail(e));
    this.worker.on('exit', (code) => this.fail(new Error(`The ${name} thread stopped (exit code ${code}).`)));
    this.worker.unref();
  }

  ask(request: Request): Promise<T> {
    const id = this.nextId++;
    if (this.waiting.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  async stop(): Promise<void> {
    this.dead = true; // nothing new goes to a stopping thread; 'exit' fails what it had
    await this.worker.terminate();
  }

  private settle(reply: Reply<T>): void {
    const waiter = this.waiting.get(reply.id);
    if (!waiter) return;
    this.waiting.delete(reply.id);
    if (this.waiting.size === 0) this.worker.unref();
    if (reply.ok) waiter.resolve(reply.value);
    else waiter.reject(new Error(reply.message));
  }

  private fail(error: Error): void {
    this.dead = true;
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
  }
}

/** A worker thread started on the first request, and again after it died. */
export function workerThread<Request extends object, T>(url: URL, name: string) {
  let thread: RequestThread<Request, T> | null = null;
  return {
    ask(request: Request): Promise<T> {
      if (!thread || thread.dead) thread = new RequestThread<Request, T>(url, name);
      return thread.ask(request);
    },
    /** Stops the thread, failing what it was doing; the next request starts a new one. */
    async stop(): Promise<void> {
      await thread?.stop();
    },
  };
}
