import type { UserPatch } from '@reputo/core';
import { api } from '../../lib/api';
import type { Me } from '../auth/api';

/** PATCH /v2/api/user with exactly one field; answers the updated current user. */
export function updateUser(patch: UserPatch): Promise<Me> {
  return api<Me>('/v2/api/user', { method: 'PATCH', body: patch });
}
