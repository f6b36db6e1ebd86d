import type { Db } from '../../../db/client';
import {
  ingestComment,
  ingestDeliveryStatus,
  ingestMessage,
  ingestReaction,
  type IngestDeps,
  type IngestResult,
} from '../ingest';
import type { MetaEvent } from './events';

/**
 * Hands each event of a Meta delivery to the messaging ingest (modules/messaging/ingest.ts), in
 * Meta's order. Each call is idempotent by Meta's id, so a delivery processed again (a retry after
 * a failure half-way) stores nothing twice.
 */
export async function ingestMetaEvents(db: Db, deps: IngestDeps, events: MetaEvent[]): Promise<IngestResult[]> {
  const results: IngestResult[] = [];
  for (const event of events) results.push(await ingestMetaEvent(db, deps, event));
  return results;
}

function ingestMetaEvent(db: Db, deps: IngestDeps, e: MetaEvent): Promise<IngestResult> {
  const provider = e.channel;
  switch (e.kind) {
    case 'message':
      return ingestMessage(db, deps, {
        provider,
        pageExternalId: e.pageExternalId,
        customerExternalId: e.customerExternalId,
        messageExternalId: e.externalId,
        text: e.text ?? undefined,
        attachment: e.attachmentType && e.attachmentUrl ? { type: e.attachmentType, url: e.attachmentUrl } : undefined,
        sentAt: e.sentAt,
        direction: e.type === 'outbound' ? 'echo' : 'inbound',
      });
    case 'status':
      return ingestDeliveryStatus(db, deps, {
        provider,
        pageExternalId: e.pageExternalId,
        customerExternalId: e.customerExternalId,
        state: e.state,
        watermark: e.watermark,
        messageExternalIds: e.externalIds.length ? e.externalIds : undefined,
      });
    case 'comment':
      return ingestComment(db, deps, {
        provider,
        pageExternalId: e.pageExternalId,
        postExternalId: e.postExternalId,
        commentExternalId: e.externalId,
        parentExternalId: e.parentExternalId ?? undefined,
        authorExternalId: e.authorExternalId ?? '',
        authorName: e.authorName ?? (provider === 'instagram' ? 'Instagram user' : 'Facebook user'),
        text: e.text,
        createdAt: e.createdAt,
        verb: e.verb,
      });
    case 'reaction':
      return ingestReaction(db, deps, {
        provider,
        pageExternalId: e.pageExternalId,
        postExternalId: e.postExternalId,
        commentExternalId: e.commentExternalId ?? undefined,
        reactorExternalId: e.reactorExternalId,
        reactorName: e.reactorName ?? undefined,
        reactionType: e.reactionType,
        verb: e.verb === 'edited' ? 'edit' : e.verb,
      });
  }
}
