import { settingsKeys } from '../settings/queryKeys';

/**
 * The TanStack Query keys of the reviews screens, the one place they are written. Categories,
 * statuses, templates and locations are the settings' keys: a rename there shows here at once.
 */
export const reviewKeys = {
  all: ['reviews'] as const,
  list: (filterKey: string) => ['reviews', 'list', filterKey] as const,
  summary: ['reviews', 'summary'] as const,
  rating: (filterKey: string) => ['reviews', 'summary', 'rating', filterKey] as const,
  responseRate: (filterKey: string) => ['reviews', 'summary', 'rate', filterKey] as const,
  savedFilters: ['reviews', 'savedFilters'] as const,
  alerts: ['reviews', 'alerts'] as const,
  upload: (importId: number | null) => ['reviews', 'upload', importId] as const,
  share: (id: string) => ['share', id] as const,
  categories: settingsKeys.categories,
  caseResolutions: settingsKeys.caseResolutions,
  templatesFor: settingsKeys.templates.forRating,
  locations: settingsKeys.locations.short,
};
