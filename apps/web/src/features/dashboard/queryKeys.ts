import type { StatsFilter } from '../reporting/api';
import { reportingKeys } from '../reporting/queryKeys';

/** The TanStack Query keys of the dashboard; its trend is the reporting screens' report and key. */
export const dashboardKeys = {
  reputation: (filter: StatsFilter) => ['dash', 'rep', filter] as const,
  nps: (filter: StatsFilter) => ['dash', 'nps', filter] as const,
  other: (filter: StatsFilter) => ['dash', 'other', filter] as const,
  feedback: (filter: StatsFilter) => ['dash', 'feedback', filter] as const,
  premium: (filter: StatsFilter) => ['dash', 'premium', filter] as const,
  trends: reportingKeys.trends,
};
