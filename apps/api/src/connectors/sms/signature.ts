import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Twilio's request signature (X-Twilio-Signature), as Twilio documents it: the full URL Twilio
 * called (with its query string), then each POST parameter's name and value appended in the order
 * of the names, HMAC-SHA1 with the account's auth token, base64. Written here rather than loading
 * the whole `twilio` package for one function.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((text, key) => text + key + params[key], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** Whether `signature` is Twilio's for this URL and form, compared in constant time. */
export function validTwilioSignature(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: Record<string, string>,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
