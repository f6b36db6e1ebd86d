import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness';
import { bearer, signIn } from '../test/http';
import { useSmtpPeer } from '../test/smtpPeer';
import { jobQueueFor } from './jobs';
import { MAIL_ATTEMPTS } from './mail';

const peer = useSmtpPeer();

describeEachDatabase(
  'Mail over SMTP',
  (use) => {
    let owner: string;
    beforeAll(async () => {
      owner = (await signIn(use().app, 'owner@fixture.test')).access_token;
    });
    const forgot = (email: string) =>
      use().app.inject({ method: 'POST', url: '/v2/api/password/fogot', payload: { email } });
    const outbox = async (to: string) =>
      (
        await use().app.inject({
          url: `/v2/api/admin/outbox?to=${encodeURIComponent(to)}&limit=1`,
          headers: bearer(owner),
        })
      ).json().data[0];
    const health = async () =>
      (await use().app.inject({ url: '/v2/api/admin/systemhealth', headers: bearer(owner) })).json();
    const runQueue = () => jobQueueFor({ db: use().database.db }).runDue();
    /** Time passes: the mail's next attempt is due now. */
    const nextAttemptNow = (mailId: number) =>
      use().database.db.execute(
        sql`UPDATE jobs SET run_at = now() WHERE dedupe_key = ${`mail:${mailId}`} AND status = 'queued'`,
      );

    it('delivers a recovery mail to a real SMTP peer through the queue and records it as sent', async () => {
      expect((await forgot('admin@alpha.test')).statusCode).toBe(200);
      expect(await outbox('admin@alpha.test')).toMatchObject({ status: 'sending', attempts: 0 });
      await runQueue();
      const row = await outbox('admin@alpha.test');
      expect(row).toMatchObject({ status: 'sent', attempts: 1, error: null, nextAttemptAt: null });
      expect(row.sentAt).not.toBeNull();
      // This run's own mail: the peer holds the mails of every database's run.
      const mail = peer.received.find((m) => m.data.includes(row.links[0]!));
      expect(mail?.to).toEqual(['admin@alpha.test']);
      expect(mail?.from).toBe('no-reply@reputo.test');
      expect(mail?.data).toContain('Subject: Reset your Reputo password');
    });

    it('retries with back-off while the SMTP server is down, shows it, and delivers once it is back', async () => {
      await peer.down();
      try {
        await forgot('manager@alpha.test');
        await runQueue();
        const waiting = await outbox('manager@alpha.test');
        expect(waiting).toMatchObject({ status: 'retrying', attempts: 1, sentAt: null });
        expect(waiting.error).toMatch(/ECONNREFUSED|connect/i);
        expect(new Date(waiting.nextAttemptAt).getTime()).toBeGreaterThan(Date.now());
        const during = await health();
        expect(during.status).toBe('degraded');
        expect(during.mail.retrying).toBeGreaterThanOrEqual(1);
        expect(during.services.find((s: { key: string }) => s.key === 'mail')).toMatchObject({ state: 'degraded' });
        // Not due yet: nothing is tried before the next attempt's time.
        await runQueue();
        expect(await outbox('manager@alpha.test')).toMatchObject({ status: 'retrying', attempts: 1 });
      } finally {
        await peer.up();
      }
      const waiting = await outbox('manager@alpha.test');
      await nextAttemptNow(waiting.id);
      await runQueue();
      const sent = await outbox('manager@alpha.test');
      expect(sent).toMatchObject({ id: waiting.id, status: 'sent', attempts: 2, error: null, nextAttemptAt: null });
      expect(peer.received.some((m) => m.data.includes(sent.links[0]))).toBe(true);
    });

    it('gives a mail up after its last attempt and shows it failed in the outbox and in system health', async () => {
      await peer.down();
      try {
        await forgot('responder@alpha.test');
        const { id } = await outbox('responder@alpha.test');
        for (let attempt = 1; attempt <= MAIL_ATTEMPTS; attempt++) {
          await nextAttemptNow(id);
          await runQueue();
        }
      } finally {
        await peer.up();
      }
      const failed = await outbox('responder@alpha.test');
      expect(failed).toMatchObject({ status: 'failed', attempts: MAIL_ATTEMPTS, nextAttemptAt: null, sentAt: null });
      const after = await health();
      expect(after.mail.recentFailed).toContainEqual(
        expect.objectContaining({
          id: failed.id,
          to: 'responder@alpha.test',
          subject: 'Reset your Reputo password',
          attempts: MAIL_ATTEMPTS,
        }),
      );
      expect(after.reasons).toContain(
        `${after.mail.failedLastDay} mail(s) could not be delivered after every retry in the last 24 hours.`,
      );
      expect(after.queue.recentDead).toContainEqual(
        expect.objectContaining({ name: 'mail.send', attempts: MAIL_ATTEMPTS }),
      );
    });
  },
  { env: { SMTP_URL: peer.url, JOBS_INTERVAL_MS: '0' } },
);
