import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_MAILCHIMP } from '../apps/api/src/modules/audiences/demo';
import { DEMO_JIRA, DEMO_ZENDESK } from '../apps/api/src/modules/tickets/demo';
import { call, token } from './support/api';
import { DESKTOP, newPage, screenshot, signIn, useBrowser } from './support/browser';

useBrowser();

const ADMIN = 'admin@reputo.test';
const PATH = '/settings/other/thirdPartyLogin';

/** Fills and sends the connect form of a card (the demo server's fakes accept the demo credentials). */
async function connect(page: Page, provider: 'zendesk' | 'jira', account: string, email: string, apiToken: string) {
  await page.getByTestId(`connect-${provider}`).click();
  await page.getByTestId(`${provider}-account`).fill(account);
  await page.getByTestId(`${provider}-email`).fill(email);
  await page.getByTestId(`${provider}-token`).fill(apiToken);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
}

async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).click();
}

describe('Zendesk and Jira (Settings > Other > Third-party login, Reviews)', () => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage(DESKTOP);
    await signIn(page, ADMIN);
  });

  it('connects Zendesk and Jira, makes a ticket from a review, and disconnects both', async () => {
    // A clean start (also for the retry of a failed try).
    const admin = await token(ADMIN);
    await call(admin, 'DELETE', '/v2/api/zendesk');
    await call(admin, 'DELETE', '/v2/api/jira');
    await page.goto(PATH);
    const zendesk = page.getByTestId('integration-zendesk');
    const jira = page.getByTestId('integration-jira');
    await zendesk.getByText('Not connected').waitFor();

    // A refused token: the reason shows in the form, nothing is connected.
    await connect(page, 'zendesk', 'acme', DEMO_ZENDESK.email, 'wrong-token');
    await page
      .getByTestId('connect-error')
      .getByText(/Couldn't authenticate you/)
      .waitFor();
    await page.getByTestId('zendesk-token').fill(DEMO_ZENDESK.token);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await zendesk.getByText('Connected', { exact: true }).waitFor();
    await zendesk.getByText(`token …${DEMO_ZENDESK.token.slice(-4)}`, { exact: false }).waitFor();

    await connect(page, 'jira', 'acme.atlassian.net', DEMO_JIRA.email, DEMO_JIRA.token);
    await jira.getByText('Connected', { exact: true }).waitFor();
    const jiraState = async () =>
      (
        await call<{ jira: { projectId: string | null; issueTypeId: string | null } }>(
          admin,
          'GET',
          '/v2/api/ticketing',
        )
      ).jira;
    await choose(page, 'jira-project', 'Operations (OPS)');
    await expect.poll(async () => (await jiraState()).projectId).toBe('10001');
    // The issue types come with the saved project.
    await expect.poll(() => page.getByTestId('jira-issue-type').getAttribute('class')).not.toContain('disabled');
    await choose(page, 'jira-issue-type', 'Task');
    await expect.poll(async () => (await jiraState()).issueTypeId).toBe('10010');
    await page.mouse.move(0, 0);
    await screenshot(page.locator('.int-sources'), 'tickets-cards');

    // A review: Create Zendesk ticket; the server's job makes it and the card links it with its status.
    await page.goto('/reviews');
    const button = page.locator('[data-testid^="create-ticket-"]').first();
    // The first page of a large company's reviews takes a while on a busy machine.
    await button.waitFor({ timeout: 30_000 });
    const reviewId = (await button.getAttribute('data-testid'))!.replace('create-ticket-', '');
    await button.click();
    await page.getByRole('menuitem', { name: 'Create Zendesk ticket' }).click();
    const card = page.getByTestId(`review-${reviewId}`);
    await card
      .getByTestId('ticket-zendesk')
      .getByText(/Zendesk #\d+ · new/)
      .waitFor({ timeout: 20_000 });
    await screenshot(card, 'tickets-review');

    await page.goto(PATH);
    for (const [provider, card] of [
      ['zendesk', zendesk],
      ['jira', jira],
    ] as const) {
      await page.getByTestId(`disconnect-${provider}`).click();
      await page.getByRole('button', { name: 'Yes' }).click();
      await card.getByText('Not connected').waitFor();
    }
  });

  it('connects Mailchimp, picks an audience and disconnects', async () => {
    const admin = await token(ADMIN);
    await call(admin, 'DELETE', '/v2/api/mailchimp');
    await page.goto(PATH);
    const card = page.getByTestId('integration-mailchimp');
    await card.getByText('Not connected').waitFor();
    await page.getByTestId('connect-mailchimp').click();
    await page.getByTestId('mailchimp-key').fill('0000000000wrong-us1');
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await page
      .getByTestId('connect-error')
      .getByText(/API Key Invalid/)
      .waitFor();
    await page.getByTestId('mailchimp-key').fill(DEMO_MAILCHIMP.apiKey);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    await card.getByText('Connected', { exact: true }).waitFor();
    await choose(page, 'mailchimp-audience', 'Newsletter (0)');
    await expect
      .poll(
        async () =>
          (await call<{ mailchimp: { listId: string | null } }>(admin, 'GET', '/v2/api/audiences')).mailchimp.listId,
      )
      .toBe('a1b2c3d4e5');
    await page.mouse.move(0, 0);
    await screenshot(card, 'audiences-mailchimp');
    await page.getByTestId('disconnect-mailchimp').click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await card.getByText('Not connected').waitFor();
  });
});
