import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

/**
 * The mail outbox's rows as the mailer writes and delivers them (platform/mail.ts); the outbox module
 * reads the table for the developer's page.
 */
export type OutboxRow = typeof mailOutbox.$inferSelect;
type NewOutboxMail = Pick<
  typeof mailOutbox.$inferInsert,
  'to' | 'subject' | 'text' | 'html' | 'links' | 'status' | 'attachments'
>;
type OutboxChange = Partial<
  Pick<OutboxRow, 'status' | 'attempts' | 'sentAt' | 'error' | 'nextAttemptAt' | 'attachments'>
>;

export async function insertOutboxMail(db: Db, mail: NewOutboxMail): Promise<OutboxRow> {
  const [row] = await db.insert(mailOutbox).values(mail).returning();
  return row!;
}

export async function findOutboxMail(db: Db, id: number): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}

export async function markOutboxMail(db: Db, id: number, change: OutboxChange): Promise<void> {
  await db.update(mailOutbox).set(change).where(eq(mailOutbox.id, id));
}
