import { z } from 'zod';

/** Feature switches of a company's package (spec 001 section 3). Values are the API names. */
export const FEATURES = [
  'reviewFilterSearch',
  'directResponse',
  'feedback',
  'reviewCategorization',
  'caseResolution',
  'competitorBenchmarking',
  'autoresponse',
  'messaging',
  'insightsReport',
  'chatGptAutoResponse',
  'listingManagement',
] as const;
export const featureSchema = z.enum(FEATURES);
export type Feature = z.infer<typeof featureSchema>;

export const FEATURE_LABELS: Record<Feature, string> = {
  reviewFilterSearch: 'Review Filter & Search',
  directResponse: 'Direct Response',
  feedback: 'Feedback',
  reviewCategorization: 'Review Categorization',
  caseResolution: 'Case Resolution',
  competitorBenchmarking: 'Competitor Benchmarking',
  autoresponse: 'Auto-response',
  messaging: 'Messaging',
  insightsReport: 'Insights Report',
  chatGptAutoResponse: 'ChatGPT Auto-response Generation',
  listingManagement: 'Listing Management',
};

/** Review Filter & Search is always on and cannot be switched off. */
export const ALWAYS_ON_FEATURES: readonly Feature[] = ['reviewFilterSearch'];

export function normalizeFeatures(features: readonly string[]): Feature[] {
  const wanted = new Set<string>([...features, ...ALWAYS_ON_FEATURES]);
  return FEATURES.filter((f) => wanted.has(f));
}
