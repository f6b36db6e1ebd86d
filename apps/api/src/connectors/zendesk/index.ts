/**
 * Zendesk Support API v2 (https://developer.zendesk.com/api-reference/): HTTP Basic auth with
 * `{email}/token:{api token}`, JSON bodies. Calls used: `GET /api/v2/users/me.json` (who the token is;
 * a refused token answers 401, or an anonymous user without id), `POST /api/v2/tickets.json`
 * (201 with the ticket), `GET /api/v2/tickets/show_many.json?ids=` (at most 100 ids a call).
 * The address is https://{subdomain}.zendesk.com unless ZENDESK_BASE_URL says otherwise.
 */
import { basicAuth, callJson, ServiceError, type HttpSettings } from '../apiKeyHttp';

export interface ZendeskAccount {
  baseUrl: string;
  email: string;
  apiToken: string;
}

export interface ZendeskTicketInput {
  subject: string;
  body: string;
  externalId: string;
  tags: string[];
  priority?: 'low' | 'normal' | 'high' | 'urgent';
}

interface ZendeskTicket {
  id: number;
  status: string;
  url: string;
}

/** Subdomains are letters, digits and hyphens (acme in acme.zendesk.com). */
export const ZENDESK_SUBDOMAIN = /^[a-z0-9][a-z0-9-]{0,62}$/i;

export function zendeskBaseUrl(fixed: string | null, subdomain: string): string {
  return fixed ?? `https://${subdomain.toLowerCase()}.zendesk.com`;
}

/** The agent's page of a ticket (the API's `url` is the JSON resource). */
export const zendeskTicketPage = (baseUrl: string, id: number | string) => `${baseUrl}/agent/tickets/${id}`;

export function zendeskClient(account: ZendeskAccount, opts: { timeoutMs: number; retryMs: number }) {
  const s: HttpSettings = {
    name: 'Zendesk',
    baseUrl: account.baseUrl,
    authorization: basicAuth(`${account.email}/token`, account.apiToken),
    ...opts,
  };
  return {
    async me(): Promise<{ id: number; name: string; email: string; role: string }> {
      const answer = await callJson<{ user?: { id: number | null; name: string; email: string; role: string } }>(
        s,
        'GET',
        '/api/v2/users/me.json',
      );
      const user = answer?.user;
      if (!user?.id) throw new ServiceError('auth', 401, 'Zendesk did not accept the email and API token');
      return { id: user.id, name: user.name, email: user.email, role: user.role };
    },
    async createTicket(input: ZendeskTicketInput): Promise<ZendeskTicket> {
      const answer = await callJson<{ ticket: ZendeskTicket }>(s, 'POST', '/api/v2/tickets.json', {
        ticket: {
          subject: input.subject,
          comment: { body: input.body, public: false },
          external_id: input.externalId,
          tags: input.tags,
          ...(input.priority ? { priority: input.priority } : {}),
        },
      });
      return answer.ticket;
    },
    /** Statuses of up to 100 tickets; deleted ones are missing from the answer. */
    async statuses(ids: readonly (number | string)[]): Promise<Map<string, string>> {
      const out = new Map<string, string>();
      for (let i = 0; i < ids.length; i += 100) {
        const part = ids.slice(i, i + 100).join(',');
        const answer = await callJson<{ tickets: { id: number; status: string }[] }>(
          s,
          'GET',
          `/api/v2/tickets/show_many.json?ids=${part}`,
        );
        for (const t of answer.tickets ?? []) out.set(String(t.id), t.status);
      }
      return out;
    },
  };
}

export type ZendeskClient = ReturnType<typeof zendeskClient>;
