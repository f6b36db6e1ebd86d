import { createServer, type IncomingMessage, type Server } from 'node:http';

/** A request the fake source received, for assertions. */
export interface Seen {
  method: string;
  path: string;
  auth: string | undefined;
  body: string;
}

/**
 * A local server that answers as the Google Business Profile v4 API, Google's OAuth token endpoint
 * and the Facebook Graph API do for replies. Review ids starting with `fail` are refused the way
 * each API refuses (Google PERMISSION_DENIED, Facebook OAuthException).
 */
export class FakeSources {
  readonly seen: Seen[] = [];
  private server: Server | null = null;
  validGoogleToken = 'google-token';
  constructor(readonly port: number) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (this.server) return;
    this.server = createServer((req, res) => {
      void this.handle(req).then(({ status, body }) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      });
    });
    // A port already taken fails the hook at once, with the reason, instead of at its time-out.
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.port, '127.0.0.1', resolve);
    });
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', this.url);
    this.seen.push({
      method: req.method ?? '',
      path: url.pathname + url.search,
      auth: req.headers.authorization,
      body,
    });

    if (url.pathname === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(body);
      if (form.get('grant_type') !== 'refresh_token' || form.get('refresh_token') !== 'refresh-1')
        return { status: 400, body: { error: 'invalid_grant', error_description: 'Bad Request' } };
      return { status: 200, body: { access_token: this.validGoogleToken, expires_in: 3599, token_type: 'Bearer' } };
    }
    const google = /^\/google\/v4\/accounts\/([^/]+)\/locations\/([^/]+)\/reviews\/([^/]+)\/reply$/.exec(url.pathname);
    if (google) {
      if (req.headers.authorization !== `Bearer ${this.validGoogleToken}`) {
        return {
          status: 401,
          body: {
            error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' },
          },
        };
      }
      if (google[3]!.startsWith('fail'))
        return {
          status: 403,
          body: { error: { code: 403, message: 'The caller does not have permission', status: 'PERMISSION_DENIED' } },
        };
      if (req.method === 'PUT') {
        const { comment } = JSON.parse(body) as { comment: string };
        return { status: 200, body: { comment, updateTime: new Date().toISOString() } };
      }
      if (req.method === 'DELETE') return { status: 200, body: {} };
    }
    const fbComments = /^\/facebook\/([^/]+)\/comments$/.exec(url.pathname);
    if (fbComments && req.method === 'POST') {
      const form = new URLSearchParams(body);
      if (form.get('access_token') !== 'page-token')
        return {
          status: 400,
          body: { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } },
        };
      if (fbComments[1]!.startsWith('fail'))
        return {
          status: 400,
          body: { error: { message: '(#200) Permissions error', type: 'OAuthException', code: 200 } },
        };
      return { status: 200, body: { id: `${fbComments[1]}_comment1` } };
    }
    const fbComment = /^\/facebook\/([^/]+)$/.exec(url.pathname);
    if (fbComment && (req.method === 'POST' || req.method === 'DELETE'))
      return { status: 200, body: { success: true } };
    return {
      status: 404,
      body: { error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' } },
    };
  }
}
