import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { findOutboxMail, insertOutboxMail, markOutboxMail } from './mailOutbox.repository';
import type { JobFailure, JobQueue } from './jobs';
import { mailFailures } from './metrics';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Links the mail carries (recovery, invitation): kept in the outbox, where a developer follows them without SMTP; never logged (they hold tokens). */
  links?: string[];
  /** Files sent with the mail over SMTP (scheduled reports); the outbox keeps them until the mail is delivered. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  /** Records the mail and, with SMTP, queues its delivery (which starts at once); answers the outbox id. */
  send(message: MailMessage): Promise<{ id: number; queued: boolean }>;
  close(): void;
}

export const MAIL_JOB = 'mail.send';
/** Attempts before a mail is given up: with the back-off below, about an hour of SMTP trouble. */
export const MAIL_ATTEMPTS = 8;
const MAIL_RETRY_BASE_SECONDS = 30;

/**
 * Every mail is written to the outbox table first. With SMTP_URL its delivery is a job of the queue:
 * an SMTP server that is down is retried with back-off, the outbox showing 'retrying' and the next
 * attempt's time, then 'sent', or 'failed' after the last attempt (system health lists those).
 * Without SMTP the outbox (`GET /v2/api/admin/outbox`) is where a developer reads the mails. The log
 * line names the mail only: its links and text carry recovery and invitation tokens.
 */
export function createMailer(opts: {
  db: Db;
  queue: JobQueue;
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  if (transport) defineDelivery(opts, transport);
  return {
    async send(message) {
      const attachments = message.attachments?.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: a.content.toString('base64'),
      }));
      // The mail and its delivery job commit together: a mail is never recorded without its delivery.
      const row = await opts.db.transaction(async (tx) => {
        const mail = await insertOutboxMail(tx as unknown as Db, {
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          links: message.links ?? [],
          status: transport ? 'sending' : 'outbox',
          attachments: transport ? (attachments ?? null) : null,
        });
        if (transport)
          await opts.queue.enqueue(
            MAIL_JOB,
            { mailId: mail.id },
            { dedupeKey: `mail:${mail.id}`, maxAttempts: MAIL_ATTEMPTS, db: tx as unknown as Db },
          );
        return mail;
      });
      opts.log.info(
        { mailId: row.id, to: message.to, subject: message.subject, attachments: attachments?.map((a) => a.filename) },
        transport ? 'mail queued for SMTP' : 'mail written to outbox (no SMTP_URL)',
      );
      if (transport) opts.queue.wake();
      return { id: row.id, queued: transport !== null };
    },
    close() {
      transport?.close();
    },
  };
}

/** The queue's delivery of one mail; a mail already sent (a job run again) is not sent twice. */
function defineDelivery(
  opts: { db: Db; queue: JobQueue; from: string; log: FastifyBaseLogger },
  transport: Transporter,
): void {
  opts.queue.define(
    MAIL_JOB,
    async (payload) => {
      const mail = await findOutboxMail(opts.db, Number(payload.mailId));
      if (!mail || mail.status === 'sent') return;
      const attachments = mail.attachments?.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: Buffer.from(a.content, 'base64'),
      }));
      await transport.sendMail({
        from: opts.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        attachments,
      });
      await markOutboxMail(opts.db, mail.id, {
        status: 'sent',
        sentAt: new Date(),
        attempts: mail.attempts + 1,
        error: null,
        nextAttemptAt: null,
        attachments: null,
      });
    },
    {
      concurrency: 4,
      retryBaseSeconds: MAIL_RETRY_BASE_SECONDS,
      onFailure: async (payload, failure: JobFailure, tx) => {
        mailFailures.inc({ final: failure.retryAt ? 'no' : 'yes' });
        const mailId = Number(payload.mailId);
        opts.log.warn(
          { mailId, attempt: failure.attempts, reason: failure.error, nextAttemptAt: failure.retryAt },
          failure.retryAt ? 'mail delivery failed; retrying later' : 'mail delivery failed; given up',
        );
        await markOutboxMail(tx, mailId, {
          status: failure.retryAt ? 'retrying' : 'failed',
          attempts: failure.attempts,
          error: failure.error,
          nextAttemptAt: failure.retryAt,
          // A mail given up keeps no copy of its files.
          ...(failure.retryAt ? {} : { attachments: null }),
        });
      },
    },
  );
}
