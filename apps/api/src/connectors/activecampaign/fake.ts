/**
 * A local server that answers as ActiveCampaign's API v3 does (tests and the demo): the `Api-Token`
 * header (401 otherwise), users/me, lists paged by limit and offset, contact sync by email (an
 * address with "invalid" in it is refused, 422), list membership and tags. Failures are injected
 * through `failNext`.
 */
import { startApiKeyFake, type ApiKeyFake } from '../apiKeyFake';

export interface FakeActiveCampaign extends ApiKeyFake {
  token: string;
  lists: { id: string; name: string }[];
  contacts: { id: string; email: string; firstName: string; lastName: string; lists: string[]; tags: string[] }[];
  tags: { id: string; tag: string }[];
}

const ERRORS = {
  auth: { message: 'No Result found for API token' },
  bad_request: { errors: [{ title: 'The request could not be processed', code: 'bad_request' }] },
  server_error: { message: 'Internal Server Error' },
  rate_limited: { message: 'Too Many Requests' },
};

export async function startFakeActiveCampaign(
  opts: { port?: number; token?: string; lists?: { id: string; name: string }[] } = {},
): Promise<FakeActiveCampaign> {
  const token = opts.token ?? 'ac-token-0123456789abcdef';
  const lists = opts.lists ?? [
    { id: '1', name: 'Master Contact List' },
    { id: '2', name: 'Happy customers' },
  ];
  const contacts: FakeActiveCampaign['contacts'] = [];
  const tags: FakeActiveCampaign['tags'] = [];
  const fake = await startApiKeyFake({
    port: opts.port,
    user: '',
    password: token,
    authorized: (h) => h['api-token'] === token,
    errorBody: (f) => ERRORS[f],
    routes: (req) => {
      const body = (req.body ?? {}) as Record<string, Record<string, unknown> | undefined>;
      if (req.method === 'GET' && req.path === '/api/3/users/me')
        return { status: 200, body: { user: { id: '1', username: 'admin', email: 'owner@acme.test' } } };
      if (req.method === 'GET' && req.path === '/api/3/lists') {
        const limit = Number(req.query.get('limit') ?? 20);
        const offset = Number(req.query.get('offset') ?? 0);
        return {
          status: 200,
          body: { lists: lists.slice(offset, offset + limit), meta: { total: String(lists.length) } },
        };
      }
      if (req.method === 'POST' && req.path === '/api/3/contact/sync') {
        const c = body.contact ?? {};
        const email = String(c.email ?? '').toLowerCase();
        if (!email || email.includes('invalid'))
          return { status: 422, body: { errors: [{ title: 'Email address is invalid.', code: 'email_invalid' }] } };
        let row = contacts.find((x) => x.email === email);
        if (!row)
          contacts.push(
            (row = { id: String(contacts.length + 1), email, firstName: '', lastName: '', lists: [], tags: [] }),
          );
        row.firstName = String(c.firstName ?? row.firstName);
        row.lastName = String(c.lastName ?? row.lastName);
        return { status: 201, body: { contact: { id: row.id, email } } };
      }
      if (req.method === 'POST' && req.path === '/api/3/contactLists') {
        const cl = body.contactList ?? {};
        const row = contacts.find((x) => x.id === String(cl.contact));
        if (!row || !lists.some((l) => l.id === String(cl.list)))
          return { status: 422, body: { errors: [{ title: 'Contact or list not found' }] } };
        if (!row.lists.includes(String(cl.list))) row.lists.push(String(cl.list));
        return { status: 201, body: { contactList: { list: cl.list, contact: cl.contact, status: cl.status } } };
      }
      if (req.method === 'GET' && req.path === '/api/3/tags') {
        const search = req.query.get('search') ?? '';
        return { status: 200, body: { tags: tags.filter((t) => t.tag.includes(search)) } };
      }
      if (req.method === 'POST' && req.path === '/api/3/tags') {
        const name = String(body.tag?.tag ?? '');
        if (tags.some((t) => t.tag === name))
          return { status: 422, body: { errors: [{ title: 'Tag already exists', code: 'duplicate' }] } };
        const tag = { id: String(tags.length + 1), tag: name };
        tags.push(tag);
        return { status: 201, body: { tag } };
      }
      if (req.method === 'POST' && req.path === '/api/3/contactTags') {
        const ct = body.contactTag ?? {};
        const row = contacts.find((x) => x.id === String(ct.contact));
        const tag = tags.find((t) => t.id === String(ct.tag));
        if (!row || !tag) return { status: 422, body: { errors: [{ title: 'Contact or tag not found' }] } };
        if (!row.tags.includes(tag.tag)) row.tags.push(tag.tag);
        return { status: 201, body: { contactTag: { contact: row.id, tag: tag.id } } };
      }
      return null;
    },
  });
  return Object.assign(fake, { token, lists, contacts, tags });
}
