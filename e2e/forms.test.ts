import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG } from '@reputo/core';
import { call, mailedLink, token, uniqueEmail } from './support/api';
import { baseURL, expectPath, newPage, PHONE, screenshot, signIn, useBrowser } from './support/browser';

useBrowser();

async function fill(page: Page, label: string, value: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).fill(value);
}

async function seeMessage(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor();
}

/** A new team member of the Master Admin's company, invited through the API (the mail goes to the outbox). */
async function invite(firstName?: string): Promise<{ email: string; link: string }> {
  const email = uniqueEmail('member');
  const admin = await token('admin@reputo.test');
  await call(admin, 'POST', '/v2/api/team', {
    email,
    firstName,
    lastName: firstName ? 'Tester' : undefined,
    role: 'manager',
    url: baseURL(),
  });
  return { email, link: await mailedLink(email, '/invitation/') };
}

/** Sets the passwords on the invitation or recovery page. */
async function setPasswords(page: Page, password: string, confirm: string): Promise<void> {
  await fill(page, 'Password', password);
  await fill(page, 'Confirm password', confirm);
}

describe('invitation', () => {
  it('greets by first name, checks the passwords, completes and shows the notice for about 5.5 s', async () => {
    const { email, link } = await invite('Nadia');
    const page = await newPage();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Welcome, Nadia!' }).waitFor();
    const emailInput = page.getByLabel('Email', { exact: true });
    expect(await emailInput.inputValue()).toBe(email);
    expect(await emailInput.isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Confirm password' }).click();
    await seeMessage(page, MSG.passwordRequired);
    await seeMessage(page, MSG.confirmRequired);
    await setPasswords(page, '123', '124');
    await seeMessage(page, MSG.invitationPasswordTooShort);
    await seeMessage(page, MSG.passwordsInconsistent);
    await screenshot(page, 'invitation-messages');

    await setPasswords(page, 'secret12', 'secret12');
    await page.getByRole('button', { name: 'Confirm password' }).click();
    await expectPath(page, '/signin');
    const notice = page.getByText(MSG.invitationDoneNotice);
    await notice.waitFor();
    const shownAt = Date.now();
    await screenshot(page, 'signin-invitation-notice');
    await notice.waitFor({ state: 'detached', timeout: 9000 });
    expect(Date.now() - shownAt).toBeGreaterThan(4000);

    await signIn(page, email, 'secret12');
    await expectPath(page, '/reviews');

    // The used link now says the account is confirmed and goes to sign-in after 4 s.
    const again = await newPage();
    await again.goto(link);
    await again.getByText('already confirmed').waitFor();
    const at = Date.now(); // before the screenshot, which can take a second on a busy machine
    await screenshot(again, 'invitation-confirmed');
    await expectPath(again, '/signin');
    expect(Date.now() - at).toBeGreaterThan(3000);
  });

  it('greets a member without a first name generically', async () => {
    const { link } = await invite();
    for (const size of [undefined, PHONE]) {
      const page = await newPage(size);
      await page.goto(link);
      await page.getByRole('heading', { name: 'Welcome to your team on Reputo!' }).waitFor();
      await screenshot(page, 'invitation');
    }
  });

  it('shows Error when the invitation cannot be checked', async () => {
    const page = await newPage();
    await page.goto('/invitation/short');
    await page.getByText(MSG.error, { exact: true }).waitFor();
  });
});

describe('password recovery', () => {
  it('checks the email, mails a link, sets a new password and shows the one-time notice', async () => {
    const { email, link } = await invite('Rami');
    const setup = await newPage();
    await setup.goto(link);
    await setPasswords(setup, 'first-pass', 'first-pass');
    await setup.getByRole('button', { name: 'Confirm password' }).click();
    await expectPath(setup, '/signin');

    const page = await newPage();
    await page.goto('/signin');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expectPath(page, '/forgotPassword');
    await page.getByRole('button', { name: 'Send' }).click();
    await seeMessage(page, MSG.emailNotValid);
    await fill(page, 'Email', 'nobody-here@example.test');
    await page.getByRole('button', { name: 'Send' }).click();
    await seeMessage(page, MSG.noUserWithEmail);
    await screenshot(page, 'forgot-unknown');
    await fill(page, 'Email', email);
    await page.getByRole('button', { name: 'Send' }).click();
    await seeMessage(page, MSG.recoveryLinkSent);
    await screenshot(page, 'forgot-sent');

    const recovery = await mailedLink(email, '/confirmPassword/');
    await page.goto(recovery);
    await page.getByRole('button', { name: 'Change password' }).click();
    await seeMessage(page, MSG.passwordRequired);
    await seeMessage(page, MSG.confirmRequired);
    await setPasswords(page, '12345', '54321');
    await seeMessage(page, MSG.passwordTooShort);
    await seeMessage(page, MSG.passwordsInconsistent);
    await screenshot(page, 'recovery-messages');
    await setPasswords(page, 'second-pass', 'second-pass');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectPath(page, '/signin');
    await page.getByText(MSG.recoveryDoneNotice).waitFor();
    await page.getByText(MSG.sessionsEndedNotice).waitFor();
    await screenshot(page, 'signin-recovered-notice');

    // The notice is one-time.
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await page.getByText(MSG.recoveryDoneNotice).count()).toBe(0);
    await signIn(page, email, 'second-pass');
    await expectPath(page, '/reviews');
  });

  it('shows the recovery failure text for a bad link', async () => {
    const page = await newPage();
    await page.goto('/confirmPassword/not-a-real-token-123');
    await setPasswords(page, 'secret12', 'secret12');
    await page.getByRole('button', { name: 'Change password' }).click();
    await seeMessage(page, MSG.noUserWithEmail);
  });
});

