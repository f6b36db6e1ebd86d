import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { dataChanged } from '../../platform/dataChanges';
import { rebuildTopicRollupsBySlice } from '../reviews/rollup.repository';
import { analyzePendingReviews, companiesWithPendingAnalysis, countPendingReviews } from './analysis.repository';

/** Above this many waiting reviews a company is analysed in bulk and its topic rollup rebuilt once. */
const BULK_THRESHOLD = 1000;
/** Reviews analysed per company and run in the incremental mode, so one run stays short. */
const PER_RUN = 2000;
/**
 * During a bulk analysis the company's reports (and their count of reviews waiting for analysis)
 * are dropped at most this often, so the insights page that polls sees the count go down.
 */
const PROGRESS_MS = 3000;

/**
 * The 'insights.analyze' job: analyses reviews stored without text analysis (the demo seed, bulk
 * loads, imports and connectors that do not call afterReviewsWritten). A few waiting reviews are
 * analysed in batches, each written with its topic_daily and sentiment counter changes in one transaction;
 * a back-log of more than 1,000 (first start after seeding: 34,778 reviews, about 35 s on PGlite here) is analysed in
 * batches of 500 and the company's topic rollup rebuilt at the end, a few locations a transaction. Texts are analysed in small
 * slices that give the event loop a turn (analysis.repository.ts), so the API keeps answering.
 */
export async function analyzeWaitingReviews(db: Db, log?: FastifyBaseLogger): Promise<number> {
  const t0 = performance.now();
  let total = 0;
  for (const companyId of await companiesWithPendingAnalysis(db)) {
    const waiting = await countPendingReviews(db, companyId);
    if (waiting > BULK_THRESHOLD) {
      let told = performance.now();
      const onBatch = () => {
        if (performance.now() - told < PROGRESS_MS) return;
        told = performance.now();
        dataChanged(companyId, ['reviews']);
      };
      total += await analyzePendingReviews(db, companyId, 500, () => false, { incremental: false, onBatch });
      await rebuildTopicRollupsBySlice(db, companyId);
    } else {
      total += await analyzePendingReviews(db, companyId, 500, () => false, { incremental: true, maxReviews: PER_RUN });
    }
    // Topics and sentiment counters changed: cached insights and reports of the company are stale.
    dataChanged(companyId, ['reviews']);
  }
  if (total)
    log?.info(
      { reviews: total, seconds: Math.round((performance.now() - t0) / 100) / 10 },
      'text analysis of waiting reviews done',
    );
  return total;
}
