/**
 * A company's webhook receiver, for tests and the demo: a local HTTP server that checks each
 * message's signature with the Standard Webhooks reference library (`Webhook.verify`), answers the
 * verify challenge, and answers whatever status a test queues (500s, 429, a slow answer).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedMessage {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Whether the signature held under the path's secret. */
  signed: boolean;
  type: string | null;
  status: number;
}

export interface Receiver {
  /** The receiver's address; give each endpoint a path of its own (`${url}/a`). */
  url: string;
  received: ReceivedMessage[];
  /** The secret each path checks signatures with (set it from the create call's answer). */
  secrets: Map<string, string>;
  /** Statuses to answer next on a path, in order (then 200). A status of 0 never answers (a time-out). */
  plan(path: string, ...statuses: number[]): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: ReceivedMessage[] = [];
  const secrets = new Map<string, string>();
  const plans = new Map<string, number[]>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const body = Buffer.concat(chunks).toString('utf8');
      let signed = false;
      let parsed: { type?: string; data?: { challenge?: string } } = {};
      try {
        parsed = new Webhook(secrets.get(path) ?? 'whsec_AAAA').verify(
          body,
          req.headers as Record<string, string>,
        ) as typeof parsed;
        signed = true;
      } catch {
        // A wrong or missing signature: answered 401, as a careful receiver does.
      }
      const status = signed ? (plans.get(path)?.shift() ?? 200) : 401;
      received.push({ path, headers: req.headers, body, signed, type: parsed.type ?? null, status });
      if (status === 0) return; // never answers
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(parsed.type === 'webhook.verify' ? { challenge: parsed.data?.challenge } : { ok: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    secrets,
    plan: (path, ...statuses) => plans.set(path, [...(plans.get(path) ?? []), ...statuses]),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
