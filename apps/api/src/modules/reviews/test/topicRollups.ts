import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/rows';
import { rebuildTopicDaily } from '../rollup.repository';

/** A company's topic_daily and topic_monthly rows, in key order. */
export async function topicRollupRows(db: Db, companyId: number): Promise<{ daily: unknown[]; monthly: unknown[] }> {
  return {
    daily: rowsOf(
      await db.execute(sql`SELECT location_id, source, day::text, is_competitor, kind, topic, subtopic, mentions, positive, neutral, negative
        FROM topic_daily WHERE company_id = ${companyId} ORDER BY 1, 2, 3, 4, 5, 6, 7`),
    ),
    monthly: rowsOf(
      await db.execute(sql`SELECT source, month::text, is_competitor, kind, topic, subtopic, mentions, positive, neutral, negative
        FROM topic_monthly WHERE company_id = ${companyId} ORDER BY 1, 2, 3, 4, 5, 6`),
    ),
  };
}

/**
 * The company's topic rollups as they are and as a whole rebuild from review_topics makes them (the
 * reference): equal when the write path kept them exact. The rebuild stays in the database.
 */
export async function topicRollupsAndRebuilt(
  db: Db,
  companyId: number,
): Promise<{
  kept: Awaited<ReturnType<typeof topicRollupRows>>;
  rebuilt: Awaited<ReturnType<typeof topicRollupRows>>;
}> {
  const kept = await topicRollupRows(db, companyId);
  await rebuildTopicDaily(db, companyId);
  return { kept, rebuilt: await topicRollupRows(db, companyId) };
}
