import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { users } from '../../apps/api/src/db/schema';
import { insertScenarioCompany } from './generate/tenancy';
import { hashPassword } from '../../apps/api/src/platform/auth/passwords';
import { signIn } from './run/http';
import { startServer } from './run/server';
import { BENCH_PASSWORD } from './sets';
import { openTarget, resetTarget, serverEnv, targetOf, describeTarget } from './target';

/**
 * The Messages inbox under load (issue 22): one company with 100,000 conversations and 1,000,000
 * messages (10 a conversation), 20 pages on 20 locations, 10 tags on a quarter of the conversations,
 * 10 team members as assignees. The data is generated in the database with generate_series (about
 * a minute on PostgreSQL). The load: `--connections` clients (32), each on a different filter of the
 * first inbox page (`POST /v2/api/conversations` with skip 0, the call the web makes on every visit
 * and filter change), for `--seconds`; every response time is kept and p50/p95/p99 are exact.
 *
 *   npx tsx bench/src/messages.ts --database-url postgres://postgres@127.0.0.1:5432/bench_messages [--seconds 10]
 *     [--connections 32] [--keep] (reuse the data set generated before)
 */
const EMAIL = 'admin@messages.bench';
const CONVERSATIONS = 100_000;
const PER_CONVERSATION = 10;
const PAGES = 20;
const TAGS = 10;
const MEMBERS = 10;

