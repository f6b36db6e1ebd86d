import {
  defaultSourcesForType,
  normalizeFeatures,
  packageChangeDateFor,
  packageFeatures,
  type CompanyType,
  type Feature,
  type PackageName,
  type PartnerType,
  type TeamRole,
} from '@reputo/core';
import { KSA, REGIONS, RETAIL_SITES, UAE, type Region, type RegionCode, type Site } from './geo';
import { gulfCulture, person, type Culture } from './names';
import { Rng, slugify } from './random';
import type { TextKind } from './texts';

/**
 * The demo customer base: two partners and eight companies of different types in the UAE and Saudi
 * Arabia, described as plain data. demo.ts inserts it; reviews.ts generates reviews from it.
 */

export type PartnerKey = 'agency' | 'pos';

export interface PartnerSpec {
  key: PartnerKey;
  name: string;
  type: PartnerType;
  status: 'active' | 'inactive';
  startDate: string;
  address: string;
  email: string;
  package: PackageName;
  packageCredits: number | null;
  url: string;
}

export interface LocationSpec {
  brand: string | null;
  /** Region (state) title within the brand; null for products. */
  region: string | null;
  title: string;
  /** Short name that reviewers use ("Dubai Mall") or the product name. */
  short: string;
  code: string;
  address: string | null;
  city: string | null;
  country: string | null;
  timeZone: string;
  latitude: string | null;
  longitude: string | null;
  currency: 'AED' | 'SAR';
  /** Relative share of the company's reviews. */
  popularity: number;
  /** Added to the chance that a reviewer is unhappy: a badly run location has a positive value. */
  quality: number;
  staff: string[];
  doctors?: string[];
  items: string[];
  dishes?: string[];
  landmark?: string;
  view?: string;
  sourceUrls: Record<string, string>;
  /** Review volume per source at this location. */
  sourceWeights: [string, number][];
}

/** Reviews that belong to the company rather than a location (a bank's app, a vendor's Trustpilot page). */
export interface CompanyWideSpec {
  share: number;
  place: string;
  items: string[];
  sourceUrls: Record<string, string>;
  sourceWeights: [string, number][];
  channel: 'visit' | 'app';
}

export interface TeamMemberSpec {
  email: string;
  firstName: string;
  lastName: string;
  role: TeamRole;
  /** Location codes the member may see; null for all. */
  locationCodes: string[] | null;
}

export interface CompanySpec {
  key: string;
  name: string;
  type: CompanyType;
  kind: TextKind;
  status: 'active' | 'inactive';
  partner: PartnerKey | null;
  package: PackageName;
  packageChangeDate: string;
  period: 'monthly' | 'yearly';
  features: Feature[];
  sources: string[];
  competitorsSources: string[];
  locationsLimit: number;
  address1: string;
  address2: string;
  city: string;
  state: string;
  country: string;
  timeZone: string;
  zip: string;
  createdAt: Date;
  domain: string;
  contactEmail: string;
  brands: { title: string; regions: { title: string; language: string | null }[] }[];
  locations: LocationSpec[];
  companyWide: CompanyWideSpec | null;
  /** Reviews over two years at reviewsScale 1. */
  reviews: number;
  /** Base chance that a reviewer is unhappy (1 to 3 stars). */
  unhappy: number;
  /** Base chance that a review gets a posted reply. */
  replyRate: number;
  team: TeamMemberSpec[];
}

export interface CustomerBase {
  partners: PartnerSpec[];
  partnerUsers: { partner: PartnerKey; email: string; firstName: string; lastName: string }[];
  owner: { email: string; firstName: string; lastName: string };
  companies: CompanySpec[];
}

const DAY_MS = 86_400_000;

function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** PascalCase words joined by `sep`, as TripAdvisor, Expedia and Capterra spell names in addresses. */
function titleWords(text: string, sep: string): string {
  return text
    .replace(/&/g, 'and')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(sep);
}

type UrlTarget = { brand: string; short: string; title: string; district: string; region: Region };

/** A location's page on each source, in the form each source's URL check accepts. */
function sourceUrl(rng: Rng, source: string, t: UrlTarget, kind: TextKind): string | null {
  const citySlug = slugify(t.region.city);
  const titleSlug = slugify(t.title);
  const country = t.region.country === KSA ? 'sa' : 'ae';
  switch (source) {
    case 'google':
      return `https://www.google.com/maps?cid=${rng.digits(19)}`;
    case 'facebook':
      return `https://www.facebook.com/${titleWords(t.brand, '')}.${titleWords(t.short, '')}`;
    case 'foursquare':
      return `https://www.foursquare.com/v/${titleSlug}/${rng.hex(24)}`;
    case 'zomato':
      return `https://www.zomato.com/${citySlug}/${slugify(t.brand)}-${slugify(t.district)}`;
    case 'tripadvisor': {
      const page = kind === 'hotel' ? 'Hotel_Review' : kind === 'spa' ? 'Attraction_Review' : 'Restaurant_Review';
      return `https://www.tripadvisor.com/${page}-g${t.region.taGeo}-d${rng.digits(8)}-Reviews-${titleWords(t.title, '_')}-${t.region.taCity}.html`;
    }
    case 'talabat':
      return `https://www.talabat.com/uae/restaurant/${rng.digits(6)}/${slugify(t.brand)}-${slugify(t.district)}`;
    case 'deliveroo':
      return `https://www.deliveroo.ae/menu/${citySlug}/${slugify(t.district)}/${slugify(t.brand)}-${slugify(t.short)}`;
    case 'hungerstation':
      return `https://www.hungerstation.com/sa-en/restaurant/${citySlug}/${slugify(t.district)}/${rng.digits(5)}`;
    case 'reserveout':
      return `https://www.reserveout.com/${citySlug}/restaurant/${titleSlug}`;
    case 'booking':
      return `https://www.booking.com/hotel/${country}/${titleSlug}.html`;
    case 'expedia':
      return `https://www.expedia.com/${titleWords(t.region.city, '-')}-Hotels-${titleWords(t.title, '-')}.h${rng.digits(8)}.Hotel-Information`;
    case 'instagram':
      return `https://www.instagram.com/${slugify(t.brand).replace(/-/g, '')}.${country}/`;
    default:
      return null;
  }
}

