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

export function useGracefulClose(fastify: FastifyInstance): void {
  let closing = false;
  let sweep: NodeJS.Timeout | null = null;
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
