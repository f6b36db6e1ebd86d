import { Worker } from 'node:worker_threads';

/**
 * Share cards are drawn in a worker thread. satori and resvg are synchronous CPU work (about 0.1 s
 * for a small card, nearly 2 s for 2400x2400): in the server's own thread, a burst of image
 * requests held every other request (sign-in took 20 s). One thread is enough on two cores (the
 * server keeps the other); cards queue to it.
 *
 * The thread gets the card's node tree as JSON, built by cardTree() in this thread: building it is
 * cheap, and so all layout code stays in TypeScript while the worker stays a plain .mjs file that
 * runs under tsx and vitest alike (as pglite.worker.mjs does).
 */
const WORKER_URL = new URL('./card.worker.mjs', import.meta.url);

type Reply = { id: number; ok: true; png: Uint8Array } | { id: number; ok: false; message: string };

class CardThread {
  private readonly worker = new Worker(WORKER_URL);
  private readonly waiting = new Map<number, { resolve: (png: Buffer) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  /** Set when the thread failed or stopped; the next card starts a new one. */
  dead = false;

  constructor() {
    this.worker.on('message', (reply: Reply) => this.settle(reply));
    this.worker.on('error', (e) => this.fail(e));
    this.worker.on('exit', (code) => this.fail(new Error(`The share card thread stopped (exit code ${code}).`)));
    // Idle, the thread must not keep the process alive; busy, it must (see render()).
    this.worker.unref();
  }

  render(tree: string, width: number, height: number): Promise<Buffer> {
    const id = this.nextId++;
    if (this.waiting.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, tree, width, height });
    });
  }

  async stop(): Promise<void> {
    this.dead = true; // no new card goes to a stopping thread; 'exit' fails the ones it had
    await this.worker.terminate();
  }

  private settle(reply: Reply): void {
    const waiter = this.waiting.get(reply.id);
    if (!waiter) return;
    this.waiting.delete(reply.id);
    if (this.waiting.size === 0) this.worker.unref();
    if (reply.ok) waiter.resolve(Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength));
    else waiter.reject(new Error(reply.message));
  }

  private fail(error: Error): void {
    this.dead = true;
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
  }
}

let thread: CardThread | null = null;
let renders = 0;

/** The PNG of a card tree (JSON from cardTree()), drawn in the card thread; started on first use and after it died. */
export function renderInThread(tree: string, width: number, height: number): Promise<Buffer> {
  if (!thread || thread.dead) thread = new CardThread();
  renders++;
  return thread.render(tree, width, height);
}

/** How many cards were sent to be drawn since the process started (tests check the cache with it). */
export function cardRenderCount(): number {
  return renders;
}

/** Stops the card thread, failing the cards it was drawing; the next card starts a new thread. */
export async function stopCardThread(): Promise<void> {
  await thread?.stop();
}
