import type { Db } from '../../db/client';
import { analyzeReviews } from '../insights/analysis.repository';
import { refreshRollups, rollupKeysOf, type RollupKey } from './rollup.repository';

// Apart from rollup.repository.ts: the analysis refreshes rollups itself, so the rollups must not import the analysis back.
/**
 * The one call after any review write (insert, edit, reply, delete), inside the same transaction:
 * analyses the texts of `reviewIds` that still exist (topics, keywords, sentiment when missing) and
 * recomputes every rollup key they fall in now or fell in before (`before`, from rollupKeysOf taken
 * ahead of a delete or of a change of date, location or source).
 *
 * Writes that keep review_daily with applyRollupInserts/applyRollupChange instead stay exact too:
 * database triggers (migration 0007) move or remove a review's topics in topic_daily when it is
 * deleted or moved, and reviews stored without analysis are analysed by the 'insights.analyze'
 * job within seconds (analyzeReviews, which also corrects the sentiment counters it changes).
 *
 *   const before = await rollupKeysOf(tx, companyId, ids);   // only for deletes and moves
 *   ...write...
 *   await afterReviewsWritten(tx, companyId, ids, before);
 */
export async function afterReviewsWritten(
  db: Db,
  companyId: number,
  reviewIds: readonly number[],
  before: readonly RollupKey[] = [],
): Promise<void> {
  await analyzeReviews(db, companyId, reviewIds, { incremental: false });
  const now = await rollupKeysOf(db, companyId, reviewIds);
  await refreshRollups(db, companyId, [...before, ...now]);
}
