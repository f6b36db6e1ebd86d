/**
 * Zendesk and Jira connections and the tickets (issues) made from reviews; see README.md.
 */
import type { Db } from '../../db/client';
import type { AppDeps } from '../../platform/deps';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import type { JobQueue, JobRow } from '../../platform/jobs';
import { ServiceError } from '../../connectors/apiKeyHttp';
import { zendeskBaseUrl, zendeskClient, zendeskTicketPage } from '../../connectors/zendesk';
import { adfDocument, jiraClient, jiraIssuePage, jiraSiteUrl } from '../../connectors/jira';
import { boxOf } from '../integrations/service';
import {
  claimUnqueued,
  companyCategoryIds,
  connectedAccounts,
  deleteConnection,
  findConnection,
  findTicket,
  markReconnectNeeded,
  openTickets,
  requestTicket,
  reviewForTicket,
  saveConnection,
  saveStatuses,
  updateConnection,
  updateTicket,
  type ConnectionRow,
  type TicketRow,
} from './repository';
import type { TicketProvider } from './rules.repository';

type Deps = Pick<AppDeps, 'db' | 'config'>;

export const TICKET_CREATE_JOB = 'tickets.create';
export const TICKET_DISPATCH_JOB = 'tickets.dispatch';
export const TICKET_STATUS_JOB = 'tickets.status';
const DISPATCH_SECONDS = 5;
const DISPATCH_BATCH = 100;
/** Tickets whose status one refresh reads per connection (Zendesk's show_many takes 100 a call). */
const STATUS_BATCH = 200;

export const PROVIDER_TITLES: Record<TicketProvider, string> = { zendesk: 'Zendesk', jira: 'Jira' };

/** What the company chose: a rule (rating at most, categories) and, for Jira, the project and issue type. */
export interface ConnectionSettings {
  email: string;
  /** The address the calls go to (the site, or the fixed ZENDESK_BASE_URL / JIRA_BASE_URL). */
  baseUrl: string;
  /** Jira: the site the links point to. */
  siteUrl?: string;
  rule: { maxRating: number | null; categoryIds: number[] };
  projectId?: string | null;
  projectKey?: string | null;
  projectName?: string | null;
  issueTypeId?: string | null;
  issueTypeName?: string | null;
}

export const settingsOf = (c: ConnectionRow) => c.settings as unknown as ConnectionSettings;
const callOptions = (deps: Deps) => ({
  timeoutMs: deps.config.tickets.timeoutMs,
  retryMs: deps.config.tickets.retryMs,
});

function zendeskFor(deps: Deps, c: ConnectionRow) {
  const s = settingsOf(c);
  return zendeskClient(
    { baseUrl: s.baseUrl, email: s.email, apiToken: boxOf(deps).open(c.accessToken!) },
    callOptions(deps),
  );
}

function jiraFor(deps: Deps, c: ConnectionRow) {
  const s = settingsOf(c);
  return jiraClient(
    { baseUrl: s.baseUrl, email: s.email, apiToken: boxOf(deps).open(c.accessToken!) },
    callOptions(deps),
  );
}

/** A connect that the service refused: the form shows the reason (422), nothing is saved. */
function connectFailed(error: unknown): never {
  if (error instanceof ServiceError) throw new AppError(422, 'connect_failed', error.message);
  throw error;
}

async function checkedRule(
  deps: Deps,
  companyId: number,
  input: { maxRating?: number | null; categoryIds?: number[] },
  before: ConnectionSettings['rule'] | undefined,
): Promise<ConnectionSettings['rule']> {
  const categoryIds = input.categoryIds ?? before?.categoryIds ?? [];
  const known = await companyCategoryIds(deps.db, companyId, categoryIds);
  if (known.length !== new Set(categoryIds).size) throw notFound('Review category not found');
  return {
    maxRating: input.maxRating === undefined ? (before?.maxRating ?? null) : input.maxRating,
    categoryIds: known,
  };
}

/**
 * Connects Zendesk (or changes the rule): the subdomain, the agent's email and an API token, checked
 * by reading users/me. Without a token, an existing connection to the same subdomain and email keeps its own.
 */
