import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { createMailer, type Mailer } from '../platform/mail';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message with quoted-printable soft line breaks undone. */
  data: string;
}

/**
 * A real SMTP server on a free local port for the file's tests, and a mailer factory for
 * describeEachDatabase that delivers to it. `received` fills as mails arrive.
 */
export function useSmtpPeer() {
  const received: ReceivedMail[] = [];
  let server: SMTPServer;
  let port = 0;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data: data.replace(/=\r?\n/g, '').replace(/=3D/g, '=') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const mailer = (config: Config, database: Database): Mailer =>
    createMailer({ db: database.db, smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`, from: config.mailFrom, log: silentLog });
  /** The invitation link in the newest mail the peer received for `to`. */
  const linkTo = async (to: string, pathPart: string): Promise<string> => {
    for (let i = 0; i < 50; i++) {
      const mail = [...received].reverse().find((m) => m.to.includes(to));
      const link = mail?.data.match(new RegExp(`https?://[^\\s"<>]*${pathPart}[^\\s"<>]*`))?.[0];
      if (link) return link;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no mail with ${pathPart} reached the SMTP peer for ${to}`);
  };
  return { received, mailer, linkTo };
}

const noop = () => undefined;
const silentLog = { info: noop, error: noop, warn: noop, debug: noop, trace: noop, fatal: noop, child: () => silentLog, level: 'silent', silent: noop } as unknown as Parameters<typeof createMailer>[0]['log'];
