import i18next from 'i18next';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_UI_LANGUAGE, directionOf, isUiLanguage, MSG, UI_LANGUAGES, type UiLanguage } from '@reputo/core';
import enErrors from '../i18n/locales/en/errors.json';
import enExports from '../i18n/locales/en/exports.json';
import enMail from '../i18n/locales/en/mail.json';
import enNotices from '../i18n/locales/en/notices.json';
import enOffers from '../i18n/locales/en/offers.json';
import enStarters from '../i18n/locales/en/starters.json';
import enUploads from '../i18n/locales/en/uploads.json';
import enTopics from '../i18n/locales/en/topics.json';
import enValidation from '../i18n/locales/en/validation.json';
import arErrors from '../i18n/locales/ar/errors.json';
import arExports from '../i18n/locales/ar/exports.json';
import arMail from '../i18n/locales/ar/mail.json';
import arNotices from '../i18n/locales/ar/notices.json';
import arOffers from '../i18n/locales/ar/offers.json';
import arStarters from '../i18n/locales/ar/starters.json';
import arUploads from '../i18n/locales/ar/uploads.json';
import arTopics from '../i18n/locales/ar/topics.json';
import arValidation from '../i18n/locales/ar/validation.json';

/**
 * The server's texts in the interface languages: mails (in the recipient's language), error
 * answers and exports (in the request's language). Catalogues are `src/i18n/locales/<language>/
 * <namespace>.json`, bundled with the code; `validation` holds every message of core's MSG by key
 * (the same catalogue as the web app's); `topics` the insights' topic titles by topic path (`food`,
 * `food.taste`; English is the taxonomy's titles); `offers` the coupons' discount texts; `uploads`
 * the upload files' help and their rows' rejection reasons; `notices` the success messages of the
 * answers (`{ message }`); `starters` the titles of a company's starter records (case-resolution
 * statuses). English is the spec's wording and the fallback.
 */
