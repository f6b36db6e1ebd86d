/**
 * Mailchimp and ActiveCampaign connections and the sync of consenting feedback contacts into the
 * chosen audience or lists; see README.md.
 */
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import type { JobQueue, JobRow } from '../../platform/jobs';
import { ServiceError } from '../../connectors/apiKeyHttp';
import { mailchimpBaseUrl, mailchimpClient } from '../../connectors/mailchimp';
import { activeCampaignClient, activeCampaignUrl } from '../../connectors/activecampaign';
import { boxOf } from '../integrations/service';
import { findConnection, markReconnectNeeded, saveConnection, type ConnectionRow } from '../tickets/repository';
import { companyBrands, deleteAudienceConnection, latestFeedback, mergeSettings, syncableContacts } from './repository';

type Deps = Pick<AppDeps, 'db' | 'config'>;

export const AUDIENCE_PROVIDERS = ['mailchimp', 'activecampaign'] as const;
export type AudienceProvider = (typeof AUDIENCE_PROVIDERS)[number];
export const AUDIENCE_TITLES: Record<AudienceProvider, string> = {
  mailchimp: 'Mailchimp',
  activecampaign: 'ActiveCampaign',
};
export const AUDIENCE_SYNC_JOB = 'audiences.sync';
/** Contacts read per step; the progress is saved after each (a retried job resumes there). */
const SYNC_BATCH = 50;
/** Failed contacts whose reason the card lists (the count has them all). */
const ERRORS_KEPT = 20;

/** A sync run: its progress while it runs, its result after. */
export interface SyncState {
  running: boolean;
  /** The last contact id done (sent or failed): a retried job goes on after it. */
  afterId: number;
  synced: number;
  failed: number;
  errors: { email: string; reason: string }[];
  /** Why the run stopped before the end (a refused key, retries used up). */
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
}

export interface AudienceSettings {
  /** Where the calls go (the key's data center, the account's address, or the fixed test address). */
  baseUrl: string;
  /** Mailchimp: the chosen audience. */
  listId?: string | null;
  listName?: string | null;
  /** ActiveCampaign: the list of each brand's contacts, and of contacts of no mapped brand. */
  brandLists?: { brandId: number; listId: string }[];
  defaultListId?: string | null;
  sync?: SyncState | null;
}

export const audienceSettingsOf = (c: ConnectionRow) => (c.settings ?? {}) as unknown as AudienceSettings;
const callOptions = (deps: Deps) => ({
  timeoutMs: deps.config.audiences.timeoutMs,
  retryMs: deps.config.audiences.retryMs,
});

function mailchimpFor(deps: Deps, c: ConnectionRow) {
  return mailchimpClient(
    { baseUrl: audienceSettingsOf(c).baseUrl, apiKey: boxOf(deps).open(c.accessToken!) },
    callOptions(deps),
  );
}
function activeCampaignFor(deps: Deps, c: ConnectionRow) {
  return activeCampaignClient(
    { baseUrl: audienceSettingsOf(c).baseUrl, apiToken: boxOf(deps).open(c.accessToken!) },
    callOptions(deps),
  );
}

function connectFailed(error: unknown): never {
  if (error instanceof ServiceError) throw new AppError(422, 'connect_failed', error.message);
  throw error;
}

/** A reading call refused: the key marks the connection "reconnect needed"; the caller hears why. */
async function onServiceError(deps: Deps, c: ConnectionRow, error: unknown): Promise<never> {
  if (error instanceof ServiceError && error.kind === 'auth')
    await markReconnectNeeded(deps.db, c.companyId, c.source, error.message);
  if (error instanceof ServiceError)
    throw new AppError(error.kind === 'transient' ? 502 : 422, 'provider_error', error.message);
  throw error;
}

async function connected(deps: Deps, companyId: number, provider: AudienceProvider): Promise<ConnectionRow> {
  const c = await findConnection(deps.db, companyId, provider);
  if (!c) throw conflict(`Connect ${AUDIENCE_TITLES[provider]} first in Settings › Third-party Login`);
  if (c.status !== 'connected')
    throw conflict(
      `${AUDIENCE_TITLES[provider]} must be connected again in Settings › Third-party Login: ${c.statusReason ?? ''}`,
    );
  return c;
}

/** Keeps what the company chose when the same account is connected again with a new key. */
const keptChoices = (before: ConnectionRow | undefined, account: string) => {
  if (!before || before.account !== account) return {};
  const { listId, listName, brandLists, defaultListId, sync } = audienceSettingsOf(before);
  return { listId, listName, brandLists, defaultListId, sync };
};

