import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { locations, users } from '../../apps/api/src/db/schema';
import { insertScenarioCompany } from './generate/tenancy';
import { hashPassword } from '../../apps/api/src/platform/auth/passwords';
import { measure, type LoadResult } from './run/cannon';
import { signIn, type Caller } from './run/http';
import { startServer } from './run/server';
import { BENCH_PASSWORD } from './sets';
import { describeTarget, openTarget, resetTarget, serverEnv, targetOf, type Target } from './target';

/**
 * Offers and coupons (issue 24), through the real server:
 * 1. generating `--count` codes (100,000) for one offer with `POST v2/api/offer/{id}/generate`:
 *    the call's wall time and the server's own `took_ms` (goal: at most 5 s);
 * 2. redemption by staff, `POST v2/api/coupons/redeem`, at 1 and `--connections` (32) clients with
 *    autocannon for `--seconds` each, every request a different issued code (goal: p95 at most 20 ms
 *    at 32 clients). Every 2xx must be a code newly redeemed: the count is checked in the database.
 *
 *   npx tsx bench/src/coupons.ts --database-url postgres://postgres@127.0.0.1:5432/reputo_bench_coupons
 *   npx tsx bench/src/coupons.ts --data-dir /tmp/reputo-coupons       (embedded PGlite)
 *     [--count 100000] [--seconds 10] [--connections 32] [--codes-for-load 60000] [--floor]
 *   --floor: then the same load on a bare server running only the redemption's UPDATE statement
 *   (bench/src/run/floorServer.mjs): what these cores allow whatever the server does.
 */
const EMAIL = 'admin@coupons.bench';

async function generateWorld(target: Target): Promise<void> {
  await resetTarget(target);
  const database = await openTarget(target);
  try {
    await database.migrate();
    const { db } = database;
    const companyId = await insertScenarioCompany(db, {
      companyName: 'Coupon Heavy Co',
      slug: 'coupons',
      sources: ['google'],
    });
    await db.insert(users).values({
      email: EMAIL,
      role: 'master_admin',
      passwordHash: await hashPassword(BENCH_PASSWORD),
      status: 'active',
      firstName: 'Coupon',
      lastName: 'Admin',
      companyId,
    });
    await db.insert(locations).values(
      Array.from({ length: 20 }, (_, i) => ({
        companyId,
        title: `Branch ${i + 1}`,
        locationId: `BR-${i + 1}`,
      })),
    );
  } finally {
    await database.close();
  }
}

/**
 * Issued codes of the offer, read through the API (an embedded database has one owner: the server),
 * 100 a page, 8 pages at a time, up to `wanted`.
 */
async function codesOf(admin: Caller, offerId: number, wanted: number): Promise<string[]> {
  const codes: string[] = [];
  const pages = Math.ceil(wanted / 100);
  for (let first = 1; first <= pages; first += 8) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(8, pages - first + 1) }, (_, i) =>
        admin.get<{ data: { code: string }[] }>(
          `/v2/api/coupons?offer_id=${offerId}&state=issued&per_page=100&page=${first + i}`,
        ),
      ),
    );
    for (const page of batch) codes.push(...page.data.map((c) => c.code));
  }
  return codes;
}

function row(r: LoadResult, load: string): string {
  return `| ${r.connections} | ${r.requests} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.max} | ${r.failures} | ${load} |`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      count: { type: 'string', default: '100000' },
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '32' },
      /** Codes read for the redemption load: more than the requests of both runs together. */
      'codes-for-load': { type: 'string', default: '60000' },
      /** Then the same load on a bare server running only the redemption's UPDATE (PostgreSQL only). */
      floor: { type: 'boolean', default: false },
    },
  });
  const say = (s: string) => process.stdout.write(`${s}\n`);
  const target = targetOf(values);
  const count = Number(values.count);
  const seconds = Number(values.seconds);
  await generateWorld(target);
  const server = await startServer(serverEnv(target));
  try {
    const admin = await signIn(server.url, EMAIL);
    const offer = await admin.send<{ id: number }>('POST', '/v2/api/offer/create', {
      title: 'Bench 10% off',
      discount_type: 'percent',
      discount_value: 10,
    });
    if (offer.status !== 201) throw new Error(`offer/create answered ${offer.status}: ${JSON.stringify(offer.body)}`);
    const offerId = offer.body.id;
    const locs = await admin.get<{ locations: { id: number }[] }>('/v2/api/locations/shortinfo');

    say(`Coupons on ${describeTarget(target)}, ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}`);
    const t0 = performance.now();
    const generated = await admin.send<{ generated: number; took_ms: number }>(
      'POST',
      `/v2/api/offer/${offerId}/generate`,
      {
        count,
        length: 8,
      },
    );
    const wall = performance.now() - t0;
    if (generated.status !== 200)
      throw new Error(`generate answered ${generated.status}: ${JSON.stringify(generated.body)}`);
    say(
      `generate ${generated.body.generated} codes: ${wall.toFixed(0)} ms wall, ${generated.body.took_ms} ms in the server (goal <= 5000 ms)`,
    );

    // Every redemption takes a code no request took before, spread over the locations.
    const codes = await codesOf(admin, offerId, Math.min(count, Number(values['codes-for-load'])));
    let next = 0;
    const request = {
      url: server.url,
      method: 'POST' as const,
      path: '/v2/api/coupons/redeem',
      token: admin.token,
      body: () => {
        const i = next++;
        return { code: codes[i % codes.length], location_id: locs.locations[i % locs.locations.length]!.id };
      },
    };
    say('| clients | requests | per second | p50 ms | p95 ms | p99 ms | max ms | failures | load |');
    say('|---|---|---|---|---|---|---|---|---|');
    let ok = 0;
    for (const connections of [1, Number(values.connections)]) {
      const load = loadavg()[0]!.toFixed(2);
      const r = await measure(request, connections, seconds);
      ok += r.requests - r.failures;
      say(row(r, load));
      if (Object.keys(r.statuses).length) say(`    statuses other than 2xx: ${JSON.stringify(r.statuses)}`);
      if (connections > 1) say(`    p95 at ${connections} clients: ${r.p95} ms (goal <= 20 ms)`);
    }
    if (next > codes.length) say(`note: ${next} requests for ${codes.length} codes; repeats answered 409 (failures)`);
    if (values.floor && values['database-url']) {
      // The floor: HTTP and the one UPDATE on these cores, nothing of the server (see floorServer.mjs).
      const floor = await startServer(
        { DATABASE_URL: values['database-url'] },
        { script: 'bench/src/run/floorServer.mjs' },
      );
      try {
        for (const connections of [1, Number(values.connections)]) {
          const load = loadavg()[0]!.toFixed(2);
          const r = await measure({ ...request, url: floor.url }, connections, seconds);
          ok += r.requests - r.failures;
          say(`${row(r, load)} floor`);
        }
      } finally {
        await floor.stop();
      }
    }
    const redeemed = (await admin.get<{ redeemed: number }>(`/v2/api/offer/${offerId}`)).redeemed;
    // Requests still in flight when a run stops are redeemed but not counted by autocannon: hence a range.
    const consistent = redeemed >= ok && redeemed <= Math.min(next, codes.length);
    say(
      `redeemed in the database: ${redeemed}; 2xx answers counted: ${ok}; requests sent: ${next}${consistent ? '' : ' (INCONSISTENT)'}`,
    );
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
