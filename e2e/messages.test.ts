import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accessibilityViolations } from './support/axe';
import { call, token } from './support/api';
import { META_APP_SECRET } from './support/server';
import { baseURL, newPage, pageTitle, PHONE, screenshot, signIn, signInAt, useBrowser } from './support/browser';

useBrowser();

const ADMIN = 'admin@reputo.test';
const ANALYST = 'analyst@reputo.test';
/** The Messages screens are looked at on a common laptop and a phone. */
const LAPTOP = { width: 1366, height: 900 };
/** `whole`: the whole page on a laptop (a phone's whole page of cards is too long to look at). */
function shot(page: Page, name: string, whole = false): Promise<void> {
  return screenshot(page, `messages-${name}`, { fullPage: whole && (page.viewportSize()?.width ?? 0) > 800 });
}

async function expectAccessible(page: Page): Promise<void> {
  expect(await accessibilityViolations(page)).toEqual([]);
}

/** Picks the option of an open antd Select whose text contains `text`. */
async function pickOption(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
}

interface Conversation {
  id: number;
  pageId: number | null;
  customerExternalId: string | null;
}
interface MessagePage {
  id: number;
  externalId: string;
}

async function openInbox(page: Page): Promise<void> {
  await page.goto('/messages');
  await page.getByTestId('conversation-list').waitFor();
}

