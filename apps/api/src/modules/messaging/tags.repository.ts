import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conversationTags, messageTags } from '../../db/schema';
import type { TagDto } from './schemas';

export async function findTags(db: Db, companyId: number): Promise<TagDto[]> {
  return db
    .select({ id: messageTags.id, name: messageTags.name, color: messageTags.color })
    .from(messageTags)
    .where(eq(messageTags.companyId, companyId))
    .orderBy(asc(messageTags.name), asc(messageTags.id));
}

export async function findTag(db: Db, companyId: number, id: number): Promise<TagDto | undefined> {
  const [row] = await db
    .select({ id: messageTags.id, name: messageTags.name, color: messageTags.color })
    .from(messageTags)
    .where(and(eq(messageTags.companyId, companyId), eq(messageTags.id, id)));
  return row;
}

export async function findTagByName(db: Db, companyId: number, name: string): Promise<TagDto | undefined> {
  const [row] = await db
    .select({ id: messageTags.id, name: messageTags.name, color: messageTags.color })
    .from(messageTags)
    .where(and(eq(messageTags.companyId, companyId), eq(messageTags.name, name)));
  return row;
}

export async function insertTag(db: Db, companyId: number, t: { name: string; color: string }): Promise<TagDto> {
  const [row] = await db
    .insert(messageTags)
    .values({ companyId, ...t })
    .returning({ id: messageTags.id, name: messageTags.name, color: messageTags.color });
  return row!;
}

export async function updateTag(
  db: Db,
  companyId: number,
  id: number,
  set: { name?: string; color?: string },
): Promise<TagDto | undefined> {
  const [row] = await db
    .update(messageTags)
    .set(set)
    .where(and(eq(messageTags.companyId, companyId), eq(messageTags.id, id)))
    .returning({ id: messageTags.id, name: messageTags.name, color: messageTags.color });
  return row;
}

export async function deleteTag(db: Db, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(messageTags)
    .where(and(eq(messageTags.companyId, companyId), eq(messageTags.id, id)))
    .returning({ id: messageTags.id });
  return rows.length > 0;
}

/** How many of the ids are tags of the company (so a foreign tag id is refused, not attached). */
export async function countOwnTags(db: Db, companyId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .select({ id: messageTags.id })
    .from(messageTags)
    .where(and(eq(messageTags.companyId, companyId), inArray(messageTags.id, ids)));
  return rows.length;
}

export async function tagsOfConversation(db: Db, companyId: number, conversationId: number): Promise<TagDto[]> {
  return db
    .select({ id: messageTags.id, name: messageTags.name, color: messageTags.color })
    .from(conversationTags)
    .innerJoin(messageTags, eq(messageTags.id, conversationTags.tagId))
    .where(and(eq(conversationTags.companyId, companyId), eq(conversationTags.conversationId, conversationId)))
    .orderBy(asc(messageTags.name));
}

export async function addConversationTag(db: Db, companyId: number, conversationId: number, tagId: number) {
  await db.insert(conversationTags).values({ companyId, conversationId, tagId }).onConflictDoNothing();
}

export async function removeConversationTag(db: Db, companyId: number, conversationId: number, tagId: number) {
  const rows = await db
    .delete(conversationTags)
    .where(
      and(
        eq(conversationTags.companyId, companyId),
        eq(conversationTags.conversationId, conversationId),
        eq(conversationTags.tagId, tagId),
      ),
    )
    .returning({ tagId: conversationTags.tagId });
  return rows.length > 0;
}

/** The conversation's tags become exactly these (the caller checked they are the company's). */
export async function replaceConversationTags(db: Db, companyId: number, conversationId: number, tagIds: number[]) {
  const ids = [...new Set(tagIds)];
  if ((await countOwnTags(db, companyId, ids)) !== ids.length) return false;
  await db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    await tx
      .delete(conversationTags)
      .where(and(eq(conversationTags.companyId, companyId), eq(conversationTags.conversationId, conversationId)));
    if (ids.length)
      await tx.insert(conversationTags).values(ids.map((tagId) => ({ companyId, conversationId, tagId })));
  });
  return true;
}
