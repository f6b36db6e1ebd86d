import { and, eq, gte, inArray, isNull, lte, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { autoresponseSettings, companies, responses, reviews, templates, type AutoresponseRule } from '../../db/schema';

export type AutoresponseSettingsRow = typeof autoresponseSettings.$inferSelect;

export async function findAutoresponseSettings(
  db: Db,
  companyId: number,
): Promise<AutoresponseSettingsRow | undefined> {
  const [row] = await db.select().from(autoresponseSettings).where(eq(autoresponseSettings.companyId, companyId));
  return row;
}

export async function upsertAutoresponseSettings(
  db: Db,
  values: typeof autoresponseSettings.$inferInsert,
): Promise<void> {
  await db
    .insert(autoresponseSettings)
    .values(values)
    .onConflictDoUpdate({ target: autoresponseSettings.companyId, set: values });
}

/** The company's templates among these ids (others' ids find nothing). */
export function findCompanyTemplates(db: Db, companyId: number, ids: readonly number[]) {
  return db
    .select()
    .from(templates)
    .where(and(eq(templates.companyId, companyId), inArray(templates.id, [...ids])));
}

/** Every company's settings with auto-response switched on, with the company's features. */
export function enabledAutoresponses(db: Db) {
  return db
    .select({ s: autoresponseSettings, features: companies.features })
    .from(autoresponseSettings)
    .innerJoin(companies, eq(companies.id, autoresponseSettings.companyId))
    .where(eq(autoresponseSettings.enabled, true));
}

/**
 * Google reviews of the company with this rule's rating and no text, fetched since auto-response
 * was switched on and at least the rule's delay ago, with no reply yet.
 */
export function dueForRule(db: Db, companyId: number, enabledAt: Date, rule: AutoresponseRule, now: Date) {
  return db
    .select({ id: reviews.id, authorName: reviews.authorName, title: reviews.title })
    .from(reviews)
    .where(
      and(
        eq(reviews.companyId, companyId),
        eq(reviews.source, 'google'),
        isNull(reviews.respondedAt),
        eq(reviews.isCompetitor, false),
        eq(reviews.rating, rule.rating),
        sql`coalesce(btrim(${reviews.text}), '') = ''`,
        gte(reviews.fetchedAt, enabledAt),
        lte(reviews.fetchedAt, new Date(now.getTime() - rule.delayMinutes * 60_000)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(responses)
            .where(eq(responses.reviewId, reviews.id)),
        ),
      ),
    )
    .limit(200);
}
