import type { UserPatch } from '@reputo/core';
import { api } from '../../lib/api';
import type { LanguagePatch } from '../../lib/language';
import type { Me } from '../auth/api';

/** PATCH /v2/api/user with one profile field, a password, or the language and digits; answers the updated current user. */
export function updateUser(patch: UserPatch & LanguagePatch): Promise<Me> {
  return api<Me>('/v2/api/user', { method: 'PATCH', body: patch });
}
