import { MIN_PASSWORD_LENGTH, MSG } from '@reputo/core';
import type { Db } from '../../db/client';
import type { Mailer } from '../../platform/mail';
import { AppError, badRequest, tooManyRequests } from '../../platform/errors';
import type { AttemptLimits } from '../../platform/auth/rateLimit';
import { hashPassword } from '../../platform/auth/passwords';
import { hashToken, randomToken } from '../../platform/auth/tokens';
import { setPasswordEndingSessions, waitMessage } from '../auth/service';
import { findUserByEmail } from '../users/repository';
import { consumeResetToken, insertResetToken } from './repository';
import { appLink } from '../../platform/links';
import { mailHtml, t, tHtml } from '../../platform/i18n';
import { languageOfUser } from '../me/service';

const RESET_TTL_MS = 60 * 60 * 1000;

export interface RecoveryDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  limits: AttemptLimits;
  /** Answer an unknown email as a known one (no mail goes out), so the answer does not tell which emails exist. */
  hideUnknownEmails: boolean;
}

/** Every request counts, per email and per client address: each one may send a mail. */
async function limitRecovery(limits: AttemptLimits, email: string, address: string): Promise<void> {
  const wait = await limits.hit([
    ['recoveryAddress', address],
    ['recoveryEmail', email.trim().toLowerCase()],
  ]);
  if (wait !== null) throw tooManyRequests(waitMessage('recovery requests', wait), wait);
}

export async function sendRecoveryMail(
  deps: RecoveryDeps,
  input: { email: string; url?: string; address: string },
): Promise<void> {
  await limitRecovery(deps.limits, input.email, input.address);
  const user = await findUserByEmail(deps.db, input.email.trim());
  if (!user && deps.hideUnknownEmails) return;
  if (!user) throw new AppError(404, 'not_found', MSG.noUserWithEmail);
  const token = randomToken();
  await insertResetToken(deps.db, {
    tokenHash: hashToken(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + RESET_TTL_MS),
  });
  const link = appLink(deps.publicUrl, input.url, `/confirmPassword/${token}`);
  const lang = await languageOfUser(deps.db, user);
  const greeting = (esc: typeof t) =>
    user.firstName ? esc(lang, 'mail:greeting.named', { name: user.firstName }) : esc(lang, 'mail:greeting.bare');
  await deps.mailer.send({
    to: user.email,
    subject: t(lang, 'mail:recovery.subject'),
    text: [
      greeting(t),
      '',
      t(lang, 'mail:recovery.intro'),
      t(lang, 'mail:recovery.linkText', { link }),
      '',
      t(lang, 'mail:recovery.ignoreText'),
    ].join('\n'),
    html: mailHtml(
      lang,
      `<p>${greeting(tHtml)}</p><p>${tHtml(lang, 'mail:recovery.intro')}</p><p><a href="${link}">${tHtml(lang, 'mail:recovery.button')}</a> ${tHtml(lang, 'mail:recovery.linkNote')}</p><p>${tHtml(lang, 'mail:recovery.ignoreHtml')}</p>`,
    ),
    links: [link],
  });
}

/** Recovery: the spec shows one failure text for an unknown, used or expired link. */
export async function resetPassword(db: Db, input: { token: string; password: string }): Promise<void> {
  if (input.password.length < MIN_PASSWORD_LENGTH)
    throw badRequest(MSG.passwordTooShort, [{ field: 'password', message: MSG.passwordTooShort }]);
  const userId = await consumeResetToken(db, hashToken(input.token));
  if (userId === null) throw new AppError(400, 'invalid_token', MSG.noUserWithEmail);
  // A recovered password ends every session, the old password's and any other.
  await setPasswordEndingSessions(db, userId, await hashPassword(input.password), null, { status: 'active' });
}

export { escapeHtml } from '../../platform/i18n';