/** Connects Mailchimp with an API key (`key-us6`), checked with GET /ping. */
export async function connectMailchimp(deps: Deps, companyId: number, apiKey: string): Promise<ConnectionRow> {
  const baseUrl = mailchimpBaseUrl(deps.config.audiences.mailchimpBaseUrl, apiKey);
  if (!baseUrl)
    throw badRequest('Enter the API key, like 0123…cdef-us6', [
      { field: 'apiKey', message: 'Enter the API key, like 0123…cdef-us6' },
    ]);
  await mailchimpClient({ baseUrl, apiKey }, callOptions(deps)).ping().catch(connectFailed);
  const dc = apiKey.slice(apiKey.lastIndexOf('-') + 1);
  const before = await findConnection(deps.db, companyId, 'mailchimp');
  return saveConnection(deps.db, {
    companyId,
    source: 'mailchimp',
    account: dc,
    accountName: `Mailchimp (${dc})`,
    accessToken: boxOf(deps).seal(apiKey),
    settings: { ...keptChoices(before, dc), baseUrl } satisfies AudienceSettings,
  });
}

/** Connects ActiveCampaign with the account's address and an API token, checked with users/me. */
export async function connectActiveCampaign(
  deps: Deps,
  companyId: number,
  input: { accountUrl: string; apiToken: string },
): Promise<ConnectionRow> {
  const accountUrl = activeCampaignUrl(input.accountUrl);
  if (!accountUrl)
    throw badRequest('Enter your account URL, like https://acme.api-us1.com', [
      { field: 'accountUrl', message: 'Enter your account URL, like https://acme.api-us1.com' },
    ]);
  const baseUrl = deps.config.audiences.activeCampaignBaseUrl ?? accountUrl;
  const me = await activeCampaignClient({ baseUrl, apiToken: input.apiToken }, callOptions(deps))
    .me()
    .catch(connectFailed);
  const before = await findConnection(deps.db, companyId, 'activecampaign');
  return saveConnection(deps.db, {
    companyId,
    source: 'activecampaign',
    account: accountUrl,
    accountName: me.email ? `${me.username} (${me.email})` : me.username,
    accessToken: boxOf(deps).seal(input.apiToken),
    settings: { ...keptChoices(before, accountUrl), baseUrl } satisfies AudienceSettings,
  });
}

export function disconnectAudience(deps: Deps, companyId: number, provider: AudienceProvider) {
  return deleteAudienceConnection(deps.db, companyId, provider);
}

/** Mailchimp's audiences (read now, all pages); saves the one given (404 when it is not the account's). */
export async function mailchimpLists(deps: Deps, companyId: number, listId: string | undefined) {
  const c = await connected(deps, companyId, 'mailchimp');
  const lists = await mailchimpFor(deps, c)
    .audiences()
    .catch((e: unknown) => onServiceError(deps, c, e));
  if (listId === undefined) return { connection: c, lists };
  const chosen = lists.find((l) => l.id === listId);
  if (!chosen) throw notFound('Mailchimp audience not found');
  const saved = await mergeSettings(deps.db, c.id, { listId: chosen.id, listName: chosen.name });
  return { connection: saved ?? c, lists };
}

/**
 * ActiveCampaign's lists (read now) and the company's brands with their list; saves the mapping and
 * default list given (404 for a brand of another company or a list that is not the account's).
 */
export async function activeCampaignBrands(
  deps: Deps,
  companyId: number,
  input: { defaultListId?: string | null; brands?: { brandId: number; listId: string | null }[] },
) {
  const c = await connected(deps, companyId, 'activecampaign');
  const lists = await activeCampaignFor(deps, c)
    .lists()
    .catch((e: unknown) => onServiceError(deps, c, e));
  const own = await companyBrands(deps.db, companyId);
  const listIds = new Set(lists.map((l) => l.id));
  let saved = c;
  if (input.defaultListId !== undefined || input.brands) {
    for (const b of input.brands ?? []) if (!own.some((x) => x.id === b.brandId)) throw notFound('Brand not found');
    const wanted = [input.defaultListId, ...(input.brands ?? []).map((b) => b.listId)];
    if (wanted.some((id) => id && !listIds.has(id))) throw notFound('ActiveCampaign list not found');
    const s = audienceSettingsOf(c);
    const map = new Map((s.brandLists ?? []).map((b) => [b.brandId, b.listId]));
    for (const b of input.brands ?? []) {
      if (b.listId) map.set(b.brandId, b.listId);
      else map.delete(b.brandId);
    }
    saved =
      (await mergeSettings(deps.db, c.id, {
        brandLists: [...map].map(([brandId, listId]) => ({ brandId, listId })),
        defaultListId: input.defaultListId === undefined ? (s.defaultListId ?? null) : input.defaultListId,
      })) ?? c;
  }
  const mapped = new Map((audienceSettingsOf(saved).brandLists ?? []).map((b) => [b.brandId, b.listId]));
  return {
    connection: saved,
    lists,
    brands: own.map((b) => ({ id: b.id, title: b.title, listId: mapped.get(b.id) ?? null })),
  };
}

