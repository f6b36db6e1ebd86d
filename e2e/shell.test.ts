import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { call, token } from './support/api';
import { expectPath, newPage, pageTitle, PHONE, screenshot, signIn, signInAt, useBrowser } from './support/browser';

useBrowser();

async function sideLabels(page: Page): Promise<string[]> {
  await page.locator('[data-testid="side-nav"] > li [data-section]').first().waitFor();
  return page
    .locator('[data-testid="side-nav"] > li [data-section]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-section') ?? ''));
}

async function siderWidth(page: Page): Promise<number> {
  return page.getByTestId('sider').evaluate((el) => el.getBoundingClientRect().width);
}

describe('sidebar', () => {
  it('lists only the admin panel for an Owner before Act as, and for a Partner', async () => {
    const owner = await newPage();
    await signIn(owner, 'owner@reputo.test');
    await owner.getByTestId('side-nav').waitFor();
    // Before Act as the Owner works in no company: company areas would all ask to choose one, so only the admin panel shows.
    expect(await sideLabels(owner)).toEqual(['admin_panel']);
    await owner.getByTestId('side-nav').getByText('Admin panel').click();
    for (const label of ['Companies', 'Admin Users', 'Partners', 'CS Dashboard', 'System Health']) {
      await owner.getByTestId('side-nav').getByText(label, { exact: true }).waitFor();
    }
    await screenshot(owner, 'owner-sidebar');

    const partner = await newPage();
    await signIn(partner, 'partner@reputo.test');
    await partner.getByTestId('side-nav').waitFor();
    expect(await sideLabels(partner)).toEqual(['admin_panel']);
    expect(await partner.getByTestId('side-nav').getByText('Partners').count()).toBe(0);
  });

  it('opens the section of the first path segment and highlights the item of the second', async () => {
    const page = await newPage();
    await signInAt(page, 'admin@reputo.test', '/reporting/trends');
    const selected = page.locator('.ant-menu-item-selected');
    await selected.getByText('Trends').waitFor();
    expect(await page.locator('.ant-menu-submenu-open').count()).toBe(1);
    // Opening another section closes the first: one open section at a time.
    await page.getByTestId('side-nav').getByText('Settings').click();
    await page.getByTestId('side-nav').getByText('Team Access').waitFor();
    expect(await page.locator('.ant-menu-submenu-open').count()).toBe(1);
    // A route change folds the navigation back to the current section.
    await page.getByTestId('side-nav').getByText('Team Access').click();
    await expectPath(page, '/settings/team_access');
    await page.locator('.ant-menu-item-selected').getByText('Team Access').waitFor();
    expect(await page.locator('.ant-menu-submenu-open').count()).toBe(1);
    await screenshot(page, 'team-access');
  });

  it('switches between full, mini and collapsed, and shows the versions', async () => {
    const page = await newPage();
    await signIn(page, 'manager@reputo.test');
    await page.getByTestId('versions').getByText('App version 0.1.0').waitFor();
    await page
      .getByTestId('versions')
      .getByText(/API version \d/)
      .waitFor();
    expect(await siderWidth(page)).toBeGreaterThan(200);
    await screenshot(page, 'reviews');

    await page.getByTestId('sidebar-mini-toggle').click();
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="sider"]')?.getBoundingClientRect().width ?? 0) < 100,
    );
    expect(await page.locator('[data-sidebar-mode="mini"]').count()).toBe(1);
    await screenshot(page, 'sidebar-mini');

    await page.getByTestId('nav-toggle').click();
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="sider"]')?.getBoundingClientRect().width ?? 1) === 0,
    );
    expect(await page.locator('[data-sidebar-mode="collapsed"]').count()).toBe(1);
    await screenshot(page, 'sidebar-collapsed');

    await page.getByTestId('nav-toggle').click();
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="sider"]')?.getBoundingClientRect().width ?? 0) > 200,
    );
    // The mode is remembered.
    await page.reload();
    await page.getByTestId('side-nav').waitFor();
    expect(await page.locator('[data-sidebar-mode="full"]').count()).toBe(1);
  });

  it('becomes a drawer under 992 px that closes on navigation', async () => {
    const page = await newPage(PHONE);
    await signIn(page, 'manager@reputo.test');
    await page.locator('[data-sidebar-mode="drawer"]').waitFor();
    expect(await page.getByTestId('sider').count()).toBe(0);
    await screenshot(page, 'reviews');
    await page.getByTestId('nav-toggle').click();
    await page.getByTestId('side-nav').getByText('Dashboard').waitFor();
    await screenshot(page, 'drawer');
    await page.getByTestId('side-nav').getByText('Dashboard').click();
    await expectPath(page, '/dashboard');
    await page.getByTestId('side-nav').waitFor({ state: 'hidden' });
    expect(await pageTitle(page)).toBe('Dashboard');
  });

  it('shows the unread badge (messages plus comments, 99+ above 99)', async () => {
    const admin = await token('admin@reputo.test');
    // Other test files write messages to the shared demo at any time: each check compares with the
    // totals read again, until the screen has caught up with them (CI6 saw 31 against 30 once).
    const totals = async () => {
      const a = await call<{ unreadTotalCount: number }>(admin, 'GET', '/v2/api/conversations/unreadTotalCount');
      const b = await call<{ unreadTotalCount: number }>(admin, 'GET', '/v2/api/socialpost/unreadTotalCount');
      return { messages: a.unreadTotalCount, total: a.unreadTotalCount + b.unreadTotalCount };
    };
    const page = await newPage();
    await signIn(page, 'admin@reputo.test');
    const badge = page.getByTestId('unread-badge');
    const badgeAgrees = async () => {
      const { total } = await totals();
      const shown = (await badge.count()) ? ((await badge.textContent()) ?? '').trim() : '';
      return shown === (total === 0 ? '' : total > 99 ? '99+' : String(total));
    };
    if ((await totals()).total === 0) await page.waitForTimeout(1500);
    await expect.poll(badgeAgrees, { timeout: 10_000 }).toBe(true);
    // The page the badge leads to lists what it counts: the same totals, and unread conversations to read.
    await page.getByTestId('side-nav').getByText('Messages').click();
    await expectPath(page, '/messages');
    await page.getByTestId('messages-unread-total').waitFor();
    await expect
      .poll(
        async () => (await page.getByTestId('messages-unread-total').textContent()) === String((await totals()).total),
        { timeout: 10_000 },
      )
      .toBe(true);
    if ((await totals()).messages > 0)
      expect(await page.locator('[data-testid="conversation-list"] [data-unread]').count()).toBeGreaterThan(0);
    await screenshot(page, 'messages');
  });
});