interface Weighted {
  [source: string]: number;
}

/** Review volume per source for a location of this kind in this country. */
function sourceWeightsFor(kind: TextKind, region: Region): Weighted {
  const saudi = region.country === KSA;
  switch (kind) {
    case 'restaurant':
      return saudi
        ? {
            google: 50,
            hungerstation: 14,
            tripadvisor: 4,
            facebook: 4,
            foursquare: 3,
            zomato: 2,
            reserveout: 2,
            feedback: 12,
            instagram: 4,
          }
        : {
            google: 44,
            talabat: 11,
            deliveroo: 5,
            zomato: 5,
            tripadvisor: 7,
            facebook: 5,
            foursquare: 2,
            reserveout: 3,
            feedback: 11,
            instagram: 3,
          };
    case 'cafe':
      return saudi
        ? {
            google: 55,
            hungerstation: 9,
            foursquare: 5,
            facebook: 4,
            instagram: 8,
            feedback: 14,
            tripadvisor: 2,
            reserveout: 1,
          }
        : {
            google: 50,
            talabat: 10,
            zomato: 5,
            tripadvisor: 3,
            facebook: 4,
            foursquare: 4,
            instagram: 7,
            feedback: 14,
            reserveout: 1,
          };
    case 'hotel':
      return { google: 34, tripadvisor: 18, booking: 25, expedia: 8, facebook: 3, foursquare: 1, feedback: 11 };
    case 'bank':
      return { google: 70, facebook: 6, foursquare: 2, feedback: 22 };
    case 'clinic':
      return { google: 75, facebook: 8, foursquare: 2, feedback: 15 };
    case 'fitness':
      return { google: 64, facebook: 8, instagram: 8, foursquare: 3, feedback: 17 };
    case 'spa':
      return { google: 58, tripadvisor: 16, facebook: 10, foursquare: 3, feedback: 13 };
    case 'software':
      return {};
  }
}

function staffNames(rng: Rng, count: number): string[] {
  // Front-line staff in the Gulf are largely from South and South-East Asia.
  const cultures: [Culture, number][] = [
    ['filipino', 35],
    ['indian', 35],
    ['arab', 20],
    ['western', 10],
  ];
  const names = new Set<string>();
  while (names.size < count) names.add(person(rng, rng.weighted(cultures)).firstName);
  return [...names];
}

function doctorNames(rng: Rng): string[] {
  const cultures: [Culture, number][] = [
    ['indian', 40],
    ['arab', 40],
    ['western', 20],
  ];
  return [0, 1, 2].map(() => {
    const p = person(rng, rng.weighted(cultures));
    return `Dr. ${p.firstName} ${p.lastName}`;
  });
}

interface LocationInput {
  brand: string;
  prefix: string;
  number: number;
  site: Site;
  region: Region;
  kind: TextKind;
  items: string[];
  dishes?: string[];
  title?: string;
  landmark?: string;
  view?: string;
  popularity?: number;
  sources: readonly string[];
}

function makeLocation(rng: Rng, input: LocationInput): LocationSpec {
  const { site, region, kind } = input;
  const title = input.title ?? `${input.brand} - ${site.short}`;
  const weights = sourceWeightsFor(kind, region);
  const sourceWeights = Object.entries(weights).filter(([s]) => input.sources.includes(s));
  const target: UrlTarget = { brand: input.brand, short: site.short, title, district: site.district, region };
  const sourceUrls: Record<string, string> = {};
  for (const [source] of sourceWeights) {
    const url = sourceUrl(rng, source, target, kind);
    if (url) sourceUrls[source] = url;
  }
  // Most locations are run well; a few are clearly struggling, which the ranking reports should show.
  const quality = rng.chance(0.08) ? rng.float(0.12, 0.22) : rng.normal() * 0.04;
  return {
    brand: input.brand,
    region: region.title,
    title,
    short: site.short,
    code: `${input.prefix}-${region.code === 'AAN' ? 'AUH' : region.code}-${String(input.number).padStart(3, '0')}`,
    address: `${site.address}, ${site.district}, ${site.city ?? region.city}`,
    city: site.city ?? region.city,
    country: region.country,
    timeZone: region.timeZone,
    latitude: (site.lat + rng.float(-0.002, 0.002)).toFixed(6),
    longitude: (site.lng + rng.float(-0.002, 0.002)).toFixed(6),
    currency: region.country === KSA ? 'SAR' : 'AED',
    popularity: (input.popularity ?? 1) * rng.logNormal(1, 0.35) * (site.flagship ? 1.6 : 1),
    quality,
    staff: staffNames(rng, 6),
    doctors: kind === 'clinic' ? doctorNames(rng) : undefined,
    items: input.items,
    dishes: input.dishes,
    landmark: input.landmark,
    view: input.view,
    sourceUrls,
    sourceWeights,
  };
}

/** Store numbers run per brand with gaps, as stores open and close over the years. */
function storeNumbers(rng: Rng): () => number {
  let n = rng.int(1, 3);
  return () => {
    const current = n;
    n += rng.weighted([
      [1, 70],
      [2, 20],
      [3, 10],
    ]);
    return current;
  };
}

interface ChainBrand {
  title: string;
  prefix: string;
  items: string[];
  dishes?: string[];
  counts: Partial<Record<RegionCode, number>>;
  popularity?: number;
}

