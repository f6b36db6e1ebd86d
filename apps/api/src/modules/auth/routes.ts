import { z } from 'zod';
import { access } from '../../platform/access';
import { AppError } from '../../platform/errors';
import type { App, AppDeps } from '../../platform/deps';
import { passwordGrant, refreshGrant, revokeRefreshToken, type AuthDeps } from './service';

const tokenBody = z.object({
  client_id: z.string({ error: 'client_id is required' }),
  client_secret: z.string({ error: 'client_secret is required' }),
  grant_type: z.string({ error: 'grant_type is required' }),
  email: z.string().max(320).optional(),
  password: z.string().max(1000).optional(),
  refresh_token: z.string().max(200).optional(),
});

const tokenAnswer = z.object({ access_token: z.string(), refresh_token: z.string(), token_type: z.literal('Bearer'), expires_in: z.number() });

function requireField(value: string | undefined, name: string): string {
  if (!value || !value.trim()) throw new AppError(400, 'invalid_request', `${name} is required`);
  return value;
}

export function authRoutes(app: App, deps: AppDeps): void {
  const auth: AuthDeps = { db: deps.db, signer: deps.signer, limiter: deps.limiter, refreshTtlSeconds: deps.config.refreshTokenTtl };

  app.post('/v2/oauth2/token', {
    config: { access: access.public(), writes: 'none' },
    schema: { tags: ['auth'], summary: 'Sign in (password grant) or refresh (refresh_token grant)', body: tokenBody, response: { 200: tokenAnswer } },
  }, async (request) => {
    const body = request.body;
    if (body.client_id !== deps.config.oauthClientId || body.client_secret !== deps.config.oauthClientSecret) {
      throw new AppError(401, 'invalid_client', 'Unknown client or wrong client secret');
    }
    if (body.grant_type === 'password') {
      return passwordGrant(auth, { email: requireField(body.email, 'email'), password: requireField(body.password, 'password'), ip: request.ip });
    }
    if (body.grant_type === 'refresh_token') {
      return refreshGrant(auth, { refreshToken: requireField(body.refresh_token, 'refresh_token'), email: body.email });
    }
    throw new AppError(400, 'unsupported_grant_type', 'grant_type must be password or refresh_token');
  });

  app.post('/v2/oauth2/revoke', {
    config: { access: access.public(), writes: 'none' },
    schema: { tags: ['auth'], summary: 'Sign out: revokes the refresh token and every token rotated from it', body: z.object({ refresh_token: z.string({ error: 'refresh_token is required' }).min(1, 'refresh_token is required') }), response: { 200: z.object({ revoked: z.literal(true) }) } },
  }, async (request) => {
    await revokeRefreshToken(auth, request.body.refresh_token);
    return { revoked: true as const };
  });
}
