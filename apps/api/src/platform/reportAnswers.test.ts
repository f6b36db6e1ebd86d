import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { describeOnBothDatabases } from '../test/harness';
import { bearer, signIn } from '../test/http';

/** Every line the server logs at warning level or above. */
const logged: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logged.push(chunk.toString());
    done();
  },
});

/** The cached report answers (platform/reportCache.ts sendReport) the reviews and reporting screens load at once. */
const REPORTS = [
  '/v2/api/reviews?page=1&per_page=100',
  '/v2/api/reviews/rating',
  '/v2/api/reviews/response_rate',
  '/v2/api/statistics/reviews/volume',
  '/v2/api/dashboard/other',
];

/**
 * A screen opens several reports at once over real connections. Each must be answered once: an
 * async handler that resolved before its answer was out made Fastify send a second one, logged as
 * "Reply was already sent" with a 500 (seen on a newcomer's first start).
 */
describeOnBothDatabases(
  'Report answers under concurrent requests',
  (use) => {
    it('are each sent once, whole, cold and cached, plain and gzipped', async () => {
      const { app, fx } = use();
      const token = (await signIn(app, fx.companyA.admin.email)).access_token;
      const server = await app.listen({ port: 0, host: '127.0.0.1' });
      const load = (encoding: string) =>
        Promise.all(
          REPORTS.flatMap((url) =>
            Array.from({ length: 6 }, async () => {
              const res = await fetch(`${server}${url}`, {
                headers: { ...bearer(token), 'accept-encoding': encoding },
              });
              return { url, status: res.status, body: await res.json() };
            }),
          ),
        );
      for (const encoding of ['gzip', 'identity']) {
        const answers = await load(encoding);
        expect(answers.filter((a) => a.status !== 200)).toEqual([]);
        for (const url of REPORTS)
          expect(new Set(answers.filter((a) => a.url === url).map((a) => JSON.stringify(a.body))).size).toBe(1);
      }
      expect(logged.filter((line) => /already sent|HEADERS_SENT/.test(line))).toEqual([]);
    });
  },
  { env: { LOG_LEVEL: 'warn' }, logStream },
);
