import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { access } from '../../platform/access';
import { clientAddress } from '../../platform/auth/rateLimit';
import { AppError } from '../../platform/errors';
import type { App, AppDeps } from '../../platform/deps';
import { authenticateClient } from './client';
import { passwordGrant, refreshGrant, revokeToken, type AuthDeps } from './service';

// Client credentials may come as HTTP Basic instead (RFC 6749 section 2.3.1), so they are optional here.
const clientFields = { client_id: z.string().max(200).optional(), client_secret: z.string().max(200).optional() };

const tokenBody = z.object({
  ...clientFields,
  grant_type: z.string({ error: 'grant_type is required' }),
  email: z.string().max(320).optional(),
  /** RFC 6749 section 4.3.2 names it username; the spec's client sends email. */
  username: z.string().max(320).optional(),
  password: z.string().max(1000).optional(),
  refresh_token: z.string().max(200).optional(),
});

const revokeBody = z.object({
  ...clientFields,
  token: z.string().max(4000).optional(),
  token_type_hint: z.string().max(50).optional(),
  /** What the web client sent before RFC 7009's `token`; still accepted. */
  refresh_token: z.string().max(4000).optional(),
});

const tokenAnswer = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number(),
});

function requireField(value: string | undefined, name: string): string {
  if (!value || !value.trim()) throw new AppError(400, 'invalid_request', `${name} is required`);
  return value;
}

/** RFC 6749 section 5.1: answers that carry tokens (and their errors) must not be stored by any cache. */
async function noStore(_request: unknown, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store');
  reply.header('pragma', 'no-cache');
}

export function authRoutes(app: App, deps: AppDeps): void {
  const auth: AuthDeps = {
    db: deps.db,
    signer: deps.signer,
    limits: deps.limits,
    refreshTtlSeconds: deps.config.refreshTokenTtl,
  };
  const client = { id: deps.config.oauthClientId, secret: deps.config.oauthClientSecret };

  app.post(
    '/v2/oauth2/token',
    {
      config: { access: access.public(), writes: 'none' },
      onSend: noStore,
      schema: {
        tags: ['auth'],
        summary:
          'Sign in (password grant) or refresh (refresh_token grant); the client authenticates in the body or with HTTP Basic',
        body: tokenBody,
        response: { 200: tokenAnswer },
      },
    },
    async (request) => {
      const body = request.body;
      authenticateClient(request.headers.authorization, body, client);
      if (body.grant_type === 'password') {
        const email = requireField(body.email ?? body.username, 'email');
        return passwordGrant(auth, {
          email,
          password: requireField(body.password, 'password'),
          address: clientAddress(request),
        });
      }
      if (body.grant_type === 'refresh_token') {
        return refreshGrant(auth, {
          refreshToken: requireField(body.refresh_token, 'refresh_token'),
          email: body.email,
        });
      }
      throw new AppError(400, 'unsupported_grant_type', 'grant_type must be password or refresh_token');
    },
  );

  app.post(
    '/v2/oauth2/revoke',
    {
      config: { access: access.public(), writes: 'none' },
      onSend: noStore,
      schema: {
        tags: ['auth'],
        summary:
          'Sign out (RFC 7009): revokes the session of a refresh or access token (`token`), every token rotated from it; an unknown token answers 200 too',
        body: revokeBody,
        response: { 200: z.object({ revoked: z.literal(true) }) },
      },
    },
    async (request) => {
      authenticateClient(request.headers.authorization, request.body, client);
      await revokeToken(auth, requireField(request.body.token ?? request.body.refresh_token, 'token'));
      return { revoked: true as const };
    },
  );
}
