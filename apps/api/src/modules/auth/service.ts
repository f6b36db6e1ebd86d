import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import { verifyPassword } from '../../platform/auth/passwords';
import type { RateLimiter } from '../../platform/auth/rateLimit';
import { hashToken, randomToken, randomUUID, type TokenSigner } from '../../platform/auth/tokens';
import { findUserByEmail, findUserById, updateUser } from '../users/repository';
import { claimRefreshToken, findRefreshToken, insertRefreshToken, revokeRefreshFamily } from './repository';

export interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

export interface AuthDeps {
  db: Db;
  signer: TokenSigner;
  limiter: RateLimiter;
  refreshTtlSeconds: number;
}

/** OAuth2 errors keep the RFC 6749 codes; `error_description` is what the sign-in page shows. */
const oauthError = (status: number, code: string, description: string) => new AppError(status, code, description);
const WRONG_CREDENTIALS = 'The email or password is incorrect.';
const INVALID_REFRESH = 'Your session has ended. Please sign in again.';

async function issueTokens(deps: AuthDeps, userId: number, familyId: string): Promise<TokenAnswer> {
  const refresh = randomToken();
  await insertRefreshToken(deps.db, {
    tokenHash: hashToken(refresh),
    userId,
    familyId,
    expiresAt: new Date(Date.now() + deps.refreshTtlSeconds * 1000),
  });
  return { access_token: await deps.signer.signAccess(userId), refresh_token: refresh, token_type: 'Bearer', expires_in: deps.signer.accessTtl };
}

export async function passwordGrant(deps: AuthDeps, input: { email: string; password: string; ip: string }): Promise<TokenAnswer> {
  const limit = deps.limiter.hit(`${input.email.trim().toLowerCase()}|${input.ip}`);
  if (!limit.allowed) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
    throw oauthError(429, 'too_many_requests', `Too many sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  }
  const user = await findUserByEmail(deps.db, input.email.trim());
  // Verify even for unknown emails would cost the same scrypt time; the message is identical either way.
  const valid = user ? await verifyPassword(input.password, user.passwordHash) : false;
  if (!user || !valid) throw oauthError(400, 'invalid_grant', WRONG_CREDENTIALS);
  if (user.status !== 'active') throw oauthError(400, 'invalid_grant', 'Your account is not active yet. Please accept your invitation first.');
  await updateUser(deps.db, user.id, { lastLoginAt: new Date() });
  return issueTokens(deps, user.id, randomUUID());
}

/**
 * Rotation: a refresh token works once. Presenting one that was already used means it leaked or was
 * replayed, so the whole family (every session descended from that sign-in) is revoked.
 */
export async function refreshGrant(deps: AuthDeps, input: { refreshToken: string; email?: string }): Promise<TokenAnswer> {
  const row = await findRefreshToken(deps.db, hashToken(input.refreshToken));
  if (!row || row.revokedAt) throw oauthError(400, 'invalid_grant', INVALID_REFRESH);
  if (row.usedAt) {
    await revokeRefreshFamily(deps.db, row.familyId);
    throw oauthError(400, 'invalid_grant', INVALID_REFRESH);
  }
  if (row.expiresAt.getTime() <= Date.now()) throw oauthError(400, 'invalid_grant', INVALID_REFRESH);
  const user = await findUserById(deps.db, row.userId);
  if (!user || user.status !== 'active') throw oauthError(400, 'invalid_grant', INVALID_REFRESH);
  if (input.email && input.email.trim().toLowerCase() !== user.email.toLowerCase()) throw oauthError(400, 'invalid_grant', INVALID_REFRESH);
  if (!(await claimRefreshToken(deps.db, row.id))) {
    await revokeRefreshFamily(deps.db, row.familyId);
    throw oauthError(400, 'invalid_grant', INVALID_REFRESH);
  }
  return issueTokens(deps, user.id, row.familyId);
}

/** Sign-out: the refresh token's family is revoked; an unknown token is not an error (nothing to end). */
export async function revokeRefreshToken(deps: AuthDeps, refreshToken: string): Promise<void> {
  const row = await findRefreshToken(deps.db, hashToken(refreshToken));
  if (row) await revokeRefreshFamily(deps.db, row.familyId);
}