describe('realtime', () => {
  it('reloads the unread counters when the count channel announces a change', async () => {
    const page = await newPage();
    // Subscribed once the socket confirms the private channel (Pusher protocol), not when the auth call
    // answers: on a loaded machine the change below was published in between, and missed.
    const subscribed = new Promise<void>((resolve) =>
      page.on('websocket', (ws) =>
        ws.on('framereceived', (frame) => {
          if (String(frame.payload).includes('pusher_internal:subscription_succeeded')) resolve();
        }),
      ),
    );
    await signIn(page, 'admin@reputo.test');
    await page.waitForResponse((r) => r.url().includes('/conversations/unreadTotalCount'));
    await subscribed;
    const admin = await token('admin@reputo.test');
    const { conversations } = await call<{ conversations: { id: number; isRead: boolean }[] }>(
      admin,
      'POST',
      '/v2/api/conversations',
      { skip: 0 },
    );
    const target = conversations[0];
    if (!target) throw new Error('the demo company has no conversations');
    const reloaded = page.waitForRequest((r) => r.url().includes('/conversations/unreadTotalCount'), {
      timeout: 20_000,
    });
    await call(admin, 'PATCH', `/v2/api/conversationsread/${target.id}`, { isRead: !target.isRead });
    await reloaded;
    await call(admin, 'PATCH', `/v2/api/conversationsread/${target.id}`, { isRead: target.isRead });
  });
});

