/**
 * A local server that answers as Mailchimp's Marketing API does (tests and the demo): Basic auth
 * with any user and the key (401 problem details otherwise), ping, audiences paged by count and
 * offset, member upserts checked against the MD5 of the email (an address with "invalid" in it is
 * refused as Mailchimp refuses fake-looking ones, 400), tags. Failures are injected through `failNext`.
 */
import { startApiKeyFake, type ApiKeyFake } from '../apiKeyFake';
import { memberHash } from '.';

export interface FakeMailchimpMember {
  listId: string;
  email: string;
  status: string;
  mergeFields: Record<string, string>;
  tags: string[];
}

export interface FakeMailchimp extends ApiKeyFake {
  apiKey: string;
  audiences: { id: string; name: string }[];
  members: Map<string, FakeMailchimpMember>;
}

const problem = (status: number, title: string, detail: string) => ({
  type: 'https://mailchimp.com/developer/marketing/docs/errors/',
  title,
  status,
  detail,
  instance: 'fake',
});

const ERRORS = {
  auth: problem(
    401,
    'API Key Invalid',
    'Your API key may be invalid, or you’ve attempted to access the wrong datacenter.',
  ),
  bad_request: problem(400, 'Invalid Resource', 'The resource submitted could not be validated.'),
  server_error: problem(500, 'Internal Server Error', 'An unexpected internal error has occurred.'),
  rate_limited: problem(429, 'Too Many Requests', 'You have exceeded the limit of 10 simultaneous connections.'),
};

export async function startFakeMailchimp(
  opts: { port?: number; apiKey?: string; audiences?: { id: string; name: string }[] } = {},
): Promise<FakeMailchimp> {
  const apiKey = opts.apiKey ?? '0123456789abcdef0123456789abcdef-us6';
  const audiences = opts.audiences ?? [
    { id: 'a1b2c3d4e5', name: 'Newsletter' },
    { id: 'f6a7b8c9d0', name: 'Loyal customers' },
  ];
  const members = new Map<string, FakeMailchimpMember>();
  const fake = await startApiKeyFake({
    port: opts.port,
    user: 'anystring',
    password: apiKey,
    authorized: (h) => {
      const [scheme, value] = (h.authorization ?? '').split(' ');
      return (
        scheme === 'Basic' &&
        Buffer.from(value ?? '', 'base64')
          .toString()
          .split(':')[1] === apiKey
      );
    },
    errorBody: (f) => ERRORS[f],
    routes: (req) => {
      if (req.method === 'GET' && req.path === '/ping')
        return { status: 200, body: { health_status: "Everything's Chimpy!" } };
      if (req.method === 'GET' && req.path === '/lists') {
        const count = Number(req.query.get('count') ?? 10);
        const offset = Number(req.query.get('offset') ?? 0);
        const page = audiences.slice(offset, offset + count).map((a) => ({
          ...a,
          stats: { member_count: [...members.values()].filter((m) => m.listId === a.id).length },
        }));
        return { status: 200, body: { lists: page, total_items: audiences.length } };
      }
      const m = /^\/lists\/([^/]+)\/members\/([0-9a-f]{32})(\/tags)?$/.exec(req.path);
      if (!m) return null;
      const [, listId, hash, tags] = m;
      if (!audiences.some((a) => a.id === listId))
        return { status: 404, body: problem(404, 'Resource Not Found', 'The requested resource could not be found.') };
      const key = `${listId}:${hash}`;
      if (req.method === 'PUT' && !tags) {
        const b = (req.body ?? {}) as {
          email_address?: string;
          status_if_new?: string;
          merge_fields?: Record<string, string>;
        };
        const email = b.email_address ?? '';
        if (!email || email.includes('invalid') || memberHash(email) !== hash)
          return {
            status: 400,
            body: problem(
              400,
              'Invalid Resource',
              `${email} looks fake or invalid, please enter a real email address.`,
            ),
          };
        const before = members.get(key);
        const member = {
          listId: listId!,
          email,
          status: before?.status ?? b.status_if_new ?? 'subscribed',
          mergeFields: { ...before?.mergeFields, ...b.merge_fields },
          tags: before?.tags ?? [],
        };
        members.set(key, member);
        return { status: 200, body: { id: hash, email_address: email, status: member.status } };
      }
      if (req.method === 'POST' && tags) {
        const member = members.get(key);
        if (!member)
          return {
            status: 404,
            body: problem(404, 'Resource Not Found', 'The requested resource could not be found.'),
          };
        const names = ((req.body as { tags?: { name: string }[] } | null)?.tags ?? []).map((t) => t.name);
        member.tags = [...new Set([...member.tags, ...names])];
        return { status: 204, body: null };
      }
      return null;
    },
  });
  return Object.assign(fake, { apiKey, audiences, members });
}
