import { randomBytes } from 'node:crypto';
import { idOfSignedToken, signedIdToken } from '../../platform/signedIds';

/**
 * Coupon codes: upper-case letters and digits without the look-alikes (0/O, 1/I/L, which people
 * misread on a receipt or a phone screen), drawn from the operating system's CSPRNG. 31 symbols:
 * a byte is used when it is below 248 (8 x 31), so every symbol is equally likely (no modulo bias).
 */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LIMIT = 256 - (256 % CODE_ALPHABET.length);

/** `count` random codes of `length` symbols (not yet deduplicated). */
export function randomCodes(count: number, length: number): string[] {
  const codes: string[] = new Array<string>(count);
  let pool = randomBytes(Math.ceil(count * length * 1.1) + 64);
  let at = 0;
  for (let i = 0; i < count; i++) {
    let code = '';
    while (code.length < length) {
      if (at >= pool.length) {
        pool = randomBytes(4096);
        at = 0;
      }
      const byte = pool[at++]!;
      if (byte < LIMIT) code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
    }
    codes[i] = code;
  }
  return codes;
}

/** A code as typed or uploaded: spaces and dashes dropped, upper case (codes are compared this way everywhere). */
export function normalizeCode(input: string): string {
  return input.replace(/[\s-]+/g, '').toUpperCase();
}

/** Uploaded codes (a point of sale's own) may use any letters and digits, 3 to 32 of them. */
export const UPLOADED_CODE = /^[A-Z0-9]{3,32}$/;

/** How many distinct codes of this length exist. */
export function codeSpace(length: number): number {
  return CODE_ALPHABET.length ** length;
}

/**
 * The customer's coupon page (`/coupon/{token}`): the token names the coupon by a signed id
 * (platform/signedIds.ts), so it cannot be guessed or walked, and 100,000 generated codes stay one insert.
 */
const COUPON_PAGE = 'coupon-page';

export function couponToken(secret: string, id: number): string {
  return signedIdToken(secret, COUPON_PAGE, id);
}

/** The coupon id of a token, or null when the token was not made by this server. */
export function couponIdOf(secret: string, token: string): number | null {
  return idOfSignedToken(secret, COUPON_PAGE, token);
}
