import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  presetRange,
  reviewFilterSchema,
  toIsoDate,
  toQueryString,
  type DatePreset,
  type ReviewFilter,
  type ReviewFilterValues,
  type WeekStart,
} from '@reputo/core';
import { useMe } from '../auth/queries';
import type { StatsFilter } from './api';

const DAY_MS = 86_400_000;

/** The last 30 days ending today: the default period of every report. */
export function last30Days(today = new Date()): { date_from: string; date_to: string } {
  return { date_from: toIsoDate(new Date(today.getTime() - 29 * DAY_MS)), date_to: toIsoDate(today) };
}

function parse(params: URLSearchParams): ReviewFilter {
  const raw = Object.fromEntries(params);
  const parsed = reviewFilterSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const bad = new Set(parsed.error.issues.map((i) => String(i.path[0])));
  return reviewFilterSchema.parse(Object.fromEntries(Object.entries(raw).filter(([k]) => !bad.has(k))));
}

/**
 * The report filter lives in the address bar (shareable, survives reloads) with the same names as
 * the reviews workspace. A preset is resolved here with the user's week start so the dates shown
 * are the dates asked for.
 */
export function useReportFilter() {
  const [params, setParams] = useSearchParams();
  const me = useMe().data;
  const weekStart = (me?.clientSettings.weekStart ?? 7) as WeekStart;
  const parsed = useMemo(() => parse(params), [params]);
  const interval = (['day', 'week', 'month'] as const).find((i) => i === params.get('interval'));

  const filter: StatsFilter = useMemo(() => {
    const { page: _page, per_page: _perPage, ...rest } = parsed;
    void _page;
    void _perPage;
    let dates: { date_from?: string; date_to?: string } = { date_from: rest.date_from, date_to: rest.date_to };
    if (rest.date_preset) {
      const r = presetRange(rest.date_preset, new Date(), weekStart);
      dates = { date_from: r.from, date_to: r.to };
    } else if (!rest.date_from && !rest.date_to) dates = last30Days();
    return { ...rest, ...dates, date_preset: undefined, date_mode: undefined, interval };
  }, [parsed, weekStart, interval]);

  const update = useCallback(
    (patch: Partial<ReviewFilterValues> & { interval?: string | null }) => {
      const next = { ...parsed, ...patch } as ReviewFilterValues;
      const qs = new URLSearchParams(toQueryString(next, { paging: false }));
      const iv = patch.interval === undefined ? params.get('interval') : patch.interval;
      if (iv) qs.set('interval', iv);
      setParams(qs, { replace: true });
    },
    [parsed, params, setParams],
  );

  const setPreset = useCallback(
    (preset: DatePreset | null) =>
      update({ date_preset: preset ?? undefined, date_from: undefined, date_to: undefined }),
    [update],
  );
  return { filter, raw: parsed, update, setPreset, weekStart, me };
}
