/**
 * The TanStack Query keys of the Owner's and partners' admin screens, the one place they are
 * written: a save invalidates by the same factory the lists read with.
 */
export const adminKeys = {
  companies: {
    all: ['admin', 'companies'] as const,
    page: (page: number, search: string, status: string | undefined) =>
      ['admin', 'companies', page, search, status] as const,
    users: (companyId: number) => ['admin', 'companies', companyId, 'users'] as const,
    brands: (companyId: number) => ['admin', 'companies', companyId, 'brands'] as const,
    one: (companyId: number | null) => ['admin', 'company', companyId] as const,
    widgets: (companyId: number) => ['admin', 'widgets', companyId] as const,
  },
  partners: {
    all: ['admin', 'partners'] as const,
    page: (page: number, search: string, status: string | undefined) =>
      ['admin', 'partners', page, search, status] as const,
    choices: ['admin', 'partners', 'all'] as const,
    one: (partnerId: number | null) => ['admin', 'partner', partnerId] as const,
    usage: (partnerId: number, range: unknown) => ['admin', 'partner', partnerId, 'usage', range] as const,
  },
  adminUsers: {
    all: ['admin', 'adminUsers'] as const,
    page: (page: number, search: string, role: string) => ['admin', 'adminUsers', page, search, role] as const,
    one: (userId: number | null) => ['admin', 'adminUser', userId] as const,
  },
  csDashboard: (tab: string, range: unknown) => ['admin', 'csdashboard', tab, range] as const,
  sources: ['admin', 'sources'] as const,
  packages: ['admin', 'packages'] as const,
  health: {
    companies: ['admin', 'health', 'companies'] as const,
    locations: (page: number) => ['admin', 'health', 'locations', page] as const,
    performance: ['admin', 'health', 'performance'] as const,
    summary: ['admin', 'health', 'summary'] as const,
    credentials: ['admin', 'health', 'credentials'] as const,
  },
};
