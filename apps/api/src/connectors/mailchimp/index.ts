/**
 * Mailchimp Marketing API 3.0 (https://mailchimp.com/developer/marketing/api/): HTTP Basic auth with
 * any user name and the API key, whose suffix is the data center (`…-us6` →
 * https://us6.api.mailchimp.com/3.0, unless MAILCHIMP_BASE_URL says otherwise). Calls used:
 * `GET /ping`, `GET /lists?count=&offset=` (audiences, paged), `PUT /lists/{id}/members/{hash}`
 * (add or update; `status_if_new` never resubscribes someone who left), `POST
 * /lists/{id}/members/{hash}/tags` (204). A member's hash is the MD5 of the lower-cased email.
 */
import { createHash } from 'node:crypto';
import { basicAuth, callJson, type HttpSettings } from '../apiKeyHttp';

/** An API key: the key, a hyphen and the data center (us6). */
export const MAILCHIMP_KEY = /^[A-Za-z0-9]{8,64}-([a-z]{2,4}\d{1,3})$/;

export function mailchimpBaseUrl(fixed: string | null, apiKey: string): string | null {
  const dc = MAILCHIMP_KEY.exec(apiKey)?.[1];
  if (!dc) return null;
  return fixed ?? `https://${dc}.api.mailchimp.com/3.0`;
}

export const memberHash = (email: string) => createHash('md5').update(email.toLowerCase()).digest('hex');

export interface MailchimpAudience {
  id: string;
  name: string;
  memberCount: number;
}

export interface MailchimpMember {
  email: string;
  firstName: string;
  lastName: string;
  tags: string[];
}

const PAGE = 100;

export function mailchimpClient(
  account: { baseUrl: string; apiKey: string },
  opts: { timeoutMs: number; retryMs: number },
) {
  const s: HttpSettings = {
    name: 'Mailchimp',
    baseUrl: account.baseUrl,
    authorization: basicAuth('reputo', account.apiKey),
    credentials: 'the API key',
    ...opts,
  };
  return {
    ping: () => callJson<{ health_status: string }>(s, 'GET', '/ping'),
    /** Every audience of the account (all pages). */
    async audiences(): Promise<MailchimpAudience[]> {
      const out: MailchimpAudience[] = [];
      for (let offset = 0; ; offset += PAGE) {
        const answer = await callJson<{
          lists: { id: string; name: string; stats?: { member_count?: number } }[];
          total_items: number;
        }>(
          s,
          'GET',
          `/lists?count=${PAGE}&offset=${offset}&fields=lists.id,lists.name,lists.stats.member_count,total_items`,
        );
        out.push(...answer.lists.map((l) => ({ id: l.id, name: l.name, memberCount: l.stats?.member_count ?? 0 })));
        if (answer.lists.length < PAGE || out.length >= answer.total_items) return out;
      }
    },
    /** Adds or updates one member, then sets its tags. */
    async upsertMember(listId: string, m: MailchimpMember): Promise<void> {
      const path = `/lists/${encodeURIComponent(listId)}/members/${memberHash(m.email)}`;
      await callJson(s, 'PUT', path, {
        email_address: m.email,
        status_if_new: 'subscribed',
        merge_fields: { FNAME: m.firstName, LNAME: m.lastName },
      });
      if (m.tags.length)
        await callJson(s, 'POST', `${path}/tags`, { tags: m.tags.map((name) => ({ name, status: 'active' })) });
    },
  };
}

export type MailchimpClient = ReturnType<typeof mailchimpClient>;