export async function connectZendesk(
  deps: Deps,
  companyId: number,
  input: { subdomain: string; email: string; apiToken?: string; maxRating?: number | null; categoryIds?: number[] },
): Promise<ConnectionRow> {
  const before = await findConnection(deps.db, companyId, 'zendesk');
  const subdomain = input.subdomain.toLowerCase();
  const same = before && before.account === subdomain && settingsOf(before).email === input.email;
  if (!input.apiToken && !same)
    throw badRequest('Enter the API token', [{ field: 'apiToken', message: 'Enter the API token' }]);
  const rule = await checkedRule(deps, companyId, input, before ? settingsOf(before).rule : undefined);
  const baseUrl = zendeskBaseUrl(deps.config.tickets.zendeskBaseUrl, subdomain);
  if (!input.apiToken)
    return (await updateConnection(deps.db, before!.id, { settings: { ...settingsOf(before!), rule } }))!;
  const user = await zendeskClient({ baseUrl, email: input.email, apiToken: input.apiToken }, callOptions(deps))
    .me()
    .catch(connectFailed);
  return saveConnection(deps.db, {
    companyId,
    source: 'zendesk',
    account: subdomain,
    accountName: `${user.name} (${user.email})`,
    accessToken: boxOf(deps).seal(input.apiToken),
    settings: { email: input.email, baseUrl, rule } satisfies ConnectionSettings,
  });
}

/** Connects Jira Cloud: the site, the account's email and an API token, checked by reading myself. */
export async function connectJira(
  deps: Deps,
  companyId: number,
  input: { site: string; email: string; apiToken?: string },
): Promise<ConnectionRow> {
  const siteUrl = jiraSiteUrl(input.site);
  if (!siteUrl)
    throw badRequest('Enter your Jira site, like acme.atlassian.net', [
      { field: 'site', message: 'Enter your Jira site, like acme.atlassian.net' },
    ]);
  const before = await findConnection(deps.db, companyId, 'jira');
  const same = before && before.account === siteUrl && settingsOf(before).email === input.email;
  if (!input.apiToken) {
    if (!same) throw badRequest('Enter the API token', [{ field: 'apiToken', message: 'Enter the API token' }]);
    return before;
  }
  const baseUrl = deps.config.tickets.jiraBaseUrl ?? siteUrl;
  const me = await jiraClient({ baseUrl, email: input.email, apiToken: input.apiToken }, callOptions(deps))
    .myself()
    .catch(connectFailed);
  // A new token for the same site keeps the chosen project, issue type and rule.
  const kept = same ? settingsOf(before) : { rule: { maxRating: null, categoryIds: [] } };
  return saveConnection(deps.db, {
    companyId,
    source: 'jira',
    account: siteUrl,
    accountName: me.emailAddress ? `${me.displayName} (${me.emailAddress})` : me.displayName,
    accessToken: boxOf(deps).seal(input.apiToken),
    settings: { ...kept, email: input.email, baseUrl, siteUrl } satisfies ConnectionSettings,
  });
}

/** A connection's call refused its key: marked "reconnect needed" (the page says why); rethrown. */
async function onServiceError(deps: Deps, c: ConnectionRow, error: unknown): Promise<never> {
  if (error instanceof ServiceError && error.kind === 'auth')
    await markReconnectNeeded(deps.db, c.companyId, c.source as TicketProvider, error.message);
  if (error instanceof ServiceError)
    throw new AppError(error.kind === 'transient' ? 502 : 422, 'provider_error', error.message);
  throw error;
}

async function connected(deps: Deps, companyId: number, provider: TicketProvider): Promise<ConnectionRow> {
  const c = await findConnection(deps.db, companyId, provider);
  if (!c) throw conflict(`Connect ${PROVIDER_TITLES[provider]} first in Settings › Third-party Login`);
  if (c.status !== 'connected')
    throw conflict(
      `${PROVIDER_TITLES[provider]} must be connected again in Settings › Third-party Login: ${c.statusReason ?? ''}`,
    );
  return c;
}

/**
 * Jira's project and issue type (and rule): lists the projects, and the issue types of the chosen
 * (or given) project, from Jira now; saves what the body sets, checked against those lists.
 */
export async function jiraSettings(
  deps: Deps,
  companyId: number,
  input: { projectId?: string; issueTypeId?: string; maxRating?: number | null; categoryIds?: number[] },
) {
  const c = await connected(deps, companyId, 'jira');
  const s = settingsOf(c);
  const client = jiraFor(deps, c);
  try {
    const projects = await client.projects();
    const projectId = input.projectId ?? s.projectId ?? null;
    const project = projectId ? projects.find((p) => p.id === projectId) : undefined;
    if (input.projectId && !project) throw notFound('Jira project not found');
    const issueTypes = project ? await client.issueTypes(project.id) : [];
    const issueTypeId = input.issueTypeId ?? (input.projectId ? null : (s.issueTypeId ?? null));
    const issueType = issueTypeId ? issueTypes.find((t) => t.id === issueTypeId) : undefined;
    if (input.issueTypeId && !issueType) throw notFound('Jira issue type not found');
    let saved = c;
    const changes = Object.values(input).some((v) => v !== undefined);
    if (changes) {
      const rule = await checkedRule(deps, companyId, input, s.rule);
      saved = (await updateConnection(deps.db, c.id, {
        settings: {
          ...s,
          rule,
          projectId: project?.id ?? null,
          projectKey: project?.key ?? null,
          projectName: project?.name ?? null,
          issueTypeId: issueType?.id ?? null,
          issueTypeName: issueType?.name ?? null,
        } satisfies ConnectionSettings,
      }))!;
    }
    return { connection: saved, projects, issueTypes };
  } catch (error) {
    return onServiceError(deps, c, error);
  }
}

