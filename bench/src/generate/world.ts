import {
  buildCustomerBase,
  type CompanySpec,
  type LocationSpec,
  type PartnerSpec,
  type TeamMemberSpec,
} from '../../../apps/api/src/seed/companies';
import { KSA, REGIONS, RETAIL_SITES, type RegionCode, type Site } from '../../../apps/api/src/seed/geo';
import { Rng, slugify } from '../../../apps/api/src/seed/random';
import { BENCH_ACCOUNTS, BIG_COMPANY, BIG_SOURCES, type DataSet } from '../sets';

/**
 * The companies of a benchmark data set, described with the demo seed's own types so that the
 * seed's review generator (apps/api/src/seed/reviews.ts) writes their reviews: one big restaurant
 * group grown from the demo's restaurant group to `set.locations` locations in ten brands and six
 * regions, and small companies copied from the demo's customer base.
 */
export interface World {
  partner: PartnerSpec;
  big: CompanySpec;
  small: CompanySpec[];
}

/** Share of a brand's locations per region; the retail sites of each region come from the seed. */
const REGION_SHARES: [RegionCode, number][] = [
  ['DXB', 30],
  ['AUH', 15],
  ['SHJ', 10],
  ['RUH', 22],
  ['JED', 14],
  ['DMM', 9],
];

/** Review volume per source at a UAE location; Saudi locations have no Talabat or Deliveroo. */
const SOURCE_WEIGHTS: Record<(typeof BIG_SOURCES)[number], number> = {
  google: 46,
  talabat: 12,
  feedback: 12,
  tripadvisor: 8,
  zomato: 6,
  deliveroo: 6,
  facebook: 6,
  foursquare: 4,
};

function pageUrl(rng: Rng, source: string, template: LocationSpec, title: string): string {
  const known = template.sourceUrls[source];
  const slug = slugify(title);
  switch (source) {
    case 'google':
      return `https://www.google.com/maps?cid=${rng.digits(19)}`;
    case 'tripadvisor':
      // The share-card and list links rewrite this address per review, so keep the seed's shape.
      return (
        known ??
        `https://www.tripadvisor.com/Restaurant_Review-g295424-d${rng.digits(8)}-Reviews-${slug}-Dubai_Emirate_of_Dubai.html`
      );
    case 'facebook':
      return `https://www.facebook.com/${slug.replace(/-/g, '')}`;
    case 'zomato':
      return `https://www.zomato.com/dubai/${slug}`;
    case 'talabat':
      return `https://www.talabat.com/uae/restaurant/${rng.digits(6)}/${slug}`;
    case 'deliveroo':
      return `https://www.deliveroo.ae/menu/dubai/${slug}`;
    case 'foursquare':
      return `https://www.foursquare.com/v/${slug}/${rng.hex(24)}`;
    default:
      return known ?? `https://reviews.example.com/${slug}`;
  }
}

/** A brand of the big company: one of the demo group's brands or a second line of it ("... Express"). */
interface BrandPlan {
  title: string;
  prefix: string;
  templates: LocationSpec[];
}

function brandPlans(demo: CompanySpec): BrandPlan[] {
  const byBrand = new Map<string, LocationSpec[]>();
  for (const l of demo.locations) if (l.brand) byBrand.set(l.brand, [...(byBrand.get(l.brand) ?? []), l]);
  const base = [...byBrand].map(([title, templates]) => ({
    title,
    prefix: templates[0]!.code.split('-')[0]!,
    templates,
  }));
  return [
    ...base,
    ...base.map((b) => ({ title: `${b.title} Express`, prefix: `${b.prefix}X`, templates: b.templates })),
  ];
}

function regionFor(rng: Rng): RegionCode {
  return rng.weighted(REGION_SHARES);
}

