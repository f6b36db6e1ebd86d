import type { RankingTableParams } from '@reputo/core';
import type { UiLanguage } from '../../i18n/languages';
import { settingsKeys } from '../settings/queryKeys';
import type { RankingKind, StatsFilter } from './api';

/**
 * The TanStack Query keys of the reporting screens (and of the dashboard's trend, which is the same
 * report), the one place they are written. The locations list is the settings' key. Answers with
 * topic titles (written by the server in the request's language) carry the language last, so a
 * language switch asks again rather than showing the other language's titles.
 */
export const reportingKeys = {
  trends: (filter: StatsFilter) => ['stats', 'trends', filter] as const,
  average: (filter: StatsFilter) => ['stats', 'average', filter] as const,
  volume: (filter: StatsFilter) => ['stats', 'volume', filter] as const,
  ranking: (kind: RankingKind, filter: StatsFilter, table: RankingTableParams) =>
    ['stats', 'locations', kind, filter, table] as const,
  insights: {
    primary: (filter: StatsFilter, language: UiLanguage) => ['insights', 'primary', filter, language] as const,
    secondary: (filter: StatsFilter, topic: string | undefined, language: UiLanguage) =>
      ['insights', 'secondary', filter, topic, language] as const,
    words: (filter: StatsFilter) => ['insights', 'words', filter] as const,
    trend: (filter: StatsFilter, language: UiLanguage) => ['insights', 'trend', filter, language] as const,
  },
  benchmark: (filter: StatsFilter, language: UiLanguage) => ['competitors', 'benchmark', filter, language] as const,
  reportSettings: ['reportSettings'] as const,
  locations: settingsKeys.locations.short,
};
