import { z } from 'zod';

/** Company types of spec 001 section 3; `hasLocations` false means the company has products instead. */
export const COMPANY_TYPES = [
  'Automotive',
  'Software',
  'Mobile Apps',
  'eCommerce',
  'Banks',
  'Business Services',
  'Cafes',
  'Education',
  'Electronics',
  'Fashion',
  'Fitness',
  'Healthcare',
  'Home Services',
  'Hotels',
  'Malls',
  'Pharmacies',
  'Restaurants',
  'Spas',
  'Tourist Attractions',
  'Wellness',
  'Other',
] as const;
export const companyTypeSchema = z.enum(COMPANY_TYPES);
export type CompanyType = z.infer<typeof companyTypeSchema>;

const WITHOUT_LOCATIONS: readonly CompanyType[] = ['Software', 'Mobile Apps', 'eCommerce'];

export function typeHasLocations(type: CompanyType): boolean {
  return !WITHOUT_LOCATIONS.includes(type);
}

export type LocationsTitle = 'Location' | 'Product' | 'Unit';

/** Location when the type has locations, Product when it has none, Unit when the type is unknown. */
export function locationsTitleFor(type: string | null | undefined): LocationsTitle {
  if (!isCompanyType(type)) return 'Unit';
  return typeHasLocations(type) ? 'Location' : 'Product';
}

/** A plain check rather than the zod schema: the shell calls this on every page, and zod is not in its bundle. */
export function isCompanyType(type: string | null | undefined): type is CompanyType {
  return (COMPANY_TYPES as readonly (string | null | undefined)[]).includes(type);
}

const BASE_SOURCES = ['google', 'facebook', 'foursquare'] as const;
const EXTRA_SOURCES_BY_TYPE: Partial<Record<CompanyType, string[]>> = {
  Cafes: ['zomato', 'tripadvisor', 'talabat', 'hungerstation', 'reserveout'],
  Restaurants: ['zomato', 'tripadvisor', 'talabat', 'hungerstation', 'reserveout'],
  Hotels: ['tripadvisor', 'booking', 'expedia'],
};

/** Default review sources of a new company of this type (source values). */
export function defaultSourcesForType(type: CompanyType): string[] {
  return [...BASE_SOURCES, ...(EXTRA_SOURCES_BY_TYPE[type] ?? [])];
}

export const PARTNER_TYPES = [
  'Agency',
  'Online Ordering',
  'POS System',
  'Reservation',
  'Social WiFi',
  'Telco',
  'Other',
] as const;
export const partnerTypeSchema = z.enum(PARTNER_TYPES);
export type PartnerType = z.infer<typeof partnerTypeSchema>;

export const STATUSES = ['active', 'inactive'] as const;
export const statusSchema = z.enum(STATUSES);
export type Status = z.infer<typeof statusSchema>;