describe('user settings', () => {
  it('edits names and email with their rules and changes the password', async () => {
    const { email, link } = await invite('Lina');
    const setup = await newPage();
    await setup.goto(link);
    await setPasswords(setup, 'lina-pass', 'lina-pass');
    await setup.getByRole('button', { name: 'Confirm password' }).click();
    await expectPath(setup, '/signin');

    // A second browser signed in to the same account: the password change below ends its session.
    const elsewhere = await newPage();
    await signIn(elsewhere, email, 'lina-pass');

    const page = await newPage();
    await signIn(page, email, 'lina-pass');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'User Settings' }).click();
    await expectPath(page, '/user');

    // Read-only until Edit; an unchanged save just leaves edit mode.
    const first = page.getByTestId('field-firstName');
    expect(await first.getAttribute('readonly')).not.toBeNull();
    await page.getByTestId('edit-firstName').click();
    await page.locator('#profile-firstName').getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('edit-firstName').waitFor();

    // Email rules.
    await page.getByTestId('edit-email').click();
    await page.getByTestId('field-email').fill('');
    await seeMessage(page, MSG.emailRequired);
    await page.getByTestId('field-email').fill('not-an-email');
    await seeMessage(page, MSG.emailNotValid);
    await screenshot(page, 'user-settings-email');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByTestId('field-email').inputValue()).toBe(email);

    // A real change is saved.
    await page.getByTestId('edit-lastName').click();
    await page.getByTestId('field-lastName').fill('Haddad');
    await page.locator('#profile-lastName').getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('edit-lastName').waitFor();
    await page.reload();
    await page.getByTestId('field-lastName').waitFor();
    expect(await page.getByTestId('field-lastName').inputValue()).toBe('Haddad');

    // Change password.
    await page.getByRole('button', { name: 'Change password' }).click();
    await seeMessage(page, MSG.passwordRequired);
    await seeMessage(page, MSG.confirmRequired);
    await setPasswords(page, 'abc', 'abd');
    await seeMessage(page, MSG.passwordTooShort);
    await seeMessage(page, MSG.passwordsInconsistent);
    await setPasswords(page, 'lina-pass-2', 'lina-pass-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await seeMessage(page, MSG.passwordChanged);
    await seeMessage(page, MSG.otherSessionsEnded);
    await screenshot(page, 'user-settings');
    await token(email, 'lina-pass-2');
    // This browser stays signed in; the other one is sent to sign in at its next call.
    await page.reload();
    await page.getByTestId('field-lastName').waitFor();
    await expectPath(page, '/user');
    await elsewhere.goto('/user');
    await expectPath(elsewhere, '/signin');
  });
});
