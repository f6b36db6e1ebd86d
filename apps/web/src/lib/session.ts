import { useSyncExternalStore } from 'react';
import type { ActingState, EmbedParams } from '@reputo/core';
import { storage, type LoginRecord } from './storage';

/**
 * The browser session in memory, mirrored to storage: the login record, the acting-as contexts and
 * the embed parameters. The API client reads it on every call; components subscribe with useSession.
 */
export interface Session {
  login: LoginRecord | null;
  acting: ActingState;
  embed: EmbedParams | null;
}

let current: Session = { login: storage.getLogin(), acting: storage.getActing(), embed: storage.getEmbed() };
const listeners = new Set<() => void>();

function emit(next: Session): void {
  current = next;
  for (const l of listeners) l();
}

export const session = {
  get(): Session {
    return current;
  },
  setLogin(login: LoginRecord | null): void {
    storage.setLogin(login);
    emit({ ...current, login });
  },
  setActing(acting: ActingState): void {
    storage.setActing(acting);
    emit({ ...current, acting });
  },
  setEmbed(embed: EmbedParams | null): void {
    storage.setEmbed(embed);
    emit({ ...current, embed });
  },
  /** Sign-out and a failed refresh: forget the user and every acting-as record. */
  clearUser(): void {
    storage.setLogin(null);
    storage.setActing({});
    emit({ ...current, login: null, acting: {} });
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSession(): Session {
  return useSyncExternalStore(session.subscribe, session.get);
}
