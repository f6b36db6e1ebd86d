import autocannon from 'autocannon';

/** One load measurement: a call repeated by `connections` clients for `seconds`. */
export interface LoadResult {
  connections: number;
  seconds: number;
  requests: number;
  /** Responses that were not 2xx, and connection errors/timeouts: any of them makes the figures suspect. */
  failures: number;
  /** Status codes other than 2xx seen, with how often. */
  statuses: Record<string, number>;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface LoadRequest {
  url: string;
  method: 'GET' | 'POST';
  path: string;
  token: string;
  body?: (n: number) => unknown;
  /** The path of the n-th request, when each asks its own view. */
  pathFor?: (n: number) => string;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * Runs autocannon and keeps every response time, so p95 is exact (autocannon's own summary has
 * p90 and p97.5 but no p95).
 */
export async function measure(req: LoadRequest, connections: number, seconds: number): Promise<LoadResult> {
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  let n = 0;
  // As a browser asks: the server may answer gzip (cached reports of 16 kB or more do).
  const headers: Record<string, string> = {
    authorization: `Bearer ${req.token}`,
    'accept-encoding': 'gzip, deflate, br',
  };
  if (req.body) headers['content-type'] = 'application/json';
  let finish: (err: unknown, result: autocannon.Result) => void = () => undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = (err, result) => (err ? reject(err) : resolve(result));
  });
  // With a callback autocannon answers its instance (events); the callback gets the summary.
  const instance = autocannon(
    {
      url: req.url,
      connections,
      duration: seconds,
      timeout: 30,
      requests: [
        {
          method: req.method,
          path: req.path,
          headers,
          // autocannon calls setupRequest whenever the key is present, so add it only when requests vary.
          ...(req.body || req.pathFor
            ? {
                setupRequest: (r: autocannon.Request) => {
                  const i = n++;
                  return {
                    ...r,
                    ...(req.pathFor ? { path: req.pathFor(i) } : {}),
                    ...(req.body ? { body: JSON.stringify(req.body(i)) } : {}),
                  };
                },
              }
            : {}),
        },
      ],
    },
    (err, result) => finish(err, result),
  );
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    times.push(responseTime);
    if (statusCode < 200 || statusCode > 299) statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  const result = await done;
  times.sort((a, b) => a - b);
  const nonOk = Object.values(statuses).reduce((a, b) => a + b, 0);
  return {
    connections,
    seconds,
    requests: times.length,
    failures: nonOk + result.errors + result.timeouts,
    statuses,
    rps: round(times.length / seconds),
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    max: round(times[times.length - 1] ?? 0),
  };
}