async function generate(databaseUrl: string, log: (s: string) => void): Promise<void> {
  const target = targetOf({ 'database-url': databaseUrl });
  await resetTarget(target);
  const database = await openTarget(target);
  const { db } = database;
  const t0 = performance.now();
  const lap = (what: string) => log(`generate: ${what} at ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  try {
    await database.migrate();
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const companyId = await insertScenarioCompany(db, {
      companyName: 'Inbox Heavy Co',
      slug: 'messages',
      sources: ['google', 'facebook'],
    });
    await db.insert(users).values([
      {
        email: EMAIL,
        role: 'master_admin',
        passwordHash,
        status: 'active',
        firstName: 'Inbox',
        lastName: 'Admin',
        companyId,
      },
      ...Array.from({ length: MEMBERS }, (_, i) => ({
        email: `agent${i + 1}@messages.bench`,
        role: 'responder',
        passwordHash,
        status: 'active',
        firstName: `Agent ${i + 1}`,
        companyId,
      })),
    ]);
    await db.execute(sql`
      INSERT INTO locations (company_id, title)
      SELECT ${companyId}, 'Branch ' || g FROM generate_series(1, ${PAGES}) g`);
    await db.execute(sql`
      INSERT INTO message_pages (company_id, provider, external_id, name, location_id)
      SELECT ${companyId}, CASE WHEN rn <= 10 THEN 'facebook' WHEN rn <= 16 THEN 'instagram' ELSE 'google' END,
             'bench-page-' || rn, 'Page ' || rn, id
      FROM (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM locations WHERE company_id = ${companyId}) l`);
    await db.execute(sql`
      INSERT INTO message_tags (company_id, name, color)
      SELECT ${companyId}, 'Tag ' || g, '#4F46E5' FROM generate_series(1, ${TAGS}) g`);
    lap('tenancy');
    // Conversation g: page g % 20, newest activity every 77 s back from now, one in 7 unread, two in 3 assigned.
    await db.execute(sql`
      WITH p AS (SELECT id, provider, location_id, row_number() OVER (ORDER BY id) - 1 AS k FROM message_pages WHERE company_id = ${companyId}),
           u AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM users WHERE company_id = ${companyId} AND role = 'responder')
      INSERT INTO conversations (company_id, page_id, location_id, channel, customer_external_id, customer_name, last_message,
                                 last_message_at, last_inbound_at, is_read, unread_count, assignee_id, created_at)
      SELECT ${companyId}, p.id, p.location_id, p.provider, 'cust-' || g,
             (ARRAY['Sara','Rahul','Fatima','James','Aisha','Mohammed','Maria','Omar','Lina','Daniel'])[1 + g % 10] || ' ' || g,
             'Message ' || g, now() - g * interval '77 seconds', now() - g * interval '77 seconds' - interval '5 minutes',
             g % 7 <> 0, CASE WHEN g % 7 = 0 THEN 1 + g % 3 ELSE 0 END,
             CASE WHEN g % 3 = 0 THEN NULL ELSE (SELECT id FROM u WHERE u.k = g % ${MEMBERS}) END,
             now() - g * interval '77 seconds' - interval '1 hour'
      FROM generate_series(1, ${CONVERSATIONS}) g JOIN p ON p.k = g % ${PAGES}`);
    lap(`${CONVERSATIONS} conversations`);
    // Messages: ten a conversation, alternating customer and team, five minutes apart, texts from 20 sentences.
    await db.execute(sql`
      WITH c AS (SELECT id, last_message_at, row_number() OVER (ORDER BY id) - 1 AS k FROM conversations WHERE company_id = ${companyId}),
           t(k, text) AS (SELECT k - 1, text FROM unnest(ARRAY[
             'Do you take table reservations for Friday evening', 'My delivery order arrived cold', 'Do you have vegan options',
             'Can I book a birthday party for twelve people', 'What time do you close tonight', 'Thank you for the great service',
             'Is parking available near the branch', 'I left my sunglasses at your branch', 'Do you deliver to the marina',
             'Is the branch open during Ramadan after iftar', 'Sure, we have a table for you at eight',
             'We are sorry, the refund is on its way', 'Yes, the lentil soup is vegan', 'We close at midnight today',
             'The car park next door is free for three hours', 'We found them at the front desk', 'هل لديكم خدمة التوصيل',
             'نعم نفتح بعد الإفطار', 'Please send us your order number', 'See you soon']) WITH ORDINALITY AS a(text, k))
      INSERT INTO messages (company_id, conversation_id, external_id, type, sent_at, message, delivery_state)
      SELECT ${companyId}, c.id, 'bm-' || m, CASE WHEN m % 2 = 1 THEN 'inbound' ELSE 'outbound' END,
             c.last_message_at - ((${PER_CONVERSATION} - 1 - (m - 1) % ${PER_CONVERSATION}) * interval '5 minutes'),
             t.text, CASE WHEN m % 2 = 1 THEN 'delivered' ELSE 'read' END
      FROM generate_series(1, ${CONVERSATIONS * PER_CONVERSATION}) m
      JOIN c ON c.k = (m - 1) / ${PER_CONVERSATION}
      JOIN t ON t.k = (m * 7 + (m - 1) / ${PER_CONVERSATION}) % 20`);
    lap(`${CONVERSATIONS * PER_CONVERSATION} messages`);
    await db.execute(sql`
      INSERT INTO conversation_tags (conversation_id, tag_id, company_id)
      SELECT c.id, t.id, ${companyId}
      FROM conversations c JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM message_tags WHERE company_id = ${companyId}) t
        ON t.k = (c.id / 4) % ${TAGS}
      WHERE c.company_id = ${companyId} AND c.id % 4 = 0`);
    lap('tags');
  } finally {
    await database.close();
  }
}

interface Sample {
  filter: string;
  ms: number[];
  errors: number;
}

function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
}

/** One client: the same filter, one request after the other, for the given time. */
async function client(url: string, token: string, filter: Record<string, unknown>, until: number, s: Sample) {
  const body = JSON.stringify({ skip: 0, ...filter });
  while (performance.now() < until) {
    const t = performance.now();
    const res = await fetch(`${url}/v2/api/conversations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
    });
    const text = await res.text();
    s.ms.push(performance.now() - t);
    if (!res.ok) {
      s.errors++;
      if (s.errors === 1) process.stderr.write(`${s.filter}: ${res.status} ${text.slice(0, 200)}\n`);
    }
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '32' },
      keep: { type: 'boolean', default: false },
    },
  });
  const databaseUrl = values['database-url'];
  if (!databaseUrl) throw new Error('Give --database-url postgres://...');
  const say = (s: string) => process.stdout.write(`${s}\n`);
  const target = targetOf({ 'database-url': databaseUrl });
  if (!values.keep) await generate(databaseUrl, say);
  const server = await startServer(serverEnv(target));
  try {
    // The server applied any newer migration; the statistics and visibility map are what autovacuum keeps in production.
    const database = await openTarget(target, 1);
    await database.db.execute(sql`VACUUM ANALYZE`);
    await database.close();
    const admin = await signIn(server.url, EMAIL);
    const info = await admin.get<{ pages: { id: number }[]; tags: { id: number }[]; assignees: { id: number }[] }>(
      '/v2/api/conversations/info',
    );
    const words = ['vegan', 'refund', 'parking', 'Ramadan', 'birthday', 'sunglasses', 'midnight', 'Sara', 'التوصيل'];
    const filters: Record<string, unknown>[] = [
      {},
      { read: 'unread' },
      { read: 'read' },
      { assignee: 'none' },
      { channel: 'facebook' },
      { channel: 'instagram' },
      { channel: 'google' },
      { channel: 'instagram', read: 'unread' },
      ...info.pages.slice(0, 8).map((p) => ({ pageId: p.id })),
      ...info.tags.slice(0, 5).map((t) => ({ tagId: t.id })),
      ...info.assignees.slice(0, 4).map((a) => ({ assignee: a.id })),
      ...words.map((search) => ({ search })),
    ];
    const n = Number(values.connections);
    const chosen = Array.from({ length: n }, (_, i) => filters[i % filters.length]!);
    // Warm-up: each filter once.
    for (const f of chosen)
      await fetch(`${server.url}/v2/api/conversations`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ skip: 0, ...f }),
      });
    const seconds = Number(values.seconds);
    const runAt = async (connections: number) => {
      const load = loadavg()[0]!.toFixed(2);
      const samples: Sample[] = chosen
        .slice(0, connections)
        .map((f) => ({ filter: JSON.stringify(f), ms: [], errors: 0 }));
      const until = performance.now() + seconds * 1000;
      await Promise.all(samples.map((s, i) => client(server.url, admin.token, chosen[i]!, until, s)));
      const all = samples.flatMap((s) => s.ms).sort((a, b) => a - b);
      return {
        connections,
        load,
        requests: all.length,
        perSecond: all.length / seconds,
        p50: pct(all, 0.5),
        p95: pct(all, 0.95),
        p99: pct(all, 0.99),
        errors: samples.reduce((a, s) => a + s.errors, 0),
        worst: samples
          .map((s) => ({
            filter: s.filter,
            p95: pct(
              [...s.ms].sort((a, b) => a - b),
              0.95,
            ),
          }))
          .sort((a, b) => b.p95 - a.p95)
          .slice(0, 5),
      };
    };
    say(`Messages inbox on ${describeTarget(target)}, ${cpus().length} cores, ${seconds} s per run`);
    for (const c of [1, n]) {
      const r = await runAt(c);
      say(
        `| ${c} | ${r.requests} | ${r.perSecond.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${r.load} |`,
      );
      for (const w of r.worst) say(`    slowest filters: ${w.filter} p95 ${w.p95.toFixed(1)} ms`);
    }
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
