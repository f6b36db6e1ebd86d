import { freeTextError, sourceTitle, type Feature } from '@reputo/core';
import type { Db } from '../../db/client';
import { facebookConnector } from '../../connectors/facebook';
import { googleConnector } from '../../connectors/google';
import { locationConnection } from '../integrations/repository';
import { ReconnectNeeded, withSourceToken } from '../integrations/service';
import { ConnectorError, type ReplyConnector } from '../../connectors/types';
import type { ActingContext } from '../../platform/acting';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { dataChanged } from '../../platform/dataChanges';
import { findResponsesFor, type ReviewRow } from '../reviews/repository';
import { requireReview, toResponseDto, type ResponseDto } from '../reviews/service';
import { deleteResponseRow, findResponse, insertResponse, updateResponseRow, type ResponseRecord } from './repository';

export const REPLY_MAX_LENGTH = 4000;
export type ReplyStatus = 'draft' | 'posted' | 'failed';
export type ReplyOrigin = 'manual' | 'template' | 'ai' | 'auto';

type Deps = Pick<AppDeps, 'db' | 'config' | 'mailer'>;

/** The connector that can post replies for a source, or null when the source has no reply API here. */
export function connectorFor(deps: Deps, source: string): ReplyConnector | null {
  if (source === 'google') return googleConnector(deps.config.google);
  if (source === 'facebook') return facebookConnector(deps.config.facebook);
  return null;
}

export function replyTextError(text: string): string | null {
  return (
    freeTextError(text) ??
    (text.length > REPLY_MAX_LENGTH ? `A reply can be at most ${REPLY_MAX_LENGTH} characters.` : null)
  );
}

function checkText(text: string): string {
  const error = replyTextError(text);
  if (error) throw badRequest(error, [{ field: 'text', message: error }]);
  return text.trimEnd();
}

interface Outcome {
  status: ReplyStatus;
  failureReason: string | null;
  externalId: string | null;
  postedAt: Date | null;
}

/**
 * Publishes a reply. With Direct Response and a connector for the review's source, the reply goes
 * to the source and is 'posted' or 'failed' with the source's reason. Otherwise it is recorded as
 * posted (the team answers on the source itself). No database transaction is held open while the
 * source is called.
 */
export async function deliver(
  deps: Deps,
  review: Pick<ReviewRow, 'companyId' | 'locationId' | 'source' | 'externalId'>,
  features: readonly Feature[],
  text: string,
  previousExternalId: string | null,
): Promise<Outcome> {
  const connector = features.includes('directResponse') ? connectorFor(deps, review.source) : null;
  if (!connector)
    return { status: 'posted', failureReason: null, externalId: previousExternalId, postedAt: new Date() };
  const failed = (reason: string): Outcome => ({
    status: 'failed',
    failureReason: reason,
    externalId: previousExternalId,
    postedAt: null,
  });
  const conn = await locationConnection(deps.db, review.companyId, review.locationId, review.source);
  if (!conn) return failed(`${connector.title} is not connected for this location; connect it to reply from here.`);
  if (!review.externalId)
    return failed(`This review has no ${connector.title} id, so the reply cannot be posted there.`);
  const target = { reviewExternalId: review.externalId };
  try {
    const { externalId } = await withSourceToken(deps, conn, (token) =>
      connector.postReply({ account: conn.account, token }, target, text, previousExternalId),
    );
    return { status: 'posted', failureReason: null, externalId, postedAt: new Date() };
  } catch (error) {
    if (error instanceof ConnectorError) return failed(error.message);
    if (error instanceof ReconnectNeeded) return failed(reconnectReason(connector, error));
    throw error;
  }
}

/** Why a reply could not reach a source whose connection must be made again. */
const reconnectReason = (connector: ReplyConnector, error: ReconnectNeeded) =>
  `${connector.title} must be connected again in Settings › Third-party Login: ${error.message}`;

async function dto(db: Db, row: ResponseRecord): Promise<ResponseDto> {
  const rows = await findResponsesFor(db, [row.reviewId]);
  return toResponseDto(rows.find((r) => r.id === row.id)!);
}

export async function listResponses(db: Db, ctx: ActingContext, reviewId: number): Promise<ResponseDto[]> {
  const review = await requireReview(db, ctx, reviewId);
  return (await findResponsesFor(db, [review.id])).map(toResponseDto);
}

/** Writes a reply for a review (used by people, templates, the AI writer and auto-response alike). */
export async function writeReply(
  deps: Deps,
  review: ReviewRow,
  input: {
    text: string;
    status: 'draft' | 'posted';
    origin: ReplyOrigin;
    authorUserId: number | null;
    features: readonly Feature[];
  },
): Promise<ResponseRecord> {
  const text = checkText(input.text);
  const outcome: Outcome =
    input.status === 'draft'
      ? { status: 'draft', failureReason: null, externalId: null, postedAt: null }
      : await deliver(deps, review, input.features, text, null);
  const row = await insertResponse(deps.db, {
    reviewId: review.id,
    companyId: review.companyId,
    authorUserId: input.authorUserId,
    text,
    origin: input.origin,
    ...outcome,
  });
  // Auto-responses write replies outside any request: their company's cached reports are stale now.
  dataChanged(review.companyId, ['reviews']);
  return row;
}

