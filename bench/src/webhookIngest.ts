import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { openPglite } from '../../apps/api/src/db/client';
import { messagingDelivery, metaEvents, signDelivery } from '../../apps/api/src/connectors/meta/fake';
import { jobQueueFor } from '../../apps/api/src/platform/jobs';
import { countUnprocessed } from '../../apps/api/src/platform/webhooks.repository';
import { openTarget, resetTarget } from './target';
import { prepareWebhookBench } from './webhookIngest.setup';

/**
 * npm run bench:webhooks -- [--database-url postgres://...] [--deliveries 5000] [--events 1] [--clients 32]
 *   [--pages 20] [--jobs 8] [--separate]
 *
 * Webhook ingest: the real server listens on a port (its job runner started, as in production) on an
 * empty database (a PostgreSQL database given, reset first; or a fresh PGlite), with one company
 * and its Facebook pages. Signed Meta deliveries (each `--events` inbound messages of new and
 * returning customers) are posted over HTTP by `--clients` concurrent senders; the figures are the
 * rate at which the server accepted them (signature checked, stored, 200) and the rate at which the
 * job queue finished processing them (each message ingested: conversation, message, unread counts,
 * realtime publish), from the first post to the last delivery processed. With `--separate` the job
 * runner waits until every delivery is accepted, and processing is timed on its own from then (the
 * processing capacity, not bounded by the rate of arrival).
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      deliveries: { type: 'string', default: '5000' },
      events: { type: 'string', default: '1' },
      clients: { type: 'string', default: '32' },
      pages: { type: 'string', default: '20' },
      jobs: { type: 'string', default: '8' },
      separate: { type: 'boolean', default: false },
    },
  });
  const deliveries = Number(values.deliveries);
  const perDelivery = Number(values.events);
  const clients = Number(values.clients);
  const jobs = Number(values.jobs);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reputo-webhook-bench-'));
  const appSecret = 'bench-app-secret';
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    META_APP_SECRET: appSecret,
    JOBS_INTERVAL_MS: '200',
    JOBS_CONCURRENCY: String(jobs),
    JOBS_PER_KIND: String(jobs),
    ...(values['database-url'] ? { DATABASE_URL: values['database-url'], DEMO_MODE: 'false' } : {}),
  });
  if (values['database-url']) await resetTarget({ kind: 'pg', databaseUrl: values['database-url'] });
  const database = values['database-url']
    ? await openTarget({ kind: 'pg', databaseUrl: values['database-url'] }, 10)
    : await openPglite(null);
  await database.migrate();
  const pageIds = await prepareWebhookBench(database.db, config, Number(values.pages));
  const app = await buildApp({ config, db: database.db, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const db = database.db;
  const queue = jobQueueFor({ db, config });
  if (values.separate) await queue.stop();

  // Bodies made before the clock starts: each a different delivery (Meta names none; the hash does).
  const bodies = Array.from({ length: deliveries }, (_, i) => {
    const pageId = pageIds[i % pageIds.length]!;
    const events = Array.from({ length: perDelivery }, (_, j) =>
      metaEvents.message({
        pageId,
        senderId: `bench-customer-${(i * perDelivery + j) % 2000}`,
        text: `Hello, is the table for ${(i % 8) + 2} still free tonight? (${i}.${j})`,
        mid: `m_bench_${i}_${j}`,
      }),
    );
    return signDelivery(appSecret, messagingDelivery(pageId, events));
  });

  // The senders run in a process of their own: the figures are the server's, not the load tool's.
  const file = path.join(dataDir, 'deliveries.json');
  writeFileSync(file, JSON.stringify(bodies));
  // Asynchronously: the server runs in this process and must keep answering.
  const run = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [
      path.join(import.meta.dirname, 'webhookSenders.mjs'),
      file,
      address,
      String(clients),
    ]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
  if (run.status !== 0) throw new Error(`the senders failed: ${run.stderr}`);
  const { startedAt, endedAt, refused } = JSON.parse(run.stdout) as {
    startedAt: number;
    endedAt: number;
    refused: number;
  };
  const accepted = endedAt - startedAt;
  const processingFrom = values.separate ? Date.now() : startedAt;
  if (values.separate) queue.start(config.jobsIntervalMs);
  let left = await countUnprocessed(db, 'meta');
  while (left > 0) {
    await new Promise((r) => setTimeout(r, 50));
    left = await countUnprocessed(db, 'meta');
  }
  const processed = Date.now() - processingFrom;
  const events = deliveries * perDelivery;
  const db_ = values['database-url'] ? 'PostgreSQL' : 'PGlite';
  process.stdout.write(
    [
      `Webhook ingest on ${db_}: ${deliveries} deliveries x ${perDelivery} event(s), ${clients} clients, ${jobs} jobs at once`,
      `  accepted (signed, stored, 200): ${(accepted / 1000).toFixed(2)} s = ${Math.round(deliveries / (accepted / 1000))} deliveries/s${refused ? `, ${refused} refused` : ''}`,
      `  processed (ingested through the job queue${values.separate ? ', after all were accepted' : ''}): ${(processed / 1000).toFixed(2)} s = ${Math.round(events / (processed / 1000))} events/s`,
      '',
    ].join('\n'),
  );
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