/** A chain's locations at retail sites, each brand at distinct sites within a region. */
function chainLocations(rng: Rng, kind: TextKind, brands: ChainBrand[], sources: readonly string[]): LocationSpec[] {
  const out: LocationSpec[] = [];
  for (const brand of brands) {
    const next = storeNumbers(rng);
    for (const [code, count] of Object.entries(brand.counts) as [RegionCode, number][]) {
      const sites = rng.sample(RETAIL_SITES[code] ?? [], count);
      for (const site of sites) {
        out.push(
          makeLocation(rng, {
            brand: brand.title,
            prefix: brand.prefix,
            number: next(),
            site,
            region: REGIONS[code],
            kind,
            items: brand.items,
            dishes: brand.dishes,
            popularity: brand.popularity,
            sources,
          }),
        );
      }
    }
  }
  return out;
}

function brandsOf(locations: LocationSpec[], arabicRegions: boolean): CompanySpec['brands'] {
  const byBrand = new Map<string, Set<string>>();
  const saudiRegions = new Set(['Riyadh', 'Jeddah', 'Eastern Province']);
  for (const l of locations) {
    if (!l.brand || !l.region) continue;
    if (!byBrand.has(l.brand)) byBrand.set(l.brand, new Set());
    byBrand.get(l.brand)!.add(l.region);
  }
  return [...byBrand].map(([title, regions]) => ({
    title,
    // Saudi regions answer in Arabic by default: the region's reply-language override.
    regions: [...regions].map((r) => ({ title: r, language: arabicRegions && saudiRegions.has(r) ? 'ar' : null })),
  }));
}

interface TeamPlan {
  master_admin: number;
  manager: number;
  responder: number;
  analyst: number;
}

