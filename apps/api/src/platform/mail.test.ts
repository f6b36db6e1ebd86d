import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness';
import { lastMailTo } from '../test/mail';
import { useSmtpPeer } from '../test/smtpPeer';

const peer = useSmtpPeer();

describeEachDatabase('Mail over SMTP', (use) => {
  it('delivers a recovery mail to a real SMTP peer and records it as sent', async () => {
    const env = use();
    const res = await env.app.inject({ method: 'POST', url: '/v2/api/password/fogot', payload: { email: 'admin@alpha.test' } });
    expect(res.statusCode).toBe(200);
    const row = await lastMailTo(env, 'admin@alpha.test');
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row.error).toBeNull();
    // This run's own mail: the peer holds the mails of every database's run.
    const mail = peer.received.find((m) => m.data.includes(row.links[0]!));
    expect(mail?.to).toEqual(['admin@alpha.test']);
    expect(mail?.from).toBe('no-reply@reputo.test');
    expect(mail?.data).toContain('Subject: Reset your Reputo password');
  });
}, { mailer: peer.mailer });
