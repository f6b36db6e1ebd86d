import type { FastifyInstance } from 'fastify';

/**
 * A stop (SIGTERM, app.close) that loses no request. Node's server.close() stops accepting and ends
 * the keep-alive connections idle at that moment, then waits for every connection to end: a request in
 * flight finishes, but its connection would then stay open for the keep-alive time (72 s) and the
 * process would be killed with others still on it. So once closing, every answer says
 * `Connection: close` (its socket ends after it), and connections that turn idle are ended. Requests
 * that arrive meanwhile are answered 503 by Fastify, for the load balancer to send elsewhere.
 */
let draining = false;

/**
 * SIGTERM's first step: readiness answers 503 so the load balancer stops sending here, while the
 * server still accepts and answers what comes meanwhile (and the connections already waiting in the
 * kernel's queue, which closing the listener would reset).
 */
export function startDraining(): void {
  draining = true;
}

export const isDraining = () => draining;

/** When this process last accepted a connection, and the requests it is answering (see drainUntilQuiet). */
let lastConnectionAt = 0;
let requestsInFlight = 0;

/**
 * The drain of a SIGTERM: at least `minMs`, then on while requests are being answered or connections
 * still arrive (none for `quietMs`), at most `maxMs`. Closing the listener resets the connections still
 * waiting in the kernel's queue, and a server busy answering accepts them late: on a loaded machine a
 * burst sent before the signal was still queued after a fixed two seconds, and 11 of its 40 requests
 * were reset. Once nothing is in flight and nothing came for `quietMs`, the queue is empty.
 */
export async function drainUntilQuiet(minMs: number, quietMs = 500, maxMs = minMs * 10): Promise<void> {
  const started = Date.now();
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  await sleep(minMs);
  const busy = () => requestsInFlight > 0 || Date.now() - lastConnectionAt < quietMs;
  while (busy() && Date.now() - started < maxMs) await sleep(100);
}

export function useGracefulClose(fastify: FastifyInstance): void {
  let closing = false;
  let sweep: NodeJS.Timeout | null = null;
  fastify.server.on('connection', () => {
    lastConnectionAt = Date.now();
  });
  fastify.server.on('request', (_request, response) => {
    requestsInFlight += 1;
    response.once('close', () => (requestsInFlight -= 1));
  });
  fastify.addHook('preClose', async () => {
    closing = true;
    fastify.server.closeIdleConnections();
    sweep = setInterval(() => fastify.server.closeIdleConnections(), 100);
  });
  fastify.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  fastify.addHook('onClose', async () => {
    if (sweep) clearInterval(sweep);
  });
}
