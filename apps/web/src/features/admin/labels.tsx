import type { TFunction } from 'i18next';
import { COUNTRIES, RESPONSE_LANGUAGES, roleLabel, TIME_ZONES } from '@reputo/core';
import { currentLanguage } from '../../i18n/i18n';
import { directionOf } from '../../i18n/languages';

// Names the admin screens show for the shared codes of @reputo/core (statuses, roles, types,
// packages, features), translated at render: the values sent to the API stay the English codes.

type T = TFunction<'admin'>;

export const statusLabel = (t: T, status: string) => t(`status.${status.toLowerCase()}`, { defaultValue: status });

export const roleName = (t: T, role: string) => t(`roles.${role}`, { defaultValue: roleLabel(role) });

export const companyTypeLabel = (t: T, type: string | null | undefined) =>
  type ? t(`companyTypes.${type}`, { defaultValue: type }) : '';

export const partnerTypeLabel = (t: T, type: string | null | undefined) =>
  type ? t(`partnerTypes.${type}`, { defaultValue: type }) : '';

export const packageLabel = (t: T, name: string | null | undefined) =>
  name ? t(`packages.${name}`, { defaultValue: name }) : '';

export const featureLabel = (t: T, value: string, fallback: string) =>
  t(`features.${value}`, { defaultValue: fallback });

const displayNames = new Map<string, Intl.DisplayNames>();

/** A country or language named in the interface language by Intl (English keeps core's own names, which the spec and tests use). */
function displayName(type: 'region' | 'language', code: string, english: string): string {
  const language = currentLanguage();
  if (language === 'en') return english;
  const key = `${language}|${type}`;
  let names = displayNames.get(key);
  if (!names) {
    names = new Intl.DisplayNames([language], { type, fallback: 'none' });
    displayNames.set(key, names);
  }
  try {
    return names.of(code) ?? english;
  } catch {
    return english;
  }
}

/** The comma between the parts of a place: the Arabic comma in a right-to-left language. */
export const listSeparator = () => (directionOf(currentLanguage()) === 'rtl' ? '، ' : ', ');

/** A country stored by its English name, named in the interface language. */
export function countryName(english: string | null | undefined): string {
  if (!english) return '';
  const country = COUNTRIES.find((c) => c.name === english);
  return country ? displayName('region', country.code, english) : english;
}

/** The country options: the value stays the English name the API stores, the label is in the interface language. */
export const countryOptions = () =>
  COUNTRIES.map((c) => ({ value: c.name, label: displayName('region', c.code, c.name), english: c.name }));

export const responseLanguageOptions = () =>
  Object.entries(RESPONSE_LANGUAGES).map(([value, english]) => ({
    value,
    label: displayName('language', value, english),
  }));

/** A time zone's name in the interface language ('توقيت الخليج'), or undefined when Intl has none. */
function zoneName(zone: string, language: string): string | undefined {
  try {
    const part = new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: 'longGeneric' })
      .formatToParts(new Date())
      .find((p) => p.type === 'timeZoneName');
    return part?.value;
  } catch {
    return undefined;
  }
}

/**
 * The time zone options. English shows the IANA names as before; another language names each zone in
 * its words with the IANA name beside it (zones of one region share a name), left to right.
 */
export function timeZoneOptions() {
  const language = currentLanguage();
  return TIME_ZONES.map((zone) => {
    const english = zone.replace(/_/g, ' ');
    if (language === 'en') return { value: zone, label: english, english };
    const name = zoneName(zone, language);
    return {
      value: zone,
      english,
      search: name,
      label: name ? (
        <span>
          {name}{' '}
          <bdi dir="auto" className="muted">
            {english}
          </bdi>
        </span>
      ) : (
        <bdi dir="auto">{english}</bdi>
      ),
    };
  });
}

/** A select's search over the label and the English value, so 'Dubai' and 'دبي' both find their option. */
export function searchBoth(
  input: string,
  option?: { label?: unknown; value?: unknown; english?: string; search?: string },
): boolean {
  const needle = input.trim().toLowerCase();
  return [option?.label, option?.value, option?.english, option?.search].some(
    (v) => typeof v === 'string' && v.toLowerCase().includes(needle),
  );
}
