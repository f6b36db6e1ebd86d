import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { insertOutboxMail } from '../../platform/mailOutbox.repository';
import { SmsError, twilioClient, type SmsClient } from '../../connectors/sms';

/**
 * How campaign messages leave: mails over a pooled SMTP transport of their own (the platform's
 * mailer opens a connection per mail, too slow for thousands), or into the outbox without SMTP_URL
 * (the embedded demo); SMS through the Twilio connector when it is configured.
 */
export interface CampaignMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable per recipient, so a mail client can tell a repeat of the same mail. */
  messageId: string;
  unsubscribeUrl: string;
}

/** How one send ended, as the sender saw it. */
export type SendOutcome =
  | { ok: true; providerId: string | null }
  /** Permanent for this recipient (bounced, invalid number); `suppress` also blocks the address. */
  | { ok: false; kind: 'permanent'; reason: string; suppress: 'bounced' | 'stop' | null }
  /** Not accepted, may work later (server down, 4xx, 429 after retries): the recipient stays queued. */
  | { ok: false; kind: 'transient'; reason: string }
  /** Our side is wrong (credentials): the campaign stops, visibly. */
  | { ok: false; kind: 'fatal'; reason: string };

export interface CampaignSenders {
  mail(message: CampaignMail): Promise<SendOutcome>;
  /** Null when SMS is not configured. */
  sms: ((to: string, body: string) => Promise<SendOutcome>) | null;
  close(): void;
}

/** nodemailer's error fields we read. */
interface SmtpError {
  code?: string;
  responseCode?: number;
  command?: string;
  response?: string;
  message?: string;
}

function mailOutcome(error: unknown): SendOutcome {
  const e = error as SmtpError;
  const reason = (e.response ?? e.message ?? String(error)).slice(0, 500);
  // A 5xx answer to RCPT TO is the receiving server refusing the address: a hard bounce.
  if (e.responseCode && e.responseCode >= 500 && (e.code === 'EENVELOPE' || e.command === 'RCPT TO'))
    return { ok: false, kind: 'permanent', reason: `Bounced: ${reason}`, suppress: 'bounced' };
  if (e.responseCode && e.responseCode >= 500) return { ok: false, kind: 'permanent', reason, suppress: null };
  return { ok: false, kind: 'transient', reason };
}

function pooledTransport(smtpUrl: string, connections: number): Transporter {
  const url = new URL(smtpUrl);
  url.searchParams.set('pool', 'true');
  url.searchParams.set('maxConnections', String(connections));
  url.searchParams.set('maxMessages', '1000');
  return nodemailer.createTransport(url.toString());
}

function smsSender(client: SmsClient, statusCallback: string) {
  return async (to: string, body: string): Promise<SendOutcome> => {
    try {
      const { sid } = await client.send({ to, body, statusCallback });
      return { ok: true, providerId: sid };
    } catch (error) {
      if (!(error instanceof SmsError)) return { ok: false, kind: 'transient', reason: String(error) };
      if (error.kind === 'auth') return { ok: false, kind: 'fatal', reason: error.message };
      if (error.kind === 'transient') return { ok: false, kind: 'transient', reason: error.message };
      return {
        ok: false,
        kind: 'permanent',
        reason: error.message,
        suppress: error.kind === 'unsubscribed' ? 'stop' : null,
      };
    }
  };
}

export function createCampaignSenders(config: Config, db: Db): CampaignSenders {
  const transport = config.smtpUrl ? pooledTransport(config.smtpUrl, config.campaignSmtpConnections) : null;
  const sms = config.twilio ? smsSender(twilioClient(config.twilio), `${config.publicUrl}/v2/public/sms/status`) : null;
  return {
    async mail(m) {
      if (!transport) {
        await insertOutboxMail(db, {
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          links: [m.unsubscribeUrl],
          status: 'outbox',
          attachments: null,
        });
        return { ok: true, providerId: m.messageId };
      }
      try {
        await transport.sendMail({
          from: config.mailFrom,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          messageId: m.messageId,
          headers: {
            'List-Unsubscribe': `<${m.unsubscribeUrl}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        });
        return { ok: true, providerId: m.messageId };
      } catch (error) {
        return mailOutcome(error);
      }
    },
    sms,
    close() {
      transport?.close();
    },
  };
}
