import { ACTING_KEYS, type ActingKey, type ActingRecord, type ActingState, type EmbedParams } from '@reputo/core';

/**
 * Everything the browser keeps (spec 000 section 3): the login record, the acting-as contexts, the
 * one-time notices, plus the stored origin, the embed session and the sidebar mode. One module, so
 * the key names live in one place.
 */
const PREFIX = 'reputo.';

export interface LoginRecord {
  access_token: string;
  refresh_token: string;
  email: string;
}

export type OneTimeFlag = 'passwordRecovered' | 'invitationCompleted';
export type SidebarMode = 'full' | 'mini' | 'collapsed';

function read<T>(store: Storage, key: string): T | null {
  try {
    const raw = store.getItem(PREFIX + key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

function write(store: Storage, key: string, value: unknown): void {
  try {
    if (value === null || value === undefined) store.removeItem(PREFIX + key);
    else store.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Private mode or a full quota: the app still works for this page view.
  }
}

function isLoginRecord(v: unknown): v is LoginRecord {
  const r = v as Partial<LoginRecord> | null;
  return typeof r?.access_token === 'string' && typeof r.refresh_token === 'string' && typeof r.email === 'string';
}

function isActingRecord(v: unknown): v is ActingRecord {
  const r = v as Partial<ActingRecord> | null;
  return typeof r?.id === 'number' && typeof r.userName === 'string';
}

export const storage = {
  getLogin(): LoginRecord | null {
    const v = read<unknown>(localStorage, 'user');
    return isLoginRecord(v) ? v : null;
  },
  setLogin(record: LoginRecord | null): void {
    write(localStorage, 'user', record);
  },

  getActing(): ActingState {
    const state: ActingState = {};
    for (const key of ACTING_KEYS) {
      const v = read<unknown>(localStorage, key);
      if (isActingRecord(v)) state[key] = v;
    }
    return state;
  },
  setActing(state: ActingState): void {
    for (const key of ACTING_KEYS) write(localStorage, key, state[key as ActingKey] ?? null);
  },

  /** One-time flags: the sign-in page reads one, shows its notice, then clears it. */
  hasFlag(flag: OneTimeFlag): boolean {
    return read<boolean>(localStorage, flag) === true;
  },
  clearFlag(flag: OneTimeFlag): void {
    write(localStorage, flag, null);
  },
  setFlag(flag: OneTimeFlag): void {
    write(localStorage, flag, true);
  },

  /** The path plus query a signed-out visitor asked for, restored after sign-in. */
  getOrigin(): string | null {
    return read<string>(sessionStorage, 'origin');
  },
  setOrigin(path: string | null): void {
    write(sessionStorage, 'origin', path);
  },

  /** Embed parameters survive navigation inside the iframe (per tab). */
  getEmbed(): EmbedParams | null {
    return read<EmbedParams>(sessionStorage, 'embed');
  },
  setEmbed(params: EmbedParams | null): void {
    write(sessionStorage, 'embed', params);
  },

  getSidebarMode(): SidebarMode {
    const v = read<string>(localStorage, 'sidebar');
    return v === 'mini' || v === 'collapsed' ? v : 'full';
  },
  setSidebarMode(mode: SidebarMode): void {
    write(localStorage, 'sidebar', mode);
  },
};
