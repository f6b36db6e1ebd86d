import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { locations, users } from '../../apps/api/src/db/schema';
import { hashPassword } from '../../apps/api/src/platform/auth/passwords';
import { insertScenarioCompany } from './generate/tenancy';
import { measure, type LoadResult } from './run/cannon';
import { signIn } from './run/http';
import { startServer } from './run/server';
import { BENCH_PASSWORD } from './sets';
import { describeTarget, openTarget, resetTarget, serverEnv, targetOf, type Target } from './target';

/**
 * The public landing page (issue 23), through the real server: the first answer of `GET /f/<code>`
 * (the page a customer opens from a table's QR code) at 1 and `--connections` (32) clients for
 * `--seconds` each (goal: p95 at most 30 ms at 32 clients), and the JavaScript the page makes a
 * phone download, gzipped (goal: at most 50 kB; the page is server-rendered and has none).
 *
 *   npx tsx bench/src/landingPage.ts --data-dir /tmp/reputo-landing      (embedded PGlite)
 *   npx tsx bench/src/landingPage.ts --database-url postgres://postgres@127.0.0.1:5432/reputo_bench_landing
 *     [--seconds 10] [--connections 32]
 */
const EMAIL = 'admin@landing.bench';

async function generateWorld(target: Target): Promise<void> {
  await resetTarget(target);
  const database = await openTarget(target);
  try {
    await database.migrate();
    const { db } = database;
    const companyId = await insertScenarioCompany(db, {
      companyName: 'Landing Co',
      slug: 'landing',
      sources: ['google', 'tripadvisor', 'facebook', 'feedback'],
    });
    await db.insert(users).values({
      email: EMAIL,
      role: 'master_admin',
      passwordHash: await hashPassword(BENCH_PASSWORD),
      status: 'active',
      firstName: 'Landing',
      lastName: 'Admin',
      companyId,
    });
    await db.insert(locations).values(
      Array.from({ length: 20 }, (_, i) => ({
        companyId,
        title: `Branch ${i + 1}`,
        sourceUrls: {
          google: `https://www.google.com/maps/place/?q=place_id=ChIJbench${i}xxxxxx`,
          tripadvisor: `https://www.tripadvisor.com/Restaurant_Review-${i}`,
        },
      })),
    );
  } finally {
    await database.close();
  }
}

function row(r: LoadResult, load: string): string {
  return `| ${r.connections} | ${r.requests} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.max} | ${r.failures} | ${load} |`;
}

/** The scripts a page loads or carries inline, gzipped together (the page's own addresses fetched). */
async function scriptBytes(base: string, html: string): Promise<{ raw: number; gzip: number; count: number }> {
  const inline = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1] ?? '');
  const sources = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/gi)].map((m) => m[1]!);
  const fetched = await Promise.all(sources.map(async (src) => (await fetch(new URL(src, base))).text()));
  const all = Buffer.from([...inline, ...fetched].join('\n'));
  return { raw: all.length, gzip: all.length ? gzipSync(all).length : 0, count: inline.length + sources.length };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '32' },
    },
  });
  const say = (s: string) => process.stdout.write(`${s}\n`);
  const target = targetOf(values);
  const seconds = Number(values.seconds);
  await generateWorld(target);
  const server = await startServer(serverEnv(target));
  try {
    const admin = await signIn(server.url, EMAIL);
    // The first read creates the pages (random codes), as the Landing Page screen does.
    const pages = await admin.get<{ data: { code: string }[] }>('/v2/api/lendingPage/location');
    const codes = pages.data.map((p) => p.code);
    const first = await fetch(`${server.url}/f/${codes[0]}`);
    const html = await first.text();
    if (first.status !== 200) throw new Error(`GET /f/${codes[0]} answered ${first.status}`);
    const js = await scriptBytes(server.url, html);
    say(`Landing page on ${describeTarget(target)}, ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}`);
    say(
      `page: ${Buffer.byteLength(html)} B of HTML (${gzipSync(html).length} B gzip); JavaScript: ${js.count} scripts, ${js.raw} B, ${js.gzip} B gzip (goal <= 51200 B)`,
    );
    say('| clients | requests | per second | p50 ms | p95 ms | p99 ms | max ms | failures | load |');
    say('|---|---|---|---|---|---|---|---|---|');
    for (const connections of [1, Number(values.connections)]) {
      const load = loadavg()[0]!.toFixed(2);
      // Each request opens one of the 20 pages, as visitors of several branches do.
      const r = await measure(
        {
          url: server.url,
          method: 'GET',
          path: `/f/${codes[0]}`,
          token: '',
          pathFor: (i) => `/f/${codes[i % codes.length]}`,
        },
        connections,
        seconds,
      );
      say(row(r, load));
      if (Object.keys(r.statuses).length) say(`    statuses other than 2xx: ${JSON.stringify(r.statuses)}`);
      if (connections > 1) say(`    p95 at ${connections} clients: ${r.p95} ms (goal <= 30 ms)`);
    }
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