export async function createResponse(
  deps: Deps,
  ctx: ActingContext,
  body: { reviewId: number; text: string; status?: 'draft' | 'posted'; origin?: 'manual' | 'template' | 'ai' },
): Promise<ResponseDto> {
  const review = await requireReview(deps.db, ctx, body.reviewId);
  const row = await writeReply(deps, review, {
    text: body.text,
    status: body.status ?? 'posted',
    origin: body.origin ?? 'manual',
    authorUserId: ctx.user.id,
    features: ctx.features,
  });
  // The author is the acting user: their name is at hand, no need to read the reply back with it.
  return toResponseDto({ ...row, authorFirstName: ctx.user.firstName, authorLastName: ctx.user.lastName });
}

async function requireResponse(
  db: Db,
  ctx: ActingContext,
  id: number,
): Promise<{ response: ResponseRecord; review: ReviewRow }> {
  const response = ctx.companyId !== null ? await findResponse(db, ctx.companyId, id) : undefined;
  if (!response) throw notFound('Reply not found');
  // The review check applies the location limits of the acting user too.
  const review = await requireReview(db, ctx, response.reviewId).catch(() => {
    throw notFound('Reply not found');
  });
  return { response, review };
}

/**
 * Changes a reply's text and/or publishes a draft. A reply already on the source is replaced there
 * first; if the source refuses, the new text is kept as 'failed' with the reason, never lost.
 */
export async function updateResponse(
  deps: Deps,
  ctx: ActingContext,
  id: number,
  body: { text?: string; status?: 'draft' | 'posted' },
): Promise<ResponseDto> {
  const { response, review } = await requireResponse(deps.db, ctx, id);
  const text = body.text !== undefined ? checkText(body.text) : response.text;
  const wantPosted = (body.status ?? (response.status === 'draft' ? 'draft' : 'posted')) === 'posted';
  let change: Partial<ResponseRecord> = { text };
  if (wantPosted && (response.status !== 'posted' || text !== response.text)) {
    change = { ...change, ...(await deliver(deps, review, ctx.features, text, response.externalId)) };
    // A reply that was posted keeps its first posting time (the response time counts from it).
    if (change.status === 'posted' && response.postedAt) change.postedAt = response.postedAt;
  } else if (!wantPosted) {
    if (response.status === 'posted') throw badRequest('A posted reply cannot go back to draft; delete it instead.');
    change.status = 'draft';
  }
  const row = await updateResponseRow(deps.db, response.id, review.id, change);
  return dto(deps.db, row);
}

/** Deletes a reply; one that is on the source is removed there first, and stays if the source refuses. */
export async function deleteResponse(deps: Deps, ctx: ActingContext, id: number): Promise<void> {
  const { response, review } = await requireResponse(deps.db, ctx, id);
  const connector = response.externalId && response.status === 'posted' ? connectorFor(deps, review.source) : null;
  if (connector && response.externalId) {
    const conn = await locationConnection(deps.db, review.companyId, review.locationId, review.source);
    if (!conn)
      throw new AppError(
        502,
        'source_error',
        `${connector.title} is not connected for this location, so the reply cannot be removed there.`,
      );
    const target = { reviewExternalId: review.externalId ?? '' };
    try {
      await withSourceToken(deps, conn, (token) =>
        connector.deleteReply({ account: conn.account, token }, target, response.externalId!),
      );
    } catch (error) {
      if (error instanceof ConnectorError)
        throw new AppError(502, 'source_error', `The reply was not deleted: ${error.message}`);
      if (error instanceof ReconnectNeeded)
        throw new AppError(502, 'source_error', `The reply was not deleted: ${reconnectReason(connector, error)}`);
      throw error;
    }
  }
  await deleteResponseRow(deps.db, response.id, review.id);
}

/**
 * `reviews/replay/withGoole` and `/withFacebook`: (re)posts a reply to that source now. The reply
 * must belong to a review of that source; the answer is the reply with its new state. A reply that
 * is already posted is answered as it is: posting it again could only turn it 'failed' (a source
 * refusing now, a connection removed since) while it stays on the source.
 */
export async function replayTo(
  deps: Deps,
  ctx: ActingContext,
  source: 'google' | 'facebook',
  responseId: number,
): Promise<ResponseDto> {
  const { response, review } = await requireResponse(deps.db, ctx, responseId);
  if (review.source !== source)
    throw badRequest(`This reply answers a ${sourceTitle(review.source)} review, not a ${sourceTitle(source)} one.`);
  if (response.status === 'posted') return dto(deps.db, response);
  const outcome = await deliver(deps, review, ctx.features, response.text, response.externalId);
  const row = await updateResponseRow(deps.db, response.id, review.id, {
    ...outcome,
    postedAt: outcome.status === 'posted' ? (response.postedAt ?? outcome.postedAt) : null,
  });
  return dto(deps.db, row);
}
