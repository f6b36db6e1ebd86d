import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { campaigns } from '../../db/schema';
import { createJobQueue } from '../../platform/jobs';
import { createReviewWorld } from '../reviews/test/world';
import { createFixtures } from '../../test/fixtures';
import { freshPostgres } from '../../test/harness';
import { pickPort, startApiProcess, type ServerProcess } from '../../test/processes';
import { INTERRUPTED, CAMPAIGN_JOB } from './send';
import { insertContacts, insertList } from './test/fixtures';
import { startCampaignSmtpPeer } from './test/smtp';

/**
 * A real API process killed with SIGKILL in the middle of a campaign, then another started on the
 * same PostgreSQL: the SMTP peer must receive no address twice, and everyone not caught in flight
 * at the crash must receive the mail (send.ts explains the choice for those in flight).
 */
const COUNT = 1500;

describe.skipIf(!process.env.TEST_DATABASE_URL)('a campaign survives a crash mid-send [pg]', () => {
  let db: Awaited<ReturnType<typeof freshPostgres>>;
  let peer: Awaited<ReturnType<typeof startCampaignSmtpPeer>>;
  const servers: ServerProcess[] = [];
  let campaignId: number;

  beforeAll(async () => {
    // A little slow per mail, so the crash lands mid-campaign.
    peer = await startCampaignSmtpPeer(pickPort(), () => false, 2);
    db = await freshPostgres();
    await db.database.migrate();
    const fx = await createFixtures(db.database.db);
    const world = await createReviewWorld(db.database.db, fx);
    const ids = await insertContacts(
      db.database.db,
      fx.companyA.id,
      Array.from({ length: COUNT }, (_, i) => ({
        name: `Guest ${i}`,
        email: `g${i}@crash.test`,
        locationId: world.marina,
      })),
    );
    const listId = await insertList(db.database.db, fx.companyA.id, 'Crash list', ids);
    const [c] = await db.database.db
      .insert(campaigns)
      .values({
        companyId: fx.companyA.id,
        name: 'Crash',
        channel: 'email',
        listId,
        status: 'scheduled',
        scheduledAt: new Date(),
      })
      .returning();
    campaignId = c!.id;
    await createJobQueue(db.database.db).enqueue(CAMPAIGN_JOB, { campaignId }, { dedupeKey: `campaign:${campaignId}` });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await peer?.close();
    await db?.database.close();
    await db?.drop();
  });

  const env = () => ({
    DATABASE_URL: db.url,
    SMTP_URL: peer.url,
    JOBS_INTERVAL_MS: '100',
    JOBS_LEASE_SECONDS: '5',
    SHUTDOWN_DRAIN_SECONDS: '0',
    PUBLIC_URL: 'http://crash.test',
  });
  const status = async () =>
    rowsOf<{ status: string }>(
      await db.database.db.execute(sql`SELECT status FROM campaigns WHERE id = ${campaignId}`),
    )[0]!.status;

  it('sends no one twice and skips no one but the messages in flight at the crash', async () => {
    const first = await startApiProcess(env());
    servers.push(first);
    await expect.poll(() => peer.received.length, { timeout: 60_000, interval: 20 }).toBeGreaterThan(300);
    await first.crash();
    const atCrash = peer.received.length;
    expect(atCrash).toBeLessThan(COUNT);
    expect(await status()).toBe('sending');

    servers.push(await startApiProcess(env()));
    await expect.poll(status, { timeout: 90_000, interval: 200 }).toBe('sent');

    const perAddress = new Map<string, number>();
    for (const m of peer.received) for (const to of m.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
    expect([...perAddress.entries()].filter(([, n]) => n > 1)).toEqual([]);
    const rows = rowsOf<{ address: string; state: string; failure_reason: string | null }>(
      await db.database.db.execute(
        sql`SELECT address, state, failure_reason FROM campaign_recipients WHERE campaign_id = ${campaignId}`,
      ),
    );
    expect(rows).toHaveLength(COUNT);
    const interrupted = rows.filter((r) => r.state === 'failed');
    expect(interrupted.every((r) => r.failure_reason === INTERRUPTED)).toBe(true);
    // At most one message per pooled connection (5) was in flight.
    expect(interrupted.length).toBeLessThanOrEqual(5);
    for (const r of rows.filter((x) => x.state === 'sent')) expect(perAddress.get(r.address), r.address).toBe(1);
    const missed = rows.filter((r) => !perAddress.has(r.address));
    expect(missed.every((r) => r.state === 'failed')).toBe(true);
    // eslint-disable-next-line no-console
    console.log(
      `crash after ${atCrash} mails; interrupted: ${interrupted.length}, of which not received: ${missed.length}`,
    );
  }, 240_000); // two server starts and a thousand mails: over 120 s on a loaded CI machine
});
