import type { LocationsTitle, Role } from '@reputo/core';
import { api, getClientConfig } from '../../lib/api';

/** GET /v2/api/me */
export interface Me {
  id: number;
  role: Role;
  firstName: string | null;
  lastName: string | null;
  email: string;
  userName: string;
  client: number | null;
  companyName: string | null;
  companyType: string | null;
  companyCity: string | null;
  companyState: string | null;
  companyCountry: string | null;
  country: string | null;
  package: string | null;
  features: string[];
  clientSettings: { sources: string[]; weekStart: number };
  locationsTitle: LocationsTitle;
  partnerId: number | null;
  partnerName: string | null;
}

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

export interface MessageReply {
  message: string;
}

export interface InvitationCheck {
  items: { email: string; firstName: string | null }[];
  message?: string;
}

export function fetchMe(signal?: AbortSignal): Promise<Me> {
  return api<Me>('/v2/api/me', { signal });
}

export function requestTokens(email: string, password: string): Promise<TokenPair> {
  const { clientId, clientSecret } = getClientConfig();
  return api<TokenPair>('/v2/oauth2/token', {
    method: 'POST',
    auth: false,
    body: { client_id: clientId, client_secret: clientSecret, grant_type: 'password', email, password },
  });
}

/** Sign-out (RFC 7009): the client authenticates as on the token call. */
export function revokeToken(refreshToken: string): Promise<{ revoked: boolean }> {
  const { clientId, clientSecret } = getClientConfig();
  return api('/v2/oauth2/revoke', { method: 'POST', auth: false, body: { client_id: clientId, client_secret: clientSecret, token: refreshToken, token_type_hint: 'refresh_token' } });
}

export function sendRecoveryMail(email: string): Promise<MessageReply> {
  return api<MessageReply>('/v2/api/password/fogot', { method: 'POST', auth: false, body: { email, url: window.location.origin } });
}

export function setRecoveredPassword(token: string, password: string): Promise<MessageReply> {
  return api<MessageReply>(`/v2/api/password/${encodeURIComponent(token)}`, { method: 'POST', auth: false, body: { token, password } });
}

export function checkInvitation(token: string): Promise<InvitationCheck> {
  return api<InvitationCheck>(`/v2/api/invitation/${encodeURIComponent(token)}`, { auth: false });
}

export function acceptInvitation(token: string, password: string): Promise<unknown> {
  return api(`/v2/api/invitation/${encodeURIComponent(token)}`, { method: 'POST', auth: false, body: { token, password } });
}
