/**
 * A local server that answers as Zendesk's Support API does (tests and the demo): Basic auth with
 * `{email}/token:{token}` (401 `{"error": "Couldn't authenticate you"}` otherwise), users/me, ticket
 * creation (201, `status: "new"`, validation errors as 422 RecordInvalid), show_many; the tickets'
 * statuses can be changed as an agent would. Failures are injected through `failNext`.
 */
import { startApiKeyFake, type ApiKeyFake } from '../apiKeyFake';

export interface FakeZendeskTicket {
  id: number;
  subject: string;
  body: string;
  externalId: string | null;
  tags: string[];
  status: string;
}

export interface FakeZendesk extends ApiKeyFake {
  email: string;
  token: string;
  tickets: FakeZendeskTicket[];
}

const ERRORS = {
  auth: { error: "Couldn't authenticate you" },
  bad_request: { error: 'InvalidEndpoint', description: 'Not found' },
  server_error: { error: 'InternalError', description: 'Something went wrong' },
  rate_limited: { error: 'TooManyRequests', description: 'Rate limit exceeded' },
};

export async function startFakeZendesk(
  opts: { port?: number; email?: string; token?: string } = {},
): Promise<FakeZendesk> {
  const email = opts.email ?? 'agent@acme.test';
  const token = opts.token ?? 'zd-token-0123456789';
  const tickets: FakeZendeskTicket[] = [];
  const fake = await startApiKeyFake({
    port: opts.port,
    user: `${email}/token`,
    password: token,
    errorBody: (f) => ERRORS[f],
    routes: (req) => {
      if (req.method === 'GET' && req.path === '/api/v2/users/me.json')
        return { status: 200, body: { user: { id: 9001, name: 'Acme Agent', email, role: 'admin' } } };
      if (req.method === 'POST' && req.path === '/api/v2/tickets.json') {
        const t = (req.body as { ticket?: Record<string, unknown> } | null)?.ticket;
        const comment = t?.comment as { body?: string } | undefined;
        if (!t || !comment?.body)
          return {
            status: 422,
            body: {
              error: 'RecordInvalid',
              description: 'Record validation errors',
              details: { base: [{ description: 'Description: cannot be blank' }] },
            },
          };
        const ticket: FakeZendeskTicket = {
          id: 100 + tickets.length + 1,
          subject: String(t.subject ?? ''),
          body: comment.body,
          externalId: (t.external_id as string | undefined) ?? null,
          tags: (t.tags as string[] | undefined) ?? [],
          status: 'new',
        };
        tickets.push(ticket);
        return {
          status: 201,
          body: { ticket: { id: ticket.id, url: `${fake.url}/api/v2/tickets/${ticket.id}.json`, status: 'new' } },
        };
      }
      if (req.method === 'GET' && req.path === '/api/v2/tickets/show_many.json') {
        const ids = (req.query.get('ids') ?? '').split(',').map(Number);
        return {
          status: 200,
          body: { tickets: tickets.filter((t) => ids.includes(t.id)).map((t) => ({ id: t.id, status: t.status })) },
        };
      }
      return null;
    },
  });
  return Object.assign(fake, { email, token, tickets });
}