describe('header', () => {
  it('shows company name and role, and Accounts Settings only to a Master Admin', async () => {
    const admin = await newPage();
    await signIn(admin, 'admin@reputo.test');
    await admin.getByTestId('context').getByText('Master Admin').waitFor();
    await admin.getByTestId('user-menu').click();
    await admin.getByRole('menuitem', { name: 'Accounts Settings' }).click();
    await expectPath(admin, '/accounts');
    const portal = await admin.getByTestId('billing-portal').getAttribute('href');
    expect(portal).toMatch(/^https:\/\//);
    await screenshot(admin, 'accounts');

    const manager = await newPage();
    await signIn(manager, 'manager@reputo.test');
    await manager.getByTestId('user-menu').click();
    await manager.getByRole('menuitem', { name: 'User Settings' }).waitFor();
    expect(await manager.getByRole('menuitem', { name: 'Accounts Settings' }).count()).toBe(0);
    await manager.getByRole('menuitem', { name: 'Sign out' }).waitFor();
  });
});

describe('acting as', () => {
  it('asks an Owner acting for no company to choose one, without asking the API for company data', async () => {
    const page = await newPage();
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 403) refused.push(r.url());
    });
    await signIn(page, 'owner@reputo.test');
    await expectPath(page, '/reviews');
    await page.getByRole('heading', { name: 'Choose a company' }).waitFor();
    await screenshot(page, 'owner-choose-company');
    await page.getByTestId('choose-company').click();
    await expectPath(page, '/admin_panel/companies');
    await page.locator('[data-testid^="act-company-"]').first().click();
    await expectPath(page, '/reviews');
    await page.getByTestId('review-list').waitFor();
    expect(refused).toEqual([]);
  });

  it('acts as a company from the companies list and returns by the breadcrumb', async () => {
    const page = await newPage();
    await signInAt(page, 'owner@reputo.test', '/admin_panel/companies');
    await page.locator('[data-testid^="act-company-"]').first().waitFor();
    await screenshot(page, 'companies');
    const name = (await page.getByTestId('company-name').first().textContent()) ?? '';
    await page.locator('[data-testid^="act-company-"]').first().click();
    await expectPath(page, '/reviews');
    await page.getByTestId('context').getByText(name).first().waitFor();
    expect(await sideLabels(page)).not.toContain('admin_panel');
    expect(await sideLabels(page)).toContain('reviews');
    await screenshot(page, 'acting-company');
    await page.getByTestId('crumb-root').click();
    await expectPath(page, '/admin_panel/companies');
    expect(await page.evaluate(() => localStorage.getItem('reputo.ownerAsCompany'))).toBeNull();
    expect(await sideLabels(page)).toContain('admin_panel');
  });

  it('acts as a partner, then inside it as a company, and steps back one level', async () => {
    const page = await newPage();
    await signInAt(page, 'owner@reputo.test', '/admin_panel/partners');
    await page.locator('[data-testid^="act-partner-"]').first().click();
    await expectPath(page, '/admin_panel/companies');
    expect(await sideLabels(page)).toEqual(['admin_panel']);
    await page.locator('[data-testid^="act-company-"]').first().click();
    await expectPath(page, '/reviews');
    expect(await page.evaluate(() => localStorage.getItem('reputo.partnerAsCompany'))).not.toBeNull();
    await page.getByTestId('crumb-ownerAsPartner').click();
    await expectPath(page, '/admin_panel/companies');
    expect(await page.evaluate(() => localStorage.getItem('reputo.partnerAsCompany'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('reputo.ownerAsPartner'))).not.toBeNull();
    await page.getByTestId('crumb-root').click();
    await expectPath(page, '/admin_panel/partners');
  });

  it('lets a Master Admin act as a team user and return to Team Access', async () => {
    const page = await newPage();
    await signInAt(page, 'admin@reputo.test', '/settings/team_access');
    const act = page.locator('[data-testid^="act-user-"]').first();
    await act.waitFor();
    await act.click();
    await expectPath(page, '/reviews');
    await page.getByTestId('crumb-root').waitFor();
    await screenshot(page, 'acting-user');
    await page.getByTestId('crumb-root').click();
    await expectPath(page, '/settings/team_access');
    expect(await page.evaluate(() => localStorage.getItem('reputo.adminAsUser'))).toBeNull();
  });
});
