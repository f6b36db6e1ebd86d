import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness';
import { bearer, signIn } from '../../test/http';

const TOKEN = 'metrics-token-for-the-test-0123';

describeEachDatabase(
  'Prometheus metrics',
  (use) => {
    it('answers the holder of METRICS_TOKEN only', async () => {
      const { app } = use();
      expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401);
      const wrong = await app.inject({ url: '/metrics', headers: bearer('metrics-token-for-the-test-9999') });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ error: 'unauthorized' });
    });

    it('times requests per route pattern, and reports the job queue, failures and the process', async () => {
      const { app, driver } = use();
      const token = (await signIn(app, 'admin@alpha.test')).access_token;
      await app.inject({ url: '/v2/api/me', headers: bearer(token) });
      await app.inject({ url: '/v2/api/reviews/987654321', headers: bearer(token) });
      const res = await app.inject({ url: '/metrics', headers: bearer(TOKEN) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      const text = res.body;
      expect(text).toMatch(
        /reputo_http_request_duration_seconds_count\{method="GET",route="\/v2\/api\/me",status_code="200"\} [1-9]/,
      );
      // Ids do not make series of their own: the route's pattern names them.
      expect(text).toContain('route="/v2/api/reviews/:id",status_code="404"');
      expect(text).not.toContain('987654321');
      expect(text).toMatch(/# TYPE reputo_jobs_queued gauge/);
      expect(text).toMatch(/reputo_jobs_dead \d+/);
      expect(text).toMatch(/# TYPE reputo_mail_failures_total counter/);
      expect(text).toMatch(/# TYPE reputo_connector_failures_total counter/);
      expect(text).toMatch(/reputo_process_resident_memory_bytes \d+/);
      // PostgreSQL's pool (PGlite has one connection in its thread, and no pool).
      if (driver === 'pg') expect(text).toMatch(/reputo_db_pool_connections\{state="total"\} [1-9]/);
      else expect(text).not.toContain('reputo_db_pool_connections');
    });
  },
  { env: { METRICS_TOKEN: TOKEN } },
);

describeEachDatabase('Prometheus metrics, off', (use) => {
  it('are not served without METRICS_TOKEN', async () => {
    const res = await use().app.inject({ url: '/metrics', headers: bearer('anything-at-all-here') });
    expect(res.statusCode).toBe(404);
  });
});