/** Team members with realistic names and company e-mail addresses. */
function makeTeam(rng: Rng, domain: string, plan: TeamPlan, saudi: boolean, taken: Set<string>): TeamMemberSpec[] {
  const team: TeamMemberSpec[] = [];
  for (const role of ['master_admin', 'manager', 'responder', 'analyst'] as const) {
    for (let i = 0; i < plan[role]; i++) {
      const p = person(rng, gulfCulture(rng, saudi));
      const local = `${p.firstName}.${p.lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
      let email = `${local}@${domain}`;
      for (let n = 2; taken.has(email); n++) email = `${local}${n}@${domain}`;
      taken.add(email);
      team.push({ email, firstName: p.firstName, lastName: p.lastName, role, locationCodes: null });
    }
  }
  return team;
}

function restaurantGroup(rng: Rng, now: Date, taken: Set<string>): CompanySpec {
  const sources = [...defaultSourcesForType('Restaurants'), 'deliveroo', 'feedback', 'instagram'];
  const brands: ChainBrand[] = [
    {
      title: 'Saffron House',
      prefix: 'SAF',
      counts: { DXB: 4, AUH: 2, SHJ: 1, RUH: 2, JED: 1 },
      popularity: 1.1,
      items: [
        'butter chicken',
        'lamb biryani',
        'garlic naan',
        'paneer tikka',
        'dal makhani',
        'chicken 65',
        'mango lassi',
        'prawn masala',
      ],
    },
    {
      title: 'Zaatar & Ember',
      prefix: 'ZAE',
      counts: { DXB: 3, AUH: 2, SHJ: 1, RUH: 2, JED: 1, DMM: 1 },
      items: [
        'mixed grill',
        'shish tawook',
        'hummus beiruti',
        'fattoush',
        'kunafa',
        'lamb kofta',
        'cheese manakish',
        'arayes',
      ],
    },
    {
      title: 'Bao Street',
      prefix: 'BAO',
      counts: { DXB: 3, AUH: 1, RUH: 2, JED: 1, DMM: 1 },
      popularity: 0.9,
      items: [
        'chicken bao',
        'beef gyoza',
        'chicken ramen',
        'Korean fried chicken',
        'dan dan noodles',
        'bubble tea',
        'prawn dumplings',
        'kimchi fried rice',
      ],
    },
    {
      title: 'Olive & Stone',
      prefix: 'OLV',
      counts: { DXB: 3, AUH: 1, SHJ: 1, RUH: 1, JED: 1 },
      items: [
        'margherita pizza',
        'truffle pasta',
        'burrata salad',
        'tiramisu',
        'beef lasagna',
        'mushroom risotto',
        'pizza diavola',
        'panna cotta',
      ],
    },
    {
      title: 'Burger Majlis',
      prefix: 'BMJ',
      counts: { DXB: 2, SHJ: 1, RUH: 3, JED: 2, DMM: 1 },
      popularity: 1.2,
      items: [
        'smash burger',
        'truffle fries',
        'chicken burger',
        'onion rings',
        'date milkshake',
        'double cheeseburger',
        'loaded fries',
        'wagyu burger',
      ],
    },
  ];
  const locations = chainLocations(rng, 'restaurant', brands, sources);
  const domain = 'saffronco.ae';
  const team: TeamMemberSpec[] = [
    { email: 'admin@reputo.test', firstName: 'Layla', lastName: 'Haddad', role: 'master_admin', locationCodes: null },
    { email: 'manager@reputo.test', firstName: 'Omar', lastName: 'Al Hashimi', role: 'manager', locationCodes: null },
    { email: 'responder@reputo.test', firstName: 'Maria', lastName: 'Santos', role: 'responder', locationCodes: null },
    { email: 'analyst@reputo.test', firstName: 'Rahul', lastName: 'Menon', role: 'analyst', locationCodes: null },
    {
      email: `faisal.alqahtani@${domain}`,
      firstName: 'Faisal',
      lastName: 'Al Qahtani',
      role: 'master_admin',
      locationCodes: null,
    },
    { email: `priya.nair@${domain}`, firstName: 'Priya', lastName: 'Nair', role: 'manager', locationCodes: null },
    { email: `joy.reyes@${domain}`, firstName: 'Joy', lastName: 'Reyes', role: 'responder', locationCodes: null },
    { email: `arjun.pillai@${domain}`, firstName: 'Arjun', lastName: 'Pillai', role: 'responder', locationCodes: null },
    // Replies for the Saudi Burger Majlis branches only: a responder limited to a few locations.
    {
      email: `noura.alotaibi@${domain}`,
      firstName: 'Noura',
      lastName: 'Al Otaibi',
      role: 'responder',
      locationCodes: locations.filter((l) => l.code.startsWith('BMJ-') && l.country === KSA).map((l) => l.code),
    },
    { email: `emma.clarke@${domain}`, firstName: 'Emma', lastName: 'Clarke', role: 'analyst', locationCodes: null },
  ];
  for (const m of team) taken.add(m.email);
  return {
    key: 'saffron',
    name: 'Saffron & Co. Restaurant Group',
    type: 'Restaurants',
    kind: 'restaurant',
    status: 'active',
    partner: 'agency',
    package: 'Enterprise',
    packageChangeDate: isoDay(daysBefore(now, 610)),
    period: 'yearly',
    features: normalizeFeatures([...packageFeatures('Enterprise'), 'listingManagement']),
    sources,
    competitorsSources: ['google', 'tripadvisor', 'talabat', 'zomato'],
    locationsLimit: 50,
    address1: 'Office 2104, Churchill Executive Tower',
    address2: 'Business Bay',
    city: 'Dubai',
    state: 'Dubai',
    country: UAE,
    timeZone: 'Asia/Dubai',
    zip: '123456',
    createdAt: daysBefore(now, 760),
    domain,
    contactEmail: `guestcare@${domain}`,
    brands: brandsOf(locations, true),
    locations,
    companyWide: null,
    reviews: 19_000,
    unhappy: 0.17,
    replyRate: 0.58,
    team,
  };
}

function hotelGroup(rng: Rng, now: Date, taken: Set<string>): CompanySpec {
  const sources = [...defaultSourcesForType('Hotels'), 'feedback'];
  const rooms = {
    grand: ['Deluxe King room', 'Premier Sea View room', 'Executive Suite', 'Club room', 'Family Suite'],
    stay: ['Superior Twin room', 'Standard King room', 'Family room', 'Studio'],
  };
  const dishes = [
    'shakshuka',
    'manakish',
    'egg station omelette',
    'foul medames',
    'masala dosa',
    'pancakes',
    'Arabic coffee and dates',
  ];
  type Hotel = {
    title: string;
    brand: 'Noor Grand Hotels' | 'Noor Stay';
    region: RegionCode;
    site: Site;
    landmark: string;
    view: string;
  };
  const hotels: Hotel[] = [
    {
      title: 'Noor Grand Downtown Dubai',
      brand: 'Noor Grand Hotels',
      region: 'DXB',
      site: {
        short: 'Downtown Dubai',
        address: 'Sheikh Mohammed bin Rashid Blvd',
        district: 'Downtown Dubai',
        lat: 25.1935,
        lng: 55.2744,
      },
      landmark: 'Dubai Mall',
      view: 'the Burj Khalifa',
    },
    {
      title: 'Noor Grand Palm Jumeirah',
      brand: 'Noor Grand Hotels',
      region: 'DXB',
      site: {
        short: 'Palm Jumeirah',
        address: 'Crescent Rd, The Palm Jumeirah',
        district: 'Palm Jumeirah',
        lat: 25.118,
        lng: 55.135,
      },
      landmark: 'the beach',
      view: 'the Arabian Gulf',
    },
    {
      title: 'Noor Stay Al Barsha',
      brand: 'Noor Stay',
      region: 'DXB',
      site: { short: 'Al Barsha', address: 'Street 23, Al Barsha 1', district: 'Al Barsha', lat: 25.114, lng: 55.199 },
      landmark: 'Mall of the Emirates',
      view: 'the Dubai skyline',
    },
    {
      title: 'Noor Grand Corniche Abu Dhabi',
      brand: 'Noor Grand Hotels',
      region: 'AUH',
      site: { short: 'Corniche', address: 'Corniche Rd West', district: 'Al Khalidiyah', lat: 24.47, lng: 54.34 },
      landmark: 'the Corniche beach',
      view: 'the Corniche',
    },
    {
      title: 'Noor Stay Al Majaz Sharjah',
      brand: 'Noor Stay',
      region: 'SHJ',
      site: { short: 'Al Majaz', address: 'Buhaira Corniche', district: 'Al Majaz 2', lat: 25.326, lng: 55.385 },
      landmark: 'Al Majaz Waterfront',
      view: 'Khalid Lagoon',
    },
    {
      title: 'Noor Grand Riyadh Olaya',
      brand: 'Noor Grand Hotels',
      region: 'RUH',
      site: { short: 'Olaya', address: 'King Fahd Rd', district: 'Al Olaya', lat: 24.699, lng: 46.685 },
      landmark: 'Kingdom Centre',
      view: 'the Kingdom Centre tower',
    },
    {
      title: 'Noor Grand Jeddah Corniche',
      brand: 'Noor Grand Hotels',
      region: 'JED',
      site: { short: 'Jeddah Corniche', address: 'North Corniche Rd', district: 'Al Shati', lat: 21.599, lng: 39.107 },
      landmark: 'the King Fahd Fountain',
      view: 'the Red Sea',
    },
    {
      title: 'Noor Stay Al Khobar',
      brand: 'Noor Stay',
      region: 'DMM',
      site: { short: 'Al Khobar', address: 'Prince Turki St', district: 'Al Yarmouk', lat: 26.296, lng: 50.215 },
      landmark: 'the Khobar Corniche',
      view: 'the Arabian Gulf',
    },
  ];
  const locations = hotels.map((h, i) =>
    makeLocation(rng, {
      brand: h.brand,
      prefix: h.brand === 'Noor Stay' ? 'NST' : 'NGH',
      number: 101 + i,
      site: h.site,
      region: REGIONS[h.region],
      kind: 'hotel',
      items: h.brand === 'Noor Stay' ? rooms.stay : rooms.grand,
      dishes,
      title: h.title,
      landmark: h.landmark,
      view: h.view,
      sources,
    }),
  );
  const domain = 'alnoorhospitality.com';
  return {
    key: 'alnoor',
    name: 'Al Noor Hospitality',
    type: 'Hotels',
    kind: 'hotel',
    status: 'active',
    partner: null,
    package: 'Business',
    packageChangeDate: isoDay(daysBefore(now, 420)),
    period: 'yearly',
    features: packageFeatures('Business'),
    sources,
    competitorsSources: ['google', 'tripadvisor', 'booking', 'expedia'],
    locationsLimit: 10,
    address1: 'Level 9, Al Noor Tower, Corniche Rd West',
    address2: 'Al Khalidiyah',
    city: 'Abu Dhabi',
    state: 'Abu Dhabi',
    country: UAE,
    timeZone: 'Asia/Dubai',
    zip: '44172',
    createdAt: daysBefore(now, 800),
    domain,
    contactEmail: `guest.relations@${domain}`,
    brands: brandsOf(locations, true),
    locations,
    companyWide: null,
    reviews: 3_600,
    unhappy: 0.12,
    replyRate: 0.78,
    team: makeTeam(rng, domain, { master_admin: 1, manager: 2, responder: 3, analyst: 1 }, false, taken),
  };
}

function bank(rng: Rng, now: Date, taken: Set<string>): CompanySpec {
  const sources = [...defaultSourcesForType('Banks'), 'feedback', 'appstore', 'googleplay'];
  const branchSources = sources.filter((s) => s !== 'appstore' && s !== 'googleplay');
  const items = ['personal loan', 'credit card', 'car loan', 'mortgage', 'salary account', 'debit card'];
  type Branch = [RegionCode, string, string, string, number, number];
  const branches: Branch[] = [
    ['DXB', 'Deira Main Branch', 'Gulf Horizon Bank Building, Baniyas Rd', 'Deira', 25.2677, 55.3095],
    ['DXB', 'Sheikh Zayed Road', 'Al Moosa Tower 2, Sheikh Zayed Rd', 'Trade Centre 1', 25.2235, 55.2828],
    ['DXB', 'Dubai Marina', 'Marina Plaza, Al Marsa St', 'Dubai Marina', 25.0805, 55.1403],
    ['DXB', 'Al Quoz', 'Al Khail Gate, Street 19', 'Al Quoz 2', 25.153, 55.242],
    ['AUH', 'Abu Dhabi Main Branch', 'Khalifa Bin Zayed the First St', 'Al Markaziyah', 24.4925, 54.368],
    ['AUH', 'Mussafah', 'Mussafah Industrial Area, Street 10', 'Mussafah', 24.356, 54.503],
    ['AAN', 'Al Ain', 'Al Ain Mall, Othman Bin Affan St', 'Al Mutawaa', 24.221, 55.78],
    ['SHJ', 'Al Majaz', 'Al Majaz Tower, King Faisal St', 'Al Majaz 3', 25.319, 55.386],
    ['SHJ', 'Al Nahda', 'Al Nahda St, near Sahara Centre', 'Al Nahda', 25.296, 55.374],
    ['AJM', 'Ajman', 'Sheikh Khalifa Bin Zayed St', 'Al Rashidiya', 25.405, 55.448],
    ['RAK', 'Ras Al Khaimah', 'Al Muntasir Rd', 'Al Nakheel', 25.789, 55.946],
    ['FUJ', 'Fujairah', 'Hamad Bin Abdulla Rd', 'Fujairah City', 25.122, 56.334],
  ];
  const locations = branches.map(([region, short, address, district, lat, lng], i) =>
    makeLocation(rng, {
      brand: 'Gulf Horizon Bank',
      prefix: 'GHB',
      number: 101 + i * 3,
      site: { short, address, district, lat, lng, flagship: short.includes('Main') },
      region: REGIONS[region],
      kind: 'bank',
      items,
      title: `Gulf Horizon Bank - ${short}`,
      sources: branchSources,
    }),
  );
  const domain = 'gulfhorizonbank.ae';
  return {
    key: 'ghb',
    name: 'Gulf Horizon Bank',
    type: 'Banks',
    kind: 'bank',
    status: 'active',
    partner: null,
    // Features chosen by hand, so the package is Custom (spec 001 section 4).
    package: 'Custom',
    packageChangeDate: isoDay(daysBefore(now, 300)),
    period: 'yearly',
    features: normalizeFeatures([
      'directResponse',
      'reviewCategorization',
      'caseResolution',
      'feedback',
      'insightsReport',
      'messaging',
    ]),
    sources,
    competitorsSources: ['google', 'appstore', 'googleplay', 'facebook'],
    locationsLimit: 15,
    address1: 'Gulf Horizon Bank Building, Baniyas Rd',
    address2: 'Deira',
    city: 'Dubai',
    state: 'Dubai',
    country: UAE,
    timeZone: 'Asia/Dubai',
    zip: '2923',
    createdAt: daysBefore(now, 740),
    domain,
    contactEmail: `care@${domain}`,
    brands: brandsOf(locations, false),
    locations,
    companyWide: {
      share: 0.22,
      place: 'Gulf Horizon Mobile',
      items,
      channel: 'app',
      sourceUrls: {
        appstore: `https://apps.apple.com/ae/app/gulf-horizon-mobile/id${rng.digits(10)}`,
        googleplay: 'https://play.google.com/store/apps/details?id=ae.gulfhorizon.mobile',
      },
      sourceWeights: [
        ['appstore', 45],
        ['googleplay', 55],
      ],
    },
    reviews: 2_200,
    unhappy: 0.3,
    replyRate: 0.5,
    team: makeTeam(rng, domain, { master_admin: 1, manager: 2, responder: 2, analyst: 1 }, false, taken),
  };
}

