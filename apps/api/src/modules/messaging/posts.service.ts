import { COMMENT_EVENT, COUNT_EVENT, countChannel } from '@reputo/core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { jobQueueFor } from '../../platform/jobs';
import type { Scope } from './conversations.repository';
import { COMMENT_HIDE_JOB, COMMENT_REPLY_JOB, SEND_ATTEMPTS } from './delivery';
import { findPage } from './pages.repository';
import {
  findComment,
  findComments,
  findPost,
  findPosts,
  findReactions,
  insertReply,
  markPostRead,
  reactionSummary,
  setHidePending,
  setPostRemoved,
  unreadCommentScoped,
  type CommentRow,
  type PostView,
  type ReactionRow,
} from './posts.repository';
import type { CommentDto, postsBody } from './schemas';

export function postDto(p: PostView) {
  return {
    id: p.id,
    postId: p.postId,
    pageId: p.pageId,
    pageName: p.pageName,
    channel: p.channel,
    locationId: p.locationId,
    message: p.message,
    mediaUrl: p.mediaUrl,
    permalink: p.permalink,
    postedAt: p.postedAt.toISOString(),
    lastCommentAt: p.lastCommentAt?.toISOString() ?? null,
    unreadCount: p.unreadCount,
    comments: p.comments,
    reactions: p.reactions,
  };
}

export function commentDto(c: CommentRow, reactions: Record<string, number> = {}): CommentDto {
  return {
    id: c.id,
    postId: c.postId,
    parentId: c.parentId,
    externalId: c.externalId,
    authorExternalId: c.authorExternalId,
    authorName: c.authorName,
    text: c.text,
    fromPage: c.fromPage,
    deliveryState: c.deliveryState,
    failureReason: c.failureReason,
    hidden: c.hidden,
    hidePending: c.hidePending,
    repliedAt: c.repliedAt?.toISOString() ?? null,
    isRead: c.isRead,
    createdAt: c.createdAt.toISOString(),
    reactions,
  };
}

const reactionDto = (r: ReactionRow) => ({
  id: r.id,
  postId: r.postId,
  commentId: r.commentId,
  reactorExternalId: r.reactorExternalId,
  reactorName: r.reactorName,
  type: r.type,
  createdAt: r.createdAt.toISOString(),
});

async function requirePost(db: Db, scope: Scope, by: { id: number } | { postId: string }) {
  const post = await findPost(db, scope, by);
  if (!post) throw notFound('Post not found');
  return post;
}

async function publishCommentCount(deps: Pick<AppDeps, 'db' | 'realtime'>, companyId: number) {
  const unreadTotalCount = await unreadCommentScoped(deps.db, { companyId, locationIds: null });
  await deps.realtime.publish(countChannel(companyId), COUNT_EVENT, { kind: 'comment', unreadTotalCount });
}

export async function posts(db: Db, scope: Scope, f: z.infer<typeof postsBody>) {
  const [{ rows, total }, unreadTotalCount] = await Promise.all([
    findPosts(db, scope, f),
    unreadCommentScoped(db, scope),
  ]);
  return {
    posts: rows.slice(0, f.limit).map(postDto),
    skip: f.skip,
    hasMore: rows.length > f.limit,
    total,
    unreadTotalCount,
  };
}

/** A post (by the provider's post id) with its threaded comments (parents first, replies after them) and reactions. */
export async function postDetail(db: Db, scope: Scope, postId: string) {
  const post = await requirePost(db, scope, { postId });
  const [{ rows, reactions }, summary] = await Promise.all([
    findComments(db, post.id, 0, 500),
    reactionSummary(db, post.id, null),
  ]);
  return {
    post: postDto(post),
    comments: rows.slice(0, 500).map((c) => commentDto(c, reactions.get(c.id))),
    reactions: summary,
  };
}

/** Spec: updating a social post removes it from the list (the team is done with it). */
export async function updatePost(db: Db, scope: Scope, id: number, removed: boolean) {
  await requirePost(db, scope, { id });
  await setPostRemoved(db, scope, id, removed);
  return { post: postDto(await requirePost(db, scope, { id })) };
}

