/**
 * SMS through Twilio's Messages API (or a compatible one at TWILIO_BASE_URL):
 * POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP Basic auth (sid:token),
 * form-encoded To, From (or MessagingServiceSid), Body, StatusCallback. Errors come back as
 * JSON { code, message, more_info, status }. 429 (code 20429), 5xx and a provider that could not be
 * reached are retried here with a doubling back-off; the rest are answered as an SmsError the
 * campaign sender reads. A time-out is not retried: Twilio may have taken the message (it has no
 * idempotency key for sends), and a loaded CI run showed a retried time-out texting a customer twice.
 */
import type { Config } from '../../config';

export type TwilioSettings = NonNullable<Config['twilio']>;

/**
 * What a refusal means for the campaign: the recipient's fault, ours (credentials), passing, or
 * `unknown`: sent, but no answer came (the message may have gone out; never resent).
 */
export type SmsErrorKind = 'invalid_to' | 'unsubscribed' | 'auth' | 'transient' | 'rejected' | 'unknown';

/** Connection errors that mean the request never reached the provider. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

export const SMS_NO_ANSWER = 'The SMS provider did not answer in time; not resent, so nobody gets it twice';

export class SmsError extends Error {
  constructor(
    readonly kind: SmsErrorKind,
    readonly code: number | null,
    message: string,
  ) {
    super(message);
  }
}

export interface SmsMessage {
  to: string;
  body: string;
  statusCallback?: string;
}

export interface SmsClient {
  send(message: SmsMessage): Promise<{ sid: string; status: string }>;
}

interface TwilioErrorBody {
  code?: number;
  message?: string;
  more_info?: string;
  status?: number;
}

/** Twilio's codes the sender acts on: 21211 invalid To, 21610 the recipient replied STOP, 20003 bad credentials. */
function kindOf(status: number, code: number | null): SmsErrorKind {
  if (status === 429 || code === 20429 || status >= 500) return 'transient';
  if (status === 401 || code === 20003) return 'auth';
  if (code === 21211 || code === 21614) return 'invalid_to';
  if (code === 21610) return 'unsubscribed';
  return 'rejected';
}

async function postOnce(settings: TwilioSettings, message: SmsMessage): Promise<{ sid: string; status: string }> {
  const form = new URLSearchParams({ To: message.to, Body: message.body });
  if (settings.from.startsWith('MG')) form.set('MessagingServiceSid', settings.from);
  else form.set('From', settings.from);
  if (message.statusCallback) form.set('StatusCallback', message.statusCallback);
  let res: Response;
  try {
    res = await fetch(`${settings.baseUrl}/2010-04-01/Accounts/${settings.accountSid}/Messages.json`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: form.toString(),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code && NOT_SENT.has(code)) throw new SmsError('transient', null, 'The SMS provider could not be reached');
    throw new SmsError('unknown', null, SMS_NO_ANSWER);
  }
  const text = await res.text();
  let body: TwilioErrorBody & { sid?: string } = {};
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    // A proxy's HTML error page: the status says enough.
  }
  if (res.ok && body.sid) return { sid: body.sid, status: String((body as { status?: unknown }).status ?? 'queued') };
  const code = typeof body.code === 'number' ? body.code : null;
  const text2 = body.message ?? `HTTP ${res.status}`;
  throw new SmsError(kindOf(res.status, code), code, code ? `Twilio error ${code}: ${text2}` : text2);
}

export function twilioClient(settings: TwilioSettings, retries = 3): SmsClient {
  return {
    async send(message) {
      for (let attempt = 0; ; attempt++) {
        try {
          return await postOnce(settings, message);
        } catch (error) {
          if (!(error instanceof SmsError) || error.kind !== 'transient' || attempt >= retries) throw error;
          await new Promise((r) => setTimeout(r, settings.retryMs * 2 ** attempt));
        }
      }
    },
  };
}
