/**
 * Admin-panel rules shared by the wizards (web) and the admin API: wizard step order and navigation
 * (spec 001 sections 2 and 4), the special 'Other' groupings of the brand tree, the response
 * languages a company may choose, and the monthly API credits that split metered usage into free
 * and paid calls.
 */
import type { Role } from './roles';
import { PACKAGE_CREDITS, type PackageName } from './packages';

// ---------------------------------------------------------------------------------------------
// Company wizard

export const COMPANY_STEPS = ['information', 'sources', 'brands', 'packages', 'locations', 'apikey'] as const;
export type CompanyStep = (typeof COMPANY_STEPS)[number];

export const COMPANY_STEP_LABELS: Record<CompanyStep, string> = {
  information: 'Information',
  sources: 'Sources',
  brands: 'Brands',
  packages: 'Packages',
  locations: 'Locations',
  apikey: 'API key',
};

/** The steps a role walks through: the Locations step is for the Partner role only (spec 001 section 6). */
export function companySteps(role: Role): CompanyStep[] {
  return COMPANY_STEPS.filter((s) => s !== 'locations' || role === 'partner');
}

export function isCompanyStep(value: unknown): value is CompanyStep {
  return typeof value === 'string' && (COMPANY_STEPS as readonly string[]).includes(value);
}

/** The step after `step` for this role, or null after the last (the wizard then returns to the list). */
export function nextCompanyStep(role: Role, step: CompanyStep): CompanyStep | null {
  const steps = companySteps(role);
  return steps[steps.indexOf(step) + 1] ?? null;
}

/** Backward goes in reverse; null before the first step. */
export function previousCompanyStep(role: Role, step: CompanyStep): CompanyStep | null {
  const steps = companySteps(role);
  const i = steps.indexOf(step);
  return i > 0 ? (steps[i - 1] ?? null) : null;
}

/** 'Company {company_name} settings', or 'Company settings' while there is no name yet. */
export function companyWizardTitle(companyName: string | null | undefined): string {
  const name = companyName?.trim();
  return name ? `Company ${name} settings` : 'Company settings';
}

// ---------------------------------------------------------------------------------------------
// Partner wizard

export const PARTNER_STEPS = ['information', 'package', 'apiKey', 'billing'] as const;
export type PartnerStep = (typeof PARTNER_STEPS)[number];

export const PARTNER_STEP_LABELS: Record<PartnerStep, string> = {
  information: 'Information',
  package: 'Package',
  apiKey: 'API key',
  billing: 'Billing',
};

export function isPartnerStep(value: unknown): value is PartnerStep {
  return typeof value === 'string' && (PARTNER_STEPS as readonly string[]).includes(value);
}

export function nextPartnerStep(step: PartnerStep): PartnerStep | null {
  return PARTNER_STEPS[PARTNER_STEPS.indexOf(step) + 1] ?? null;
}

export function previousPartnerStep(step: PartnerStep): PartnerStep | null {
  const i = PARTNER_STEPS.indexOf(step);
  return i > 0 ? (PARTNER_STEPS[i - 1] ?? null) : null;
}

/** '{name} settings', or 'Partner settings' while there is no name yet. */
export function partnerWizardTitle(name: string | null | undefined): string {
  const n = name?.trim();
  return n ? `${n} settings` : 'Partner settings';
}

// ---------------------------------------------------------------------------------------------
// Only-if-changed updates (spec 001 section 4)

function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameValue(v, b[i]));
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  // A field cleared in a form ('' or undefined) equals a stored null.
  const blank = (v: unknown) => v === undefined || v === null || v === '';
  return blank(a) && blank(b) ? true : a === b;
}

/** The fields of `next` that differ from `saved`; an empty object means nothing is sent. */
export function changedFields<T extends Record<string, unknown>>(saved: Partial<T>, next: T): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T)[]) {
    if (!sameValue(saved[key], next[key])) out[key] = next[key];
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Brands

/** Titles of the special groupings of the brand tree (spec 001 section 3). */
export const OTHER_BRAND_TITLE = 'Other brand';
export const OTHER_REGION_TITLE = 'Other region';
const OTHER_TITLES = ['other', 'other brand', 'other region'];

/** 'Other', 'Other brand' and 'Other region' are groupings, not real brands or regions. */
export function isOtherTitle(title: string | null | undefined): boolean {
  return OTHER_TITLES.includes((title ?? '').trim().toLowerCase());
}

/** The brands table's Region column: state titles without 'Other', comma-joined. */
export function regionsText(states: readonly { title: string }[]): string {
  return states
    .filter((s) => !isOtherTitle(s.title))
    .map((s) => s.title)
    .join(', ');
}

// ---------------------------------------------------------------------------------------------
// Response languages (PATCH v2/api/admin/languages)

export const RESPONSE_LANGUAGES: Record<string, string> = {
  en: 'English',
  ar: 'Arabic',
  fr: 'French',
  es: 'Spanish',
  de: 'German',
  it: 'Italian',
  pt: 'Portuguese',
  tr: 'Turkish',
  ru: 'Russian',
  hi: 'Hindi',
  ur: 'Urdu',
  fa: 'Persian',
  zh: 'Chinese',
  ja: 'Japanese',
  nl: 'Dutch',
};

export function isResponseLanguage(code: string): boolean {
  return Object.hasOwn(RESPONSE_LANGUAGES, code);
}

// ---------------------------------------------------------------------------------------------
// Public API metering

/** Calls a Free trial account may make each month before usage counts as paid. */
export const FREE_TRIAL_API_CREDITS = 1000;

/**
 * The API calls a month of this package includes: the package's credits (Starter 100,000, Business
 * 250,000, Enterprise 750,000), the partner's own credits for Custom, 1,000 for a Free trial. Calls
 * beyond them in the same calendar month are paid usage.
 */
export function monthlyApiCredits(pkg: string, customCredits: number | null | undefined): number {
  if (pkg === 'Custom') return customCredits ?? 0;
  if (pkg === 'Free trial') return FREE_TRIAL_API_CREDITS;
  return PACKAGE_CREDITS[pkg as PackageName] ?? 0;
}
