/**
 * Billing portal link by country (spec 000 section 9): one portal for Canada, one for the United
 * States of America, one for each of 17 Middle East and North Africa countries, and a default.
 */

export const BILLING_COUNTRIES = [
  'Canada',
  'United States of America',
  'UAE',
  'Saudi Arabia',
  'Bahrain',
  'Oman',
  'Kuwait',
  'Qatar',
  'Jordan',
  'Egypt',
  'Lebanon',
  'Syria',
  'Iraq',
  'Libya',
  'Algeria',
  'Tunisia',
  'Morocco',
  'Yemen',
  'Palestine',
] as const;
export type BillingCountry = (typeof BILLING_COUNTRIES)[number];

/**
 * Portal URLs come from one configurable template (the API passes its setting): `{slug}` is
 * replaced, or, when the template has no `{slug}`, the slug is appended as a last path segment.
 */
export const DEFAULT_BILLING_PORTAL_BASE = 'https://billing.reputo.app/p/{slug}';
export const DEFAULT_BILLING_PORTAL_SLUG = 'default';

export const BILLING_PORTAL_SLUGS: Record<BillingCountry, string> = {
  Canada: 'ca',
  'United States of America': 'us',
  UAE: 'ae',
  'Saudi Arabia': 'sa',
  Bahrain: 'bh',
  Oman: 'om',
  Kuwait: 'kw',
  Qatar: 'qa',
  Jordan: 'jo',
  Egypt: 'eg',
  Lebanon: 'lb',
  Syria: 'sy',
  Iraq: 'iq',
  Libya: 'ly',
  Algeria: 'dz',
  Tunisia: 'tn',
  Morocco: 'ma',
  Yemen: 'ye',
  Palestine: 'ps',
};

/**
 * Other ways a company's country is written (ISO alpha-2 and alpha-3 codes, official and common
 * names). Keys are normalised with normalizeCountry.
 */
const ALIASES: Record<string, BillingCountry> = {
  ca: 'Canada',
  can: 'Canada',
  us: 'United States of America',
  usa: 'United States of America',
  'united states': 'United States of America',
  america: 'United States of America',
  ae: 'UAE',
  are: 'UAE',
  'united arab emirates': 'UAE',
  emirates: 'UAE',
  sa: 'Saudi Arabia',
  sau: 'Saudi Arabia',
  ksa: 'Saudi Arabia',
  'kingdom of saudi arabia': 'Saudi Arabia',
  bh: 'Bahrain',
  bhr: 'Bahrain',
  'kingdom of bahrain': 'Bahrain',
  om: 'Oman',
  omn: 'Oman',
  'sultanate of oman': 'Oman',
  kw: 'Kuwait',
  kwt: 'Kuwait',
  'state of kuwait': 'Kuwait',
  qa: 'Qatar',
  qat: 'Qatar',
  'state of qatar': 'Qatar',
  jo: 'Jordan',
  jor: 'Jordan',
  'hashemite kingdom of jordan': 'Jordan',
  eg: 'Egypt',
  egy: 'Egypt',
  'arab republic of egypt': 'Egypt',
  lb: 'Lebanon',
  lbn: 'Lebanon',
  'lebanese republic': 'Lebanon',
  sy: 'Syria',
  syr: 'Syria',
  'syrian arab republic': 'Syria',
  iq: 'Iraq',
  irq: 'Iraq',
  'republic of iraq': 'Iraq',
  ly: 'Libya',
  lby: 'Libya',
  'state of libya': 'Libya',
  'libyan arab jamahiriya': 'Libya',
  dz: 'Algeria',
  dza: 'Algeria',
  "people's democratic republic of algeria": 'Algeria',
  tn: 'Tunisia',
  tun: 'Tunisia',
  'republic of tunisia': 'Tunisia',
  ma: 'Morocco',
  mar: 'Morocco',
  'kingdom of morocco': 'Morocco',
  ye: 'Yemen',
  yem: 'Yemen',
  'republic of yemen': 'Yemen',
  ps: 'Palestine',
  pse: 'Palestine',
  'state of palestine': 'Palestine',
  'palestinian territories': 'Palestine',
  'palestine, state of': 'Palestine',
  'palestinian territory': 'Palestine',
};

/** Lowercase, no dots, single spaces, no leading "the": "The U.S.A." becomes "usa". */
function normalizeCountry(country: string): string {
  return country.toLowerCase().replace(/\./g, '').replace(/\s+/g, ' ').trim().replace(/^the /, '');
}

const BY_NAME = new Map<string, BillingCountry>([
  ...BILLING_COUNTRIES.map((c): [string, BillingCountry] => [normalizeCountry(c), c]),
  ...Object.entries(ALIASES),
]);

/** The billing country a stored country value means, or null when it has no own portal. */
export function billingCountryFor(country: string | null | undefined): BillingCountry | null {
  if (!country) return null;
  return BY_NAME.get(normalizeCountry(country)) ?? null;
}

/** The billing portal link for a company's country; countries without their own portal get the default. */
export function billingPortalUrl(
  country: string | null | undefined,
  base: string = DEFAULT_BILLING_PORTAL_BASE,
): string {
  const match = billingCountryFor(country);
  const slug = match ? BILLING_PORTAL_SLUGS[match] : DEFAULT_BILLING_PORTAL_SLUG;
  if (base.includes('{slug}')) return base.replaceAll('{slug}', slug);
  return `${base.replace(/\/+$/, '')}/${slug}`;
}