/** `count` locations over the brands and regions, each modelled on a demo location of its brand. */
function bigLocations(rng: Rng, demo: CompanySpec, count: number): LocationSpec[] {
  const brands = brandPlans(demo);
  const used = new Map<string, number>();
  const out: LocationSpec[] = [];
  for (let i = 0; i < count; i++) {
    const brand = brands[i % brands.length]!;
    const code = regionFor(rng);
    const region = REGIONS[code];
    const site: Site = rng.pick(RETAIL_SITES[code]!);
    const key = `${brand.title}|${site.short}`;
    const nth = (used.get(key) ?? 0) + 1;
    used.set(key, nth);
    const short = nth === 1 ? site.short : `${site.short} ${nth}`;
    const title = `${brand.title} - ${short}`;
    const template = rng.pick(brand.templates);
    const saudi = region.country === KSA;
    const sources = BIG_SOURCES.filter((s) => !(saudi && (s === 'talabat' || s === 'deliveroo')));
    out.push({
      ...template,
      brand: brand.title,
      region: region.title,
      title,
      short,
      code: `${brand.prefix}-${code}-${String(i + 1).padStart(4, '0')}`,
      address: `${site.address}, ${site.district}, ${site.city ?? region.city}`,
      city: site.city ?? region.city,
      country: region.country,
      timeZone: region.timeZone,
      latitude: (site.lat + rng.float(-0.004, 0.004)).toFixed(6),
      longitude: (site.lng + rng.float(-0.004, 0.004)).toFixed(6),
      currency: saudi ? 'SAR' : 'AED',
      // A few flagships take many reviews, most locations few: the spread real chains have.
      popularity: rng.logNormal(1, 0.6) * (site.flagship ? 1.6 : 1),
      quality: rng.chance(0.08) ? rng.float(0.12, 0.22) : rng.normal() * 0.04,
      sourceUrls: Object.fromEntries(sources.map((s) => [s, pageUrl(rng, s, template, title)])),
      sourceWeights: sources.map((s) => [s, SOURCE_WEIGHTS[s]]),
    });
  }
  return out;
}

function brandsOf(locations: LocationSpec[]): CompanySpec['brands'] {
  const byBrand = new Map<string, Set<string>>();
  for (const l of locations) byBrand.set(l.brand!, (byBrand.get(l.brand!) ?? new Set()).add(l.region!));
  return [...byBrand].map(([title, regions]) => ({
    title,
    regions: [...regions].map((r) => ({ title: r, language: null })),
  }));
}

function bigTeam(locations: LocationSpec[]): TeamMemberSpec[] {
  const a = BENCH_ACCOUNTS;
  return [
    { email: a.admin, firstName: 'Huda', lastName: 'Al Mazrouei', role: 'master_admin', locationCodes: null },
    { email: a.manager, firstName: 'Sameer', lastName: 'Khan', role: 'manager', locationCodes: null },
    { email: a.responder, firstName: 'Grace', lastName: 'Villanueva', role: 'responder', locationCodes: null },
    {
      email: 'responder2@bench.reputo.test',
      firstName: 'Vikram',
      lastName: 'Rao',
      role: 'responder',
      locationCodes: null,
    },
    {
      email: 'responder3@bench.reputo.test',
      firstName: 'Rhea',
      lastName: 'Santos',
      role: 'responder',
      locationCodes: null,
    },
    { email: a.analyst, firstName: 'Tom', lastName: 'Collins', role: 'analyst', locationCodes: null },
    {
      email: a.limited,
      firstName: 'Noura',
      lastName: 'Al Harbi',
      role: 'responder',
      locationCodes: locations.slice(0, 20).map((l) => l.code),
    },
  ];
}

/** A demo company copied under its own name and e-mail domain (`n` tells the copies apart). */
function smallCompany(template: CompanySpec, n: number, reviews: number): CompanySpec {
  const suffix = n < 8 ? '' : ` ${Math.floor(n / 8) + 1}`;
  const domain = `c${n}.bench.reputo.test`;
  return {
    ...template,
    key: `small-${n}`,
    name: `${template.name}${suffix}`,
    domain,
    contactEmail: `care@${domain}`,
    reviews,
    team: template.team.map((m, i) => ({ ...m, email: `${m.role}${i}@${domain}` })),
  };
}

export function buildWorld(set: DataSet, now: Date, seed: number): World {
  const base = buildCustomerBase(new Rng(seed), now);
  const demo = base.companies.find((c) => c.key === 'saffron')!;
  const rng = new Rng(seed ^ 0xb16);
  const locations = bigLocations(rng, demo, set.locations);
  const big: CompanySpec = {
    ...demo,
    key: 'big',
    name: BIG_COMPANY,
    sources: [...BIG_SOURCES],
    competitorsSources: ['google', 'tripadvisor', 'talabat', 'zomato'],
    locationsLimit: Math.max(set.locations, 10),
    domain: 'gulfdining.bench.reputo.test',
    contactEmail: 'guestcare@gulfdining.bench.reputo.test',
    brands: brandsOf(locations),
    locations,
    companyWide: null,
    reviews: set.reviews,
    team: bigTeam(locations),
  };
  const small = Array.from({ length: set.smallCompanies }, (_, n) =>
    smallCompany(base.companies[n % base.companies.length]!, n, set.smallReviews),
  );
  const partner: PartnerSpec = {
    ...base.partners[0]!,
    name: 'Gulf Reach Digital (bench)',
    email: 'partners@bench.reputo.test',
  };
  return {
    partner,
    big: { ...big, partner: 'agency' },
    small: small.map((c) => ({ ...c, partner: c.partner ? 'agency' : null })),
  };
}
