import { z } from 'zod';
import { actingOf } from '../../platform/access';
import type { App, AppDeps } from '../../platform/deps';
import { unreadCommentScoped } from './posts.repository';
import {
  comments,
  hideComment,
  postDetail,
  posts,
  reactionList,
  replyToComment,
  updateCount,
  updatePost,
} from './posts.service';
import { readers, scopeOf, writers } from './scope';
import {
  commentSchema,
  commentsBody,
  commentsResponse,
  hideBody,
  idParams,
  postDetailResponse,
  postsBody,
  postsResponse,
  postUpdateBody,
  reactionsBody,
  reactionsResponse,
  replyBody,
  socialPostSchema,
  totalSchema,
  updateCountBody,
  updateCountResponse,
} from './schemas';

const tags = ['messaging'];

/** Social posts, their comments and reactions (spec 001 section 7, "Social posts"). */
export function postRoutes(app: App, deps: AppDeps): void {
  const { db } = deps;

  app.post(
    '/v2/api/socialpost/get',
    {
      config: { access: readers, writes: 'none' },
      schema: {
        tags,
        summary:
          'A page of social posts still in the list, newest first, with unread comment counts; the client appends when skip is not 0 and replaces otherwise',
        body: postsBody,
        response: { 200: postsResponse },
      },
    },
    async (request) => posts(db, scopeOf(actingOf(request)), request.body),
  );

  app.get(
    '/v2/api/socialpost/get/:postId',
    {
      config: { access: readers },
      schema: {
        tags,
        summary: "A post by the provider's post id, with its comments (threaded by parentId) and reactions by type",
        params: z.object({ postId: z.string().min(1).max(200) }),
        response: { 200: postDetailResponse },
      },
    },
    async (request) => postDetail(db, scopeOf(actingOf(request)), request.params.postId),
  );

  app.patch(
    '/v2/api/socialpost/update/:id',
    {
      config: { access: writers, writes: 'none' },
      schema: {
        tags,
        summary: 'Update post {id}: it leaves the list (removed: true, the default) or comes back (removed: false)',
        params: idParams,
        body: postUpdateBody,
        response: { 200: z.object({ post: socialPostSchema }) },
      },
    },
    async (request) => updatePost(db, scopeOf(actingOf(request)), request.params.id, request.body.removed),
  );

  app.get(
    '/v2/api/socialpost/unreadTotalCount',
    {
      config: { access: readers },
      schema: {
        tags,
        summary: 'Unread comments on the social posts the user sees (the Messages badge adds them to unread messages)',
        response: { 200: totalSchema },
      },
    },
    async (request) => ({ unreadTotalCount: await unreadCommentScoped(db, scopeOf(actingOf(request))) }),
  );

  app.patch(
    '/v2/api/socialpost/updateCount',
    {
      config: { access: writers, writes: 'none' },
      schema: {
        tags,
        summary: "Mark every comment of a post (the provider's postId) read; answers postId and its unreadCount (0)",
        body: updateCountBody,
        response: { 200: updateCountResponse },
      },
    },
    async (request) => updateCount(deps, scopeOf(actingOf(request)), request.body.postId),
  );

  app.post(
    '/v2/api/postcomment/get',
    {
      config: { access: readers, writes: 'none' },
      schema: {
        tags,
        summary: 'Comments of post {postId} (our id), oldest first, threaded by parentId, with reactions by type',
        body: commentsBody,
        response: { 200: commentsResponse },
      },
    },
    async (request) =>
      comments(db, scopeOf(actingOf(request)), request.body.postId, request.body.skip, request.body.limit),
  );

  app.post(
    '/v2/api/reaction/get',
    {
      config: { access: readers, writes: 'none' },
      schema: {
        tags,
        summary: 'Reactions on post {postId}, or on one of its comments {commentId}, newest first, with counts by type',
        body: reactionsBody,
        response: { 200: reactionsResponse },
      },
    },
    async (request) => reactionList(db, scopeOf(actingOf(request)), request.body),
  );

  app.post(
    '/v2/api/postcomment/reply/:id',
    {
      config: { access: writers, writes: 'none' },
      schema: {
        tags,
        summary:
          "Reply to comment {id} as the page: stored as 'sending' and queued for the provider; the comment counts as read and replied",
        params: idParams,
        body: replyBody,
        response: { 200: z.object({ comment: commentSchema }) },
      },
    },
    async (request) => replyToComment(deps, scopeOf(actingOf(request)), request.params.id, request.body.text),
  );

  app.patch(
    '/v2/api/postcomment/hide/:id',
    {
      config: { access: writers, writes: 'none' },
      schema: {
        tags,
        summary:
          'Hide comment {id} on the provider (hidden: true) or show it again; pending until the provider confirms',
        params: idParams,
        body: hideBody,
        response: { 200: z.object({ comment: commentSchema }) },
      },
    },
    async (request) => hideComment(deps, scopeOf(actingOf(request)), request.params.id, request.body.hidden),
  );
}