export async function disconnect(deps: Deps, companyId: number, provider: TicketProvider): Promise<number> {
  return deleteConnection(deps.db, companyId, provider, `${PROVIDER_TITLES[provider]} was disconnected`);
}

/** "Create ticket" / "Create issue" on a review: queued on the job queue, answered at once as pending. */
export async function createTicketFor(
  deps: Deps,
  queue: JobQueue,
  companyId: number,
  userId: number | null,
  reviewId: number,
  provider: TicketProvider,
): Promise<TicketRow> {
  if (!(await reviewForTicket(deps.db, companyId, reviewId))) throw notFound('Review not found');
  const c = await connected(deps, companyId, provider);
  if (provider === 'jira' && (!settingsOf(c).projectId || !settingsOf(c).issueTypeId))
    throw conflict('Choose the Jira project and issue type first in Settings › Third-party Login');
  const row = await deps.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const ticket = await requestTicket(tx, { companyId, reviewId, provider, userId });
    if (ticket) await enqueueCreate(deps, queue, ticket.id, tx);
    return ticket;
  });
  if (!row)
    throw conflict(
      `This review already has a ${PROVIDER_TITLES[provider]} ${provider === 'jira' ? 'issue' : 'ticket'}`,
    );
  queue.wake();
  return row;
}

function enqueueCreate(deps: Deps, queue: JobQueue, id: number, db?: Db) {
  return queue.enqueue(
    TICKET_CREATE_JOB,
    { ticketId: id },
    { dedupeKey: `review-ticket:${id}`, maxAttempts: deps.config.tickets.maxAttempts, db },
  );
}

/** Queues the creation jobs of rule tickets (written by rules.repository.ts in the reviews' transactions). */
export async function dispatchRuleTickets(deps: Deps, queue: JobQueue): Promise<number> {
  const taken = await deps.db.transaction(async (txn) => {
    const tx = txn as unknown as Db;
    const rows = await claimUnqueued(tx, DISPATCH_BATCH);
    for (const r of rows) await enqueueCreate(deps, queue, r.id, tx);
    return rows.length;
  });
  if (taken > 0) queue.wake();
  return taken;
}

const stars = (n: number | null) => (n ? `${'★'.repeat(n)}${'☆'.repeat(5 - n)} (${n}/5)` : 'no rating');

/** The review's text for a ticket: who, where, how many stars, the text, and the link back to Reputo. */
function ticketText(deps: Deps, r: NonNullable<Awaited<ReturnType<typeof reviewForTicket>>>) {
  const day = r.createdAt.toISOString().slice(0, 10);
  const link = `${deps.config.publicUrl}/reviews?${new URLSearchParams({
    ...(r.locationId ? { locations: String(r.locationId) } : {}),
    date_from: day,
    date_to: day,
  }).toString()}`;
  const subject = `${r.rating ? `${r.rating}-star` : 'New'} review from ${r.authorName ?? 'a customer'}${
    r.locationName ? ` at ${r.locationName}` : ''
  }`;
  const lines = [
    `Rating: ${stars(r.rating)}`,
    `Source: ${r.source}${r.locationName ? ` · Location: ${r.locationName}` : ''}`,
    `Author: ${r.authorName ?? 'unknown'} · Posted: ${day}`,
    '',
    r.title ? `${r.title}\n${r.text ?? ''}` : (r.text ?? '(no text)'),
    '',
    `Reputo review #${r.id}`,
  ];
  return { subject: subject.slice(0, 250), lines, link };
}