describe('messages as a Master Admin (one signed-in page)', () => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage(LAPTOP);
    await signIn(page, ADMIN);
  });

  it('inbox: conversations with unread counts, filtered by read state and searched', async () => {
    await openInbox(page);
    expect(await pageTitle(page)).toBe('Messages');
    expect(await page.getByTestId('conversation-row').count()).toBeGreaterThan(0);
    await page.getByTestId('messages-unread-total').waitFor();
    await expectAccessible(page);
    await shot(page, 'inbox');

    await page.getByTestId('read-filter').getByText('Unread', { exact: true }).click();
    await page.waitForURL(/read=unread/);
    await page.waitForFunction(() => {
      const rows = Array.from(document.querySelectorAll('[data-testid="conversation-row"]'));
      return rows.length === 0 || rows.every((r) => r.hasAttribute('data-unread'));
    });
    await page.getByTestId('read-filter').getByText('All', { exact: true }).click();
    await page.waitForURL((u) => !u.search.includes('read='));

    const first = page.getByTestId('conversation-row').first();
    const name = ((await first.locator('.msg-row-name').textContent()) ?? '').trim();
    await page.getByTestId('inbox-search').locator('input').fill(name);
    await page.getByTestId('inbox-search').locator('input').press('Enter');
    await page.waitForURL(/q=/);
    await page.getByTestId('conversation-row').first().waitFor();
    await page.getByTestId('inbox-search').locator('input').fill('');
    await page.getByTestId('inbox-search').locator('input').press('Enter');
    await page.waitForURL((u) => !u.search.includes('q='));
  });

  it('a conversation: answer it (Enter sends), tag it, assign it', async () => {
    await openInbox(page);
    await page.getByTestId('conversation-row').first().click();
    await page.waitForURL(/c=\d+/);
    const thread = page.getByTestId('thread');
    await thread.getByTestId('thread-message').first().waitFor();

    const text = `Thanks for writing, we are on it ${Date.now()}`;
    await page.getByTestId('composer-input').fill(text);
    await page.getByTestId('composer-input').press('Shift+Enter');
    await page.getByTestId('composer-input').pressSequentially('Second line');
    expect(await page.getByTestId('composer-input').inputValue()).toBe(`${text}\nSecond line`);
    await page.getByTestId('composer-input').press('Enter');
    const sent = thread.getByTestId('thread-message').filter({ hasText: text });
    await sent.waitFor();
    expect(await page.getByTestId('composer-input').inputValue()).toBe('');
    // Its delivery state is shown: sent, or failed with its reason and a Retry button.
    await sent.locator('[data-testid^="delivery-"]').first().waitFor();
    if (await sent.getByTestId('delivery-failed').count()) await sent.getByTestId('retry-button').waitFor();

    const tag = `vip-${Date.now() % 100000}`;
    await page.getByTestId('tag-select').click();
    await page.keyboard.type(tag);
    await pickOption(page, `Create tag “${tag}”`);
    await thread.getByTestId('thread-tag').filter({ hasText: tag }).waitFor();

    await page.getByTestId('assignee-select').click();
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
    const who = ((await option.textContent()) ?? '').trim();
    await option.click();
    await page.getByTestId('assignee-select').getByText(who).waitFor();
    await page
      .getByTestId('conversation-row')
      .filter({ hasText: `→ ${who}` })
      .first()
      .waitFor();
    await expectAccessible(page);
    await shot(page, 'thread');
  });

  it('posts: comments threaded with reactions; reply to a comment', async () => {
    await openInbox(page);
    await page
      .getByTestId('inbox-view')
      .getByText(/^Posts/)
      .click();
    await page.getByTestId('post-row').first().click();
    const detail = page.getByTestId('post-detail');
    await detail.getByTestId('comment').first().waitFor();
    await detail.getByTestId('reaction').first().waitFor();
    const reply = `Thank you! ${Date.now()}`;
    const comment = detail
      .getByTestId('comment')
      .filter({ has: page.getByTestId('comment-reply') })
      .first();
    await comment.getByTestId('comment-reply').first().click();
    await comment.getByTestId('comment-reply-input').fill(reply);
    await comment.getByTestId('comment-reply-send').click();
    await detail.getByTestId('comment').filter({ hasText: reply }).first().waitFor();
    await expectAccessible(page);
    await shot(page, 'posts');

    // Done takes the post out of the list.
    const postId = await page.getByTestId('post-row').first().getAttribute('data-id');
    await detail.getByTestId('post-remove').click();
    await page.getByTestId('post-detail').waitFor({ state: 'detached' });
    expect(await page.locator(`[data-testid="post-row"][data-id="${postId}"]`).count()).toBe(0);
  });

  it('analytics: chart, response times, heat map, table; both Excel exports download', async () => {
    await page.goto('/messages/analytics');
    expect(await pageTitle(page)).toBe('Messages Analytics');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="volume-chart"] canvas').length > 0);
    await page.getByTestId('heat-map').waitFor();
    await page.getByTestId('analytics-pages').locator('tbody tr').first().waitFor();
    for (const button of ['export-analytics', 'export-pages']) {
      const download = page.waitForEvent('download');
      await page.getByTestId(button).click();
      expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
    }
    await expectAccessible(page);
    await shot(page, 'analytics', true);
  });

  it('pages: connect state, location and the enable switch', async () => {
    await page.goto('/messages/pages');
    expect(await pageTitle(page)).toBe('Pages');
    await page.getByTestId('connect-state').first().waitFor();
    // Switched off and on again: the server's answer is what the switch shows.
    const enabled = page.getByTestId('page-enabled').last();
    await enabled.click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="page-enabled"]:not(.ant-switch-checked)').length > 0,
    );
    await enabled.click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="page-enabled"]:not(.ant-switch-checked)').length === 0,
    );
    await expectAccessible(page);
    await shot(page, 'pages', true);
  });
});

