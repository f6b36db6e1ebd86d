import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A row id handed out in a public address (a coupon page, a landing page visitor's answer): the id
 * in base 36 and an HMAC of it under a key derived from the server's secret and the purpose, so it
 * cannot be guessed or walked to another row, and it needs no column. Changing JWT_SECRET changes
 * every such link.
 */
const MAC_CHARS = 22; // 132 bits of base64url

function macOf(secret: string, purpose: string, id: number): string {
  return createHmac('sha256', `${secret}:${purpose}`).update(String(id)).digest('base64url').slice(0, MAC_CHARS);
}

export function signedIdToken(secret: string, purpose: string, id: number): string {
  return `${id.toString(36)}-${macOf(secret, purpose, id)}`;
}

/** The id of a token, or null when the token was not made by this server for this purpose. */
export function idOfSignedToken(secret: string, purpose: string, token: string): number | null {
  const match = /^([0-9a-z]{1,12})-([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const id = parseInt(match[1]!, 36);
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const expected = Buffer.from(macOf(secret, purpose, id));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}
