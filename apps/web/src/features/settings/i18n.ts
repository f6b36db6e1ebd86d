import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { displayName, isRole, NEW_USER_NAME, type LocationsTitle } from '@reputo/core';
import { currentLanguage, loadNamespaces } from '../../i18n/i18n';
import { intlLocale } from '../../i18n/format';
import { translateMessage } from '../../i18n/messages';

// Core's messages (form checks, upload reports) come from the validation catalogue, which the
// router does not load with the settings pages: load it with them, before any form is checked.
void loadNamespaces(['validation']);

/** The i18next context of a company's locations title: keys end in `_location`, `_product` or `_unit`. */
export type PlaceContext = 'location' | 'product' | 'unit';

export function placeContext(title: LocationsTitle | null | undefined): PlaceContext {
  return (title ?? 'Location').toLowerCase() as PlaceContext;
}

/** A role's name in the interface language (a role the server added later keeps its own label). */
export function roleName(t: TFunction<'settings'>, role: string, fallback?: string): string {
  return isRole(role) ? t(`roles.${role}`) : (fallback ?? role);
}

/** A member's name, or "New user" in the interface language when they gave none. */
export function memberName(
  t: TFunction<'settings'>,
  firstName: string | null | undefined,
  lastName: string | null | undefined,
): string {
  const name = displayName(firstName, lastName);
  return name === NEW_USER_NAME ? t('team.newUser') : name;
}

type Validator = (rule: unknown, value: unknown, callback: unknown) => unknown;

/**
 * Form rules whose messages are core's spec texts (MSG, returned by the shared rules), shown in
 * the interface language: a static `message` and what a validator throws go through translateMessage.
 */
export function translatedRules(rules: FormRule[]): FormRule[] {
  return rules.map((rule) => {
    if (typeof rule === 'function') return rule;
    const out = { ...rule };
    if (typeof rule.message === 'string') out.message = translateMessage(rule.message);
    if (rule.validator) {
      const validate = rule.validator as Validator;
      out.validator = (async (r: unknown, value: unknown, callback: unknown) => {
        try {
          return await validate(r, value, callback);
        } catch (e) {
          throw e instanceof Error ? new Error(translateMessage(e.message)) : e;
        }
      }) as never;
    }
    return out;
  });
}

const displayNames = new Map<string, Intl.DisplayNames | null>();

function intlName(type: 'language' | 'region', code: string): string | undefined {
  const key = `${intlLocale()}|${type}`;
  if (!displayNames.has(key)) {
    try {
      displayNames.set(key, new Intl.DisplayNames([intlLocale()], { type }));
    } catch {
      displayNames.set(key, null);
    }
  }
  try {
    const name = displayNames.get(key)?.of(code);
    return name && name !== code ? name : undefined;
  } catch {
    return undefined;
  }
}

/** A language's name in the interface language; English keeps the name it was given. */
export function languageName(code: string, english: string): string {
  return currentLanguage() === 'en' ? english : (intlName('language', code) ?? english);
}

/** A country's name in the interface language; English keeps the name it was given. */
export function countryName(code: string, english: string): string {
  return currentLanguage() === 'en' ? english : (intlName('region', code) ?? english);
}

/** The comma between the items of a list (Arabic writes ،). */
export function listSeparator(): string {
  return currentLanguage() === 'ar' ? '، ' : ', ';
}

/** The comma between items the user wrote (keywords): Arabic's when they are in Arabic. */
export function contentSeparator(items: string[]): string {
  return /\p{Script=Arabic}/u.test(items.join('')) ? '، ' : ', ';
}
