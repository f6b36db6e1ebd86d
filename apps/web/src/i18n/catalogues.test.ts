import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAINTENANCE_TEXT, MAINTENANCE_TITLE, MSG, NOT_FOUND_TEXT, SERVER_ERROR_TEXT } from '@reputo/core';
import { EMBED_DENY_REASONS, FEATURE_LABELS, ROLE_LABELS, ROUTE_RULES } from '@reputo/core';
import { DATE_PRESETS, PRESET_LABELS, RESPONSE_LANGUAGES } from '@reputo/core';
import { DEFAULT_ANNOUNCEMENT, NEW_USER_NAME, SOURCE_URL_MESSAGE, WEBHOOK_EVENTS } from '@reputo/core';
import { COMPANY_STEP_LABELS, companyWizardTitle, PARTNER_STEP_LABELS, partnerWizardTitle } from '@reputo/core';
import { catalogueMismatches, flattenCatalogue, type FlatCatalogue } from '@reputo/core';
import { UI_LANGUAGES } from './languages';

const LOCALES = path.join(import.meta.dirname, 'locales');

function load(language: string): Map<string, FlatCatalogue> {
  const dir = path.join(LOCALES, language);
  return new Map(
    readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => [f.replace(/\.json$/, ''), flattenCatalogue(JSON.parse(readFileSync(path.join(dir, f), 'utf8')))]),
  );
}

const catalogues = new Map(UI_LANGUAGES.map((l) => [l, load(l)]));
const en = catalogues.get('en')!;
const ar = catalogues.get('ar')!;

/**
 * Texts the spec writes out (packages/core holds them for both sides): the English catalogue must
 * say exactly the same. `namespace:key` → the spec's text.
 */
const SPEC_TEXTS: Record<string, string> = {
  'app:notFound.title': NOT_FOUND_TEXT,
  'app:serverError.title': SERVER_ERROR_TEXT,
  'app:maintenance.title': MAINTENANCE_TITLE,
  'app:maintenance.text': MAINTENANCE_TEXT,
  'app:announcement': DEFAULT_ANNOUNCEMENT,
  'settings:team.newUser': NEW_USER_NAME,
  'settings:drawer.invalidUrl': SOURCE_URL_MESSAGE('{{source}}'),
  ...Object.fromEntries(Object.entries(MSG).map(([key, text]) => [`validation:${key}`, text])),
  // The shell's route titles, roles, features and embed refusals: core's English (paths with ':' aside,
  // which this `ns:key` form cannot name).
  ...Object.fromEntries(ROUTE_RULES.filter((r) => !r.path.includes(':')).map((r) => [`app:routes.${r.path}`, r.title])),
  ...Object.fromEntries(Object.entries(ROLE_LABELS).map(([role, text]) => [`app:roles.${role}`, text])),
  ...Object.fromEntries(Object.entries(FEATURE_LABELS).map(([feature, text]) => [`app:features.${feature}`, text])),
  ...Object.fromEntries(Object.entries(EMBED_DENY_REASONS).map(([key, text]) => [`app:embedDenied.${key}`, text])),
  ...Object.fromEntries(DATE_PRESETS.map((p) => [`reporting:presets.${p}`, PRESET_LABELS[p]])),
  ...Object.fromEntries(DATE_PRESETS.map((p) => [`reviews:filters.presets.${p}`, PRESET_LABELS[p]])),
  ...Object.fromEntries(Object.entries(RESPONSE_LANGUAGES).map(([code, name]) => [`reviews:languages.${code}`, name])),
  // The webhook events the API titles in English (core's list), named on the screen by value.
  ...Object.fromEntries(
    Object.entries(WEBHOOK_EVENTS).map(([event, text]) => [`settings:webhooks.eventTypes.${event}`, text]),
  ),
  'admin:companyWizard.title': companyWizardTitle(null),
  'admin:companyWizard.titleNamed': companyWizardTitle('{{name}}'),
  'admin:partnerWizard.title': partnerWizardTitle(null),
  'admin:partnerWizard.titleNamed': partnerWizardTitle('{{name}}'),
  'admin:companyWizard.sources.urlInvalid': SOURCE_URL_MESSAGE('{{source}}'),
  ...Object.fromEntries(Object.entries(COMPANY_STEP_LABELS).map(([k, text]) => [`admin:steps.company.${k}`, text])),
  ...Object.fromEntries(Object.entries(PARTNER_STEP_LABELS).map(([k, text]) => [`admin:steps.partner.${k}`, text])),
  ...Object.fromEntries(Object.entries(PRESET_LABELS).map(([k, text]) => [`admin:datePresets.${k}`, text])),
};

/** Arabic values that are rightly written as in English: names of products, services and formats. */
const SAME_IN_ARABIC =
  /^(Reputo|Google|Facebook|Instagram|Twitter|X|TripAdvisor|Talabat|HungerStation|Zomato|Deliveroo|Yelp|Jira|Zendesk|Mailchimp|ActiveCampaign|Pusher|SMTP|CSV|Excel|PDF|API|URL|ID|NPS|QR|SMS|S3|JSON|HTML|PNG|OAuth|[0-9 .:/+%-]+)$/;

describe('web catalogues', () => {
  it('have the same namespaces in every language', () => {
    for (const [language, namespaces] of catalogues)
      expect([...namespaces.keys()].sort(), language).toEqual([...en.keys()].sort());
  });

  it('have in Arabic every English key and variable, and no other (plural forms aside)', () => {
    for (const [ns, catalogue] of en) expect(catalogueMismatches(catalogue, ar.get(ns) ?? {}), ns).toEqual([]);
  });

  it('are translated: every Arabic text is in Arabic script unless it is a name', () => {
    const untranslated: string[] = [];
    for (const [ns, catalogue] of ar)
      for (const [key, text] of Object.entries(catalogue))
        if (!/\p{Script=Arabic}/u.test(text) && !SAME_IN_ARABIC.test(text.trim()))
          untranslated.push(`${ns}:${key} = ${text}`);
    expect(untranslated).toEqual([]);
  });

  it('say in English what the spec says', () => {
    for (const [ref, text] of Object.entries(SPEC_TEXTS)) {
      const [ns, key] = ref.split(':') as [string, string];
      expect(en.get(ns)?.[key], ref).toBe(text);
    }
  });

  it('title every route of core in English as core does (the shell translates them by path)', () => {
    for (const rule of ROUTE_RULES) expect(en.get('app')?.[`routes.${rule.path}`], rule.path).toBe(rule.title);
  });
});
