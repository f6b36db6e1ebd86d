import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export type { OutboxRow } from '../../platform/mailOutbox.repository';
import type { OutboxRow } from '../../platform/mailOutbox.repository';

export async function listOutbox(db: Db, opts: { to?: string; limit: number }): Promise<OutboxRow[]> {
  const query = db.select().from(mailOutbox);
  const filtered = opts.to ? query.where(sql`lower(${mailOutbox.to}) = lower(${opts.to})`) : query;
  return filtered.orderBy(desc(mailOutbox.id)).limit(opts.limit);
}
