import { api, getClientConfig } from '../../lib/api';
import type { ApiResponse } from '../../lib/apiTypes';

/** GET /v2/api/me */
export type Me = ApiResponse<'/v2/api/me'>;
export type TokenPair = ApiResponse<'/v2/oauth2/token', 'post'>;
export type MessageReply = ApiResponse<'/v2/api/password/fogot', 'post'>;
export type InvitationCheck = ApiResponse<'/v2/api/invitation/{token}'>;

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
export function revokeToken(refreshToken: string): Promise<ApiResponse<'/v2/oauth2/revoke', 'post'>> {
  const { clientId, clientSecret } = getClientConfig();
  return api('/v2/oauth2/revoke', {
    method: 'POST',
    auth: false,
    body: { client_id: clientId, client_secret: clientSecret, token: refreshToken, token_type_hint: 'refresh_token' },
  });
}

export function sendRecoveryMail(email: string): Promise<MessageReply> {
  return api<MessageReply>('/v2/api/password/fogot', {
    method: 'POST',
    auth: false,
    body: { email, url: window.location.origin },
  });
}

export function setRecoveredPassword(token: string, password: string): Promise<MessageReply> {
  return api<MessageReply>(`/v2/api/password/${encodeURIComponent(token)}`, {
    method: 'POST',
    auth: false,
    body: { token, password },
  });
}

export function checkInvitation(token: string): Promise<InvitationCheck> {
  return api<InvitationCheck>(`/v2/api/invitation/${encodeURIComponent(token)}`, { auth: false });
}

export function acceptInvitation(token: string, password: string): Promise<unknown> {
  return api(`/v2/api/invitation/${encodeURIComponent(token)}`, {
    method: 'POST',
    auth: false,
    body: { token, password },
  });
}
