import { LISTING_ATTRIBUTES, listingAttribute, type AttributeValue, type ListingAttributes } from '@reputo/core';
import type { FacebookPageInfo } from '../../connectors/facebook/pageInfo';
import type {
  GoogleAttribute,
  GoogleLocationFields,
  GoogleMaskPath,
  GoogleTimeOfDay,
} from '../../connectors/google/businessInformation';
import type { FieldDiff, HoursPeriod, ListingFields, SpecialHours } from '../../db/schema';
import { categoryById } from './categories';
import { DAYS, FIELD_LABELS, type Directory, type ListingField, type PhotoField } from './schemas';

/**
 * Our listing fields against each directory's: which fields a directory holds, how they are written
 * there (Google's Location resource, Facebook's page fields) and read back, and their comparison.
 */

/** Our fields of Google's Location resource (attributes and photos are their own calls). */
export type LocationField = Exclude<ListingField, 'attributes' | PhotoField>;

/** The Google update-mask path of each of our Location fields. */
const GOOGLE_PATH: Record<LocationField, GoogleMaskPath> = {
  name: 'title',
  address: 'storefrontAddress',
  city: 'storefrontAddress',
  postalCode: 'storefrontAddress',
  countryCode: 'storefrontAddress',
  phone: 'phoneNumbers.primaryPhone',
  website: 'websiteUri',
  primaryCategory: 'categories',
  additionalCategories: 'categories',
  regularHours: 'regularHours',
  specialHours: 'specialHours',
  description: 'profile.description',
};
export const GOOGLE_LOCATION_FIELDS = Object.keys(GOOGLE_PATH) as LocationField[];
const isLocationField = (f: ListingField): f is LocationField => f in GOOGLE_PATH;
const GOOGLE_FIELDS: readonly ListingField[] = [...GOOGLE_LOCATION_FIELDS, 'attributes', 'logo', 'cover', 'photos'];
/**
 * Facebook's page holds these of our fields (name changes need Facebook's review, so not pushed;
 * it has no attributes, and its photos are the profile picture and the cover).
 */
const FACEBOOK_FIELDS: readonly ListingField[] = ['phone', 'website', 'regularHours', 'description', 'logo', 'cover'];

export function directoryFields(directory: Directory): readonly ListingField[] {
  return directory === 'google' ? GOOGLE_FIELDS : FACEBOOK_FIELDS;
}

/** Our fields that a Google mask path covers (a diffMask names paths). */
export function fieldsOfGooglePath(path: string): ListingField[] {
  const top = path.split('.')[0];
  return GOOGLE_LOCATION_FIELDS.filter((f) => GOOGLE_PATH[f].split('.')[0] === top);
}

const pad = (n: number) => String(n).padStart(2, '0');
const toTime = (t: string): GoogleTimeOfDay => {
  const [h, m] = t.split(':').map(Number) as [number, number];
  return m ? { hours: h, minutes: m } : { hours: h };
};
const fromTime = (t: GoogleTimeOfDay | undefined) => `${pad(t?.hours ?? 0)}:${pad(t?.minutes ?? 0)}`;
const toDate = (d: string) => {
  const [year, month, day] = d.split('-').map(Number) as [number, number, number];
  return { year, month, day };
};

/** The Location resource's body and update mask for our fields (those of the resource; empty for none). */
export function toGoogle(
  listing: ListingFields,
  fields: readonly ListingField[],
): { body: GoogleLocationFields; mask: GoogleMaskPath[] } {
  const mask = [...new Set(fields.filter(isLocationField).map((f) => GOOGLE_PATH[f]))];
  const body: GoogleLocationFields = {};
  for (const path of mask) {
    if (path === 'title') body.title = listing.name;
    if (path === 'storefrontAddress')
      body.storefrontAddress = {
        ...(listing.countryCode ? { regionCode: listing.countryCode } : {}),
        ...(listing.postalCode ? { postalCode: listing.postalCode } : {}),
        ...(listing.city ? { locality: listing.city } : {}),
        addressLines: listing.address ? [listing.address] : [],
      };
    if (path === 'phoneNumbers.primaryPhone') body.phoneNumbers = { primaryPhone: listing.phone ?? '' };
    if (path === 'websiteUri') body.websiteUri = listing.website ?? '';
    if (path === 'categories') {
      const category = (id: string) => ({ name: `categories/${id}`, displayName: categoryById(id)?.name ?? id });
      body.categories = {
        ...(listing.primaryCategory ? { primaryCategory: category(listing.primaryCategory) } : {}),
        additionalCategories: listing.additionalCategories.map(category),
      };
    }
    if (path === 'regularHours')
      body.regularHours = {
        periods: listing.regularHours.map((p) => ({
          openDay: p.day,
          openTime: toTime(p.open),
          closeDay: p.day,
          closeTime: toTime(p.close),
        })),
      };
    if (path === 'specialHours')
      body.specialHours = {
        specialHourPeriods: listing.specialHours.map((s) =>
          s.closed
            ? { startDate: toDate(s.date), closed: true }
            : {
                startDate: toDate(s.date),
                endDate: toDate(s.date),
                openTime: toTime(s.open ?? '00:00'),
                closeTime: toTime(s.close ?? '24:00'),
              },
        ),
      };
    if (path === 'profile.description') body.profile = { description: listing.description ?? '' };
  }
  return { body, mask };
}

