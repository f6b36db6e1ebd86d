import { z } from 'zod';
import { FEATURES, type Feature } from './features';

/** Package names as shown and stored. 'Custom' is never chosen directly: it results from picking features by hand. */
export const PACKAGES = ['Free trial', 'Starter', 'Business', 'Enterprise', 'Custom'] as const;
export const packageSchema = z.enum(PACKAGES);
export type PackageName = z.infer<typeof packageSchema>;

/** Credits per package; Custom has none fixed (a partner enters them), Free trial none. */
export const PACKAGE_CREDITS: Record<PackageName, number | null> = {
  'Free trial': null,
  Starter: 100000,
  Business: 250000,
  Enterprise: 750000,
  Custom: null,
};

export const FREE_TRIAL_DAYS = 30;

/** Feature level 1 to 4 of each fixed package; each level includes the ones below. */
export const PACKAGE_LEVEL: Record<Exclude<PackageName, 'Custom'>, 1 | 2 | 3 | 4> = {
  'Free trial': 4,
  Starter: 1,
  Business: 2,
  Enterprise: 3,
};

const FEATURES_BY_LEVEL: Record<1 | 2 | 3 | 4, Feature[]> = {
  1: ['reviewFilterSearch', 'directResponse', 'reviewCategorization'],
  2: ['feedback', 'caseResolution', 'autoresponse', 'messaging'],
  3: ['competitorBenchmarking', 'insightsReport', 'chatGptAutoResponse'],
  4: ['listingManagement'],
};

/** The feature switches a fixed package turns on. */
export function packageFeatures(name: Exclude<PackageName, 'Custom'>): Feature[] {
  const level = PACKAGE_LEVEL[name];
  const on = new Set<Feature>();
  for (let l = 1; l <= level; l++) for (const f of FEATURES_BY_LEVEL[l as 1 | 2 | 3 | 4]) on.add(f);
  return FEATURES.filter((f) => on.has(f));
}

/**
 * The package change date a package choice implies: Free trial expires 30 days from today;
 * any other package records today as its start.
 */
export function packageChangeDateFor(name: PackageName, today: Date): string {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  if (name === 'Free trial') d.setUTCDate(d.getUTCDate() + FREE_TRIAL_DAYS);
  return d.toISOString().slice(0, 10);
}