function softwareCompany(rng: Rng, now: Date, taken: Set<string>): CompanySpec {
  const sources = [...defaultSourcesForType('Software'), 'capterra', 'g2', 'appstore', 'googleplay', 'trustpilot'];
  type Product = { name: string; code: string; items: string[]; weights: [string, number][]; popularity: number };
  const products: Product[] = [
    {
      name: 'Nakhla Books',
      code: 'NKL-BOOKS',
      popularity: 1.4,
      items: ['invoicing', 'VAT returns', 'bank reconciliation', 'expense tracking', 'multi-currency'],
      weights: [
        ['capterra', 40],
        ['g2', 40],
        ['appstore', 10],
        ['googleplay', 10],
      ],
    },
    {
      name: 'Nakhla POS',
      code: 'NKL-POS',
      popularity: 1.1,
      items: ['offline mode', 'inventory sync', 'receipt printing', 'table management', 'delivery app integration'],
      weights: [
        ['capterra', 30],
        ['g2', 25],
        ['appstore', 20],
        ['googleplay', 25],
      ],
    },
    {
      name: 'Nakhla HR',
      code: 'NKL-HR',
      popularity: 0.7,
      items: ['payroll', 'WPS file export', 'leave management', 'attendance tracking'],
      weights: [
        ['capterra', 45],
        ['g2', 45],
        ['googleplay', 10],
      ],
    },
    {
      name: 'Nakhla Pay',
      code: 'NKL-PAY',
      popularity: 1.0,
      items: ['QR payments', 'payment links', 'instant settlement', 'Apple Pay support'],
      weights: [
        ['appstore', 45],
        ['googleplay', 55],
      ],
    },
  ];
  const locations: LocationSpec[] = products.map((p) => {
    const slug = slugify(p.name);
    const urls: Record<string, string> = {
      capterra: `https://www.capterra.com/p/${rng.digits(6)}/${titleWords(p.name, '')}/`,
      g2: `https://www.g2.com/products/${slug}/reviews`,
      appstore: `https://apps.apple.com/ae/app/${slug}/id${rng.digits(10)}`,
      googleplay: `https://play.google.com/store/apps/details?id=io.nakhla.${slug.replace('nakhla-', '')}`,
    };
    return {
      brand: null,
      region: null,
      title: p.name,
      short: p.name,
      code: p.code,
      address: null,
      city: null,
      country: null,
      timeZone: 'Asia/Dubai',
      latitude: null,
      longitude: null,
      currency: 'AED',
      popularity: p.popularity,
      quality: rng.normal() * 0.03,
      staff: staffNames(rng, 4),
      items: p.items,
      sourceUrls: Object.fromEntries(p.weights.map(([s]) => [s, urls[s]])),
      sourceWeights: p.weights,
    };
  });
  const domain = 'nakhla.io';
  return {
    key: 'nakhla',
    name: 'Nakhla Labs',
    type: 'Software',
    kind: 'software',
    status: 'active',
    partner: null,
    package: 'Starter',
    packageChangeDate: isoDay(daysBefore(now, 200)),
    period: 'monthly',
    features: packageFeatures('Starter'),
    sources,
    competitorsSources: ['capterra', 'g2', 'appstore', 'googleplay'],
    locationsLimit: 5,
    address1: 'Office 305, Building 3, Dubai Internet City',
    address2: 'Al Sufouh',
    city: 'Dubai',
    state: 'Dubai',
    country: UAE,
    timeZone: 'Asia/Dubai',
    zip: '502221',
    createdAt: daysBefore(now, 735),
    domain,
    contactEmail: `support@${domain}`,
    brands: [],
    locations,
    companyWide: {
      share: 0.18,
      place: 'Nakhla Labs',
      items: ['invoicing', 'payroll', 'POS', 'payment links'],
      channel: 'visit',
      sourceUrls: {
        trustpilot: 'https://www.trustpilot.com/review/nakhla.io',
        google: `https://www.google.com/maps?cid=${rng.digits(19)}`,
        facebook: 'https://www.facebook.com/NakhlaLabs',
      },
      sourceWeights: [
        ['trustpilot', 60],
        ['google', 30],
        ['facebook', 10],
      ],
    },
    reviews: 1_600,
    unhappy: 0.14,
    replyRate: 0.55,
    team: makeTeam(rng, domain, { master_admin: 1, manager: 1, responder: 2, analyst: 1 }, false, taken),
  };
}

