import { eq, inArray } from 'drizzle-orm';
import { packageFeatures } from '@reputo/core';
import { companies, conversations, locations, messagePages, messageTags, socialPosts, users } from '../../../db/schema';
import { hashPassword } from '../../../platform/auth/passwords';
import type { TestEnv } from '../../../test/harness';
import { bearer, signIn } from '../../../test/http';
import { FIXTURE_PASSWORD } from '../../../test/fixtures';
import { insertUser } from '../../users/repository';
import { ingestMessage, type IngestDeps, type InboundMessage } from '../ingest';

/**
 * A messaging world on the fixtures: company A with two locations (Marina, Downtown) and three pages
 * (Facebook and Instagram at Marina, Google at Downtown); company B given Messaging and a Facebook
 * page, so another tenant's ids exist; a Responder of A limited to Downtown. Every test file builds
 * it once (its rows are the file's), and `clear()` empties the conversations and posts between tests.
 */
export interface World {
  marina: number;
  downtown: number;
  fbA: { id: number; externalId: string };
  igA: { id: number; externalId: string };
  googleA: { id: number; externalId: string };
  fbB: { id: number; externalId: string };
  limitedEmail: string;
}

let counter = 0;

export async function buildWorld(env: TestEnv): Promise<World> {
  const { db } = env.database;
  const { fx } = env;
  const n = ++counter;
  await db
    .update(companies)
    .set({ features: [...packageFeatures('Starter'), 'messaging'] })
    .where(eq(companies.id, fx.companyB.id));
  const [marina, downtown, riyadh] = await db
    .insert(locations)
    .values([
      { companyId: fx.companyA.id, title: 'Marina' },
      { companyId: fx.companyA.id, title: 'Downtown' },
      { companyId: fx.companyB.id, title: 'Riyadh Main' },
    ])
    .returning({ id: locations.id });
  const page = async (companyId: number, provider: string, externalId: string, name: string, locationId: number) => {
    const [row] = await db
      .insert(messagePages)
      .values({ companyId, provider, externalId, name, locationId })
      .returning({ id: messagePages.id, externalId: messagePages.externalId });
    return row!;
  };
  const limitedEmail = `limited${n}@alpha.test`;
  await insertUser(db, {
    email: limitedEmail,
    role: 'responder',
    passwordHash: await hashPassword(FIXTURE_PASSWORD),
    status: 'active',
    firstName: 'Lim',
    lastName: 'Ited',
    companyId: fx.companyA.id,
    locationIds: [downtown!.id],
  });
  return {
    marina: marina!.id,
    downtown: downtown!.id,
    fbA: await page(fx.companyA.id, 'facebook', `fbA-${n}`, 'Alpha Marina', marina!.id),
    igA: await page(fx.companyA.id, 'instagram', `igA-${n}`, '@alpha.marina', marina!.id),
    googleA: await page(fx.companyA.id, 'google', `gA-${n}`, 'Alpha Downtown', downtown!.id),
    fbB: await page(fx.companyB.id, 'facebook', `fbB-${n}`, 'Beta Riyadh', riyadh!.id),
    limitedEmail,
  };
}

/** Empties the conversations, posts and tags of the fixtures' companies. */
export async function clear(env: TestEnv): Promise<void> {
  const { db } = env.database;
  const ids = [env.fx.companyA.id, env.fx.companyB.id];
  await db.delete(conversations).where(inArray(conversations.companyId, ids));
  await db.delete(socialPosts).where(inArray(socialPosts.companyId, ids));
  await db.delete(messageTags).where(inArray(messageTags.companyId, ids));
}

export function ingestDeps(env: TestEnv): IngestDeps {
  return { realtime: env.app.deps.realtime, mailer: env.app.deps.mailer, config: env.config };
}

let mid = 0;

/** A customer message through the ingest path; answers the stored message id. */
export async function inbound(
  env: TestEnv,
  page: { externalId: string },
  customer: string,
  text: string,
  at = new Date(),
  extra: Partial<InboundMessage> = {},
): Promise<number> {
  const result = await ingestMessage(env.database.db, ingestDeps(env), {
    provider: 'facebook',
    pageExternalId: page.externalId,
    customerExternalId: customer,
    customerName: customer,
    messageExternalId: `mid.${++mid}.${Date.now()}`,
    text,
    sentAt: at,
    ...extra,
  });
  if (result.status !== 'stored') throw new Error(`not stored: ${JSON.stringify(result)}`);
  return result.id;
}

export async function conversationOf(env: TestEnv, customer: string): Promise<number> {
  const [row] = await env.database.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.customerExternalId, customer));
  if (!row) throw new Error(`no conversation with ${customer}`);
  return row.id;
}

export type Caller = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) => Promise<{
  statusCode: number;
  json: () => any;
  body: string;
  rawPayload: Buffer;
  headers: Record<string, unknown>;
}>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test answers are read as loose JSON

/** A caller signed in as the given user. */
export async function as(env: TestEnv, email: string): Promise<Caller> {
  const { access_token } = await signIn(env.app, email);
  return async (method, url, payload) => {
    const res = await env.app.inject({
      method,
      url,
      headers: bearer(access_token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return res as never;
  };
}

export async function userId(env: TestEnv, email: string): Promise<number> {
  const [row] = await env.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}
