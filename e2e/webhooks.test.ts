import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { call, token } from './support/api';
import { accessibilityViolations } from './support/axe';
import { newPage, PHONE, screenshot, sidewaysScroll, signIn, signInAt, useBrowser } from './support/browser';

useBrowser();

const ADMIN = 'admin@reputo.test';
const PATH = '/settings/other/thirdPartyLogin';

interface Received {
  type: string | null;
  signed: boolean;
  status: number;
}

type Message = { type?: string; data?: { challenge?: string } };

/** The message when its signature holds under the secret, else null. */
function verified(secret: string, body: string, headers: Record<string, string>): Message | null {
  try {
    return new Webhook(secret).verify(body, headers) as Message;
  } catch {
    return null;
  }
}

/**
 * A company's receiver on 127.0.0.1 (the e2e server runs with WEBHOOKS_ALLOW_PRIVATE): it checks each
 * signature with the Standard Webhooks library, echoes the verify challenge, and answers the statuses
 * queued in `fail` (then 200).
 */
function startReceiver() {
  const state = { secret: 'whsec_AAAA', received: [] as Received[], fail: [] as number[] };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const message = verified(state.secret, body, req.headers as Record<string, string>);
      const status = message ? (state.fail.shift() ?? 200) : 401;
      state.received.push({ type: message?.type ?? null, signed: message !== null, status });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ challenge: message?.data?.challenge }));
    });
  });
  return { state, server };
}

describe('webhooks (Settings > Other > Third-party login)', () => {
  const receiver = startReceiver();
  let url = '';
  let page: Page;
  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/hooks/reputo`;
    page = await newPage({ width: 1366, height: 900 });
    await signIn(page, ADMIN);
  });
  afterAll(async () => {
    receiver.server.closeAllConnections();
    await new Promise((resolve) => receiver.server.close(resolve));
  });

  it('registers a webhook, verifies it, sends a test, shows a failure, and replays it', async () => {
    // A clean start (also for the retry of a failed try): no webhook of a local receiver.
    const before = await call<{ endpoints: { id: number; url: string }[] }>(
      await token(ADMIN),
      'GET',
      '/v2/api/webhook_settings',
    );
    for (const e of before.endpoints.filter((e) => e.url.startsWith('http://127.0.0.1:')))
      await call(await token(ADMIN), 'DELETE', `/v2/api/webhook_settings/${e.id}`);
    receiver.state.fail.length = 0;
    await page.goto(PATH);
    await page.getByTestId('webhooks').waitFor();
    await page.getByTestId('webhook-add').click();
    await page.getByTestId('webhook-url').fill(url);
    await page.getByRole('checkbox', { name: 'Reply posted' }).check();
    await page.getByTestId('webhook-save').click();
    const secret = await page.getByTestId('webhook-secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    receiver.state.secret = secret;
    await screenshot(page, 'webhook-secret');
    await page.getByTestId('webhook-done').click();

    const admin = await token(ADMIN);
    const list = await call<{ endpoints: { id: number; url: string; events: string[] }[] }>(
      admin,
      'GET',
      '/v2/api/webhook_settings',
    );
    const endpoint = list.endpoints.find((e) => e.url === url)!;
    expect(endpoint.events).toEqual(['review.created', 'reply.posted']);
    const item = page.getByTestId(`webhook-${endpoint.id}`);
    await item.getByText('Not verified').waitFor();

    await page.getByTestId(`webhook-verify-${endpoint.id}`).click();
    await page.getByText('Webhook verified: it echoed the challenge.').waitFor();
    await item.getByText('Verified', { exact: true }).waitFor();
    expect(receiver.state.received.at(-1)).toMatchObject({ type: 'webhook.verify', signed: true, status: 200 });

    await page.getByTestId(`webhook-test-${endpoint.id}`).click();
    await page.getByText('Test event delivered (HTTP 200).').waitFor();
    expect(receiver.state.received.at(-1)).toMatchObject({ type: 'review.created', signed: true, status: 200 });

    // The receiver fails the next test: the error flag shows, with the reason.
    receiver.state.fail.push(500);
    await page.getByTestId(`webhook-test-${endpoint.id}`).click();
    await item.getByTestId('webhook-test-error').waitFor();
    await item.getByText(/The test event failed: HTTP 500/).waitFor();

    // The delivery log: the failed test first; replayed, the server's job runner delivers it.
    await page.getByTestId(`webhook-deliveries-${endpoint.id}`).click();
    const deliveries = item.getByTestId('webhook-delivery');
    await expect.poll(() => deliveries.count()).toBe(2);
    await deliveries.first().getByText('failed').waitFor();
    const sent = receiver.state.received.length;
    await deliveries.first().getByRole('button', { name: 'Replay' }).click();
    await page.getByText('Delivery queued again.').waitFor();
    await expect.poll(() => receiver.state.received.length, { timeout: 30_000 }).toBeGreaterThan(sent);
    expect(receiver.state.received.at(-1)).toMatchObject({ signed: true, status: 200 });
    await page.reload();
    await page.getByTestId(`webhook-deliveries-${endpoint.id}`).click();
    await expect.poll(() => deliveries.count()).toBe(3);
    await screenshot(page.getByTestId('webhooks'), 'webhooks');
    // The pointer off the buttons: a hovered button's colour is a passing state, not the page's.
    await page.mouse.move(0, 0);
    expect(await accessibilityViolations(page)).toEqual([]);

    const phone = await newPage(PHONE);
    await signInAt(phone, ADMIN, PATH);
    await phone.getByTestId(`webhook-${endpoint.id}`).waitFor();
    await phone.getByTestId(`webhook-deliveries-${endpoint.id}`).click();
    await phone.getByTestId('webhook-delivery').first().waitFor();
    expect(await sidewaysScroll(phone)).toBeLessThanOrEqual(0);
    await screenshot(phone.getByTestId('webhooks'), 'webhooks');
    await phone.getByTestId('webhook-add').click();
    await phone.getByTestId('webhook-url').waitFor();
    await screenshot(phone, 'webhook-add');
  });
});
