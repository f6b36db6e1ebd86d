import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../platform/errors';

export interface ClientCredentials {
  client_id?: string;
  client_secret?: string;
}

/** RFC 6749 section 5.2: a failed HTTP Basic authentication answers 401 and names the scheme to use. */
const basicChallenge = { 'www-authenticate': 'Basic realm="reputo", charset="UTF-8"' };

function invalidClient(viaBasic: boolean): AppError {
  return new AppError(
    401,
    'invalid_client',
    'Unknown client or wrong client secret',
    undefined,
    viaBasic ? basicChallenge : undefined,
  );
}

/** Compared through hashes of equal length, so the answer's timing does not reveal how much of a secret matched. */
function sameText(a: string, b: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** RFC 6749 section 2.3.1: `Basic base64(urlencoded id ":" urlencoded secret)`; null when the header is not Basic. */
export function basicCredentials(header: string | undefined): { id: string; secret: string } | 'malformed' | null {
  const match = /^Basic\s+(\S+)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return 'malformed';
  try {
    const unescape = (part: string) => decodeURIComponent(part.replace(/\+/g, ' '));
    return { id: unescape(decoded.slice(0, colon)), secret: unescape(decoded.slice(colon + 1)) };
  } catch {
    return 'malformed';
  }
}

/**
 * Client authentication of the token and revocation endpoints: HTTP Basic or client_id and
 * client_secret in the body (RFC 6749 section 2.3.1), one method per request.
 */
export function authenticateClient(
  authorization: string | undefined,
  body: ClientCredentials,
  expected: { id: string; secret: string },
): void {
  const basic = basicCredentials(authorization);
  if (basic && (body.client_id !== undefined || body.client_secret !== undefined)) {
    throw new AppError(
      400,
      'invalid_request',
      'Send the client credentials once: in the Authorization header or in the body',
    );
  }
  if (basic === 'malformed') throw invalidClient(true);
  const given =
    basic ??
    (body.client_id !== undefined && body.client_secret !== undefined
      ? { id: body.client_id, secret: body.client_secret }
      : null);
  if (!given)
    throw new AppError(
      401,
      'invalid_client',
      'Client authentication is required: client_id and client_secret, or HTTP Basic',
      undefined,
      basicChallenge,
    );
  // Both compared, always: which one was wrong is not told.
  const idMatches = sameText(given.id, expected.id);
  const secretMatches = sameText(given.secret, expected.secret);
  if (!idMatches || !secretMatches) throw invalidClient(basic !== null);
}