function cafeChain(rng: Rng, now: Date, taken: Set<string>): CompanySpec {
  const sources = [...defaultSourcesForType('Cafes'), 'instagram', 'feedback'];
  const drinks = [
    'flat white',
    'Spanish latte',
    'V60',
    'cortado',
    'iced latte',
    'karak chai',
    'cold brew',
    'saffron latte',
  ];
  const dishes = ['croissant', 'date cake', 'halloumi sandwich', 'cinnamon roll', 'zaatar croissant', 'avocado toast'];
  const locations = chainLocations(
    rng,
    'cafe',
    [
      { title: 'Qahwa Lane', prefix: 'QLC', counts: { DXB: 6, AUH: 3, SHJ: 2, RUH: 2 }, items: drinks, dishes },
      {
        title: 'Qahwa Lane Express',
        prefix: 'QLX',
        counts: { DXB: 2, AUH: 1 },
        popularity: 0.6,
        items: drinks,
        dishes,
      },
    ],
    sources,
  );
  const domain = 'qahwalane.com';
  return {
    key: 'qahwa',
    name: 'Qahwa Lane Coffee Roasters',
    type: 'Cafes',
    kind: 'cafe',
    status: 'active',
    partner: 'pos',
    package: 'Business',
    packageChangeDate: isoDay(daysBefore(now, 380)),
    period: 'monthly',
    features: packageFeatures('Business'),
    sources,
    competitorsSources: ['google', 'talabat', 'zomato', 'foursquare'],
    locationsLimit: 20,
    address1: 'Warehouse 14, Street 6',
    address2: 'Al Quoz Industrial Area 3',
    city: 'Dubai',
    state: 'Dubai',
    country: UAE,
    timeZone: 'Asia/Dubai',
    zip: '390667',
    createdAt: daysBefore(now, 745),
    domain,
    contactEmail: `hello@${domain}`,
    brands: brandsOf(locations, false),
    locations,
    companyWide: null,
    reviews: 3_200,
    unhappy: 0.13,
    replyRate: 0.5,
    team: makeTeam(rng, domain, { master_admin: 1, manager: 1, responder: 2, analyst: 0 }, false, taken),
  };
}

