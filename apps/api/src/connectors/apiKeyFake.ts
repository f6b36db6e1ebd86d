/**
 * The shared part of the local fakes of services connected by API key (Zendesk, Jira, Mailchimp,
 * ActiveCampaign): an HTTP server that checks the credentials (HTTP Basic unless told otherwise) and
 * can be told to fail the next calls the way these services do: 401 (a revoked token), 400, 500, 429 with Retry-After, or no answer at all (a
 * time-out). Each fake adds its own routes.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeFailure = 'auth' | 'bad_request' | 'server_error' | 'rate_limited' | 'hang';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export type FakeRoute = (req: FakeRequest) => { status: number; body: unknown } | null;

export interface ApiKeyFake {
  url: string;
  /** The Basic credentials accepted (user part, password part). */
  user: string;
  password: string;
  /** Every call that reached a route (after the credentials and failures), in order. */
  calls: FakeRequest[];
  failNext(...failures: FakeFailure[]): void;
  /** The failures come after this many calls answered normally (a failure in the middle of a run). */
  failAfter(calls: number, ...failures: FakeFailure[]): void;
  /** Calls answered with an injected failure, in order. */
  refused: FakeFailure[];
  close(): Promise<void>;
}

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => {
      try {
        resolve(data ? JSON.parse(data) : null);
      } catch {
        resolve(undefined);
      }
    });
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

export async function startApiKeyFake(opts: {
  port?: number;
  user: string;
  password: string;
  /** The body of each injected failure, in the service's own error shape. */
  errorBody: (failure: Exclude<FakeFailure, 'hang'>) => unknown;
  routes: FakeRoute;
  /** Another check of the credentials than Basic user:password (ActiveCampaign's Api-Token header). */
  authorized?: (headers: IncomingHttpHeaders) => boolean;
}): Promise<ApiKeyFake> {
  const queue: FakeFailure[] = [];
  const calls: FakeRequest[] = [];
  const refused: FakeFailure[] = [];
  let passBefore = 0;
  const expected = `Basic ${Buffer.from(`${opts.user}:${opts.password}`).toString('base64')}`;
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = await readJson(req);
      let failure: FakeFailure | undefined;
      if (passBefore > 0) passBefore--;
      else failure = queue.shift();
      if (failure) refused.push(failure);
      if (failure === 'hang') return; // never answers: the client's time-out
      if (failure === 'rate_limited') return send(res, 429, opts.errorBody(failure), { 'retry-after': '0' });
      if (failure === 'server_error') return send(res, 500, opts.errorBody(failure));
      if (failure === 'bad_request') return send(res, 400, opts.errorBody(failure));
      const authorized = opts.authorized ? opts.authorized(req.headers) : req.headers.authorization === expected;
      if (failure === 'auth' || !authorized) return send(res, 401, opts.errorBody('auth'));
      if (body === undefined) return send(res, 400, opts.errorBody('bad_request'));
      const request = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, body };
      calls.push(request);
      const answer = opts.routes(request);
      if (!answer) return send(res, 404, opts.errorBody('bad_request'));
      send(res, answer.status, answer.body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    user: opts.user,
    password: opts.password,
    calls,
    refused,
    failNext: (...failures) => queue.push(...failures),
    failAfter: (n, ...failures) => {
      passBefore = n;
      queue.push(...failures);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
