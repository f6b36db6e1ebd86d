import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { reportSettings } from '../../db/schema';

export type ReportSettingRow = typeof reportSettings.$inferSelect;

export async function findSetting(db: Db, companyId: number, userId: number): Promise<ReportSettingRow | undefined> {
  const [row] = await db
    .select()
    .from(reportSettings)
    .where(and(eq(reportSettings.companyId, companyId), eq(reportSettings.userId, userId)));
  return row;
}

export async function findSettingById(db: Db, id: number): Promise<ReportSettingRow | undefined> {
  const [row] = await db.select().from(reportSettings).where(eq(reportSettings.id, id));
  return row;
}

export async function upsertSetting(
  db: Db,
  companyId: number,
  userId: number,
  values: Pick<ReportSettingRow, 'enabled' | 'frequency' | 'recipients' | 'locationIds' | 'nextRunAt'>,
): Promise<ReportSettingRow> {
  const [row] = await db
    .insert(reportSettings)
    .values({ companyId, userId, ...values })
    .onConflictDoUpdate({
      target: [reportSettings.userId, reportSettings.companyId],
      set: { ...values, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

export async function markSent(db: Db, id: number, sentAt: Date, nextRunAt: Date | null): Promise<void> {
  await db.update(reportSettings).set({ lastSentAt: sentAt, nextRunAt }).where(eq(reportSettings.id, id));
}

/** Enabled settings whose next run is due (read through the (enabled, next_run_at) index). */
export async function dueSettings(db: Db, now: Date): Promise<ReportSettingRow[]> {
  return db
    .select()
    .from(reportSettings)
    .where(and(eq(reportSettings.enabled, true), lte(reportSettings.nextRunAt, now)))
    .limit(500);
}