/** The creation job: one attempt. Refusals fail the ticket at once; passing failures throw (retried). */
async function createTicketJob(deps: Deps, payload: Record<string, unknown>, job: JobRow): Promise<void> {
  const ticket = await findTicket(deps.db, Number(payload.ticketId));
  if (!ticket || ticket.state !== 'pending') return;
  const provider = ticket.provider as TicketProvider;
  const fail = (error: string) => updateTicket(deps.db, ticket.id, { state: 'failed', error, attempts: job.attempts });
  const c = await findConnection(deps.db, ticket.companyId, provider);
  if (!c || c.status !== 'connected')
    return void (await fail(
      c ? `${PROVIDER_TITLES[provider]} must be connected again` : `${PROVIDER_TITLES[provider]} is not connected`,
    ));
  const review = await reviewForTicket(deps.db, ticket.companyId, ticket.reviewId);
  if (!review) return void (await fail('The review no longer exists'));
  const text = ticketText(deps, review);
  try {
    if (provider === 'zendesk') {
      const created = await zendeskFor(deps, c).createTicket({
        subject: text.subject,
        body: [...text.lines, `Open in Reputo: ${text.link}`].join('\n'),
        externalId: `reputo-review-${review.id}`,
        tags: ['reputo', `rating_${review.rating ?? 0}`],
        priority: review.rating !== null && review.rating <= 2 ? 'high' : 'normal',
      });
      await updateTicket(deps.db, ticket.id, {
        state: 'created',
        externalId: String(created.id),
        url: zendeskTicketPage(settingsOf(c).baseUrl, created.id),
        status: created.status,
        statusCheckedAt: new Date(),
        error: null,
        attempts: job.attempts,
      });
    } else {
      const s = settingsOf(c);
      if (!s.projectId || !s.issueTypeId) return void (await fail('Choose the Jira project and issue type first'));
      const created = await jiraFor(deps, c).createIssue({
        projectId: s.projectId,
        issueTypeId: s.issueTypeId,
        summary: text.subject,
        description: adfDocument([
          ...text.lines.flatMap((l) => l.split('\n')),
          { text: 'Open in Reputo', href: text.link },
        ]),
        labels: ['reputo', `rating_${review.rating ?? 0}`],
      });
      await updateTicket(deps.db, ticket.id, {
        state: 'created',
        externalId: created.id,
        externalKey: created.key,
        url: jiraIssuePage(s.siteUrl ?? s.baseUrl, created.key),
        status: 'To Do',
        statusCheckedAt: new Date(),
        error: null,
        attempts: job.attempts,
      });
    }
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    if (error.kind === 'auth') {
      await markReconnectNeeded(deps.db, c.companyId, provider, error.message);
      return void (await fail(error.message));
    }
    if (error.kind === 'rejected') return void (await fail(error.message));
    await updateTicket(deps.db, ticket.id, { error: error.message, attempts: job.attempts });
    throw error;
  }
}

/** Reads the statuses of open linked tickets of every connected account again. */
export async function refreshStatuses(deps: Deps): Promise<number> {
  let read = 0;
  for (const c of await connectedAccounts(deps.db)) {
    const provider = c.source as TicketProvider;
    const open = await openTickets(deps.db, c.companyId, provider, STATUS_BATCH);
    if (open.length === 0) continue;
    try {
      const statuses =
        provider === 'zendesk'
          ? await zendeskFor(deps, c).statuses(open.map((t) => t.externalId!))
          : await jiraFor(deps, c).statuses(open.map((t) => t.externalKey!));
      await saveStatuses(
        deps.db,
        open.map((t) => ({
          id: t.id,
          status: statuses.get(provider === 'zendesk' ? t.externalId! : t.externalKey!) ?? 'deleted',
        })),
      );
      read += open.length;
    } catch (error) {
      if (error instanceof ServiceError && error.kind === 'auth')
        await markReconnectNeeded(deps.db, c.companyId, provider, error.message);
      else if (!(error instanceof ServiceError)) throw error;
      // A passing failure: the next run reads them again.
    }
  }
  return read;
}

export function defineTicketJobs(deps: Deps, queue: JobQueue): void {
  queue.define(TICKET_CREATE_JOB, (payload, job) => createTicketJob(deps, payload, job), {
    retryBaseSeconds: deps.config.tickets.retryBaseSeconds,
    concurrency: 2,
    onFailure: async (payload, failure, tx) => {
      if (!failure.retryAt)
        await updateTicket(tx, Number(payload.ticketId), {
          state: 'failed',
          error: failure.error,
          attempts: failure.attempts,
        });
    },
  });
  queue.define(TICKET_DISPATCH_JOB, async () => void (await dispatchRuleTickets(deps, queue)), {
    everySeconds: DISPATCH_SECONDS,
    concurrency: 1,
  });
  queue.define(TICKET_STATUS_JOB, async () => void (await refreshStatuses(deps)), {
    everySeconds: deps.config.tickets.statusSeconds,
    concurrency: 1,
  });
}
