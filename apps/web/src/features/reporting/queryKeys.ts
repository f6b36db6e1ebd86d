import type { RankingTableParams } from '@reputo/core';
import { settingsKeys } from '../settings/queryKeys';
import type { RankingKind, StatsFilter } from './api';

/**
 * The TanStack Query keys of the reporting screens (and of the dashboard's trend, which is the same
 * report), the one place they are written. The locations list is the settings' key.
 */
export const reportingKeys = {
  trends: (filter: StatsFilter) => ['stats', 'trends', filter] as const,
  average: (filter: StatsFilter) => ['stats', 'average', filter] as const,
  volume: (filter: StatsFilter) => ['stats', 'volume', filter] as const,
  ranking: (kind: RankingKind, filter: StatsFilter, table: RankingTableParams) =>
    ['stats', 'locations', kind, filter, table] as const,
  insights: {
    primary: (filter: StatsFilter) => ['insights', 'primary', filter] as const,
    secondary: (filter: StatsFilter, topic: string | undefined) => ['insights', 'secondary', filter, topic] as const,
    words: (filter: StatsFilter) => ['insights', 'words', filter] as const,
    trend: (filter: StatsFilter) => ['insights', 'trend', filter] as const,
  },
  benchmark: (filter: StatsFilter) => ['competitors', 'benchmark', filter] as const,
  reportSettings: ['reportSettings'] as const,
  locations: settingsKeys.locations.short,
};
