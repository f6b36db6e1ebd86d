/**
 * ActiveCampaign API v3 (https://developers.activecampaign.com/reference): the account's address
 * (https://acme.api-us1.com) and an API token in the `Api-Token` header; ACTIVECAMPAIGN_BASE_URL
 * replaces the address for every account (tests, the demo). Calls used: `GET /api/3/users/me`, `GET
 * /api/3/lists?limit=&offset=` (paged), `POST /api/3/contact/sync` (add or update by email), `POST
 * /api/3/contactLists` (status 1: subscribed), `GET /api/3/tags?search=`, `POST /api/3/tags`, `POST
 * /api/3/contactTags`.
 */
import { callJson, type HttpSettings } from '../apiKeyHttp';

/** `acme`, `acme.api-us1.com`, `acme.activehosted.com` or their https address → the https address. */
export function activeCampaignUrl(input: string): string | null {
  const v = input
    .trim()
    .toLowerCase()
    .replace(/^https:\/\//, '')
    .replace(/\/+$/, '');
  if (/^[a-z0-9][a-z0-9-]{0,62}$/.test(v)) return `https://${v}.api-us1.com`;
  if (/^[a-z0-9][a-z0-9-]{0,62}\.(api-us\d{1,3}\.com|activehosted\.com)$/.test(v)) return `https://${v}`;
  return null;
}

const PAGE = 100;

export function activeCampaignClient(
  account: { baseUrl: string; apiToken: string },
  opts: { timeoutMs: number; retryMs: number },
) {
  const s: HttpSettings = {
    name: 'ActiveCampaign',
    baseUrl: account.baseUrl,
    headers: { 'api-token': account.apiToken },
    credentials: 'the API token',
    ...opts,
  };
  const tagIds = new Map<string, string>();
  return {
    me: async () =>
      (await callJson<{ user: { id: string; username: string; email: string } }>(s, 'GET', '/api/3/users/me')).user,
    async lists(): Promise<{ id: string; name: string }[]> {
      const out: { id: string; name: string }[] = [];
      for (let offset = 0; ; offset += PAGE) {
        const answer = await callJson<{ lists: { id: string; name: string }[]; meta?: { total?: string } }>(
          s,
          'GET',
          `/api/3/lists?limit=${PAGE}&offset=${offset}`,
        );
        out.push(...answer.lists.map((l) => ({ id: String(l.id), name: l.name })));
        if (answer.lists.length < PAGE || out.length >= Number(answer.meta?.total ?? 0)) return out;
      }
    },
    /** A tag's id, created when missing (remembered for this client's life: one sync run). */
    async tagId(name: string): Promise<string> {
      const known = tagIds.get(name);
      if (known) return known;
      const found = await callJson<{ tags: { id: string; tag: string }[] }>(
        s,
        'GET',
        `/api/3/tags?search=${encodeURIComponent(name)}`,
      );
      let id = found.tags.find((t) => t.tag === name)?.id;
      if (!id)
        id = (
          await callJson<{ tag: { id: string } }>(s, 'POST', '/api/3/tags', {
            tag: { tag: name, tagType: 'contact', description: 'Reputo' },
          })
        ).tag.id;
      tagIds.set(name, String(id));
      return String(id);
    },
    /** Adds or updates the contact, subscribes it to the list and tags it. */
    async syncContact(listId: string, c: { email: string; firstName: string; lastName: string; tags: string[] }) {
      const { contact } = await callJson<{ contact: { id: string } }>(s, 'POST', '/api/3/contact/sync', {
        contact: { email: c.email, firstName: c.firstName, lastName: c.lastName },
      });
      await callJson(s, 'POST', '/api/3/contactLists', {
        contactList: { list: listId, contact: contact.id, status: 1 },
      });
      for (const name of c.tags)
        await callJson(s, 'POST', '/api/3/contactTags', {
          contactTag: { contact: contact.id, tag: await this.tagId(name) },
        });
    },
  };
}

export type ActiveCampaignClient = ReturnType<typeof activeCampaignClient>;
