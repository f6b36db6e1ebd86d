import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Db } from '../db/client';
import { jobQueueFor } from '../platform/jobs';
import { createMailer, type Mailer } from '../platform/mail';
import { pickPort } from './processes';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message with quoted-printable soft line breaks undone. */
  data: string;
}

/**
 * A real SMTP server on a local port for the file's tests, and a mailer factory for
 * describeEachDatabase that delivers to it through the job queue. `received` fills as mails arrive;
 * `down()` and `up()` stop and restart the server on the same port (`url`), as an SMTP outage.
 */
export function useSmtpPeer(port = pickPort()) {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | null = null;
  /** The database of the environment whose mailer was made last (its queue delivers the mails). */
  let db: Db | null = null;

  const up = async () => {
    if (server) return;
    const next = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data: data.replace(/=\r?\n/g, '').replace(/=3D/g, '='),
          });
          callback();
        });
      },
    });
    // A port already taken fails the hook at once, with the reason, instead of at its time-out.
    await new Promise<void>((resolve, reject) => {
      next.server.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve());
    });
    server = next;
  };
  const down = async () => {
    const current = server;
    server = null;
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };
  beforeAll(up);
  afterAll(down);

  const url = `smtp://127.0.0.1:${port}?ignoreTLS=true`;
  const mailer = (config: Config, database: Database): Mailer => {
    db = database.db;
    return createMailer({
      db: database.db,
      queue: jobQueueFor({ db: database.db, config }),
      smtpUrl: url,
      from: config.mailFrom,
      log: silentLog,
    });
  };
  /** The invitation link in the newest mail the peer received for `to`, once the queue delivered it. */
  const linkTo = async (to: string, pathPart: string): Promise<string> => {
    for (let i = 0; i < 50; i++) {
      if (db) await jobQueueFor({ db }).runDue();
      const mail = [...received].reverse().find((m) => m.to.includes(to));
      const link = mail?.data.match(new RegExp(`https?://[^\\s"<>]*${pathPart}[^\\s"<>]*`))?.[0];
      if (link) return link;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no mail with ${pathPart} reached the SMTP peer for ${to}`);
  };
  return { received, mailer, linkTo, url, up, down };
}

const noop = () => undefined;
const silentLog = {
  info: noop,
  error: noop,
  warn: noop,
  debug: noop,
  trace: noop,
  fatal: noop,
  child: () => silentLog,
  level: 'silent',
  silent: noop,
} as unknown as Parameters<typeof createMailer>[0]['log'];
