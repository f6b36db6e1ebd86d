/**
 * A local server that answers as Twilio's Messages API does (tests and the demo): it checks HTTP
 * Basic auth, validates To, answers 201 with a MessageSid, then calls the message's StatusCallback
 * (sent, then delivered, or undelivered for numbers told so) signed with X-Twilio-Signature. It can
 * be told to fail the next calls with Twilio's documented errors, or to never answer (a time-out).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { twilioSignature } from './signature';

export type FakeTwilioFailure = 'invalid_to' | 'unsubscribed' | 'auth' | 'rate_limited' | 'server_error' | 'hang';

export interface FakeSms {
  sid: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string | null;
}

export interface FakeTwilio {
  url: string;
  accountSid: string;
  authToken: string;
  /** Every message accepted (answered 201), in order. */
  messages: FakeSms[];
  /** Calls answered with an error or left hanging, by kind. */
  refused: FakeTwilioFailure[];
  /** The next calls fail this way, one entry each. */
  failNext(...failures: FakeTwilioFailure[]): void;
  /** Every call fails this way until cleared (null). */
  failAlways(failure: FakeTwilioFailure | null): void;
  /** Numbers whose messages end 'undelivered' (ErrorCode 30003) instead of 'delivered'. */
  undeliverable: Set<string>;
  /** Whether accepted messages' status callbacks are called (default true). */
  callbacks: boolean;
  /** Status callbacks still being delivered. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

const ERRORS: Record<Exclude<FakeTwilioFailure, 'hang'>, { status: number; code: number; message: string }> = {
  invalid_to: { status: 400, code: 21211, message: "The 'To' number is not a valid phone number." },
  unsubscribed: { status: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' },
  auth: { status: 401, code: 20003, message: 'Authenticate' },
  rate_limited: { status: 429, code: 20429, message: 'Too Many Requests' },
  server_error: { status: 500, code: 20500, message: 'Internal Server Error' },
};

const E164 = /^\+[1-9]\d{6,14}$/;

function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => resolve(Object.fromEntries(new URLSearchParams(data))));
    req.on('error', reject);
  });
}

function twilioError(res: ServerResponse, failure: Exclude<FakeTwilioFailure, 'hang'>): void {
  const e = ERRORS[failure];
  res.writeHead(e.status, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      code: e.code,
      message: e.message,
      more_info: `https://www.twilio.com/docs/errors/${e.code}`,
      status: e.status,
    }),
  );
}

export async function startFakeTwilio(
  opts: { port?: number; accountSid?: string; authToken?: string } = {},
): Promise<FakeTwilio> {
  const accountSid = opts.accountSid ?? `AC${randomBytes(16).toString('hex')}`;
  const authToken = opts.authToken ?? randomBytes(16).toString('hex');
  const queue: FakeTwilioFailure[] = [];
  let always: FakeTwilioFailure | null = null;
  const pending = new Set<Promise<void>>();
  const hanging = new Set<ServerResponse>();

  const callback = async (url: string, params: Record<string, string>) => {
    await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(authToken, url, params),
      },
      body: new URLSearchParams(params).toString(),
    }).catch(() => undefined);
  };

  const reportStatus = (sms: FakeSms) => {
    if (!sms.statusCallback || !fake.callbacks) return;
    const url = sms.statusCallback;
    const base = { MessageSid: sms.sid, SmsSid: sms.sid, AccountSid: accountSid, From: sms.from, To: sms.to };
    const run = (async () => {
      await callback(url, { ...base, MessageStatus: 'sent', SmsStatus: 'sent' });
      await callback(
        url,
        fake.undeliverable.has(sms.to)
          ? { ...base, MessageStatus: 'undelivered', SmsStatus: 'undelivered', ErrorCode: '30003' }
          : { ...base, MessageStatus: 'delivered', SmsStatus: 'delivered' },
      );
    })();
    pending.add(run);
    void run.finally(() => pending.delete(run));
  };

  const server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      if (req.method !== 'POST' || path !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 20404, message: 'The requested resource was not found', status: 404 }));
        return;
      }
      const form = await readForm(req);
      const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
      if (req.headers.authorization !== expected) return twilioError(res, 'auth');
      const failure = queue.shift() ?? always;
      if (failure) {
        fake.refused.push(failure);
        if (failure === 'hang') {
          hanging.add(res);
          return;
        }
        return twilioError(res, failure);
      }
      if (!E164.test(form.To ?? '')) return twilioError(res, 'invalid_to');
      const sms: FakeSms = {
        sid: `SM${randomBytes(16).toString('hex')}`,
        to: form.To!,
        from: form.From ?? form.MessagingServiceSid ?? '',
        body: form.Body ?? '',
        statusCallback: form.StatusCallback ?? null,
      };
      fake.messages.push(sms);
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          sid: sms.sid,
          account_sid: accountSid,
          to: sms.to,
          from: sms.from,
          body: sms.body,
          status: 'queued',
          num_segments: '1',
          direction: 'outbound-api',
          api_version: '2010-04-01',
          date_created: new Date().toUTCString(),
          uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sms.sid}.json`,
        }),
      );
      reportStatus(sms);
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  const fake: FakeTwilio = {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    messages: [],
    refused: [],
    undeliverable: new Set(),
    callbacks: true,
    failNext: (...failures) => void queue.push(...failures),
    failAlways: (failure) => void (always = failure),
    settled: async () => {
      while (pending.size) await Promise.all([...pending]);
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
