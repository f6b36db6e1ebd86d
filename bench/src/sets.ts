import { DEMO_PASSWORD } from '../../apps/api/src/platform/demo';

/**
 * The benchmark data sets. W1 is the big customer the targets are set for; W0 is the same shape at a
 * twentieth for quick runs; W2 (five times W1's reviews on twice its locations) shows how each call's
 * cost grows past W1; tiny is for the smoke test in `npm test`.
 */
export type SetName = 'W2' | 'W1' | 'W0' | 'tiny';

export interface DataSet {
  name: SetName;
  /** Locations of the big company, spread over brands and regions. */
  locations: number;
  /** Reviews of the big company over `years`. */
  reviews: number;
  years: number;
  /** Small companies (copies of the demo companies) sharing the database, and reviews each. */
  smallCompanies: number;
  smallReviews: number;
  /** Scale of the demo's competitor seed for the big company (1 = 55 reviews per competitor branch). */
  competitorScale: number;
}

export const DATA_SETS: Record<SetName, DataSet> = {
  W2: {
    name: 'W2',
    locations: 2000,
    reviews: 5_000_000,
    years: 3,
    smallCompanies: 10,
    smallReviews: 5_000,
    competitorScale: 10,
  },
  W1: {
    name: 'W1',
    locations: 1000,
    reviews: 1_000_000,
    years: 3,
    smallCompanies: 10,
    smallReviews: 5_000,
    competitorScale: 10,
  },
  W0: {
    name: 'W0',
    locations: 200,
    reviews: 50_000,
    years: 3,
    smallCompanies: 10,
    smallReviews: 500,
    competitorScale: 1,
  },
  tiny: {
    name: 'tiny',
    locations: 12,
    reviews: 1_500,
    years: 3,
    smallCompanies: 2,
    smallReviews: 100,
    competitorScale: 0.1,
  },
};

export function dataSet(name: string): DataSet {
  if (!(name in DATA_SETS)) throw new Error(`--set must be one of ${Object.keys(DATA_SETS).join(', ')}`);
  return DATA_SETS[name as SetName];
}

/** The name of the big company; bench/run finds the data set by it. */
export const BIG_COMPANY = 'Gulf Dining Group';

/** Accounts of the benchmark data; all share the demo password. */
export const BENCH_PASSWORD = DEMO_PASSWORD;
export const BENCH_ACCOUNTS = {
  owner: 'owner@bench.reputo.test',
  partner: 'partner@bench.reputo.test',
  admin: 'admin@bench.reputo.test',
  manager: 'manager@bench.reputo.test',
  responder: 'responder@bench.reputo.test',
  analyst: 'analyst@bench.reputo.test',
  /** A responder who sees 20 of the big company's locations (the limited-user path of every query). */
  limited: 'limited@bench.reputo.test',
} as const;

/** The eight review sources of the big company. */
export const BIG_SOURCES = [
  'google',
  'facebook',
  'tripadvisor',
  'zomato',
  'talabat',
  'deliveroo',
  'foursquare',
  'feedback',
] as const;

/**
 * With `bench:run --demo`: the demo data that `npm start` seeds (DEMO_MODE), measured through its
 * Master Admin's company and a responder limited to a few of its locations (apps/api/src/seed/companies.ts).
 */
export const DEMO_BENCH_ACCOUNTS = {
  admin: 'admin@reputo.test',
  limited: 'noura.alotaibi@saffronco.ae',
} as const;
