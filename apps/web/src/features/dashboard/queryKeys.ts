import type { UiLanguage } from '../../i18n/languages';
import type { StatsFilter } from '../reporting/api';
import { reportingKeys } from '../reporting/queryKeys';

/** The TanStack Query keys of the dashboard; its trend is the reporting screens' report and key. */
export const dashboardKeys = {
  reputation: (filter: StatsFilter) => ['dash', 'rep', filter] as const,
  nps: (filter: StatsFilter) => ['dash', 'nps', filter] as const,
  other: (filter: StatsFilter) => ['dash', 'other', filter] as const,
  feedback: (filter: StatsFilter) => ['dash', 'feedback', filter] as const,
  /** With the language: its topic titles are the server's, in the request's language. */
  premium: (filter: StatsFilter, language: UiLanguage) => ['dash', 'premium', filter, language] as const,
  trends: reportingKeys.trends,
};
