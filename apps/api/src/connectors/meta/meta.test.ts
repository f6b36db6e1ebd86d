import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { metaClient, MetaApiError, TOKEN_REASON, WINDOW_REASON } from './index';
import { startFakeGraph, type FakeGraph } from './fake';

/** The Graph API client against the local fake that answers as Meta does. */
describe('Meta Graph API client', () => {
  let fake: FakeGraph;
  // 2 s: a loaded CI machine took over 300 ms to answer the fake's ordinary calls; a hang never answers.
  const client = () => metaClient({ graphUrl: fake.url, timeoutMs: 2000, backoffMs: 20, retries: 2 });

  beforeAll(async () => {
    fake = await startFakeGraph();
    fake.addPage('111', 'page-token');
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.calls.length = 0;
    fake.customerWrote('111', 'psid-1');
  });

  async function failure(p: Promise<unknown>): Promise<MetaApiError> {
    const error = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MetaApiError);
    return error as MetaApiError;
  }

  it('sends with the Send API: recipient, messaging_type RESPONSE, text, and the page token', async () => {
    const sent = await client().sendMessage('111', 'page-token', 'psid-1', { text: 'Hello' });
    expect(sent.messageId).toMatch(/^m_/);
    expect(fake.calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/111/messages',
        token: 'page-token',
        body: { recipient: { id: 'psid-1' }, messaging_type: 'RESPONSE', message: { text: 'Hello' } },
      }),
    ]);
    await client().sendMessage('111', 'page-token', 'psid-1', {
      attachment: { type: 'image', url: 'https://x/a.png' },
    });
    expect(fake.calls[1]!.body.message).toEqual({
      attachment: { type: 'image', payload: { url: 'https://x/a.png', is_reusable: true } },
    });
  });

  it('says why outside the 24-hour window', async () => {
    const error = await failure(client().sendMessage('111', 'page-token', 'psid-silent', { text: 'Hi' }));
    expect(error).toMatchObject({ kind: 'window', message: WINDOW_REASON, retryable: false });
    expect(error.detail.graph).toMatchObject({ code: 10, error_subcode: 2018278 });
  });

  it('sorts an expired token (190) apart, and a plain refusal', async () => {
    fake.addPage('111', 'old-token');
    fake.expireToken('old-token');
    expect(await failure(client().sendMessage('111', 'old-token', 'psid-1', { text: 'Hi' }))).toMatchObject({
      kind: 'token',
      message: TOKEN_REASON,
    });
    fake.script({ status: 400, error: { message: '(#100) Invalid parameter', code: 100 } });
    const refused = await failure(client().sendMessage('111', 'page-token', 'psid-1', { text: 'Hi' }));
    expect(refused).toMatchObject({ kind: 'rejected', retryable: false });
    expect(refused.message).toBe('Facebook refused it (code 100): (#100) Invalid parameter');
  });

  it('waits out a 429 with Retry-After and then succeeds', async () => {
    fake.script({ status: 429, retryAfter: 0, error: { message: '(#4) Application request limit reached', code: 4 } });
    const sent = await client().sendMessage('111', 'page-token', 'psid-1', { text: 'Again' });
    expect(sent.messageId).toMatch(/^m_/);
    expect(fake.calls).toHaveLength(2);
  });

  it('retries 5xx with back-off, then gives up with the reason', async () => {
    fake.script({ status: 500 }, { status: 503 }, { status: 500 });
    const error = await failure(client().sendMessage('111', 'page-token', 'psid-1', { text: 'x' }));
    expect(error).toMatchObject({ kind: 'transient', retryable: true });
    expect(error.message).toMatch(/temporary error \(HTTP 500\)/);
    expect(fake.calls).toHaveLength(3);
  });

  it('does not resend after a time-out, but retries hiding', async () => {
    fake.script({ hang: true });
    const error = await failure(client().sendMessage('111', 'page-token', 'psid-1', { text: 'x' }));
    expect(error).toMatchObject({ kind: 'transient', message: 'Facebook: no answer in time.' });
    expect(fake.calls).toHaveLength(1);
    fake.script({ hang: true });
    await client().hideComment('page-token', '555_1');
    expect(fake.calls).toHaveLength(3);
  });

  it('replies to and hides a comment', async () => {
    const reply = await client().replyToComment('page-token', '999_42', 'Thanks!');
    expect(fake.comments.get(reply.id)).toEqual({ message: 'Thanks!', hidden: false, parentId: '999_42' });
    await client().hideComment('page-token', reply.id);
    expect(fake.comments.get(reply.id)?.hidden).toBe(true);
    expect(fake.calls.at(-1)).toMatchObject({ path: `/${reply.id}`, body: { is_hidden: true } });
  });
});
