import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export type OutboxRow = typeof mailOutbox.$inferSelect;

export async function insertOutboxMail(db: Db, mail: { to: string; subject: string; text: string; html?: string; links: string[] }): Promise<OutboxRow> {
  const [row] = await db.insert(mailOutbox).values(mail).returning();
  return row!;
}

export async function markOutboxMail(db: Db, id: number, result: { sentAt?: Date; error?: string }): Promise<void> {
  await db.update(mailOutbox).set({ sentAt: result.sentAt ?? null, error: result.error ?? null }).where(eq(mailOutbox.id, id));
}

export async function listOutbox(db: Db, opts: { to?: string; limit: number }): Promise<OutboxRow[]> {
  const query = db.select().from(mailOutbox);
  const filtered = opts.to ? query.where(sql`lower(${mailOutbox.to}) = lower(${opts.to})`) : query;
  return filtered.orderBy(desc(mailOutbox.id)).limit(opts.limit);
}
