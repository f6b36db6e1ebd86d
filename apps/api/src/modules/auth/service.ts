import type { Db } from '../../db/client';
import { AppError, tooManyRequests } from '../../platform/errors';
import { verifyPassword } from '../../platform/auth/passwords';
import type { Attempt, AttemptLimits } from '../../platform/auth/rateLimit';
import { hashToken, randomToken, randomUUID, type TokenSigner } from '../../platform/auth/tokens';
import { findUserByEmail, findUserById, updateUser } from '../users/repository';
import {
  claimRefreshToken,
  findRefreshToken,
  insertRefreshToken,
  revokeRefreshFamily,
  revokeUserRefreshTokens,
} from './repository';

export interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

export interface AuthDeps {
  db: Db;
  signer: TokenSigner;
  limits: AttemptLimits;
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
  return {
    access_token: await deps.signer.signAccess(userId, familyId),
    refresh_token: refresh,
    token_type: 'Bearer',
    expires_in: deps.signer.accessTtl,
  };
}

/** The minutes to wait, as the sign-in page shows them. */
export function waitMessage(what: string, retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** Failed sign-ins are limited per client address across accounts, and per email from one address. */
function signInAttempts(email: string, address: string): Attempt[] {
  return [
    ['signInAddress', address],
    ['signInAccount', `${email.trim().toLowerCase()}|${address}`],
  ];
}

export async function passwordGrant(
  deps: AuthDeps,
  input: { email: string; password: string; address: string },
): Promise<TokenAnswer> {
  const attempts = signInAttempts(input.email, input.address);
  const wait = await deps.limits.hit(attempts);
  if (wait !== null) throw tooManyRequests(waitMessage('sign-in attempts', wait), wait);
  const user = await findUserByEmail(deps.db, input.email.trim());
  // The same password work for an unknown email (a dummy hash) as for a real one: timing tells nothing.
  const valid = await verifyPassword(input.password, user?.passwordHash);
  if (!user || !valid) throw oauthError(400, 'invalid_grant', WRONG_CREDENTIALS);
  if (user.status !== 'active')
    throw oauthError(400, 'invalid_grant', 'Your account is not active yet. Please accept your invitation first.');
  // A successful sign-in does not use up the limit.
  await deps.limits.refund(attempts);
  await updateUser(deps.db, user.id, { lastLoginAt: new Date() });
  return issueTokens(deps, user.id, randomUUID());
}

/**
 * Rotation: a refresh token works once. Presenting one that was already used means it leaked or was
 * replayed, so the whole family (every session descended from that sign-in) is revoked.
 */
export async function refreshGrant(
  deps: AuthDeps,
  input: { refreshToken: string; email?: string },
): Promise<TokenAnswer> {
  const row = await findRefreshToken(deps.db, hashToken(input.refreshToken));
  if (!row || row.revokedAt) throw oauthError(400, 'invalid_grant', INVALID_REFRESH);
  if (row.usedAt) {
    await revokeRefreshFamily(deps.db, row.familyId);
    throw oauthError(400, 'invalid_grant', INVALID_REFRESH);
  }
  if (row.expiresAt.getTime() <= Date.now()) throw oauthError(400, 'invalid_grant', INVALID_REFRESH);
  const user = await findUserById(deps.db, row.userId);
  if (!user || user.status !== 'active') throw oauthError(400, 'invalid_grant', INVALID_REFRESH);
  if (input.email && input.email.trim().toLowerCase() !== user.email.toLowerCase())
    throw oauthError(400, 'invalid_grant', INVALID_REFRESH);
  if (!(await claimRefreshToken(deps.db, row.id))) {
    await revokeRefreshFamily(deps.db, row.familyId);
    throw oauthError(400, 'invalid_grant', INVALID_REFRESH);
  }
  return issueTokens(deps, user.id, row.familyId);
}

/**
 * Sign-out (RFC 7009): a refresh token, or an access token naming its session, ends that session's
 * refresh-token family. An unknown or already revoked token is not an error: there is nothing to end.
 * (An access token itself stays valid until it expires, at most ACCESS_TOKEN_TTL.)
 */
export async function revokeToken(deps: AuthDeps, token: string): Promise<void> {
  const row = await findRefreshToken(deps.db, hashToken(token));
  if (row) return revokeRefreshFamily(deps.db, row.familyId);
  const verified = await deps.signer.verify(token);
  if (verified.ok && verified.claims.kind === 'access' && verified.claims.sessionId)
    await revokeRefreshFamily(deps.db, verified.claims.sessionId);
}

/**
 * A new password ends every session of the user but `keep` (the one that set it, if any): their
 * refresh-token families are revoked, and access tokens issued before now are refused (answered as
 * expired, so the kept session refreshes and goes on while the others fail to and sign in again).
 */
export async function setPasswordEndingSessions(
  db: Db,
  userId: number,
  passwordHash: string,
  keep: string | null,
  changes: { status?: 'active' } = {},
): Promise<void> {
  await updateUser(db, userId, { passwordHash, sessionsNotBefore: new Date(), ...changes });
  await revokeUserRefreshTokens(db, userId, keep);
}
