import Pusher from 'pusher-js';
import { expect, it } from 'vitest';
import { conversations, socialPosts } from '../../db/schema';
import { describeEachDatabase, type TestEnv } from '../../test/harness';
import { bearer, signIn } from '../../test/http';

async function addConversations(env: TestEnv, companyId: number, unread: number[]): Promise<number[]> {
  const rows = await env.database.db
    .insert(conversations)
    .values(
      unread.map((n, i) => ({
        companyId,
        channel: 'facebook',
        customerName: `Customer ${i + 1}`,
        lastMessage: 'Hello',
        isRead: n === 0,
        unreadCount: n,
        lastMessageAt: new Date(Date.UTC(2026, 0, 1 + i)),
      })),
    )
    .returning({ id: conversations.id });
  return rows.map((r) => r.id);
}

function connect(base: URL, token: string, key: string): Promise<Pusher> {
  const client = new Pusher(key, {
    cluster: 'embedded',
    wsHost: base.hostname,
    wsPort: Number(base.port),
    forceTLS: false,
    enabledTransports: ['ws'],
    channelAuthorization: {
      endpoint: `${base.origin}/v2/api/realtime/auth`,
      transport: 'ajax',
      headers: { Authorization: `Bearer ${token}` },
    },
  });
  return new Promise((resolve, reject) => {
    client.connection.bind('connected', () => resolve(client));
    client.connection.bind('failed', () => reject(new Error('pusher-js could not connect')));
  });
}

describeEachDatabase('Conversations, unread counts and the realtime count channel', (use) => {
  it('pages conversations newest first and counts unread messages', async () => {
    const env = use();
    await addConversations(env, env.fx.companyA.id, [2, 0, 3]);
    await addConversations(env, env.fx.companyB.id, [9]);
    const { access_token } = await signIn(env.app, 'admin@alpha.test');
    const page = await env.app.inject({
      method: 'POST',
      url: '/v2/api/conversations',
      headers: bearer(access_token),
      payload: { skip: 0 },
    });
    expect(page.json()).toMatchObject({ skip: 0, hasMore: false, unreadTotalCount: 5 });
    expect(page.json().conversations.map((c: { customerName: string }) => c.customerName)).toEqual([
      'Customer 3',
      'Customer 2',
      'Customer 1',
    ]);
    expect(
      (await env.app.inject({ url: '/v2/api/conversations/unreadTotalCount', headers: bearer(access_token) })).json(),
    ).toEqual({ unreadTotalCount: 5 });
  });

  it('pages social posts newest first with the unread comment total the badge counts', async () => {
    const env = use();
    const post = (companyId: number, i: number, unreadCount: number) => ({
      companyId,
      postId: `p${companyId}-${i}`,
      channel: 'facebook',
      message: `Post ${i}`,
      unreadCount,
      postedAt: new Date(Date.UTC(2026, 0, i)),
    });
    await env.database.db
      .insert(socialPosts)
      .values([
        post(env.fx.companyA.id, 1, 2),
        post(env.fx.companyA.id, 2, 0),
        post(env.fx.companyA.id, 3, 5),
        post(env.fx.companyB.id, 1, 7),
      ]);
    const { access_token } = await signIn(env.app, 'admin@alpha.test');
    const page = (
      await env.app.inject({
        method: 'POST',
        url: '/v2/api/socialpost/get',
        headers: bearer(access_token),
        payload: { skip: 0 },
      })
    ).json();
    expect(page).toMatchObject({ total: 3, unreadTotalCount: 7 });
    expect(page.posts.map((p: { message: string; unreadCount: number }) => [p.message, p.unreadCount])).toEqual([
      ['Post 3', 5],
      ['Post 2', 0],
      ['Post 1', 2],
    ]);
    const badge = (
      await env.app.inject({ url: '/v2/api/socialpost/unreadTotalCount', headers: bearer(access_token) })
    ).json();
    expect(badge.unreadTotalCount).toBe(page.unreadTotalCount);
    const next = (
      await env.app.inject({
        method: 'POST',
        url: '/v2/api/socialpost/get',
        headers: bearer(access_token),
        payload: { skip: 2 },
      })
    ).json();
    expect(next.posts.map((p: { message: string }) => p.message)).toEqual(['Post 1']);
  });

  it('pushes the new unread total to a pusher-js client subscribed to its company channel', async () => {
    const env = use();
    const [first] = await addConversations(env, env.fx.companyA.id, [4]);
    await env.app.listen({ port: 0, host: '127.0.0.1' });
    const address = env.app.server.address() as { port: number };
    const base = new URL(`http://127.0.0.1:${address.port}`);
    const { access_token } = await signIn(env.app, 'admin@alpha.test');
    const settings = (await env.app.inject({ url: '/v2/api/client-config' })).json().pusher;
    expect(settings).toMatchObject({ embedded: true, authEndpoint: '/v2/api/realtime/auth' });

    const client = await connect(base, access_token, settings.key);
    try {
      const channel = client.subscribe(`private-total-count-${env.fx.companyA.id}`);
      await new Promise<void>((resolve, reject) => {
        channel.bind('pusher:subscription_succeeded', () => resolve());
        channel.bind('pusher:subscription_error', (e: unknown) =>
          reject(new Error(`subscription failed: ${JSON.stringify(e)}`)),
        );
      });
      const received = new Promise<{ kind: string; unreadTotalCount: number }>((resolve) =>
        channel.bind('count', resolve),
      );
      const before = (
        await env.app.inject({ url: '/v2/api/conversations/unreadTotalCount', headers: bearer(access_token) })
      ).json().unreadTotalCount;
      const res = await env.app.inject({
        method: 'PATCH',
        url: `/v2/api/conversationsread/${first}`,
        headers: bearer(access_token),
        payload: { isRead: true },
      });
      expect(res.json()).toMatchObject({
        updatedConversations: [{ id: first, isRead: true, unreadCount: 0 }],
        unreadTotalCount: before - 4,
      });
      expect(await received).toEqual({ kind: 'message', unreadTotalCount: before - 4 });

      // Another company's channel is refused: its counts are not ours to watch.
      const foreign = client.subscribe(`private-total-count-${env.fx.companyB.id}`);
      await expect(
        new Promise((resolve, reject) => {
          foreign.bind('pusher:subscription_succeeded', resolve);
          foreign.bind('pusher:subscription_error', (e: { status?: number }) =>
            reject(new Error(`status ${e.status}`)),
          );
        }),
      ).rejects.toThrow('status 403');
    } finally {
      client.disconnect();
    }
  });

  it("answers 404 for another company's conversation and refuses a made-up signature", async () => {
    const env = use();
    const [betaConversation] = await addConversations(env, env.fx.companyB.id, [1]);
    const { access_token } = await signIn(env.app, 'admin@alpha.test');
    const res = await env.app.inject({
      method: 'PATCH',
      url: `/v2/api/conversationsread/${betaConversation}`,
      headers: bearer(access_token),
      payload: { isRead: true },
    });
    expect(res.statusCode).toBe(404);
    const bad = await env.app.inject({
      method: 'PATCH',
      url: `/v2/api/conversationsread/${betaConversation}`,
      headers: bearer(access_token),
      payload: { isRead: 'yes' },
    });
    expect(bad.json().error_description).toBe('isRead must be true or false');
    const auth = await env.app.inject({
      method: 'POST',
      url: '/v2/api/realtime/auth',
      headers: bearer(access_token),
      payload: { socket_id: '1.2', channel_name: `private-total-count-${env.fx.companyB.id}` },
    });
    expect(auth.statusCode).toBe(403);
  });
});
