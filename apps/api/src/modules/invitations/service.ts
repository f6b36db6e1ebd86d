import { MIN_PASSWORD_LENGTH, MSG } from '@reputo/core';
import type { Db } from '../../db/client';
import type { Mailer } from '../../platform/mail';
import { AppError, badRequest } from '../../platform/errors';
import { hashPassword } from '../../platform/auth/passwords';
import { hashToken, randomToken } from '../../platform/auth/tokens';
import { appLink } from '../../platform/links';
import { mailHtml, t, tHtml } from '../../platform/i18n';
import { languageOfUser } from '../me/service';
import type { UserRow } from '../users/repository';
import { updateUser } from '../users/repository';
import { findLiveInvitation, insertInvitation, markInvitationAccepted, revokeUserInvitations } from './repository';

const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const INVITATION_USED = MSG.invitationConfirmedOrWrong;

export type InvitationCheck = { items: { email: string; firstName: string | null }[]; message?: string };

export async function checkInvitation(db: Db, token: string): Promise<InvitationCheck> {
  const invitation = await findLiveInvitation(db, hashToken(token));
  if (!invitation) return { items: [], message: INVITATION_USED };
  return { items: [{ email: invitation.email, firstName: invitation.firstName }] };
}

export async function acceptInvitation(db: Db, input: { token: string; password: string }): Promise<void> {
  if (input.password.length < MIN_PASSWORD_LENGTH)
    throw badRequest(MSG.invitationPasswordTooShort, [{ field: 'password', message: MSG.invitationPasswordTooShort }]);
  const invitation = await findLiveInvitation(db, hashToken(input.token));
  if (!invitation || !(await markInvitationAccepted(db, invitation.id)))
    throw new AppError(400, 'invalid_invitation', INVITATION_USED);
  await updateUser(db, invitation.userId, { passwordHash: await hashPassword(input.password), status: 'active' });
}

/** Creates a fresh invitation for an invited user (earlier links stop working) and mails it. */
export async function sendInvitation(
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  input: { user: UserRow; companyName: string | null; invitedBy: UserRow; url?: string },
): Promise<void> {
  const token = randomToken();
  await revokeUserInvitations(deps.db, input.user.id);
  await insertInvitation(deps.db, {
    tokenHash: hashToken(token),
    userId: input.user.id,
    companyId: input.user.companyId,
    email: input.user.email,
    firstName: input.user.firstName,
    invitedBy: input.invitedBy.id,
    expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
  });
  const link = appLink(deps.publicUrl, input.url, `/invitation/${token}`);
  // In the invited user's language: their region's default (a fresh user has chosen none), else English.
  const lang = await languageOfUser(deps.db, input.user);
  const company = input.companyName;
  const inviter =
    [input.invitedBy.firstName, input.invitedBy.lastName].filter(Boolean).join(' ') ||
    t(lang, 'mail:invitation.yourTeam');
  const vars = { inviter, company: company ?? '', link };
  const greeting = (esc: typeof t) =>
    input.user.firstName
      ? esc(lang, 'mail:greeting.named', { name: input.user.firstName })
      : esc(lang, 'mail:greeting.anonymous');
  const intro = company ? 'mail:invitation.introToCompany' : 'mail:invitation.intro';
  await deps.mailer.send({
    to: input.user.email,
    subject: t(lang, company ? 'mail:invitation.subjectToCompany' : 'mail:invitation.subject', vars),
    text: [greeting(t), '', t(lang, intro, vars), t(lang, 'mail:invitation.linkText', vars)].join('\n'),
    html: mailHtml(
      lang,
      `<p>${greeting(tHtml)}</p><p>${tHtml(lang, intro, vars)}</p><p><a href="${link}">${tHtml(lang, 'mail:invitation.button')}</a> ${tHtml(lang, 'mail:invitation.linkNote')}</p>`,
    ),
    links: [link],
  });
}
