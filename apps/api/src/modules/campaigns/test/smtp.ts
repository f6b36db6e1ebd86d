import { SMTPServer } from 'smtp-server';

export interface PeerMail {
  to: string[];
  data: string;
}

/**
 * A real SMTP server for campaign tests: refuses at RCPT TO (550, a hard bounce) the addresses
 * `bounces` says, and keeps what it accepted.
 */
export async function startCampaignSmtpPeer(
  port: number,
  bounces: (address: string) => boolean = () => false,
  /** Milliseconds each mail takes to be accepted. */
  delayMs = 0,
) {
  const received: PeerMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (bounces(address.address)) {
        const err = new Error('5.1.1 User unknown') as Error & { responseCode: number };
        err.responseCode = 550;
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        const accept = () => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            data: data.replace(/=\r?\n/g, '').replace(/=3D/g, '='),
          });
          callback();
        };
        if (delayMs) setTimeout(accept, delayMs);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  // A sender killed mid-conversation (restart.test.ts crashes the API on purpose) resets its
  // connections; SMTPServer emits that as 'error', which with no listener is an uncaught exception.
  server.on('error', () => undefined);
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
