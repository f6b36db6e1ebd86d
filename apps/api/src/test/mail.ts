import { listOutbox } from '../modules/outbox/repository';
import type { TestEnv } from './harness';

/** The newest mail to an address, read from the outbox table the server writes every mail to. */
export async function lastMailTo(env: TestEnv, to: string) {
  const [mail] = await listOutbox(env.database.db, { to, limit: 1 });
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}
