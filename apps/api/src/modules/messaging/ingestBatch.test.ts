import { COUNT_EVENT, MESSAGE_EVENT, countChannel } from '@reputo/core';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { conversations, messagePages, messages } from '../../db/schema';
import { describeOnBothDatabases, type TestEnv } from '../../test/harness';
import { ingestMessages, type InboundMessage, type IngestDeps } from './ingest';
import { companyUnreadMessages } from './ingest.repository';

/**
 * The batched ingest of a drained webhook batch (ingestMessages): duplicates inside the batch and
 * against stored messages count once, two companies get exact unread counts and one count event each,
 * every stored message its own 'message' event, unknown pages are ignored.
 */
describeOnBothDatabases('Messaging ingest of a batch of messages', (use) => {
  const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 12, minute));
  const msg = (page: string, customer: string, mid: string, minute: number, text = mid): InboundMessage => ({
    provider: 'facebook',
    pageExternalId: page,
    customerExternalId: customer,
    messageExternalId: mid,
    text,
    sentAt: at(minute),
  });

  /** The app's own realtime, with every publish noted on the way. */
  function recording(e: TestEnv) {
    const published: { channel: string; event: string; data: unknown }[] = [];
    const realtime = e.app.deps.realtime;
    const deps: IngestDeps = {
      ...e.app.deps,
      realtime: {
        ...realtime,
        publish: async (channel, event, data) => {
          published.push({ channel, event, data });
          await realtime.publish(channel, event, data);
        },
      },
    };
    return { deps, published };
  }

  async function conversationOf(e: TestEnv, page: string, customer: string) {
    const [row] = await e.database.db
      .select({ c: conversations })
      .from(conversations)
      .innerJoin(messagePages, eq(messagePages.id, conversations.pageId))
      .where(and(eq(messagePages.externalId, page), eq(conversations.customerExternalId, customer)));
    return row!.c;
  }

  it('stores each message once, counts exactly per company and publishes one count event per company', async () => {
    const e = use();
    await e.database.db.insert(messagePages).values([
      { companyId: e.fx.companyA.id, provider: 'facebook', externalId: 'BATCH_A', name: 'Alpha batch' },
      { companyId: e.fx.companyB.id, provider: 'facebook', externalId: 'BATCH_B', name: 'Beta batch' },
    ]);
    const batch = [
      msg('BATCH_A', 'U1', 'mb_1', 1, 'first'),
      msg('BATCH_B', 'V1', 'mb_n1', 1),
      msg('BATCH_A', 'U1', 'mb_2', 3, 'newest'),
      msg('BATCH_A', 'U1', 'mb_1', 1, 'first'), // Meta delivered it twice
      msg('BATCH_A', 'U2', 'mb_3', 2),
      { ...msg('BATCH_A', 'U2', 'mb_echo', 4, 'our answer'), direction: 'echo' as const },
      msg('BATCH_B', 'V1', 'mb_n1', 1),
      msg('NOT_CONNECTED', 'W1', 'mb_x', 1),
    ];
    const unreadA = await companyUnreadMessages(e.database.db, e.fx.companyA.id);
    const unreadB = await companyUnreadMessages(e.database.db, e.fx.companyB.id);
    const { deps, published } = recording(e);
    const results = await ingestMessages(e.database.db, deps, batch);
    expect(results.map((r) => r.status)).toEqual([
      'stored',
      'stored',
      'stored',
      'duplicate',
      'stored',
      'stored',
      'duplicate',
      'ignored',
    ]);
    expect(await conversationOf(e, 'BATCH_A', 'U1')).toMatchObject({
      unreadCount: 2,
      isRead: false,
      lastMessage: 'newest',
      lastMessageAt: at(3),
      lastInboundAt: at(3),
    });
    expect(await conversationOf(e, 'BATCH_A', 'U2')).toMatchObject({
      unreadCount: 1,
      lastMessage: 'our answer',
      lastInboundAt: at(2),
    });
    expect(await conversationOf(e, 'BATCH_B', 'V1')).toMatchObject({ unreadCount: 1, companyId: e.fx.companyB.id });
    const stored = await e.database.db.select().from(messages).where(eq(messages.externalId, 'mb_1'));
    expect(stored).toHaveLength(1);

    const counts = published.filter((p) => p.event === COUNT_EVENT);
    expect(counts).toEqual([
      {
        channel: countChannel(e.fx.companyA.id),
        event: COUNT_EVENT,
        data: { kind: 'message', unreadTotalCount: unreadA + 3 },
      },
      {
        channel: countChannel(e.fx.companyB.id),
        event: COUNT_EVENT,
        data: { kind: 'message', unreadTotalCount: unreadB + 1 },
      },
    ]);
    const messageEvents = published.filter((p) => p.event === MESSAGE_EVENT);
    expect(messageEvents).toHaveLength(5);

    // The same batch again (a redelivery): nothing stored, counted or published twice.
    const again = recording(e);
    const repeated = await ingestMessages(e.database.db, again.deps, batch);
    expect(repeated.filter((r) => r.status === 'stored')).toEqual([]);
    expect(again.published).toEqual([]);
    expect((await conversationOf(e, 'BATCH_A', 'U1')).unreadCount).toBe(2);
    expect((await conversationOf(e, 'BATCH_B', 'V1')).unreadCount).toBe(1);
  });
});
