import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

/**
 * The mail outbox's writes, which the mailer makes for every mail it sends (platform/mail.ts); the
 * outbox module reads the table for the developer's page.
 */
export type OutboxRow = typeof mailOutbox.$inferSelect;

export async function insertOutboxMail(db: Db, mail: { to: string; subject: string; text: string; html?: string; links: string[] }): Promise<OutboxRow> {
  const [row] = await db.insert(mailOutbox).values(mail).returning();
  return row!;
}

export async function markOutboxMail(db: Db, id: number, result: { sentAt?: Date; error?: string }): Promise<void> {
  await db.update(mailOutbox).set({ sentAt: result.sentAt ?? null, error: result.error ?? null }).where(eq(mailOutbox.id, id));
}