export const NAMESPACES = [
  'mail',
  'errors',
  'exports',
  'validation',
  'topics',
  'offers',
  'uploads',
  'notices',
  'starters',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const CATALOGUES: Record<UiLanguage, Record<Namespace, object>> = {
  en: {
    mail: enMail,
    errors: enErrors,
    exports: enExports,
    validation: enValidation,
    topics: enTopics,
    offers: enOffers,
    uploads: enUploads,
    notices: enNotices,
    starters: enStarters,
  },
  ar: {
    mail: arMail,
    errors: arErrors,
    exports: arExports,
    validation: arValidation,
    topics: arTopics,
    offers: arOffers,
    uploads: arUploads,
    notices: arNotices,
    starters: arStarters,
  },
};

const instance = i18next.createInstance();
void instance.init({
  resources: CATALOGUES,
  lng: DEFAULT_UI_LANGUAGE,
  fallbackLng: DEFAULT_UI_LANGUAGE,
  supportedLngs: [...UI_LANGUAGES],
  ns: [...NAMESPACES],
  defaultNS: 'errors',
  initAsync: false,
  // Texts go into plain text, sheets and PDFs; HTML mails escape through tHtml.
  interpolation: { escapeValue: false },
  returnNull: false,
  showSupportNotice: false,
} as Parameters<typeof instance.init>[0]);

const fixed = new Map(UI_LANGUAGES.map((l) => [l, instance.getFixedT(l)]));

export type TextVars = Record<string, string | number>;

/** `t('ar', 'mail:invitation.subject', { inviter })`: the text of `namespace:key` in a language. */
export function t(language: UiLanguage, key: string, vars?: TextVars): string {
  return (fixed.get(language) ?? fixed.get(DEFAULT_UI_LANGUAGE)!)(key, vars ?? {}) as string;
}

/**
 * The title of a topic path (`food`, `food.taste`) in a language, undefined when the catalogue has
 * none. Read from the catalogue as it is: its keys are flat paths, which `t` would take as nested.
 */
export function topicText(language: UiLanguage, path: string): string | undefined {
  const title = (CATALOGUES[language].topics as Record<string, string | undefined>)[path];
  return title ?? (CATALOGUES[DEFAULT_UI_LANGUAGE].topics as Record<string, string | undefined>)[path];
}

/** As `t`, escaped for HTML (the catalogue's texts hold no markup; the variables may hold anything). */
export function tHtml(language: UiLanguage, key: string, vars?: TextVars): string {
  return escapeHtml(t(language, key, vars));
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * An ISO date (2025-03-01, optionally with a time) for a sentence in a language. In Arabic text the
 * digits after Arabic letters are Arabic numbers to the bidi algorithm, and a hyphen between them
 * splits the date into runs shown in reverse (01-03-2025); slashes keep it whole, day first as the
 * Gulf writes it (01/03/2025).
 */
export function dateText(language: UiLanguage, iso: string): string {
  if (directionOf(language) === 'ltr') return iso;
  return iso.replace(/^(\d{4})-(\d{2})-(\d{2})/, '$3/$2/$1');
}

/** An HTML mail body in a language: Arabic (right to left) is wrapped with `dir="rtl" lang="ar"`. */
export function mailHtml(language: UiLanguage, body: string): string {
  if (language === DEFAULT_UI_LANGUAGE) return body;
  const dir = directionOf(language);
  return `<div dir="${dir}" lang="${language}" style="text-align:${dir === 'rtl' ? 'right' : 'left'}">${body}</div>`;
}

/** A plain-text mail as HTML paragraphs (so a right-to-left mail carries its direction). */
export function textAsHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`)
    .join('');
}

// ---------------------------------------------------------------------------------------------
// The request's language

/**
 * The languages of an Accept-Language header in order of preference (q-values), reduced to the
 * interface languages (`ar-AE` counts as `ar`); the first is the answer, null when none is one.
 */
export function languageFromHeader(header: string | string[] | undefined): UiLanguage | null {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return null;
  const ranked = value
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase().split('-')[0], q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((l) => l.q > 0 && isUiLanguage(l.tag))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (ranked[0]?.tag as UiLanguage | undefined) ?? null;
}

/** The signed-in user's effective language (the app provides it: it needs the user's regions). */
export type UserLanguageOf = (request: FastifyRequest) => Promise<UiLanguage | null>;

declare module 'fastify' {
  interface FastifyRequest {
    uiLanguage: UiLanguage | null;
  }
  interface FastifyInstance {
    userLanguageOf: UserLanguageOf;
  }
}

export function registerRequestLanguage(app: FastifyInstance, userLanguageOf: UserLanguageOf): void {
  app.decorateRequest('uiLanguage', null);
  app.decorate('userLanguageOf', userLanguageOf);
}

/**
 * The interface language of a request: the `lang` query parameter (downloads, which cannot send
 * headers), else Accept-Language (the web app sends `en` or `ar`; only interface languages count),
 * else the signed-in user's effective language, else English.
 */
export async function languageOf(request: FastifyRequest): Promise<UiLanguage> {
  if (request.uiLanguage) return request.uiLanguage;
  const asked = new URLSearchParams(request.url.split('?')[1] ?? '').get('lang');
  let language: UiLanguage | null = isUiLanguage(asked)
    ? asked
    : languageFromHeader(request.headers['accept-language']);
  if (!language && request.acting && typeof request.server.userLanguageOf === 'function') {
    language = await request.server.userLanguageOf(request).catch(() => null);
  }
  request.uiLanguage = language ?? DEFAULT_UI_LANGUAGE;
  return request.uiLanguage;
}

// ---------------------------------------------------------------------------------------------
// English texts back to their keys (error answers)

type Template = { key: string; pattern: RegExp; names: string[]; fixed: number };

function flatten(value: unknown, prefix: string, out: [string, string][]): [string, string][] {
  if (typeof value === 'string') out.push([prefix, value]);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value))
      flatten(v, prefix.endsWith(':') ? `${prefix}${k}` : `${prefix}.${k}`, out);
  return out;
}

const exact = new Map<string, string>();
const templates: Template[] = [];
for (const ns of ['validation', 'errors'] as const) {
  for (const [rawKey, text] of flatten(CATALOGUES.en[ns], `${ns}:`, [])) {
    const key = rawKey.replace(/_(zero|one|two|few|many|other)$/, '');
    const names = [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!);
    if (names.length === 0) {
      if (!exact.has(text)) exact.set(text, key);
      continue;
    }
    const source = text
      .split(/\{\{\s*\w+\s*\}\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('(.+?)');
    templates.push({
      key,
      pattern: new RegExp(`^${source}$`),
      names,
      fixed: text.replace(/\{\{\s*\w+\s*\}\}/g, '').length,
    });
  }
}
// The most specific first: a text that holds another of ours inside (a reason after "must be
// connected again …: ") matches both; its own, longer template is the right one.
templates.sort((a, b) => b.fixed - a.fixed);
// Core's MSG texts are the spec's: every one has its key in the validation catalogue.
for (const [key, text] of Object.entries(MSG)) if (!exact.has(text)) exact.set(text, `validation:${key}`);

/**
 * An English text of the catalogues (`errors`, `validation`: the API's error texts and core's MSG)
 * in another language; null when the text is none of them.
 */
export function translateKnownText(language: UiLanguage, text: string): string | null {
  if (language === DEFAULT_UI_LANGUAGE) return text;
  const key = exact.get(text);
  if (key) return t(language, key);
  for (const tpl of templates) {
    const m = tpl.pattern.exec(text);
    if (!m) continue;
    const vars: TextVars = {};
    tpl.names.forEach((name, i) => {
      const v = m[i + 1]!;
      // An {{error}} inside one of our texts may be one of ours too (a connection's reason names
      // the service's refusal): translated when it is, else left as the service wrote it.
      vars[name] =
        name === 'count' && /^\d+$/.test(v) ? Number(v) : name === 'error' ? (translateKnownText(language, v) ?? v) : v;
    });
    return t(language, tpl.key, vars);
  }
  return null;
}

/**
 * A stored reason (why a connection must be connected again) in `language`: our own texts from the
 * errors catalogue, a service's own words inside them as the service wrote them; null stays null.
 */
export function reasonIn(language: UiLanguage, reason: string | null | undefined): string | null {
  return reason ? (translateKnownText(language, reason) ?? reason) : null;
}
