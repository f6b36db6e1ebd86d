import { actingParams } from '@reputo/core';
import { api } from './api';
import { session } from './session';
import { currentLanguage } from '../i18n/i18n';

/**
 * Opens a file export (Excel, CSV) as a plain browser download. A download cannot send headers, so
 * the acting-as parameters, the access token and the language go in the address beside the caller's `params`;
 * asking for /me first lets the API client refresh an expired token before the link is opened.
 */
export async function openDownload(path: string, params = new URLSearchParams()): Promise<void> {
  await api('/v2/api/me');
  for (const [k, v] of actingParams(session.get().acting, path)) params.set(k, v);
  const token = session.get().login?.access_token;
  if (token) params.set('access_token', token);
  // A download cannot send Accept-Language either: the file's headings follow the interface's language.
  params.set('lang', currentLanguage());
  const a = document.createElement('a');
  a.href = `${path}?${params.toString()}`;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
