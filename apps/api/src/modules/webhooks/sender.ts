/**
 * Sends one signed message to an endpoint, the Standard Webhooks way (standardwebhooks.com): headers
 * `webhook-id`, `webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,` and the base64
 * HMAC-SHA256 of `id.timestamp.body` under the `whsec_` secret), signed by the scheme's own library.
 * Redirects are not followed (a 3xx is a failure): a redirect could lead past the address check.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import { AddressRefused, checkUrlAddress, guardedLookup } from './address';

export interface SendSettings {
  allowPrivate: boolean;
  timeoutMs: number;
}

export interface SendResult {
  ok: boolean;
  /** The HTTP status, or null when no answer came (refused, unreachable, timed out). */
  status: number | null;
  /** The first 4 kB of the answer (the verify call looks for its challenge there). */
  body: string;
  error: string | null;
  durationMs: number;
}

const BODY_LIMIT = 4096;
const USER_AGENT = 'Reputo-Webhooks/1.0';

/** A new signing secret: `whsec_` and 24 random bytes in base64, as the scheme's libraries expect. */
export function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/** The headers of a signed message. */
export function signedHeaders(secret: string, messageId: string, at: Date, body: string): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, at, body),
  };
}

function post(url: URL, headers: Record<string, string>, body: string, settings: SendSettings) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https : http).request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'user-agent': USER_AGENT },
        lookup: guardedLookup(settings.allowPrivate),
        timeout: settings.timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < BODY_LIMIT) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8').slice(0, BODY_LIMIT),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`No answer within ${settings.timeoutMs} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

/** Signs and posts `body`; never throws: the outcome (status, error) is the answer. */
export async function sendSigned(
  target: { url: string; secret: string },
  messageId: string,
  body: string,
  settings: SendSettings,
): Promise<SendResult> {
  const started = Date.now();
  const done = (r: Omit<SendResult, 'durationMs'>): SendResult => ({ ...r, durationMs: Date.now() - started });
  try {
    const url = new URL(target.url);
    await checkUrlAddress(url, settings.allowPrivate);
    const answer = await post(url, signedHeaders(target.secret, messageId, new Date(), body), body, settings);
    const ok = answer.status >= 200 && answer.status < 300;
    return done({ ok, status: answer.status, body: answer.body, error: ok ? null : `HTTP ${answer.status}` });
  } catch (error) {
    const message = error instanceof AddressRefused || error instanceof Error ? error.message : String(error);
    return done({ ok: false, status: null, body: '', error: message.slice(0, 500) });
  }
}
