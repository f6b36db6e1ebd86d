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
/**
 * The upper-tail probability below which a window is a burst. Windows are tested continuously, so a
 * location sees some 365 nearly independent ones a year: 1e-5 keeps false alarms far below one per
 * hundred location-years (README.md has the simulation).
 */
export const P_THRESHOLD = 1e-5;
/** Review counts vary more from day to day than Poisson's; the least over-dispersion assumed (NB alpha). */
export const MIN_DISPERSION = 0.1;
/** The most over-dispersion a baseline may claim (a wilder history would make every burst look normal). */
export const MAX_DISPERSION = 2;

/** ln Γ(x) for x > 0 (Lanczos, g = 7, 9 terms: about 15 significant digits). */
export function logGamma(x: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let a = c[0]!;
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += c[i]! / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/**
 * P(X ≥ k) for X negative binomial with mean `mean` and variance mean + alpha·mean² (alpha = 0: Poisson),
 * summed from k upwards so tiny tails keep their precision.
 */
export function negBinomialUpperTail(k: number, mean: number, alpha: number): number {
  if (alpha <= 0) return poissonUpperTail(k, mean);
  if (k <= 0) return 1;
  if (mean <= 0) return 0;
  const r = 1 / alpha;
  const q = mean / (r + mean); // the chance of a "failure" in the NB's trials
  let term = Math.exp(logGamma(k + r) - logGamma(r) - logGamma(k + 1) + r * Math.log(1 - q) + k * Math.log(q));
  let sum = 0;
  for (let i = k; i < k + 100_000; i++) {
    sum += term;
    term *= ((i + r) / (i + 1)) * q;
    if (term < sum * 1e-15) break;
  }
  return Math.min(1, sum);
}

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
  /**
   * The negative binomial's alpha (variance = mean + alpha·mean²) of the days around their weekday's
   * mean, by the method of moments (0 when they vary no more than Poisson's); the test bounds it.
   */
  dispersion: number;
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
  const series: { weekday: number; n: number }[] = [];
  let total = 0;
  for (let i = 0; i < BASELINE_DAYS; i++) {
    const day = new Date(from.getTime() + i * DAY_MS);
    const n = counts.get(day.toISOString().slice(0, 10)) ?? 0;
    const weekday = day.getUTCDay();
    sums[weekday]! += n;
    days[weekday]! += 1;
    total += n;
    series.push({ weekday, n });
  }
  const daily = total / BASELINE_DAYS;
  const raw = sums.map((s, w) => s / Math.max(1, days[w]!));
  const variance = series.reduce((acc, d) => acc + (d.n - raw[d.weekday]!) ** 2, 0) / Math.max(1, BASELINE_DAYS - 7);
  const estimated = daily > 0 ? (variance - daily) / (daily * daily) : 0;
  return {
    daily,
    byWeekday: sums.map((s, w) => (s + 1) / Math.max(1, days[w]!)),
    dispersion: Math.max(0, estimated),
  };
}

export interface Verdict {
  /** What the baseline expects in the window: the busiest weekday's mean, times the window's length in days. */
  expected: number;
  pValue: number;
  burst: boolean;
}

/** The thresholds of the test; the defaults are the constants above (the simulation compares others). */
export interface Rules {
  pThreshold: number;
  minDispersion: number;
  maxDispersion: number;
}

export const RULES: Rules = {
  pThreshold: P_THRESHOLD,
  minDispersion: MIN_DISPERSION,
  maxDispersion: MAX_DISPERSION,
};

/**
 * Tests a window's low-star count against the location's baseline: the upper tail of a negative
 * binomial with the expectation as its mean and the baseline's dispersion. The expectation is the busiest
 * weekday of the baseline, whichever days the window touches: the weekly rhythm is the location's
 * own (its local Saturday straddles two UTC days), and a usual busy day must never look like a burst.
 */
export function testWindow(
  count: number,
  baseline: Baseline,
  windowStart: Date,
  windowEnd: Date,
  rules: Rules = RULES,
): Verdict {
  const busiest = Math.max(...baseline.byWeekday);
  const expected = busiest * ((windowEnd.getTime() - windowStart.getTime()) / DAY_MS);
  const alpha = Math.min(rules.maxDispersion, Math.max(rules.minDispersion, baseline.dispersion));
  const pValue = negBinomialUpperTail(count, expected, alpha);
  return { expected, pValue, burst: count >= MIN_COUNT && count >= MIN_RATIO * expected && pValue < rules.pThreshold };
}
