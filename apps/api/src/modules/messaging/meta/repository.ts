import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { messagePages, socialPosts } from '../../../db/schema';

/** Meta refused the page's token (code 190): the Pages screen asks to connect it again. */
export async function markPageReconnectNeeded(db: Db, pageId: number, reason: string): Promise<void> {
  await db
    .update(messagePages)
    .set({ connectionState: 'reconnect_needed', lastError: reason.slice(0, 1000), lastErrorAt: sql`now()` })
    .where(eq(messagePages.id, pageId));
}

/** Stores a page's access token, sealed by the caller (platform/secrets.ts), and marks the page connected. */
export async function setPageToken(db: Db, pageId: number, sealedToken: string): Promise<void> {
  await db
    .update(messagePages)
    .set({ accessToken: sealedToken, connectionState: 'connected', lastError: null, lastErrorAt: null })
    .where(eq(messagePages.id, pageId));
}

/** Meta pages (Facebook, Instagram) that have no token yet: the demo gives them tokens its fake Graph API accepts. */
export async function metaPagesWithoutToken(db: Db): Promise<{ id: number; externalId: string }[]> {
  return db
    .select({ id: messagePages.id, externalId: messagePages.externalId })
    .from(messagePages)
    .where(and(inArray(messagePages.provider, ['facebook', 'instagram']), isNull(messagePages.accessToken)));
}

/** The enabled Meta pages with their provider (the demo simulator writes to them). */
export async function enabledMetaPages(db: Db): Promise<{ externalId: string; provider: string; companyId: number }[]> {
  return db
    .select({ externalId: messagePages.externalId, provider: messagePages.provider, companyId: messagePages.companyId })
    .from(messagePages)
    .where(and(inArray(messagePages.provider, ['facebook', 'instagram']), eq(messagePages.enabled, true)));
}

/** The post id at Meta of one of the page's latest posts (the demo simulator comments on it). */
export async function recentPostOf(db: Db, companyId: number, pageExternalId: string): Promise<string | undefined> {
  const rows = await db
    .select({ postId: socialPosts.postId })
    .from(socialPosts)
    .innerJoin(messagePages, eq(messagePages.id, socialPosts.pageId))
    .where(and(eq(socialPosts.companyId, companyId), eq(messagePages.externalId, pageExternalId)))
    .orderBy(desc(socialPosts.postedAt))
    .limit(3);
  return rows[Math.floor(Math.random() * rows.length)]?.postId;
}
