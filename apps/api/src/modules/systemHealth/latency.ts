/**
 * API latency, measured in this process by an onResponse hook: a small in-memory histogram per
 * route, a ring of the latest durations for exact recent percentiles, and one slot per minute for
 * the last hour. Memory is bounded (routes are the registered ones, not raw URLs). A restart starts
 * from zero; several processes each report their own.
 */

/** Upper bounds of the histogram buckets, in milliseconds; the last bucket is everything slower. */
export const BUCKETS_MS = [5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000] as const;
const RECENT = 2000;
const MINUTES = 60;

interface Tally {
  count: number;
  sumMs: number;
  maxMs: number;
  errors4xx: number;
  errors5xx: number;
  buckets: number[];
}

const emptyTally = (): Tally => ({
  count: 0,
  sumMs: 0,
  maxMs: 0,
  errors4xx: 0,
  errors5xx: 0,
  buckets: new Array(BUCKETS_MS.length + 1).fill(0),
});

function bucketOf(ms: number): number {
  const i = BUCKETS_MS.findIndex((b) => ms <= b);
  return i === -1 ? BUCKETS_MS.length : i;
}

function add(t: Tally, ms: number, status: number): void {
  t.count += 1;
  t.sumMs += ms;
  t.maxMs = Math.max(t.maxMs, ms);
  if (status >= 500) t.errors5xx += 1;
  else if (status >= 400) t.errors4xx += 1;
  t.buckets[bucketOf(ms)]! += 1;
}

/** The quantile of sorted values (nearest rank). */
export function quantile(sorted: readonly number[], q: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
}

/** A quantile read from histogram buckets: the upper bound of the bucket that reaches it (the max for the open bucket). */
export function bucketQuantile(t: Tally, q: number): number | null {
  if (t.count === 0) return null;
  const target = Math.ceil(q * t.count);
  let seen = 0;
  for (let i = 0; i < t.buckets.length; i++) {
    seen += t.buckets[i]!;
    if (seen >= target) return i < BUCKETS_MS.length ? BUCKETS_MS[i]! : Math.round(t.maxMs);
  }
  return Math.round(t.maxMs);
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const roundOrNull = (n: number | null) => (n === null ? null : round1(n));

export interface LatencyRecorder {
  record(route: string, status: number, ms: number, at?: number): void;
  snapshot(now?: number): LatencySnapshot;
}

export interface LatencySnapshot {
  since: string;
  total: { count: number; errors4xx: number; errors5xx: number; avgMs: number | null; maxMs: number };
  recent: { count: number; p50: number | null; p95: number | null; p99: number | null };
  lastHour: { count: number; errors4xx: number; errors5xx: number; p95: number | null };
  histogram: { le: number | null; count: number }[];
  routes: {
    route: string;
    count: number;
    avgMs: number;
    p95: number | null;
    maxMs: number;
    errors4xx: number;
    errors5xx: number;
  }[];
  minutes: { minute: string; count: number; errors: number; avgMs: number | null; p95: number | null }[];
}

export function createLatencyRecorder(startedAt = Date.now()): LatencyRecorder {
  const total = emptyTally();
  const byRoute = new Map<string, Tally>();
  const recent = new Float64Array(RECENT);
  let recentCount = 0;
  const minutes = new Map<number, Tally>();

  function minuteTally(minute: number): Tally {
    let t = minutes.get(minute);
    if (!t) {
      t = emptyTally();
      minutes.set(minute, t);
      for (const key of minutes.keys()) if (key <= minute - MINUTES) minutes.delete(key);
    }
    return t;
  }

  return {
    record(route, status, ms, at = Date.now()) {
      add(total, ms, status);
      let t = byRoute.get(route);
      if (!t) byRoute.set(route, (t = emptyTally()));
      add(t, ms, status);
      recent[recentCount % RECENT] = ms;
      recentCount += 1;
      add(minuteTally(Math.floor(at / 60_000)), ms, status);
    },
    snapshot(now = Date.now()) {
      const sorted = Array.from(recent.subarray(0, Math.min(recentCount, RECENT))).sort((a, b) => a - b);
      const current = Math.floor(now / 60_000);
      const hour = emptyTally();
      const series: LatencySnapshot['minutes'] = [];
      for (let m = current - MINUTES + 1; m <= current; m++) {
        const t = minutes.get(m);
        if (t) {
          hour.count += t.count;
          hour.errors4xx += t.errors4xx;
          hour.errors5xx += t.errors5xx;
          hour.maxMs = Math.max(hour.maxMs, t.maxMs);
          t.buckets.forEach((n, i) => (hour.buckets[i]! += n));
        }
        series.push({
          minute: new Date(m * 60_000).toISOString(),
          count: t?.count ?? 0,
          errors: (t?.errors4xx ?? 0) + (t?.errors5xx ?? 0),
          avgMs: t?.count ? round1(t.sumMs / t.count) : null,
          p95: t ? bucketQuantile(t, 0.95) : null,
        });
      }
      return {
        since: new Date(startedAt).toISOString(),
        total: {
          count: total.count,
          errors4xx: total.errors4xx,
          errors5xx: total.errors5xx,
          avgMs: total.count ? round1(total.sumMs / total.count) : null,
          maxMs: round1(total.maxMs),
        },
        recent: {
          count: sorted.length,
          p50: roundOrNull(quantile(sorted, 0.5)),
          p95: roundOrNull(quantile(sorted, 0.95)),
          p99: roundOrNull(quantile(sorted, 0.99)),
        },
        lastHour: {
          count: hour.count,
          errors4xx: hour.errors4xx,
          errors5xx: hour.errors5xx,
          p95: bucketQuantile(hour, 0.95),
        },
        histogram: total.buckets.map((count, i) => ({ le: i < BUCKETS_MS.length ? BUCKETS_MS[i]! : null, count })),
        routes: [...byRoute.entries()]
          .map(([route, t]) => ({
            route,
            count: t.count,
            avgMs: round1(t.sumMs / t.count),
            p95: bucketQuantile(t, 0.95),
            maxMs: round1(t.maxMs),
            errors4xx: t.errors4xx,
            errors5xx: t.errors5xx,
          }))
          .sort((a, b) => b.count - a.count),
        minutes: series,
      };
    },
  };
}
