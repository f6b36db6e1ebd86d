import { readFileSync } from 'node:fs';
import { vacuumEmbeddedTables } from './db/embeddedVacuum';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, openPostgres, type Database } from './db/client';
import { startChangeFeed } from './platform/changeFeed';
import { drainUntilQuiet, startDraining } from './platform/gracefulClose';
import { countUsers } from './modules/users/repository';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './platform/demo';
import { seedDemoData } from './seed/demo';
import { giveDemoPagesTokens, startDemoGraph, startDemoSimulator } from './modules/messaging/meta/demo';
import { startDemoSources, stockDemoSources } from './modules/integrations/demo';
import { stockDemoListings } from './modules/listings/demo';
import { startDemoSms } from './modules/campaigns/demo';
import { startDemoTicketing } from './modules/tickets/demo';
import { startDemoAudiences } from './modules/audiences/demo';
import { startDemoTwitter } from './modules/messaging/twitter/demo';

const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };

/** Embedded demo mode seeds an empty database on first start; with DATABASE_URL seeding is `npm run seed`. */
async function seedIfEmpty(config: Config, database: Database, log: (msg: string) => void): Promise<void> {
  if (!config.demoMode || (await countUsers(database.db)) > 0) return;
  log('First start: seeding demo data (once)...');
  const started = Date.now();
  const summary = await seedDemoData(database.db, { reviewsScale: config.seedScale, log });
  log(
    `Demo data ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${summary.companies} companies, ${summary.locations} locations, ${summary.users} users, ${summary.reviews} reviews.`,
  );
}

function printWelcome(config: Config, address: string): void {
  const lines = [
    `Reputo is running at ${config.publicUrl} (listening on ${address})`,
    `API documentation: ${config.publicUrl}/docs`,
  ];
  if (config.demoMode) {
    lines.push(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS) lines.push(`  ${a.email.padEnd(24)} ${a.role}`);
  }
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env, pkg.version);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  // The replica follows the primary's schema by replication: it is never migrated from here.
  const replica = config.databaseReplicaUrl ? openPostgres(config.databaseReplicaUrl) : null;
  // Demo without a Graph API configured: a local fake answers the pages' sends (connectors/meta/fake.ts).
  const demoGraph = await startDemoGraph(config);
  config = demoGraph.config;
  // Demo without a Google client or Facebook app: local fakes answer connecting and review sync.
  const demoSources = await startDemoSources(config, demoGraph.fake);
  config = demoSources.config;
  // Demo without a Twilio account: a local fake sends the SMS campaigns (connectors/sms/fake.ts).
  const demoSms = await startDemoSms(config);
  config = demoSms.config;
  // Demo without ZENDESK_BASE_URL / JIRA_BASE_URL: local fakes answer Zendesk and Jira (modules/tickets/demo.ts).
  const demoTicketing = await startDemoTicketing(config);
  config = demoTicketing.config;
  // Demo without MAILCHIMP_BASE_URL / ACTIVECAMPAIGN_BASE_URL: local fakes answer them (modules/audiences/demo.ts).
  const demoAudiences = await startDemoAudiences(config);
  config = demoAudiences.config;
  // Demo without TWITTER_API_URL: a local fake answers Twitter (modules/messaging/twitter/demo.ts).
  const demoTwitter = await startDemoTwitter(config);
  config = demoTwitter.config;
  const app = await buildApp({
    config,
    db: database.db,
    reportDb: replica?.db,
    serveWeb: true,
    embedded: database.driver === 'pglite',
  });
  // Several processes on one PostgreSQL tell each other what they changed, so no cache serves stale data.
  const changeFeed = config.databaseUrl ? await startChangeFeed(config.databaseUrl, app.log) : null;
  await seedIfEmpty(config, database, (msg) => app.log.info(msg));
  await giveDemoPagesTokens(database.db, config);
  await stockDemoSources(database.db, demoSources.google, demoGraph.fake);
  await stockDemoListings(database.db, demoSources.google, demoGraph.fake);
  // The embedded database's tables analysed before the first request (seconds after the demo seed,
  // nothing to do on later starts), rather than by the job while the first users wait on it.
  if (database.driver === 'pglite') await vacuumEmbeddedTables(database.db, app.log);

  let stopSimulator = () => {};
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // A load balancer's SIGTERM: first tell it (readiness 503) and go on serving while it notices.
    if (signal === 'SIGTERM' && config.shutdownDrainSeconds > 0) {
      app.log.info({ seconds: config.shutdownDrainSeconds }, 'shutting down: draining (readiness 503)');
      startDraining();
      await drainUntilQuiet(config.shutdownDrainSeconds * 1000);
    }
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    stopSimulator();
    await app.close();
    await demoGraph.fake?.close();
    await demoSources.google?.close();
    await demoSms.fake?.close();
    await demoTicketing.close();
    await demoAudiences.close();
    await demoTwitter.fake?.close();
    await changeFeed?.close();
    await replica?.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  const local = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  stopSimulator = startDemoSimulator(database.db, config, local, config.demoSimulatorMinutes, (err) =>
    app.log.warn({ err }, 'demo simulator delivery failed'),
  );
  printWelcome(config, address);
}

main().catch((err: unknown) => {
  process.stderr.write(`Reputo failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