function clinicGroup(rng: Rng, now: Date, taken: Set<string>): CompanySpec {
  const sources = [...defaultSourcesForType('Healthcare'), 'feedback'];
  type Clinic = [string, RegionCode, string, string, string, number, number];
  const clinics: Clinic[] = [
    ['Shifa Family Clinic', 'DXB', 'Al Barsha', 'Al Barsha Mall, Level 1, Al Barsha 2', 'Al Barsha', 25.099, 55.2],
    ['Shifa Family Clinic', 'DXB', 'Karama', 'Sheikh Hamdan Colony, Kuwait St', 'Al Karama', 25.245, 55.304],
    ['Shifa Family Clinic', 'DXB', 'Mirdif', 'Uptown Mirdif, Algeria St', 'Mirdif', 25.224, 55.42],
    ['Shifa Family Clinic', 'SHJ', 'Al Nahda', 'Al Nahda St, Building 4', 'Al Nahda', 25.299, 55.372],
    ['Shifa Family Clinic', 'AJM', 'Ajman', 'Al Nuaimia Towers, Sheikh Khalifa St', 'Al Nuaimia', 25.395, 55.46],
    ['Shifa Family Clinic', 'AUH', 'Khalifa City', 'Khalifa City A, Street 22', 'Khalifa City A', 24.42, 54.578],
    ['Shifa Dental', 'DXB', 'Jumeirah', 'Jumeirah Beach Rd, Jumeirah 1', 'Jumeirah 1', 25.229, 55.26],
    ['Shifa Dental', 'SHJ', 'Al Majaz', 'Jamal Abdul Nasser St, Al Majaz 2', 'Al Majaz', 25.327, 55.388],
  ];
  const departments = {
    clinic: ['paediatrics', 'family medicine', 'dermatology', 'physiotherapy', 'ENT'],
    dental: ['orthodontics', 'dental cleaning', 'implant', 'paediatric dentistry'],
  };
  let number = 1;
  const locations = clinics.map(([brand, region, short, address, district, lat, lng]) =>
    makeLocation(rng, {
      brand,
      prefix: brand === 'Shifa Dental' ? 'SHD' : 'SFC',
      number: number++,
      site: { short, address, district, lat, lng },
      region: REGIONS[region],
      kind: 'clinic',
      items: brand === 'Shifa Dental' ? departments.dental : departments.clinic,
      sources,
    }),
  );
  const domain = 'shifaclinics.ae';
  return {
    key: 'shifa',
    name: 'Shifa Family Clinics',
    type: 'Healthcare',
    kind: 'clinic',
    status: 'active',
    partner: 'agency',
    package: 'Starter',
    packageChangeDate: isoDay(daysBefore(now, 150)),
    period: 'monthly',
    features: packageFeatures('Starter'),
    sources,
    competitorsSources: ['google', 'facebook'],
    locationsLimit: 10,
    address1: 'Al Majaz Tower, King Faisal St',
    address2: 'Al Majaz 3',
    city: 'Sharjah',
    state: 'Sharjah',
    country: UAE,
    timeZone: 'Asia/Dubai',
    zip: '61155',
    createdAt: daysBefore(now, 735),
    domain,
    contactEmail: `patientcare@${domain}`,
    brands: brandsOf(locations, false),
    locations,
    companyWide: null,
    reviews: 1_500,
    unhappy: 0.2,
    replyRate: 0.4,
    team: makeTeam(rng, domain, { master_admin: 1, manager: 1, responder: 1, analyst: 1 }, false, taken),
  };
}

