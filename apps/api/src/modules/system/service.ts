import { createHmac } from 'node:crypto';
import { displayName } from '@reputo/core';
import { SignJWT } from 'jose';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { ActingContext } from '../../platform/acting';
import type { Realtime } from '../../platform/realtime';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../platform/demo';
import { findUsersByEmails } from './repository';

/** What the web app needs before anyone signs in. Preset users are listed only in demo mode. */
export async function clientConfig(db: Db, config: Config, realtime: Realtime) {
  const presetUsers = config.demoMode ? await presetUsersOf(db) : [];
  return {
    clientId: config.oauthClientId,
    clientSecret: config.oauthClientSecret,
    demoMode: config.demoMode,
    presetUsers,
    maintenance: config.maintenance,
    billingPortalBase: config.billingPortalBase,
    announcement: config.announcement,
    apiVersion: config.version,
    pusher: realtime.clientSettings(),
  };
}

async function presetUsersOf(db: Db) {
  const rows = await findUsersByEmails(
    db,
    DEMO_ACCOUNTS.map((a) => a.email),
  );
  const byEmail = new Map(rows.map((r) => [r.email, r]));
  return DEMO_ACCOUNTS.filter((a) => byEmail.has(a.email)).map((a) => {
    const row = byEmail.get(a.email)!;
    return {
      mail: a.email,
      password: DEMO_PASSWORD,
      userName: `${displayName(row.firstName, row.lastName)} (${a.role})`,
    };
  });
}

/** Session length the chat widget is told (spec 000 section 7). */
export const CHAT_SESSION_MS = 86400000;

/**
 * The chat widget's identity verification: an HMAC-SHA256 of the user id with a server secret, so the
 * widget cannot be told to open another user's conversations.
 */
export function intercomPayload(config: Config, ctx: ActingContext) {
  const user = ctx.user;
  const userId = String(user.id);
  return {
    app_id: config.intercomAppId,
    user_id: userId,
    email: user.email,
    name: displayName(user.firstName, user.lastName),
    created_at: Math.floor(user.createdAt.getTime() / 1000),
    user_hash: createHmac('sha256', config.intercomSecret).update(userId).digest('hex'),
    company: ctx.company
      ? { company_id: String(ctx.company.id), name: ctx.company.companyName, plan: ctx.company.package }
      : null,
    session_duration: CHAT_SESSION_MS,
  };
}

/** A signed token that identifies the user to a user-engagement tool (valid for one hour). */
export async function userlistToken(config: Config, ctx: ActingContext): Promise<string> {
  const user = ctx.user;
  return new SignJWT({
    identifier: `user-${user.id}`,
    email: user.email,
    name: displayName(user.firstName, user.lastName),
    company: ctx.company?.companyName ?? null,
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(config.userlistSecret));
}
