import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { describeOnBothDatabases } from '../../test/harness';
import { insertReviewRows } from '../reviews/repository';
import { topicRollupsAndRebuilt } from '../reviews/test/topicRollups';
import { companiesWithPendingAnalysis, countPendingReviews, textsAnalysed } from './analysis.repository';
import { analyzeWaitingReviews } from './backfill';

describeOnBothDatabases('analysis of waiting reviews', (use) => {
  it('gives the event loop a turn at least every 10 texts while 1,500 reviews are analysed', async () => {
    const { database, fx } = use();
    const count = 1500;
    await insertReviewRows(
      database.db,
      Array.from({ length: count }, (_, i) => ({
        companyId: fx.companyA.id,
        source: 'google',
        rating: 4,
        text: `Visit ${i}: the food was delicious but the service was slow and the table was sticky.`,
        createdAt: new Date(Date.UTC(2024, 0, 1 + (i % 300), 12)),
      })),
    );
    // A chain of immediates stands for the other requests: each event loop turn runs one link, which
    // notes how many texts were analysed since the link before.
    let seen = textsAnalysed();
    let mostBetweenTurns = 0;
    let running = true;
    const turn = () => {
      mostBetweenTurns = Math.max(mostBetweenTurns, textsAnalysed() - seen);
      seen = textsAnalysed();
      if (running) setImmediate(turn);
    };
    setImmediate(turn);
    const analysed = await analyzeWaitingReviews(database.db);
    running = false;
    expect(analysed).toBe(count);
    // Analysed 500 at a time in one go, the loop waited for a whole batch.
    expect(mostBetweenTurns).toBeGreaterThan(0);
    expect(mostBetweenTurns).toBeLessThanOrEqual(10);
    const topics = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`SELECT count(DISTINCT review_id)::int AS n FROM review_topics WHERE company_id = ${fx.companyA.id} AND topic = 'food'`,
      ),
    );
    expect(Number(topics[0]!.n)).toBe(count);
    // More than 1,000 waiting: the topic rollups are rebuilt at the end, a few locations at a time.
    const { kept, rebuilt } = await topicRollupsAndRebuilt(database.db, fx.companyA.id);
    expect(kept.daily.length).toBeGreaterThan(0);
    expect(kept).toEqual(rebuilt);
  }, 180_000);

  it('finds only the reviews still waiting, and nothing once they are analysed', async () => {
    const { database, fx } = use();
    await analyzeWaitingReviews(database.db);
    expect(await countPendingReviews(database.db, fx.companyA.id)).toBe(0);
    expect(await companiesWithPendingAnalysis(database.db)).toEqual([]);
    await insertReviewRows(
      database.db,
      ['The staff were friendly', 'Cold food again', 'Great coffee'].map((text) => ({
        companyId: fx.companyA.id,
        source: 'google',
        rating: 3,
        text,
        createdAt: new Date(Date.UTC(2024, 5, 1, 12)),
      })),
    );
    expect(await countPendingReviews(database.db, fx.companyA.id)).toBe(3);
    expect(await countPendingReviews(database.db, fx.companyB.id)).toBe(0);
    expect(await companiesWithPendingAnalysis(database.db)).toEqual([fx.companyA.id]);
    expect(await analyzeWaitingReviews(database.db)).toBe(3);
    expect(await countPendingReviews(database.db, fx.companyA.id)).toBe(0);
    // A few waiting: each batch is written with its days of the topic rollups summed again.
    const { kept, rebuilt } = await topicRollupsAndRebuilt(database.db, fx.companyA.id);
    expect(kept.daily).toContainEqual(expect.objectContaining({ day: '2024-06-01', topic: 'coffee', mentions: 1 }));
    expect(kept).toEqual(rebuilt);
    expect(await analyzeWaitingReviews(database.db)).toBe(0);
  });
});
