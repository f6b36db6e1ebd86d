import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { insertOutboxMail, markOutboxMail } from './mailOutbox.repository';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Links the mail carries (recovery, invitation), logged so a developer can follow them without SMTP. */
  links?: string[];
  /** Files sent with the mail over SMTP (scheduled reports); the outbox keeps only their names in the log. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send(message: MailMessage): Promise<{ id: number; delivered: boolean }>;
  close(): void;
}

/**
 * Every mail is written to the outbox table first. With SMTP_URL it is then delivered through
 * nodemailer; without it the log line (subject, recipient, links) is how a developer follows it.
 */
export function createMailer(opts: { db: Db; smtpUrl?: string; from: string; log: FastifyBaseLogger }): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(message) {
      const links = message.links ?? [];
      const row = await insertOutboxMail(opts.db, { to: message.to, subject: message.subject, text: message.text, html: message.html, links });
      const attachments = message.attachments?.map((a) => a.filename);
      opts.log.info({ mailId: row.id, to: message.to, subject: message.subject, links, attachments }, transport ? 'mail queued for SMTP' : 'mail written to outbox (no SMTP_URL)');
      if (!transport) return { id: row.id, delivered: false };
      try {
        await transport.sendMail({ from: opts.from, to: message.to, subject: message.subject, text: message.text, html: message.html, attachments: message.attachments });
        await markOutboxMail(opts.db, row.id, { sentAt: new Date() });
        return { id: row.id, delivered: true };
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        opts.log.error({ mailId: row.id, to: message.to, reason }, 'mail delivery failed');
        await markOutboxMail(opts.db, row.id, { error: reason });
        return { id: row.id, delivered: false };
      }
    },
    close() {
      transport?.close();
    },
  };
}
