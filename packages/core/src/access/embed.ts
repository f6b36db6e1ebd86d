/** Embedded (iframe) mode, spec 000 section 2. */
import { EMBED_VIEWS, type EmbedView } from '../constants';

export const EMBED_ROUTE_PREFIXES = [
  '/reporting/overview',
  '/reporting/insights',
  '/reviews',
  '/settings/other/thirdPartyLogin',
] as const;

export const EMBED_DENY_REASONS = {
  authentication: 'Authentication required',
  view: 'Invalid view mode',
  route: 'Route is not accessible in iframe mode',
} as const;
export type EmbedDenyReason = (typeof EMBED_DENY_REASONS)[keyof typeof EMBED_DENY_REASONS];

export interface EmbedParams {
  authToken: string | null;
  view: string | null;
  locations: number[] | null;
}

const NO_EMBED: EmbedParams = { authToken: null, view: null, locations: null };

function decodeBase64(text: string): string | null {
  try {
    const standard = text.replace(/-/g, '+').replace(/_/g, '/');
    const padded = standard + '='.repeat((4 - (standard.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    return new TextDecoder().decode(bytes);
  } catch {
    return null;
  }
}

function asText(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number') return String(value);
  return null;
}

function asLocations(value: unknown): number[] | null {
  const list = Array.isArray(value) ? value : typeof value === 'string' && value !== '' ? value.split(',') : null;
  if (!list) return null;
  const ids = list.map(Number).filter((n) => Number.isInteger(n) && n > 0);
  return ids.length > 0 ? ids : null;
}

/** Reads the `state` parameter: base64 of a JSON object with auth_token, view and locations. */
export function decodeEmbedState(state: string): EmbedParams {
  const json = decodeBase64(state);
  if (json === null) return NO_EMBED;
  try {
    const data: unknown = JSON.parse(json);
    if (typeof data !== 'object' || data === null) return NO_EMBED;
    const rec = data as Record<string, unknown>;
    return { authToken: asText(rec.auth_token), view: asText(rec.view), locations: asLocations(rec.locations) };
  } catch {
    return NO_EMBED;
  }
}

/** The embed parameters of a query string; plain `auth_token`, `view` and `locations` win over `state`. */
export function readEmbedParams(search: string): EmbedParams {
  const query = new URLSearchParams(search);
  const state = query.get('state');
  const fromState = state ? decodeEmbedState(state) : NO_EMBED;
  return {
    authToken: asText(query.get('auth_token')) ?? fromState.authToken,
    view: asText(query.get('view')) ?? fromState.view,
    locations: asLocations(query.get('locations')) ?? fromState.locations,
  };
}

export function isEmbedView(view: string | null): view is EmbedView {
  return (EMBED_VIEWS as readonly (string | null)[]).includes(view);
}

export function isEmbeddableRoute(pathname: string): boolean {
  return EMBED_ROUTE_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

export type EmbedDecision = { allowed: true } | { allowed: false; reason: EmbedDenyReason };

/**
 * A signed-in user always passes. Otherwise an auth token, a view of '2' or '3' and one of the
 * embeddable routes are required, checked in that order.
 */
export function checkEmbedAccess(input: { signedIn: boolean; pathname: string; params: EmbedParams }): EmbedDecision {
  if (input.signedIn) return { allowed: true };
  if (!input.params.authToken) return { allowed: false, reason: EMBED_DENY_REASONS.authentication };
  if (!isEmbedView(input.params.view)) return { allowed: false, reason: EMBED_DENY_REASONS.view };
  if (!isEmbeddableRoute(input.pathname)) return { allowed: false, reason: EMBED_DENY_REASONS.route };
  return { allowed: true };
}

/** The header is hidden on /reviews when a view parameter is present. */
export function hidesHeader(pathname: string, search: string): boolean {
  return (pathname === '/reviews' || pathname.startsWith('/reviews/')) && readEmbedParams(search).view !== null;
}

/** The six theme colours an embedding page can pass, by query parameter name. */
export const EMBED_THEME_PARAMS = {
  font: 'font',
  background: 'background',
  backgroundFont: 'backgroundFont',
  buttonBackground: 'buttonBackground',
  buttonFont: 'buttonFont',
  buttonHover: 'buttonHover',
} as const;
export type EmbedColourName = keyof typeof EMBED_THEME_PARAMS;

export interface EmbedTheme {
  /** 'dark' or 'colour' when the query asks for the iframe theme; null removes it. */
  mode: 'dark' | 'colour' | null;
  colours: Partial<Record<EmbedColourName, string>>;
}

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NAMED = /^[a-z]{3,20}$/i;
const FUNCTIONAL = /^(rgb|rgba|hsl|hsla)\(\s*[\d.%\s,/]+\)$/i;

/** A CSS colour from a query value, or null; anything but hex, a plain name or rgb()/hsl() is refused. */
export function parseColour(value: string | null): string | null {
  if (!value) return null;
  const v = value.trim();
  if (HEX.test(v)) return v.startsWith('#') ? v : `#${v}`;
  if (NAMED.test(v) || FUNCTIONAL.test(v)) return v;
  return null;
}

function themeMode(query: URLSearchParams): EmbedTheme['mode'] {
  const theme = query.get('theme');
  if (query.has('dark') || theme === 'dark') return 'dark';
  if (query.has('colour') || query.has('color') || theme === 'colour' || theme === 'color') return 'colour';
  return null;
}

export function readEmbedTheme(search: string): EmbedTheme {
  const query = new URLSearchParams(search);
  const colours: EmbedTheme['colours'] = {};
  for (const [name, param] of Object.entries(EMBED_THEME_PARAMS) as [EmbedColourName, string][]) {
    const colour = parseColour(query.get(param));
    if (colour) colours[name] = colour;
  }
  return { mode: themeMode(query), colours };
}

/** How many origins a company may allow to frame its embedded pages. */
export const FRAME_ORIGINS_MAX = 20;
export const FRAME_ORIGIN_MESSAGE =
  'Enter an origin such as https://example.com (scheme and host, an optional port, no path).';

/**
 * An origin a company allows to frame its embedded pages, in the form CSP frame-ancestors takes:
 * http(s), a host, an optional port, nothing else. Answers it normalised (lower case, no default
 * port, no trailing slash), or null when it is not such an origin.
 */
export function parseFrameOrigin(value: string): string | null {
  const text = value.trim().replace(/\/$/, '');
  if (!/^https?:\/\/[^/?#@\s*]+$/i.test(text)) return null;
  try {
    const url = new URL(text);
    return url.origin === 'null' ? null : url.origin;
  } catch {
    return null;
  }
}