function fitnessClub(rng: Rng, now: Date, taken: Set<string>): CompanySpec {
  const sources = [...defaultSourcesForType('Fitness'), 'instagram', 'feedback'];
  const classes = ['HIIT', 'spin', 'yoga', 'CrossFit', 'Pilates', 'boxing'];
  type Club = [RegionCode, string, string, string, number, number];
  const clubs: Club[] = [
    ['DXB', 'The Springs', 'The Springs Souk, Unit 12', 'Emirates Living', 25.057, 55.198],
    ['DXB', 'JLT', 'Cluster D, Jumeirah Lake Towers', 'JLT', 25.07, 55.142],
    ['DXB', 'Al Barsha', 'Al Barsha South, Al Khail Rd', 'Al Barsha South', 25.052, 55.235],
    ['AUH', 'Al Reem Island', 'Shams Boutik Mall, Al Reem Island', 'Al Reem Island', 24.496, 54.406],
    ['SHJ', 'Aljada', 'Aljada, Hub Zero Boulevard', 'Muwaileh', 25.304, 55.456],
  ];
  const locations = clubs.map(([region, short, address, district, lat, lng], i) =>
    makeLocation(rng, {
      brand: 'Pulse Fitness Club',
      prefix: 'PFC',
      number: i + 1,
      site: { short, address, district, lat, lng },
      region: REGIONS[region],
      kind: 'fitness',
      items: classes,
      sources,
    }),
  );
  const domain = 'pulsefitness.ae';
  return {
    key: 'pulse',
    name: 'Pulse Fitness Club',
    type: 'Fitness',
    kind: 'fitness',
    status: 'active',
    partner: 'agency',
    // A trial that started today: the package change date is the trial's expiry, 30 days ahead.
    package: 'Free trial',
    packageChangeDate: packageChangeDateFor('Free trial', now),
    period: 'monthly',
    features: packageFeatures('Free trial'),
    sources,
    competitorsSources: ['google', 'facebook', 'instagram'],
    locationsLimit: 5,
    address1: 'Unit 12, The Springs Souk',
    address2: 'Emirates Living',
    city: 'Dubai',
    state: 'Dubai',
    country: UAE,
    timeZone: 'Asia/Dubai',
    zip: '215403',
    createdAt: daysBefore(now, 0),
    domain,
    contactEmail: `members@${domain}`,
    brands: brandsOf(locations, false),
    locations,
    companyWide: null,
    reviews: 900,
    unhappy: 0.18,
    replyRate: 0.3,
    team: makeTeam(rng, domain, { master_admin: 1, manager: 1, responder: 1, analyst: 0 }, false, taken),
  };
}

function spa(rng: Rng, now: Date, taken: Set<string>): CompanySpec {
  const sources = [...defaultSourcesForType('Spas'), 'tripadvisor', 'feedback'];
  const treatments = [
    'Moroccan bath',
    'hot stone massage',
    'deep tissue massage',
    'Balinese massage',
    'hammam ritual',
    'signature facial',
  ];
  type SpaSite = [string, string, string, number, number];
  const sites: SpaSite[] = [
    ['Jumeirah', 'Villa 22, Jumeirah Beach Rd', 'Jumeirah 2', 25.213, 55.248],
    ['Dubai Marina', 'Marina Walk, Al Majara 3', 'Dubai Marina', 25.079, 55.139],
    ['Downtown', 'Boulevard Point, Sheikh Mohammed bin Rashid Blvd', 'Downtown Dubai', 25.191, 55.276],
  ];
  const locations = sites.map(([short, address, district, lat, lng], i) =>
    makeLocation(rng, {
      brand: 'Oud & Amber Spa',
      prefix: 'OAS',
      number: i + 1,
      site: { short, address, district, lat, lng },
      region: REGIONS.DXB,
      kind: 'spa',
      items: treatments,
      sources,
    }),
  );
  const domain = 'oudandamber.ae';
  return {
    key: 'oud',
    name: 'Oud & Amber Spa',
    type: 'Spas',
    kind: 'spa',
    status: 'inactive',
    partner: 'pos',
    package: 'Starter',
    packageChangeDate: isoDay(daysBefore(now, 540)),
    period: 'monthly',
    features: packageFeatures('Starter'),
    sources,
    competitorsSources: ['google', 'tripadvisor'],
    locationsLimit: 3,
    address1: 'Villa 22, Jumeirah Beach Rd',
    address2: 'Jumeirah 2',
    city: 'Dubai',
    state: 'Dubai',
    country: UAE,
    timeZone: 'Asia/Dubai',
    zip: '75911',
    createdAt: daysBefore(now, 700),
    domain,
    contactEmail: `relax@${domain}`,
    brands: brandsOf(locations, false),
    locations,
    companyWide: null,
    reviews: 400,
    unhappy: 0.1,
    replyRate: 0.15,
    team: makeTeam(rng, domain, { master_admin: 1, manager: 0, responder: 1, analyst: 0 }, false, taken),
  };
}

export function buildCustomerBase(rng: Rng, now: Date): CustomerBase {
  const taken = new Set<string>(['owner@reputo.test', 'partner@reputo.test']);
  const partners: PartnerSpec[] = [
    {
      key: 'agency',
      name: 'Gulf Reach Digital',
      type: 'Agency',
      status: 'active',
      startDate: isoDay(daysBefore(now, 900)),
      address: 'Office 1204, Boulevard Plaza Tower 1, Downtown Dubai, Dubai, United Arab Emirates',
      email: 'partners@gulfreach.ae',
      package: 'Enterprise',
      packageCredits: null,
      url: 'https://reviews.gulfreach.ae',
    },
    {
      key: 'pos',
      name: 'TapServe POS',
      type: 'POS System',
      status: 'active',
      startDate: isoDay(daysBefore(now, 430)),
      address: 'Floor 3, Hamad Tower, King Fahd Rd, Al Olaya, Riyadh 12214, Saudi Arabia',
      email: 'alliances@tapserve.sa',
      package: 'Custom',
      packageCredits: 400_000,
      url: 'https://reviews.tapserve.sa',
    },
  ];
  const companies = [restaurantGroup, hotelGroup, bank, softwareCompany, cafeChain, clinicGroup, fitnessClub, spa].map(
    (build) => build(rng, now, taken),
  );
  return {
    partners,
    partnerUsers: [
      { partner: 'agency', email: 'partner@reputo.test', firstName: 'Karim', lastName: 'Nasser' },
      { partner: 'agency', email: 'aparna.nair@gulfreach.ae', firstName: 'Aparna', lastName: 'Nair' },
      { partner: 'pos', email: 'jerome.bautista@tapserve.sa', firstName: 'Jerome', lastName: 'Bautista' },
    ],
    owner: { email: 'owner@reputo.test', firstName: 'Daniel', lastName: 'Hughes' },
    companies,
  };
}
