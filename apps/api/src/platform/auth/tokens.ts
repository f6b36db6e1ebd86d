import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

/** Access tokens are short-lived JWTs (HS256); refresh and mail tokens are random strings stored hashed. */
export type AccessClaims =
  /** `sessionId`: the refresh-token family the token came from (null in tokens from before it was carried). */
  | { kind: 'access'; userId: number; sessionId: string | null; issuedAtMs: number }
  | { kind: 'iframe'; userId: number; companyId: number; view: '2' | '3'; locations: number[] | null };

export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; reason: 'expired' | 'invalid' };

export interface TokenSigner {
  signAccess(userId: number, sessionId?: string): Promise<string>;
  signIframe(claims: Omit<Extract<AccessClaims, { kind: 'iframe' }>, 'kind'>, ttlSeconds: number): Promise<string>;
  verify(token: string): Promise<VerifyResult>;
  accessTtl: number;
}

export function createTokenSigner(secret: string, accessTtl: number): TokenSigner {
  // Imported once: given the raw bytes, jose imports the key again on every request it verifies.
  const cryptoKey = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  const issuer = 'reputo';
  /**
   * Tokens whose signature this signer checked, with their claims, until they expire: a client sends
   * the same token on every request for its lifetime, and checking the HMAC again through WebCrypto
   * was the largest part of the server's own CPU per inbox page (bench/RESULTS.md). Only valid
   * tokens are kept; a kept one past its `exp` answers expired, as jose would.
   */
  const verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();
  const MAX_VERIFIED = 10_000;
  function remember(token: string, claims: AccessClaims, exp: number | undefined): void {
    if (exp === undefined) return;
    if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value!);
    // Requests share the kept claims: frozen.
    if (claims.kind === 'iframe' && claims.locations) Object.freeze(claims.locations);
    verified.set(token, { claims: Object.freeze(claims), expiresAtMs: exp * 1000 });
  }
  async function sign(payload: Record<string, unknown>, subject: number, ttl: number): Promise<string> {
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(subject))
      .setIssuer(issuer)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttl)
      .sign(await cryptoKey);
  }
  return {
    accessTtl,
    // iat_ms: `iat` counts whole seconds, too coarse to tell a token from just before a password change.
    signAccess: (userId, sessionId) => sign({ kind: 'access', sid: sessionId, iat_ms: Date.now() }, userId, accessTtl),
    signIframe: ({ userId, companyId, view, locations }, ttl) =>
      sign({ kind: 'iframe', companyId, view, locations }, userId, ttl),
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (Date.now() < known.expiresAtMs) return { ok: true, claims: known.claims };
        verified.delete(token);
        return { ok: false, reason: 'expired' };
      }
      return verifySigned(token);
    },
  };
  async function verifySigned(token: string): Promise<VerifyResult> {
    try {
      const { payload } = await jwtVerify(token, await cryptoKey, { issuer, algorithms: ['HS256'] });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId)) return { ok: false, reason: 'invalid' };
      if (payload.kind === 'access') {
        const issuedAtMs = typeof payload.iat_ms === 'number' ? payload.iat_ms : (payload.iat ?? 0) * 1000;
        const claims: AccessClaims = {
          kind: 'access',
          userId,
          sessionId: typeof payload.sid === 'string' ? payload.sid : null,
          issuedAtMs,
        };
        remember(token, claims, payload.exp);
        return { ok: true, claims };
      }
      if (
        payload.kind === 'iframe' &&
        typeof payload.companyId === 'number' &&
        (payload.view === '2' || payload.view === '3')
      ) {
        const locations = Array.isArray(payload.locations)
          ? payload.locations.filter((n): n is number => typeof n === 'number')
          : null;
        const claims: AccessClaims = {
          kind: 'iframe',
          userId,
          companyId: payload.companyId,
          view: payload.view,
          locations,
        };
        remember(token, claims, payload.exp);
        return { ok: true, claims };
      }
      return { ok: false, reason: 'invalid' };
    } catch (err) {
      return { ok: false, reason: err instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}

/** A random token for refresh, recovery and invitation links. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Stored form of a random token: a SHA-256 hash, so a database leak exposes no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export { randomUUID };
