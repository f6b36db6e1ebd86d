/**
 * The statistics of review-bombing alerts (README.md in this folder explains the choices). Pure
 * functions: no database, no clock.
 */

/** The rolling window whose 1 and 2 star reviews are counted. */
export const WINDOW_HOURS = 24;
/** Whole UTC days before the window's first day that make a location's baseline (eight weeks). */
export const BASELINE_DAYS = 56;
/** Fewer low-star reviews than this in a window never raise an alert, whatever the baseline. */
export const MIN_COUNT = 5;
/** The count must also be at least this many times what the baseline expects. */
export const MIN_RATIO = 2;
/** The Poisson upper-tail probability below which a window is a burst. */
export const P_THRESHOLD = 0.001;

/** ln(k!) by summing logs (k stays small: a window's count). */
function logFactorial(k: number): number {
  let s = 0;
  for (let i = 2; i <= k; i++) s += Math.log(i);
  return s;
}

/** P(X ≥ k) for X ~ Poisson(lambda), summed from k upwards so tiny tails keep their precision. */
export function poissonUpperTail(k: number, lambda: number): number {
  if (k <= 0) return 1;
  if (lambda <= 0) return 0;
  let term = Math.exp(-lambda + k * Math.log(lambda) - logFactorial(k));
  let sum = 0;
  for (let i = k; i < k + 10_000; i++) {
    sum += term;
    term *= lambda / (i + 1);
    if (term < sum * 1e-15) break;
  }
  return Math.min(1, sum);
}

/** The low-star count of each UTC day of the baseline, keyed YYYY-MM-DD; missing days had none. */
export type DailyCounts = ReadonlyMap<string, number>;

export interface Baseline {
  /** Mean low-star reviews a day over the baseline. */
  daily: number;
  /** Smoothed mean for each weekday (0 = Sunday), (count + 1) / days of that weekday. */
  byWeekday: number[];
}

const DAY_MS = 86_400_000;

function utcDayStart(t: Date): Date {
  return new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate()));
}

/** The UTC days [from, to) of the baseline of a window starting at `windowStart`. */
export function baselineRange(windowStart: Date): { from: Date; to: Date } {
  const to = utcDayStart(windowStart);
  return { from: new Date(to.getTime() - BASELINE_DAYS * DAY_MS), to };
}

export function baselineOf(counts: DailyCounts, windowStart: Date): Baseline {
  const { from } = baselineRange(windowStart);
  const sums = [0, 0, 0, 0, 0, 0, 0];
  const days = [0, 0, 0, 0, 0, 0, 0];
  let total = 0;
  for (let i = 0; i < BASELINE_DAYS; i++) {
    const day = new Date(from.getTime() + i * DAY_MS);
    const n = counts.get(day.toISOString().slice(0, 10)) ?? 0;
    sums[day.getUTCDay()]! += n;
    days[day.getUTCDay()]! += 1;
    total += n;
  }
  return {
    daily: total / BASELINE_DAYS,
    byWeekday: sums.map((s, w) => (s + 1) / Math.max(1, days[w]!)),
  };
}

export interface Verdict {
  /** What the baseline expects in the window: the busiest weekday's mean, times the window's length in days. */
  expected: number;
  pValue: number;
  burst: boolean;
}

/**
 * Tests a window's low-star count against the location's baseline. The expectation is the busiest
 * weekday of the baseline, whichever days the window touches: the weekly rhythm is the location's
 * own (its local Saturday straddles two UTC days), and a usual busy day must never look like a burst.
 */
export function testWindow(count: number, baseline: Baseline, windowStart: Date, windowEnd: Date): Verdict {
  const busiest = Math.max(...baseline.byWeekday);
  const expected = busiest * ((windowEnd.getTime() - windowStart.getTime()) / DAY_MS);
  const pValue = poissonUpperTail(count, expected);
  return { expected, pValue, burst: count >= MIN_COUNT && count >= MIN_RATIO * expected && pValue < P_THRESHOLD };
}
