import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  actingBefore,
  actingKeyFor,
  returnPathAfter,
  withActing,
  type AccessSubject,
  type ActingRecord,
  type ActingTarget,
} from '@reputo/core';
import { session, useSession } from '../../lib/session';
import { storage } from '../../lib/storage';
import { fetchMe, revokeToken, type Me } from './api';

export const ME_KEY = ['me'] as const;
/** An invitation's check, by its token. */
export const invitationKey = (token: string) => ['invitation', token] as const;

/** The current user (as the acting contexts make it); only asked for when signed in. */
export function useMe() {
  const { login } = useSession();
  return useQuery({
    queryKey: ME_KEY,
    queryFn: ({ signal }) => fetchMe(signal),
    enabled: login !== null,
    staleTime: 60_000,
  });
}

export function subjectOf(me: Me, acting: AccessSubject['acting']): AccessSubject {
  return { role: me.role, features: me.features, acting };
}

/** Sign out: revoke the refresh token, forget the user and all acting-as records, reset all state. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    const login = session.get().login;
    if (login) revokeToken(login.refresh_token).catch(() => undefined);
    session.clearUser();
    storage.setOrigin(null);
    queryClient.clear();
    navigate('/signin', { replace: true });
  }, [queryClient, navigate]);
}

const ACT_LANDING: Record<ActingTarget, string> = {
  company: '/reviews',
  partner: '/admin_panel/companies',
  user: '/reviews',
};

/** Acting as a company, partner or user, and leaving a context from the breadcrumb. */
export function useActing() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data: me } = useMe();

  const actAs = useCallback(
    (target: ActingTarget, record: ActingRecord) => {
      const key = me ? actingKeyFor(me.role, target) : null;
      if (!key) return;
      session.setActing(withActing(session.get().acting, key, record));
      queryClient.clear();
      navigate(ACT_LANDING[target]);
    },
    [me, queryClient, navigate],
  );

  /** Keeps the first `index` contexts of the trail and goes where spec 000 section 4 says. */
  const leave = useCallback(
    (index: number) => {
      const state = session.get().acting;
      const to = returnPathAfter(state, index);
      session.setActing(actingBefore(state, index));
      queryClient.clear();
      navigate(to);
    },
    [queryClient, navigate],
  );

  return { actAs, leave, canActAs: (target: ActingTarget) => (me ? actingKeyFor(me.role, target) !== null : false) };
}
