import { workerThread } from '../../platform/workerThread';

/**
 * Share cards are drawn in a worker thread. satori and resvg are synchronous CPU work (about 0.1 s
 * for a small card, nearly 2 s for 2400x2400): in the server's own thread, a burst of image
 * requests held every other request (sign-in took 20 s). One thread is enough on two cores (the
 * server keeps the other); cards queue to it.
 *
 * The thread gets the card's node tree as JSON, built by cardTree() in this thread: building it is
 * cheap, and so all layout code stays in TypeScript while the worker stays a plain .mjs file.
 */
const thread = workerThread<{ tree: string; width: number; height: number }, Uint8Array>(
  new URL('./card.worker.mjs', import.meta.url),
  'share card',
);
let renders = 0;

/** The PNG of a card tree (JSON from cardTree()), drawn in the card thread; started on first use and after it died. */
export async function renderInThread(tree: string, width: number, height: number): Promise<Buffer> {
  renders++;
  const png = await thread.ask({ tree, width, height });
  return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
}

/** How many cards were sent to be drawn since the process started (tests check the cache with it). */
export function cardRenderCount(): number {
  return renders;
}

/** Stops the card thread, failing the cards it was drawing; the next card starts a new thread. */
export const stopCardThread = (): Promise<void> => thread.stop();
