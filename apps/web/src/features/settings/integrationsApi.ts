import { api } from '../../lib/api';
import type { ApiResponse } from '../../lib/apiTypes';

/** Review sources connected by OAuth (API module integrations): state, mapping and sync freshness. */
export type Integrations = ApiResponse<'/v2/api/admin/integrations'>;
export type Integration = Integrations['integrations'][number];
export type ConnectedLocations = ApiResponse<'/v2/api/admin/connectedLocations'>;
export type ConnectedLocation = ConnectedLocations['locations'][number];
export type SourceState = ApiResponse<'/v2/api/admin/googleOAuth'>;
export type Source = Integration['source'];

export const integrationsKeys = {
  all: ['integrations'] as const,
  list: ['integrations', 'list'] as const,
  locations: ['integrations', 'locations'] as const,
  places: (source: Source) => ['integrations', 'places', source] as const,
};

export const integrationsApi = {
  list: (signal?: AbortSignal): Promise<Integrations> => api('/v2/api/admin/integrations', { signal }),
  locations: (signal?: AbortSignal): Promise<ConnectedLocations> => api('/v2/api/admin/connectedLocations', { signal }),
  /** The account's Google locations or Facebook pages, read from the source now. */
  places: (source: Source, signal?: AbortSignal): Promise<SourceState> =>
    source === 'google'
      ? api('/v2/api/admin/googleOAuth', { signal })
      : api('/v2/api/facebook', { method: 'POST', signal }),
  /** The consent page to send the browser to. */
  connectUrl: async (source: Source): Promise<string> => {
    const answer: { url: string } =
      source === 'google'
        ? await api('/v2/api/googleOAuth/url')
        : await api('/v2/api/facebook/url', { method: 'POST' });
    return answer.url;
  },
  map: (source: Source, locationId: number, id: string | null): Promise<{ mapped: number; unmapped: number }> =>
    api(source === 'google' ? '/v2/api/admin/googleOAuth' : '/v2/api/facebook/pageIds', {
      method: 'PATCH',
      body: { mappings: [{ locationId, id }] },
    }),
  syncNow: (body: { source?: Source; locationId?: number } = {}): Promise<{ queued: number }> =>
    api('/v2/api/admin/integrations/sync', { method: 'POST', body }),
  disconnect: (source: Source): Promise<{ removed: number }> =>
    api(source === 'google' ? '/v2/api/admin/googleOAuth' : '/v2/api/facebook', { method: 'DELETE' }),
};

/** Outbound webhooks (API module webhooks): endpoints, their verify and test, the delivery log. */
export type WebhookSettings = ApiResponse<'/v2/api/webhook_settings'>;
export type WebhookEndpoint = WebhookSettings['endpoints'][number];
export type CreatedWebhook = ApiResponse<'/v2/api/webhook_settings', 'post'>;
export type WebhookDeliveries = ApiResponse<'/v2/api/webhook_settings/{id}/deliveries'>;
export type WebhookDelivery = WebhookDeliveries['deliveries'][number];
export type WebhookEventName = WebhookSettings['events'][number]['value'];

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: ['webhooks', 'list'] as const,
  deliveries: (id: number) => ['webhooks', 'deliveries', id] as const,
};

export const webhooksApi = {
  list: (signal?: AbortSignal): Promise<WebhookSettings> => api('/v2/api/webhook_settings', { signal }),
  create: (body: { url: string; events: WebhookEventName[]; description?: string }): Promise<CreatedWebhook> =>
    api('/v2/api/webhook_settings', { method: 'POST', body }),
  verify: (id: number): Promise<WebhookEndpoint> =>
    api('/v2/api/webhook_settings/verify', { method: 'POST', body: { id } }),
  test: (id: number): Promise<{ endpoint: WebhookEndpoint; delivery: WebhookDelivery }> =>
    api('/v2/api/webhook_settings/test', { method: 'POST', body: { id } }),
  update: (
    id: number,
    body: { enabled?: boolean; events?: WebhookEventName[]; url?: string; description?: string },
  ): Promise<WebhookEndpoint> => api(`/v2/api/webhook_settings/${id}`, { method: 'PATCH', body }),
  remove: (id: number): Promise<{ message: string }> => api(`/v2/api/webhook_settings/${id}`, { method: 'DELETE' }),
  deliveries: (id: number, page: number, signal?: AbortSignal): Promise<WebhookDeliveries> =>
    api(`/v2/api/webhook_settings/${id}/deliveries`, { signal, query: { page, per_page: 10 } }),
  replay: (deliveryId: number): Promise<WebhookDelivery> =>
    api(`/v2/api/webhook_settings/deliveries/${deliveryId}/replay`, { method: 'POST' }),
};

