import { describe, expect, it } from 'vitest';
import { feedDelivery, messagingDelivery, metaEvents } from '../../../connectors/meta/fake';
import { eventsOfDelivery } from './events';

describe("Meta's webhook deliveries read into events", () => {
  const at = new Date('2026-11-20T10:00:00Z');

  it('reads Messenger and Instagram messages, echoes, deliveries and reads', () => {
    const body = JSON.stringify(
      messagingDelivery('P1', [
        metaEvents.message({ pageId: 'P1', senderId: 'U1', text: 'Hi', mid: 'm_1', at }),
        metaEvents.message({
          pageId: 'P1',
          senderId: 'U1',
          mid: 'm_2',
          at,
          attachments: [{ type: 'image', url: 'https://cdn/x.jpg' }],
        }),
        {
          sender: { id: 'P1' },
          recipient: { id: 'U1' },
          timestamp: at.getTime(),
          message: { mid: 'm_3', text: 'Hello', is_echo: true },
        },
        metaEvents.delivery({ pageId: 'P1', senderId: 'U1', mids: ['m_3'], at }),
        metaEvents.read({ pageId: 'P1', senderId: 'U1', at }),
      ]),
    );
    expect(eventsOfDelivery(body)).toEqual([
      expect.objectContaining({
        kind: 'message',
        channel: 'facebook',
        externalId: 'm_1',
        type: 'inbound',
        text: 'Hi',
        customerExternalId: 'U1',
        sentAt: at,
      }),
      expect.objectContaining({
        externalId: 'm_2',
        text: null,
        attachmentType: 'image',
        attachmentUrl: 'https://cdn/x.jpg',
      }),
      expect.objectContaining({ externalId: 'm_3', type: 'outbound', customerExternalId: 'U1' }),
      {
        kind: 'status',
        channel: 'facebook',
        pageExternalId: 'P1',
        customerExternalId: 'U1',
        state: 'delivered',
        externalIds: ['m_3'],
        watermark: at,
      },
      expect.objectContaining({ kind: 'status', state: 'read', watermark: at }),
    ]);
    const ig = messagingDelivery(
      'IG1',
      [metaEvents.message({ pageId: 'IG1', senderId: 'U2', text: 'Hey' })],
      'instagram',
    );
    expect(eventsOfDelivery(JSON.stringify(ig))).toEqual([
      expect.objectContaining({ channel: 'instagram', pageExternalId: 'IG1' }),
    ]);
  });

  it('reads feed comments (threaded) and reactions, and skips other items', () => {
    const body = feedDelivery('P1', [
      metaEvents.comment({ postId: 'P1_7', commentId: '7_1', from: { id: 'U1', name: 'Sara' }, message: 'Nice', at }),
      metaEvents.comment({
        postId: 'P1_7',
        commentId: '7_2',
        parentId: '7_1',
        from: { id: 'U2' },
        message: 'Agreed',
        at,
      }),
      metaEvents.reaction({ postId: 'P1_7', from: { id: 'U3', name: 'Omar' }, reactionType: 'love', at }),
      metaEvents.reaction({ postId: 'P1_7', commentId: '7_1', from: { id: 'U3' }, verb: 'remove', at }),
      { field: 'feed', value: { item: 'status', verb: 'add', post_id: 'P1_8', created_time: 1 } },
    ]);
    expect(eventsOfDelivery(JSON.stringify(body))).toEqual([
      {
        kind: 'comment',
        channel: 'facebook',
        pageExternalId: 'P1',
        postExternalId: 'P1_7',
        externalId: '7_1',
        parentExternalId: null,
        authorExternalId: 'U1',
        authorName: 'Sara',
        text: 'Nice',
        verb: 'add',
        createdAt: at,
      },
      expect.objectContaining({ externalId: '7_2', parentExternalId: '7_1' }),
      expect.objectContaining({
        kind: 'reaction',
        commentExternalId: null,
        reactionType: 'love',
        reactorName: 'Omar',
        verb: 'add',
      }),
      expect.objectContaining({ kind: 'reaction', commentExternalId: '7_1', verb: 'remove' }),
    ]);
  });

  it('refuses what is not a Meta delivery', () => {
    expect(() => eventsOfDelivery('{"hello":1}')).toThrow();
    expect(() => eventsOfDelivery('not json')).toThrow();
    expect(eventsOfDelivery(JSON.stringify({ object: 'user', entry: [] }))).toEqual([]);
  });
});
