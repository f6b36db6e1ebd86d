import type { AppDeps } from '../../../platform/deps';
import type { MetaEvent } from './events';

/** Hands each event of a delivery to the messaging ingest (modules/messaging/ingest.ts), in order. */
export async function ingestMetaEvents(_deps: AppDeps, _events: MetaEvent[]): Promise<void> {
  // Wired to msg-api's ingest functions once they land.
}
