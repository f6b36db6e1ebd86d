/**
 * The TanStack Query keys of the settings screens, the one place they are written. Data another
 * screen shows too (categories, statuses, templates, locations) has one key everywhere, so a change
 * saved here refreshes it there as well: the reviews screen reads these keys.
 */
export const settingsKeys = {
  categories: ['reviewCategories'] as const,
  caseResolutions: ['caseResolutions'] as const,
  templates: {
    all: ['templates'] as const,
    forRating: (rating: number | null) => ['templates', 'rating', rating] as const,
  },
  locations: {
    all: ['locations'] as const,
    list: (page: number, search: string, brand: number | undefined) =>
      ['locations', 'list', page, search, brand] as const,
    options: ['locations', 'options'] as const,
    short: ['locations', 'short'] as const,
  },
  team: {
    all: ['team'] as const,
    page: (page: number, search: string) => ['team', 'list', page, search] as const,
    roles: ['team', 'roles'] as const,
  },
  competitors: {
    all: ['competitors'] as const,
    fields: ['competitors', 'fields'] as const,
    list: ['competitors', 'list'] as const,
  },
  notifications: ['notifications'] as const,
  autoresponse: ['autoresponse'] as const,
  translation: ['translation'] as const,
  responseRate: ['response-rate'] as const,
  regions: ['regions'] as const,
  uploadFields: (examplePath: string) => ['upload-fields', examplePath] as const,
};
