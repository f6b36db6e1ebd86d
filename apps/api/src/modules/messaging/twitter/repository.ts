import { and, desc, eq, like, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { messagePages, messages, oauthStates, sourceConnections } from '../../../db/schema';
import { TWEET_ID_PREFIX } from './events';

export const TWITTER = 'twitter';
const STATE_LIFETIME_MS = 3_600_000;

/**
 * Takes (reads and deletes) a request token started by this company: good once and for an hour.
 * Another company's token is left as it is (and answered as unknown).
 */
export async function takeTwitterState(db: Db, companyId: number, requestToken: string) {
  await db.delete(oauthStates).where(lte(oauthStates.createdAt, new Date(Date.now() - STATE_LIFETIME_MS)));
  const [row] = await db
    .delete(oauthStates)
    .where(
      and(eq(oauthStates.state, requestToken), eq(oauthStates.companyId, companyId), eq(oauthStates.source, TWITTER)),
    )
    .returning();
  return row;
}

/**
 * The Messages page of the Twitter account (the account's conversations hang on it): created, or
 * connected again, for this company. Undefined when the account's page is another company's.
 */
export async function upsertTwitterPage(
  db: Db,
  v: { companyId: number; userId: string; name: string },
): Promise<typeof messagePages.$inferSelect | undefined> {
  const [row] = await db
    .insert(messagePages)
    .values({ companyId: v.companyId, provider: TWITTER, externalId: v.userId, name: v.name })
    .onConflictDoUpdate({
      target: [messagePages.provider, messagePages.externalId],
      set: { name: v.name, connectionState: 'connected', lastError: null, lastErrorAt: null, updatedAt: sql`now()` },
      setWhere: eq(messagePages.companyId, v.companyId),
    })
    .returning();
  return row;
}

/** The account's page state as its connection changes (disconnected: 'not_connected'; history stays). */
export async function setTwitterPageState(db: Db, companyId: number, userId: string, state: string): Promise<void> {
  await db
    .update(messagePages)
    .set({ connectionState: state, updatedAt: sql`now()` })
    .where(
      and(
        eq(messagePages.companyId, companyId),
        eq(messagePages.provider, TWITTER),
        eq(messagePages.externalId, userId),
      ),
    );
}

/** The company connection of this Twitter user (whose events a delivery carries), if any. */
export async function connectionOfTwitterUser(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(sourceConnections)
    .where(
      and(
        eq(sourceConnections.source, TWITTER),
        eq(sourceConnections.locationId, 0),
        eq(sourceConnections.account, userId),
      ),
    )
    .limit(1);
  return row;
}

export async function deleteTwitterConnection(db: Db, companyId: number): Promise<number> {
  const removed = await db
    .delete(sourceConnections)
    .where(and(eq(sourceConnections.companyId, companyId), eq(sourceConnections.source, TWITTER)))
    .returning({ id: sourceConnections.id });
  return removed.length;
}

/** The newest tweet of the customer in a mentions conversation (a reply answers it), without the prefix. */
export async function lastInboundTweetId(db: Db, conversationId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ externalId: messages.externalId })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        eq(messages.type, 'inbound'),
        like(messages.externalId, `${TWEET_ID_PREFIX}%`),
      ),
    )
    .orderBy(desc(messages.sentAt), desc(messages.id))
    .limit(1);
  return row?.externalId?.slice(TWEET_ID_PREFIX.length);
}
