import type { Db } from '../../../db/client';
import {
  ingestComment,
  ingestDeliveryStatus,
  ingestMessage,
  ingestMessages,
  ingestReaction,
  type IngestDeps,
  type InboundMessage,
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

/** Messages stored by one batched statement at most (the statement's parameters stay well under PostgreSQL's limit). */
const MESSAGES_PER_STATEMENT = 500;

/**
 * The events of many deliveries (a drained batch) at once: every message through the batched
 * ingestMessages (few statements for the lot, one unread count event per company), then the other
 * events one by one in Meta's order. A delivery or read status after its message sees it stored.
 */
export async function ingestMetaBatch(db: Db, deps: IngestDeps, events: MetaEvent[]): Promise<void> {
  const messages = events.flatMap((e) => (e.kind === 'message' ? [inboundMessageOf(e)] : []));
  for (let i = 0; i < messages.length; i += MESSAGES_PER_STATEMENT)
    await ingestMessages(db, deps, messages.slice(i, i + MESSAGES_PER_STATEMENT));
  for (const event of events) if (event.kind !== 'message') await ingestMetaEvent(db, deps, event);
}

function inboundMessageOf(e: Extract<MetaEvent, { kind: 'message' }>): InboundMessage {
  return {
    provider: e.channel,
    pageExternalId: e.pageExternalId,
    customerExternalId: e.customerExternalId,
    messageExternalId: e.externalId,
    text: e.text ?? undefined,
    attachment: e.attachmentType && e.attachmentUrl ? { type: e.attachmentType, url: e.attachmentUrl } : undefined,
    sentAt: e.sentAt,
    direction: e.type === 'outbound' ? 'echo' : 'inbound',
  };
}

function ingestMetaEvent(db: Db, deps: IngestDeps, e: MetaEvent): Promise<IngestResult> {
  const provider = e.channel;
  switch (e.kind) {
    case 'message':
      return ingestMessage(db, deps, inboundMessageOf(e));
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