describe('messages on a phone (one signed-in page)', () => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage(PHONE);
    await signIn(page, ADMIN);
  });

  it('list and thread are separate screens with a back button; tables become cards', async () => {
    await openInbox(page);
    await shot(page, 'inbox');
    await page.getByTestId('conversation-row').first().click();
    await page.getByTestId('thread').waitFor();
    expect(await page.getByTestId('conversation-list').count()).toBe(0);
    await page.getByTestId('thread-message').first().waitFor();
    await shot(page, 'thread');
    await page.getByTestId('thread-back').click();
    await page.getByTestId('conversation-list').waitFor();

    await page
      .getByTestId('inbox-view')
      .getByText(/^Posts/)
      .click();
    await page.getByTestId('post-row').first().click();
    await page.getByTestId('post-detail').getByTestId('comment').first().waitFor();
    await shot(page, 'posts');

    await page.goto('/messages/pages');
    await page.locator('.rt-cards').first().waitFor();
    await page.getByTestId('connect-state').first().waitFor();
    await shot(page, 'pages', true);

    await page.goto('/messages/analytics');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="volume-chart"] canvas').length > 0);
    await page.locator('.rt-cards').first().waitFor();
    await shot(page, 'analytics', true);
  });
});

describe('messages as an Analyst', () => {
  it('reads conversations without a composer, tag or assignment edits', async () => {
    const page = await newPage(LAPTOP);
    await signIn(page, ANALYST);
    await openInbox(page);
    await page.getByTestId('conversation-row').first().click();
    await page.getByTestId('thread-message').first().waitFor();
    await page.getByTestId('read-only-note').waitFor();
    expect(await page.getByTestId('composer').count()).toBe(0);
    expect(await page.getByTestId('tag-select').count()).toBe(0);
    expect(await page.getByTestId('assignee-select').count()).toBe(0);
  });
});

describe('realtime', () => {
  it('a signed Meta webhook raises the badge and shows in the open conversation without a reload', async () => {
    const admin = await token(ADMIN);
    const { items: pages } = await call<{ items: MessagePage[] }>(admin, 'GET', '/v2/api/pages');
    const { conversations } = await call<{ conversations: Conversation[] }>(admin, 'POST', '/v2/api/conversations', {
      channel: 'facebook',
    });
    const conversation = conversations.find((c) => c.customerExternalId && c.pageId !== null)!;
    const page = pages.find((p) => p.id === conversation.pageId)!;

    const browser = await newPage(LAPTOP);
    await signInAt(browser, ADMIN, `/messages?c=${conversation.id}`);
    await browser.getByTestId('thread-message').first().waitFor();
    // Opening it read it: wait until the badge shows what the server counts now.
    const expected = async () => {
      const [a, b] = await Promise.all([
        call<{ unreadTotalCount: number }>(admin, 'GET', '/v2/api/conversations/unreadTotalCount'),
        call<{ unreadTotalCount: number }>(admin, 'GET', '/v2/api/socialpost/unreadTotalCount'),
      ]);
      return a.unreadTotalCount + b.unreadTotalCount;
    };
    const badge = async () => {
      const el = browser.getByTestId('unread-badge');
      return (await el.count()) === 0 ? 0 : Number(((await el.textContent()) ?? '0').replace('+', ''));
    };
    await expect.poll(async () => (await badge()) === (await expected()), { timeout: 15_000 }).toBe(true);
    const before = await badge();

    const text = `Is the terrace open tonight? ${Date.now()}`;
    // Meta's Messenger delivery, signed as Meta signs it: HMAC-SHA256 of the raw body with the app secret.
    const body = JSON.stringify({
      object: 'page',
      entry: [
        {
          id: page.externalId,
          time: Date.now(),
          messaging: [
            {
              sender: { id: conversation.customerExternalId },
              recipient: { id: page.externalId },
              timestamp: Date.now(),
              message: { mid: `m_e2e_${Date.now()}`, text },
            },
          ],
        },
      ],
    });
    const signature = `sha256=${createHmac('sha256', META_APP_SECRET).update(body).digest('hex')}`;
    const res = await fetch(`${baseURL()}/webhooks/meta`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
      body,
    });
    expect(res.status).toBe(200);

    await browser.getByTestId('thread-message').filter({ hasText: text }).waitFor();
    await expect.poll(badge, { timeout: 15_000 }).toBe(Math.min(before + 1, 99));
  });
});