/** Our fields as a Google location shows them (fields it leaves out are empty). */
export function fromGoogle(loc: GoogleLocationFields): Pick<ListingFields, LocationField> {
  const a = loc.storefrontAddress;
  const category = (c: { name: string } | undefined) => (c ? c.name.replace(/^categories\//, '') : null);
  return {
    name: loc.title ?? '',
    address: a?.addressLines?.join(', ') || null,
    city: a?.locality || null,
    postalCode: a?.postalCode || null,
    countryCode: a?.regionCode || null,
    phone: loc.phoneNumbers?.primaryPhone || null,
    website: loc.websiteUri || null,
    primaryCategory: category(loc.categories?.primaryCategory),
    additionalCategories: (loc.categories?.additionalCategories ?? []).map((c) => category(c)!),
    regularHours: (loc.regularHours?.periods ?? []).map((p) => ({
      day: p.openDay as HoursPeriod['day'],
      open: fromTime(p.openTime),
      close: fromTime(p.closeTime),
    })),
    specialHours: (loc.specialHours?.specialHourPeriods ?? []).map((s) => {
      const date = `${s.startDate.year}-${pad(s.startDate.month)}-${pad(s.startDate.day)}`;
      return s.closed
        ? { date, closed: true }
        : { date, closed: false, open: fromTime(s.openTime), close: fromTime(s.closeTime) };
    }),
    description: loc.profile?.description || null,
  };
}

/**
 * Google's attributes for ours, and the attribute mask that names them (only the attributes we set:
 * one we leave unset is not managed, Google keeps its own value; ids outside the list are dropped).
 */
export function toGoogleAttributes(attributes: ListingAttributes): { attributes: GoogleAttribute[]; mask: string[] } {
  const out: GoogleAttribute[] = [];
  // In the shipped list's order: a stored record's keys come back in the database's order.
  for (const known of LISTING_ATTRIBUTES) {
    const value = attributes[known.id];
    if (value === undefined) continue;
    const name = `attributes/${known.id}`;
    if (known.valueType === 'REPEATED_ENUM') {
      const set = Array.isArray(value) ? value : [];
      out.push({
        name,
        valueType: 'REPEATED_ENUM',
        repeatedEnumValue: {
          setValues: set,
          unsetValues: (known.options ?? []).map((o) => o.value).filter((v) => !set.includes(v)),
        },
      });
    } else out.push({ name, valueType: known.valueType, values: [value] });
  }
  return { attributes: out, mask: out.map((a) => a.name) };
}

/** Our attributes as Google shows them (the ones of our list; others are not managed here). */
export function fromGoogleAttributes(list: readonly GoogleAttribute[]): ListingAttributes {
  const out: ListingAttributes = {};
  for (const a of list) {
    const id = a.name.replace(/^attributes\//, '');
    const known = listingAttribute(id);
    if (!known) continue;
    const first = a.values?.[0];
    if (known.valueType === 'REPEATED_ENUM') out[id] = [...(a.repeatedEnumValue?.setValues ?? [])];
    else if (known.valueType === 'BOOL' && typeof first === 'boolean') out[id] = first;
    else if (known.valueType === 'ENUM' && first !== undefined) out[id] = String(first);
  }
  return out;
}

/** Theirs, cut to the attributes we set (the only ones compared). */
export function managedAttributes(ours: ListingAttributes, theirs: ListingAttributes): ListingAttributes {
  return Object.fromEntries(
    Object.keys(ours).flatMap((id): [string, AttributeValue][] => (id in theirs ? [[id, theirs[id]!]] : [])),
  );
}

const FB_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** Facebook's page fields for ours (only the ones Facebook holds). */
export function toFacebook(listing: ListingFields, fields: readonly ListingField[]): Omit<FacebookPageInfo, 'name'> {
  const out: Omit<FacebookPageInfo, 'name'> = {};
  for (const f of fields) {
    if (f === 'phone') out.phone = listing.phone ?? '';
    if (f === 'website') out.website = listing.website ?? '';
    if (f === 'description') out.about = listing.description ?? '';
    if (f === 'regularHours') {
      const hours: Record<string, string> = {};
      DAYS.forEach((day, i) => {
        listing.regularHours
          .filter((p) => p.day === day)
          .slice(0, 4)
          .forEach((p, n) => {
            hours[`${FB_DAYS[i]}_${n + 1}_open`] = p.open;
            hours[`${FB_DAYS[i]}_${n + 1}_close`] = p.close;
          });
      });
      out.hours = hours;
    }
  }
  return out;
}

export function fromFacebook(page: FacebookPageInfo): Partial<ListingFields> {
  const regularHours: HoursPeriod[] = [];
  for (const [key, open] of Object.entries(page.hours ?? {})) {
    const m = /^(\w{3})_(\d)_open$/.exec(key);
    const close = m ? page.hours?.[`${m[1]}_${m[2]}_close`] : undefined;
    if (m && close) regularHours.push({ day: DAYS[FB_DAYS.indexOf(m[1] as (typeof FB_DAYS)[number])]!, open, close });
  }
  return {
    phone: page.phone || null,
    website: page.website || null,
    regularHours,
    description: page.about || null,
  };
}

/** A value in a form that compares equal whatever its order or blank spelling. */
function normal(field: ListingField, value: unknown): string {
  if (value === undefined || value === '' || value === null) return 'null';
  if (field === 'regularHours')
    return JSON.stringify([...(value as HoursPeriod[])].map((p) => `${DAYS.indexOf(p.day)}${p.open}${p.close}`).sort());
  if (field === 'specialHours')
    return JSON.stringify(
      [...(value as SpecialHours[])].map((s) => (s.closed ? `${s.date}closed` : `${s.date}${s.open}${s.close}`)).sort(),
    );
  if (field === 'additionalCategories' || field === 'photos') return JSON.stringify([...(value as string[])].sort());
  if (field === 'attributes')
    return JSON.stringify(
      Object.entries(value as ListingAttributes)
        .map(([k, v]) => [k, Array.isArray(v) ? [...v].sort() : v])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    );
  if (field === 'phone') return String(value).replace(/[^0-9+]/g, '');
  if (field === 'website') return String(value).replace(/\/+$/, '').toLowerCase();
  if (typeof value === 'string') return JSON.stringify(value.trim());
  return JSON.stringify(value);
}

/** The fields (of those given) whose values differ, ours against theirs. */
export function diffFields(
  ours: ListingFields,
  theirs: Partial<ListingFields>,
  fields: readonly ListingField[],
): FieldDiff[] {
  return fields
    .filter((f) => f in theirs && normal(f, ours[f]) !== normal(f, theirs[f]))
    .map((f) => ({ field: f, ours: ours[f], theirs: theirs[f] }));
}

export const withLabel = (d: FieldDiff) => ({ ...d, label: FIELD_LABELS[d.field as ListingField] ?? d.field });

/** What completeness counts, in the order "what is missing" lists them. */
const COMPLETE: readonly ListingField[] = [
  'name',
  'address',
  'city',
  'phone',
  'website',
  'primaryCategory',
  'additionalCategories',
  'regularHours',
  'description',
  'attributes',
  'logo',
  'cover',
];

const isEmpty = (v: unknown) =>
  v === null ||
  v === undefined ||
  v === '' ||
  (Array.isArray(v) ? v.length === 0 : typeof v === 'object' && Object.keys(v).length === 0);

/** Completeness 0..100 and the labels of the fields still missing. */
export function completeness(listing: ListingFields): { score: number; missing: ListingField[] } {
  const missing = COMPLETE.filter((f) => isEmpty(listing[f]));
  return { score: Math.round((100 * (COMPLETE.length - missing.length)) / COMPLETE.length), missing };
}