export async function updateCount(deps: Pick<AppDeps, 'db' | 'realtime'>, scope: Scope, postId: string) {
  const post = await requirePost(deps.db, scope, { postId });
  await markPostRead(deps.db, post);
  await publishCommentCount(deps, scope.companyId);
  return { postId: post.postId, unreadCount: 0, unreadTotalCount: await unreadCommentScoped(deps.db, scope) };
}

export async function comments(db: Db, scope: Scope, postId: number, skip: number, limit: number) {
  await requirePost(db, scope, { id: postId });
  const { rows, reactions } = await findComments(db, postId, skip, limit);
  return {
    comments: rows.slice(0, limit).map((c) => commentDto(c, reactions.get(c.id))),
    skip,
    hasMore: rows.length > limit,
  };
}

export async function reactionList(
  db: Db,
  scope: Scope,
  q: { postId: number; commentId?: number; skip: number; limit: number },
) {
  await requirePost(db, scope, { id: q.postId });
  const commentId = q.commentId ?? null;
  if (commentId !== null) {
    const c = await findComment(db, scope, commentId);
    if (!c || c.postId !== q.postId) throw notFound('Comment not found');
  }
  const [rows, summary] = await Promise.all([
    findReactions(db, q.postId, commentId, q.skip, q.limit),
    reactionSummary(db, q.postId, commentId),
  ]);
  return {
    reactions: rows.slice(0, q.limit).map(reactionDto),
    summary,
    total: Object.values(summary).reduce((a, n) => a + n, 0),
    skip: q.skip,
    hasMore: rows.length > q.limit,
  };
}

async function requireConnectedPageOf(db: Db, scope: Scope, comment: CommentRow) {
  const post = await requirePost(db, scope, { id: comment.postId });
  const page = post.pageId === null ? undefined : await findPage(db, scope, post.pageId);
  if (!page) throw new AppError(422, 'page_not_connected', 'This post has no connected page.');
  if (!page.enabled || page.connectionState !== 'connected')
    throw new AppError(422, 'page_not_connected', `The page ${page.name} must be on and connected to answer comments.`);
  return page;
}

/** Stores the team's reply under a comment (state 'sending') and queues it for the connector. */
export async function replyToComment(
  deps: Pick<AppDeps, 'db' | 'config' | 'realtime'>,
  scope: Scope,
  id: number,
  text: string,
) {
  const { db } = deps;
  const comment = await findComment(db, scope, id);
  if (!comment) throw notFound('Comment not found');
  if (!comment.externalId)
    throw new AppError(409, 'conflict', 'This comment is not posted yet: it cannot be answered.');
  const page = await requireConnectedPageOf(db, scope, comment);
  const reply = await insertReply(db, comment, { text, userId: scope.userId, authorName: page.name });
  await jobQueueFor(deps).enqueue(
    COMMENT_REPLY_JOB,
    { commentId: reply.id },
    { dedupeKey: `messaging.commentReply:${reply.id}`, maxAttempts: SEND_ATTEMPTS },
  );
  await deps.realtime.publish(countChannel(scope.companyId), COMMENT_EVENT, {
    postId: comment.postId,
    commentId: reply.id,
  });
  if (!comment.isRead) await publishCommentCount(deps, scope.companyId);
  return { comment: commentDto(reply) };
}

/** Asks the provider to hide (or show again) a comment; it shows as pending until the job confirms. */
export async function hideComment(deps: Pick<AppDeps, 'db' | 'config'>, scope: Scope, id: number, hidden: boolean) {
  const { db } = deps;
  const comment = await findComment(db, scope, id);
  if (!comment) throw notFound('Comment not found');
  if (!comment.externalId) throw new AppError(409, 'conflict', 'This comment is not posted yet.');
  await requireConnectedPageOf(db, scope, comment);
  if (comment.hidden === hidden && !comment.hidePending) return { comment: commentDto(comment) };
  const pending = await setHidePending(db, id);
  await jobQueueFor(deps).enqueue(
    COMMENT_HIDE_JOB,
    { commentId: id, hidden },
    { dedupeKey: `messaging.commentHide:${id}:${hidden}`, maxAttempts: SEND_ATTEMPTS },
  );
  return { comment: commentDto(pending) };
}