/** Help desks and trackers (API module tickets): Zendesk and Jira connections and the tickets made from reviews. */
export type Ticketing = ApiResponse<'/v2/api/ticketing'>;
export type TicketConnection = Ticketing['zendesk'];
export type TicketProvider = TicketConnection['provider'];
export type JiraSettings = ApiResponse<'/v2/api/jira/settings', 'post'>;
export type ReviewTicket = ApiResponse<'/v2/api/reviewTickets'>['tickets'][number];

export const ticketingKeys = {
  all: ['ticketing'] as const,
  state: ['ticketing', 'state'] as const,
  jira: ['ticketing', 'jira'] as const,
  reviews: (ids: readonly number[]) => ['ticketing', 'reviews', ids.join(',')] as const,
};

export const ticketingApi = {
  state: (signal?: AbortSignal): Promise<Ticketing> => api('/v2/api/ticketing', { signal }),
  connectZendesk: (body: {
    subdomain: string;
    email: string;
    apiToken?: string;
    maxRating?: number | null;
  }): Promise<TicketConnection> => api('/v2/api/zendesk', { method: 'POST', body }),
  connectJira: (body: { site: string; email: string; apiToken?: string }): Promise<TicketConnection> =>
    api('/v2/api/jira', { method: 'POST', body }),
  jiraSettings: (
    body: { projectId?: string; issueTypeId?: string; maxRating?: number | null; categoryIds?: number[] } = {},
    signal?: AbortSignal,
  ): Promise<JiraSettings> => api('/v2/api/jira/settings', { method: 'POST', body, signal }),
  disconnect: (provider: TicketProvider): Promise<{ removed: number }> =>
    api(`/v2/api/${provider}`, { method: 'DELETE' }),
  ofReviews: (reviewIds: readonly number[], signal?: AbortSignal): Promise<{ tickets: ReviewTicket[] }> =>
    api('/v2/api/reviewTickets', { query: { reviewIds: reviewIds.join(',') }, signal }),
  create: (reviewId: number, provider: TicketProvider): Promise<ReviewTicket> =>
    api('/v2/api/reviewTickets', { method: 'POST', body: { reviewId, provider } }),
};

/** Email audiences (API module audiences): Mailchimp and ActiveCampaign connections and contact syncs. */
export type Audiences = ApiResponse<'/v2/api/audiences'>;
export type AudienceConnection = Audiences['mailchimp'];
export type AudienceProvider = AudienceConnection['provider'];
export type MailchimpLists = ApiResponse<'/v2/api/mailchimp/list', 'post'>;
export type ActiveCampaignBrands = ApiResponse<'/v2/api/activecampaign/brands', 'post'>;

export const audienceKeys = {
  all: ['audiences'] as const,
  state: ['audiences', 'state'] as const,
  lists: (provider: AudienceProvider) => ['audiences', 'lists', provider] as const,
};

export const audiencesApi = {
  state: (signal?: AbortSignal): Promise<Audiences> => api('/v2/api/audiences', { signal }),
  connectMailchimp: (body: { apiKey: string }): Promise<AudienceConnection> =>
    api('/v2/api/mailchimp', { method: 'POST', body }),
  connectActiveCampaign: (body: { accountUrl: string; apiToken: string }): Promise<AudienceConnection> =>
    api('/v2/api/activecampaign', { method: 'POST', body }),
  mailchimpLists: (body: { listId?: string } = {}, signal?: AbortSignal): Promise<MailchimpLists> =>
    api('/v2/api/mailchimp/list', { method: 'POST', body, signal }),
  activeCampaignBrands: (
    body: { defaultListId?: string | null; brands?: { brandId: number; listId: string | null }[] } = {},
    signal?: AbortSignal,
  ): Promise<ActiveCampaignBrands> => api('/v2/api/activecampaign/brands', { method: 'POST', body, signal }),
  sync: (provider: AudienceProvider): Promise<AudienceConnection> =>
    api('/v2/api/audienceSync', { method: 'POST', body: { provider } }),
  disconnect: (provider: AudienceProvider): Promise<{ removed: number }> =>
    api(`/v2/api/${provider}`, { method: 'DELETE' }),
};

/** Twitter for Messages (API module messaging/twitter): the account connected by OAuth 1.0a, its webhook and subscription. */
export type TwitterState = ApiResponse<'/v2/api/twitter'>;

export const twitterKeys = { state: ['twitter', 'state'] as const };

export const twitterApi = {
  state: (signal?: AbortSignal): Promise<TwitterState> => api('/v2/api/twitter', { signal }),
  /** Twitter's page where the user authorizes the app (the browser goes there). */
  link: async (): Promise<string> => (await api<{ link: string }>('/v2/api/oauth/link')).link,
  /** What Twitter sent back to the callback page: the account becomes the company's. */
  accessToken: (body: { oauth_token: string; oauth_verifier: string }): Promise<TwitterState> =>
    api('/v2/api/oauth/accessToken', { method: 'POST', body }),
  disconnect: (): Promise<{ removed: number }> => api('/v2/api/twitter', { method: 'DELETE' }),
};