/** "Sync now": starts a run from the first contact (a running one goes on); queued on the job queue. */
export async function startSync(
  deps: Deps,
  queue: JobQueue,
  companyId: number,
  provider: AudienceProvider,
): Promise<ConnectionRow> {
  const c = await connected(deps, companyId, provider);
  const s = audienceSettingsOf(c);
  if (provider === 'mailchimp' && !s.listId) throw conflict('Choose the Mailchimp audience first');
  if (provider === 'activecampaign' && !s.defaultListId && !(s.brandLists ?? []).length)
    throw conflict('Choose the ActiveCampaign lists first');
  let row = c;
  if (!s.sync?.running) {
    const sync: SyncState = {
      running: true,
      afterId: 0,
      synced: 0,
      failed: 0,
      errors: [],
      error: null,
      startedAt: new Date().toISOString(),
      finishedAt: null,
    };
    row = (await mergeSettings(deps.db, c.id, { sync })) ?? c;
  }
  await queue.enqueue(
    AUDIENCE_SYNC_JOB,
    { companyId, provider },
    { dedupeKey: `audience-sync:${companyId}:${provider}`, maxAttempts: deps.config.audiences.maxAttempts },
  );
  queue.wake();
  return row;
}

const NPS_GROUP = (score: number) => (score >= 9 ? 'promoter' : score >= 7 ? 'passive' : 'detractor');

function splitName(name: string | null) {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') };
}

async function finish(deps: Deps, c: ConnectionRow, sync: SyncState, error: string | null) {
  await mergeSettings(deps.db, c.id, {
    sync: { ...sync, running: false, error, finishedAt: new Date().toISOString() },
  });
}

/**
 * One attempt of a sync run: from the saved progress on, each contact is sent; a contact the service
 * refuses (4xx) is counted as failed with the reason; a refused key stops the run and marks the
 * connection; a passing failure saves the progress and throws (the queue retries, the run resumes).
 */
async function syncJob(deps: Deps, payload: Record<string, unknown>, _job: JobRow): Promise<void> {
  const provider = payload.provider as AudienceProvider;
  const c = await findConnection(deps.db, Number(payload.companyId), provider);
  const s = c ? audienceSettingsOf(c) : undefined;
  if (!c || !s?.sync?.running) return;
  const sync = { ...s.sync };
  if (c.status !== 'connected') return finish(deps, c, sync, `${AUDIENCE_TITLES[provider]} must be connected again`);
  const mailchimp = provider === 'mailchimp' ? mailchimpFor(deps, c) : null;
  const ac = provider === 'activecampaign' ? activeCampaignFor(deps, c) : null;
  const brandList = new Map((s.brandLists ?? []).map((b) => [b.brandId, b.listId]));
  for (;;) {
    const batch = await syncableContacts(deps.db, c.companyId, sync.afterId, SYNC_BATCH);
    if (batch.length === 0) return finish(deps, c, sync, null);
    const feedback = await latestFeedback(
      deps.db,
      c.companyId,
      batch.map((x) => x.email!),
    );
    for (const contact of batch) {
      const answers = feedback.get(contact.email!) ?? {};
      const tags = [
        ...(answers.stars !== undefined ? [`rating:${answers.stars}`] : []),
        ...(answers.nps !== undefined ? [`nps:${NPS_GROUP(answers.nps)}`] : []),
        ...(contact.locationName ? [`location:${contact.locationName}`.slice(0, 100)] : []),
      ];
      const member = { email: contact.email!, ...splitName(contact.name), tags };
      // ActiveCampaign: the list of the contact's brand, else the default one (neither: not sent).
      const listId = mailchimp
        ? s.listId!
        : ((contact.brandId !== null ? brandList.get(contact.brandId) : undefined) ?? s.defaultListId ?? null);
      try {
        if (listId) {
          if (mailchimp) await mailchimp.upsertMember(listId, member);
          else await ac!.syncContact(listId, member);
          sync.synced++;
        }
      } catch (error) {
        if (!(error instanceof ServiceError)) throw error;
        if (error.kind === 'auth') {
          await markReconnectNeeded(deps.db, c.companyId, provider, error.message);
          return finish(deps, c, sync, error.message);
        }
        if (error.kind === 'transient') {
          await mergeSettings(deps.db, c.id, { sync: { ...sync, error: error.message } });
          throw error;
        }
        sync.failed++;
        sync.errors = [...sync.errors, { email: contact.email!, reason: error.message }].slice(-ERRORS_KEPT);
      }
      sync.afterId = contact.id;
    }
    await mergeSettings(deps.db, c.id, { sync: { ...sync, error: null } });
  }
}

export function defineAudienceJobs(deps: Deps, queue: JobQueue): void {
  queue.define(AUDIENCE_SYNC_JOB, (payload, job) => syncJob(deps, payload, job), {
    retryBaseSeconds: deps.config.audiences.retryBaseSeconds,
    concurrency: 2,
    onFailure: async (payload, failure, tx) => {
      if (failure.retryAt) return;
      const c = await findConnection(tx, Number(payload.companyId), String(payload.provider));
      const sync = c ? audienceSettingsOf(c).sync : null;
      if (c && sync?.running)
        await mergeSettings(tx, c.id, {
          sync: { ...sync, running: false, error: failure.error, finishedAt: new Date().toISOString() },
        });
    },
  });
}
