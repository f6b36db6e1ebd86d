import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { Me } from '../../features/auth/api';

/**
 * The chat-widget payload and the user-engagement token of spec 000 section 7, asked for once per
 * user outside embedded mode. No widget is drawn yet; a failure of either is ignored (the client logs it).
 */
export function useEngagement(me: Me): void {
  useQuery({
    queryKey: ['engagement', 'intercom', me.id],
    queryFn: () => api<unknown>('/api/v2/intercom/payload'),
    staleTime: Infinity,
    retry: false,
  });
  useQuery({
    queryKey: ['engagement', 'userlist', me.id],
    queryFn: () => api<{ token: string }>('/v2/api/userlist/token', { query: { id: me.id } }),
    staleTime: Infinity,
    retry: false,
  });
}
