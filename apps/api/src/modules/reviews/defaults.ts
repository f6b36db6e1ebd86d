import { eq } from 'drizzle-orm';
import { DEFAULT_UI_LANGUAGE, type UiLanguage } from '@reputo/core';
import type { Db } from '../../db/client';
import { caseResolutions, companies, reviewCategories, reviewSettings, templates } from '../../db/schema';
import { t, topicText } from '../../platform/i18n';
import { taxonomyFor } from '../../platform/nlp/taxonomy';

/** Colours given to the default categories, in order. */
const PALETTE = [
  '#1677ff',
  '#52c41a',
  '#fa8c16',
  '#eb2f96',
  '#722ed1',
  '#13c2c2',
  '#faad14',
  '#f5222d',
  '#2f54eb',
  '#a0d911',
];

/** Starter case-resolution statuses, titled from the `starters` catalogue. */
const DEFAULT_CASES = [
  { key: 'open', color: '#f5222d' },
  { key: 'inProgress', color: '#fa8c16' },
  { key: 'resolved', color: '#52c41a' },
];

/** Starter templates by rating; placeholders are filled when a template is used (see templates/placeholders.ts). */
const DEFAULT_TEMPLATES = [
  {
    title: 'Thank you (5 stars)',
    ratings: [5],
    text: 'Dear {reviewer_name}, thank you for the wonderful review! Everyone at {location} is delighted you enjoyed your visit. We look forward to welcoming you back soon. {brand}',
  },
  {
    title: 'Thank you (4 stars)',
    ratings: [4],
    text: 'Hi {reviewer_name}, thank you for your kind words about {location}. We are glad you had a good time, and we would love to make your next visit a five-star one. {brand}',
  },
  {
    title: 'Mixed experience',
    ratings: [3],
    text: 'Hello {reviewer_name}, thank you for your honest feedback. We are sorry parts of your visit to {location} fell short, and we are sharing your comments with the team. {brand}',
  },
  {
    title: 'Apology',
    ratings: [1, 2],
    text: 'Dear {reviewer_name}, we are truly sorry about your experience at {location}. This is not the standard we hold ourselves to. Please contact us so we can make it right. {brand}',
  },
];

/** Arabic starters, for companies whose customers write in Arabic (the demo's Gulf companies). */
export const ARABIC_STARTER_TEMPLATES = [
  {
    title: 'شكراً لك (5 نجوم)',
    ratings: [5],
    text: 'عزيزي {reviewer_name}، شكراً جزيلاً على تقييمك الرائع! يسعد فريق {location} أنك استمتعت بزيارتك، ونتطلع لاستقبالك مجدداً قريباً. {brand}',
  },
  {
    title: 'شكراً لك (4 نجوم)',
    ratings: [4],
    text: 'مرحباً {reviewer_name}، شكراً على كلماتك اللطيفة عن {location}. سعدنا بزيارتك ونتمنى أن تكون زيارتك القادمة بخمس نجوم. {brand}',
  },
  {
    title: 'تجربة متفاوتة',
    ratings: [3],
    text: 'مرحباً {reviewer_name}، شكراً على ملاحظاتك الصادقة. نأسف لأن بعض جوانب زيارتك إلى {location} لم تكن على المستوى المطلوب، وسنشارك ملاحظاتك مع الفريق. {brand}',
  },
  {
    title: 'اعتذار',
    ratings: [1, 2],
    text: 'عزيزي {reviewer_name}، نعتذر بشدة عن تجربتك في {location}، فهذا ليس المستوى الذي نلتزم به. يرجى التواصل معنا لنتمكن من تصحيح الأمر. {brand}',
  },
].map((t) => ({ ...t, language: 'ar' }));

/**
 * A company's first use of the workspace creates its settings row together with starter review
 * categories (the topics of its business type), case-resolution statuses and templates. The
 * settings row marks this done, so deleted defaults never come back. The categories and statuses
 * are titled in `language`, the interface language of the user whose request creates them (English when no
 * user's request does); from then on they are the company's own data and are not translated again.
 */
export async function ensureReviewDefaults(
  db: Db,
  companyId: number,
  language: UiLanguage = DEFAULT_UI_LANGUAGE,
): Promise<void> {
  const [existing] = await db
    .select({ id: reviewSettings.companyId })
    .from(reviewSettings)
    .where(eq(reviewSettings.companyId, companyId));
  if (existing) return;
  await db.transaction(async (tx) => {
    const created = await tx
      .insert(reviewSettings)
      .values({ companyId })
      .onConflictDoNothing()
      .returning({ id: reviewSettings.companyId });
    if (created.length === 0) return;
    const [company] = await tx.select({ type: companies.type }).from(companies).where(eq(companies.id, companyId));
    const topics = Object.entries(taxonomyFor(company?.type));
    if (topics.length) {
      await tx
        .insert(reviewCategories)
        .values(
          topics.map(([key, topic], i) => ({
            companyId,
            title: topicText(language, key) ?? topic.title,
            color: PALETTE[i % PALETTE.length]!,
            keywords: [...new Set([...topic.words, ...Object.values(topic.subtopics).flatMap((s) => s.words)])],
          })),
        )
        .onConflictDoNothing();
    }
    await tx
      .insert(caseResolutions)
      .values(
        DEFAULT_CASES.map((c, i) => ({
          companyId,
          title: t(language, `starters:caseResolutions.${c.key}`),
          color: c.color,
          position: i,
        })),
      )
      .onConflictDoNothing();
    await tx.insert(templates).values(DEFAULT_TEMPLATES.map((template) => ({ companyId, ...template })));
  });
}

/**
 * The company's settings without creating anything: the column defaults when the company has no
 * settings row yet. For reports, which may read a replica (`deps.reportDb`) that must never be written.
 */
export async function readReviewSettings(db: Db, companyId: number): Promise<typeof reviewSettings.$inferSelect> {
  const [row] = await db.select().from(reviewSettings).where(eq(reviewSettings.companyId, companyId));
  return (
    row ?? {
      companyId,
      responseRateTarget: reviewSettings.responseRateTarget.default as number,
      translationLanguage: reviewSettings.translationLanguage.default as string,
      translateAutomatically: reviewSettings.translateAutomatically.default as boolean,
      updatedAt: new Date(0),
    }
  );
}

export async function getReviewSettings(db: Db, companyId: number, language?: UiLanguage) {
  await ensureReviewDefaults(db, companyId, language);
  const [row] = await db.select().from(reviewSettings).where(eq(reviewSettings.companyId, companyId));
  return row!;
}

export async function updateReviewSettings(
  db: Db,
  companyId: number,
  change: Partial<
    Pick<typeof reviewSettings.$inferInsert, 'responseRateTarget' | 'translationLanguage' | 'translateAutomatically'>
  >,
  language?: UiLanguage,
) {
  await ensureReviewDefaults(db, companyId, language);
  const [row] = await db
    .update(reviewSettings)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(reviewSettings.companyId, companyId))
    .returning();
  return row!;
}
