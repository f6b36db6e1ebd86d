import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../../apps/api/src/config';
import { campaigns, locations } from '../../apps/api/src/db/schema';
import { createJobQueue } from '../../apps/api/src/platform/jobs';
import { runCampaign } from '../../apps/api/src/modules/campaigns/send';
import { createCampaignSenders } from '../../apps/api/src/modules/campaigns/senders';
import { insertContacts, insertList } from '../../apps/api/src/modules/campaigns/test/fixtures';
import { freePort } from '../../apps/api/src/test/processes';
import { insertScenarioCompany } from './generate/tenancy';
import { describeTarget, openTarget, resetTarget, targetOf } from './target';

/**
 * An email campaign (issue 23) to `--contacts` contacts (5,000) through a local SMTP peer
 * (smtp-server, accepting every mail), with the campaign's own sending code: recipients written,
 * each marked 'sending' in its own commit, handed over on the pooled SMTP transport
 * (`--connections`, CAMPAIGN_SMTP_CONNECTIONS, default 5), marked sent. Goal: at least 100 mails/s.
 *
 *   npx tsx bench/src/campaigns.ts --data-dir /tmp/reputo-campaigns           (embedded PGlite)
 *   npx tsx bench/src/campaigns.ts --database-url postgres://postgres@127.0.0.1:5432/reputo_bench_campaigns
 *     [--contacts 5000] [--connections 5]
 */
const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    'data-dir': { type: 'string' },
    contacts: { type: 'string', default: '5000' },
    connections: { type: 'string', default: '5' },
  },
});
const count = Number(args.contacts);
const target = targetOf(args);

let received = 0;
const peer = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      received++;
      callback();
    });
  },
});
const port = await freePort();
await new Promise<void>((resolve) => peer.listen(port, '127.0.0.1', () => resolve()));

await resetTarget(target);
const database = await openTarget(target);
await database.migrate();
const { db } = database;
const companyId = await insertScenarioCompany(db, {
  companyName: 'Campaign Co',
  slug: 'campaigns',
  sources: ['google'],
});
const locs = await db
  .insert(locations)
  .values(Array.from({ length: 10 }, (_, i) => ({ companyId, title: `Branch ${i + 1}` })))
  .returning({ id: locations.id });
const ids = await insertContacts(
  db,
  companyId,
  Array.from({ length: count }, (_, i) => ({
    name: `Guest ${i}`,
    email: `guest${i}@bench.test`,
    locationId: locs[i % locs.length]!.id,
  })),
);
const listId = await insertList(db, companyId, 'Everyone', ids);
const [campaign] = await db
  .insert(campaigns)
  .values({ companyId, name: 'Bench', channel: 'email', listId, status: 'scheduled', scheduledAt: new Date() })
  .returning({ id: campaigns.id });

const config = loadConfig({
  DATA_DIR: '/tmp/reputo-campaign-bench-config',
  SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
  CAMPAIGN_SMTP_CONNECTIONS: args.connections!,
  PUBLIC_URL: 'https://reputo.example',
});
const senders = createCampaignSenders(config, db);
const loadBefore = loadavg()[0]!.toFixed(2);
const started = performance.now();
await runCampaign({ db, config, queue: createJobQueue(db), senders }, campaign!.id);
const seconds = (performance.now() - started) / 1000;
senders.close();
await database.close();
await new Promise<void>((resolve) => peer.close(() => resolve()));

const rate = received / seconds;
process.stdout.write(
  [
    `Campaign of ${count.toLocaleString('en')} contacts on ${describeTarget(target)}, ${args.connections} SMTP connections, ${cpus().length} cores`,
    `| contacts | mails received | seconds (recipients written + sent) | mails/s | load before/after |`,
    `|---|---|---|---|---|`,
    `| ${count} | ${received} | ${seconds.toFixed(2)} | ${rate.toFixed(0)} | ${loadBefore} / ${loadavg()[0]!.toFixed(2)} |`,
    rate >= 100 ? 'Goal met: at least 100 mails/s.' : 'GOAL MISSED: fewer than 100 mails/s.',
    '',
  ].join('\n'),
);
if (received !== count) process.exitCode = 1;
