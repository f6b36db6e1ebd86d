import helmet from '@fastify/helmet';
import { readEmbedParams } from '@reputo/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { AppDeps } from './deps';

/** No site may frame a page, unless it is an embedded view and the company allowed that site. */
const NO_FRAMING = "'none'";

/** Where the browser may open the realtime socket: the embedded hub is this origin, else the Pusher-protocol host. */
export function realtimeSources(settings: ReturnType<AppDeps['realtime']['clientSettings']>): string[] {
  if (settings.embedded) return [];
  if (settings.wsHost) {
    const port = settings.wsPort ? `:${settings.wsPort}` : '';
    return [`ws://${settings.wsHost}${port}`, `wss://${settings.wsHost}${port}`];
  }
  // Hosted Pusher: the socket, and the HTTP fallback pusher-js uses where WebSockets are blocked.
  return [`wss://ws-${settings.cluster}.pusher.com`, `https://sockjs-${settings.cluster}.pusher.com`];
}

/**
 * The policy the web app and /docs (swagger-ui) run under. antd and swagger-ui inject styles at run
 * time, hence 'unsafe-inline' for styles only; scripts come from this origin alone. Images may come
 * from any https address (reviewers' photos, source logos) and from data:/blob: URLs (previews, exports).
 */
function directives(deps: AppDeps): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...realtimeSources(deps.realtime.clientSettings())],
    'worker-src': ["'self'", 'blob:'],
    'form-action': ["'self'"],
    'frame-ancestors': [NO_FRAMING],
  };
}

/** The origins an embedded page may be framed by: its iframe token's company's list, empty for any other page. */
async function embedFrameAncestors(
  deps: AppDeps,
  frameAncestorsOf: FrameAncestorsReader,
  request: FastifyRequest,
): Promise<string[]> {
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
  const { authToken } = readEmbedParams(query);
  if (!authToken) return [];
  const verified = await deps.signer.verify(authToken);
  if (!verified.ok || verified.claims.kind !== 'iframe') return [];
  return frameAncestorsOf(deps.db, verified.claims.companyId);
}

function isHtml(reply: FastifyReply): boolean {
  return String(reply.getHeader('content-type') ?? '').startsWith('text/html');
}

/**
 * Security headers on every answer (@fastify/helmet): the CSP above, nosniff, a referrer policy that
 * sends other sites the origin only (an embed URL carries its token), HSTS over HTTPS, and no framing
 * (X-Frame-Options DENY and frame-ancestors 'none'). An embedded view opened with a valid iframe token
 * may be framed by the origins its company set (PUT /v2/api/embed/settings), and by those alone.
 */
/** The origins a company lets frame its embedded views; the embed module provides it (platform reads no module). */
export type FrameAncestorsReader = (db: Db, companyId: number) => Promise<string[]>;

export async function registerSecurityHeaders(
  app: FastifyInstance,
  deps: AppDeps,
  frameAncestorsOf: FrameAncestorsReader,
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: directives(deps) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Set below, only when the request came over HTTPS (directly or through a proxy that says so).
    strictTransportSecurity: false,
    // Share images and widgets are loaded by other sites; the CSP above guards what matters.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (request.method !== 'GET' || !isHtml(reply)) return;
    const origins = await embedFrameAncestors(deps, frameAncestorsOf, request);
    if (origins.length === 0) return;
    const csp = String(reply.getHeader('content-security-policy') ?? '');
    reply.header(
      'content-security-policy',
      csp.replace(`frame-ancestors ${NO_FRAMING}`, `frame-ancestors ${origins.join(' ')}`),
    );
    // X-Frame-Options has no allow-list; the CSP's frame-ancestors says it instead.
    reply.removeHeader('x-frame-options');
  });
}
