import { readJson, sendJson, type ReadOptions } from '../sourceApi';
import { classifyGoogle } from './business';

/**
 * Google Business Profile's Business Information API v1, for listing management (tests and the
 * demo use ./fake.ts):
 * - `GET {businessInfoUrl}/locations/{l}?readMask=...`: the location's fields as the merchant set them;
 * - `GET {businessInfoUrl}/locations/{l}:getGoogleUpdated?readMask=...`: the location as Google shows
 *   it, with `diffMask` naming the fields Google changed on its own ("Google updated");
 * - `PATCH {businessInfoUrl}/locations/{l}?updateMask=title,phoneNumbers.primaryPhone,...` with the
 *   Location resource's fields: only the masked fields change.
 * - `GET {businessInfoUrl}/locations/{l}/attributes` and `PATCH {businessInfoUrl}/locations/{l}/attributes
 *   ?attributeMask=attributes/has_wifi,...` with `{name, attributes: [{name, valueType, values}]}`: the
 *   masked attributes are set from the body (a masked one missing from the body is removed).
 * `Authorization: Bearer`; 401 is a token failure, 429 (Retry-After) and 5xx / time-outs are retried
 * in the call with back-off (sourceApi.ts), a 400 is a refusal with Google's message.
 */
const LABEL = 'Google API';

export interface GoogleTimeOfDay {
  hours?: number;
  minutes?: number;
}
export interface GoogleDate {
  year: number;
  month: number;
  day: number;
}
export interface GoogleCategory {
  name: string;
  displayName?: string;
}

/** The Location resource's fields that listing management reads and writes. */
export interface GoogleLocationFields {
  name?: string;
  title?: string;
  phoneNumbers?: { primaryPhone?: string; additionalPhones?: string[] };
  websiteUri?: string;
  storefrontAddress?: { regionCode?: string; postalCode?: string; locality?: string; addressLines?: string[] };
  categories?: { primaryCategory?: GoogleCategory; additionalCategories?: GoogleCategory[] };
  regularHours?: {
    periods: { openDay: string; openTime: GoogleTimeOfDay; closeDay: string; closeTime: GoogleTimeOfDay }[];
  };
  specialHours?: {
    specialHourPeriods: {
      startDate: GoogleDate;
      endDate?: GoogleDate;
      openTime?: GoogleTimeOfDay;
      closeTime?: GoogleTimeOfDay;
      closed?: boolean;
    }[];
  };
  profile?: { description?: string };
}

/** One attribute of a location (`attributes/<id>`); REPEATED_ENUM values come as set and unset lists. */
export interface GoogleAttribute {
  name: string;
  valueType?: 'ATTRIBUTE_VALUE_TYPE_UNSPECIFIED' | 'BOOL' | 'ENUM' | 'URL' | 'REPEATED_ENUM';
  values?: unknown[];
  repeatedEnumValue?: { setValues?: string[]; unsetValues?: string[] };
  uriValues?: { uri: string }[];
}
/** The Attributes resource of a location: `locations/{l}/attributes`. */
export interface GoogleAttributes {
  name: string;
  attributes?: GoogleAttribute[];
}

/** The update-mask paths of the fields above (what a PATCH may name). */
export const GOOGLE_MASK_PATHS = [
  'title',
  'phoneNumbers.primaryPhone',
  'websiteUri',
  'storefrontAddress',
  'categories',
  'regularHours',
  'specialHours',
  'profile.description',
] as const;
export type GoogleMaskPath = (typeof GOOGLE_MASK_PATHS)[number];

export const GOOGLE_READ_MASK =
  'name,title,phoneNumbers,websiteUri,storefrontAddress,categories,regularHours,specialHours,profile';

/** `accounts/{a}/locations/{l}` (the v4 name the connections keep) or `locations/{l}` as v1's `locations/{l}`. */
export const businessInfoName = (name: string) => name.replace(/^accounts\/[^/]+\//, '');

export function businessInformationClient(opts: ReadOptions & { businessInfoUrl: string }) {
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const url = (name: string, suffix = '') => `${opts.businessInfoUrl}/${businessInfoName(name)}${suffix}`;
  return {
    async getLocation(token: string, name: string): Promise<GoogleLocationFields> {
      return readJson(LABEL, url(name, `?readMask=${GOOGLE_READ_MASK}`), auth(token), classifyGoogle, opts);
    },
    /** The location as Google shows it, and the fields Google changed on its own (`diffMask`, comma-separated). */
    async getGoogleUpdated(
      token: string,
      name: string,
    ): Promise<{ location: GoogleLocationFields; diffMask: string; pendingMask: string }> {
      const body = await readJson<{ location?: GoogleLocationFields; diffMask?: string; pendingMask?: string }>(
        LABEL,
        url(name, `:getGoogleUpdated?readMask=${GOOGLE_READ_MASK}`),
        auth(token),
        classifyGoogle,
        opts,
      );
      return { location: body.location ?? {}, diffMask: body.diffMask ?? '', pendingMask: body.pendingMask ?? '' };
    },
    async updateLocation(
      token: string,
      name: string,
      fields: GoogleLocationFields,
      updateMask: readonly GoogleMaskPath[],
    ): Promise<GoogleLocationFields> {
      return sendJson(
        LABEL,
        url(name, `?updateMask=${updateMask.join(',')}`),
        {
          method: 'PATCH',
          headers: { ...auth(token), 'content-type': 'application/json' },
          body: JSON.stringify(fields),
        },
        classifyGoogle,
        opts,
      );
    },
    /** The attributes the location has. */
    async getAttributes(token: string, name: string): Promise<GoogleAttribute[]> {
      const body = await readJson<GoogleAttributes>(LABEL, url(name, '/attributes'), auth(token), classifyGoogle, opts);
      return body.attributes ?? [];
    },
    /** Sets the masked attributes (`attributes/<id>`) to the body's; a masked one left out of the body is removed. */
    async updateAttributes(
      token: string,
      name: string,
      attributes: GoogleAttribute[],
      attributeMask: readonly string[],
    ): Promise<GoogleAttribute[]> {
      const resource: GoogleAttributes = { name: `${businessInfoName(name)}/attributes`, attributes };
      const body = await sendJson<GoogleAttributes>(
        LABEL,
        url(name, `/attributes?attributeMask=${attributeMask.join(',')}`),
        {
          method: 'PATCH',
          headers: { ...auth(token), 'content-type': 'application/json' },
          body: JSON.stringify(resource),
        },
        classifyGoogle,
        opts,
      );
      return body.attributes ?? [];
    },
  };
}

export type BusinessInformationClient = ReturnType<typeof businessInformationClient>;
