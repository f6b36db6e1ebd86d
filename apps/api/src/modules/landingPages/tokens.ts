import { createHmac } from 'node:crypto';
import { idOfSignedToken, signedIdToken } from '../../platform/signedIds';

/**
 * A visitor's answer is named in the page's addresses by a signed id, so its next steps (public
 * link, private form) cannot be walked to another visitor's answer, and no cookie is needed.
 */
const PURPOSE = 'feedback-response';

export const responseToken = (secret: string, id: number) => signedIdToken(secret, PURPOSE, id);
export const responseIdOf = (secret: string, token: string) => idOfSignedToken(secret, PURPOSE, token);

/** The keyed hash of a visitor's IP address: enough to count their answers, useless to find them. */
export function visitorHash(secret: string, address: string): string {
  return createHmac('sha256', `${secret}:feedback-visitor`).update(address).digest('base64url').slice(0, 32);
}
