import { sourceTitle, type UiLanguage } from '@reputo/core';
import { facebookPageInfoClient } from '../../connectors/facebook/pageInfo';
import { businessInformationClient } from '../../connectors/google/businessInformation';
import { googleMediaClient } from '../../connectors/google/media';
import { SourceApiError } from '../../connectors/sourceApi';
import type { Db } from '../../db/client';
import type { DirectoryAnswer, FieldDiff, ListingFields } from '../../db/schema';
import type { ActingContext } from '../../platform/acting';
import { scopeCompanyId } from '../../platform/companyScope';
import type { AppDeps } from '../../platform/deps';
import { badRequest, notFound } from '../../platform/errors';
import { dateText, t } from '../../platform/i18n';
import type { JobQueue } from '../../platform/jobs';
import { createStorage } from '../../platform/storage';
import { ReconnectNeeded, withSourceToken } from '../integrations/service';
import { categoryById } from './categories';
import {
  completeness,
  diffFields,
  directoryFields,
  fieldsOfGooglePath,
  fromFacebook,
  fromGoogle,
  fromGoogleAttributes,
  managedAttributes,
  toFacebook,
  toGoogle,
  toGoogleAttributes,
  withLabel,
} from './mapping';
import {
  checkPhotosExist,
  fromGoogleMedia,
  isPhotoField,
  pushFacebookPhotos,
  pushGoogleMedia,
  setPhotoFields,
} from './photos';
import {
  companySources,
  directoriesOf,
  ensureListings,
  findDirectory,
  findEdit,
  findListing,
  historyOf,
  insertEdits,
  listingsOf,
  mappedConnections,
  otherPending,
  ownLocationIds,
  saveDirectory,
  setEditAnswer,
  updateListing,
  type ConnectionRow,
  type DirectoryRow,
  type EditRow,
  type ListingRow,
  type LocationListing,
} from './repository';
import {
  DIRECTORIES,
  FIELD_LABELS,
  fieldOfLabel,
  type Directory,
  type ListingField,
  type ListingItem,
  type ListingPatchInput,
} from './schemas';

type Deps = Pick<AppDeps, 'db' | 'config' | 'mailer'>;

export const PUSH_JOB = 'listings.push';
export const CHECK_JOB = 'listings.check';
export const CHECK_ALL_JOB = 'listings.checkAll';
export const PUSH_ATTEMPTS = 5;
const DIRECTORY_TITLES: Record<Directory, string> = { google: 'Google', facebook: 'Facebook' };

export const googleListings = (deps: Pick<AppDeps, 'config'>) =>
  businessInformationClient({
    businessInfoUrl: deps.config.google.businessInfoUrl,
    timeoutMs: deps.config.facebook.timeoutMs,
    backoffMs: deps.config.facebook.retryMs,
  });
export const googleMedia = (deps: Pick<AppDeps, 'config'>) =>
  googleMediaClient({
    apiUrl: deps.config.google.apiUrl,
    timeoutMs: deps.config.facebook.timeoutMs,
    backoffMs: deps.config.facebook.retryMs,
  });
export const facebookListings = (deps: Pick<AppDeps, 'config'>) =>
  facebookPageInfoClient({
    graphUrl: deps.config.facebook.graphUrl,
    timeoutMs: deps.config.facebook.timeoutMs,
    backoffMs: deps.config.facebook.retryMs,
  });

/** A listing's fields, from its saved row or (none saved yet) from the location itself. */
export function fieldsOf(l: Pick<LocationListing, 'title' | 'address' | 'city' | 'listing'>): ListingFields {
  const r = l.listing;
  if (!r)
    return {
      name: l.title,
      address: l.address,
      city: l.city,
      postalCode: null,
      countryCode: null,
      phone: null,
      website: null,
      primaryCategory: null,
      additionalCategories: [],
      regularHours: [],
      specialHours: [],
      description: null,
      attributes: {},
      logo: null,
      cover: null,
      photos: [],
    };
  return {
    name: r.name,
    address: r.address,
    city: r.city,
    postalCode: r.postalCode,
    countryCode: r.countryCode,
    phone: r.phone,
    website: r.website,
    primaryCategory: r.primaryCategory,
    additionalCategories: r.additionalCategories,
    regularHours: r.regularHours,
    specialHours: r.specialHours,
    description: r.description,
    attributes: r.attributes,
    logo: r.logo,
    cover: r.cover,
    photos: r.photos,
  };
}
const rowFields = (r: ListingRow) => fieldsOf({ title: r.name, address: r.address, city: r.city, listing: r });

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The mapped connection of each location and directory. */
const connectionKey = (locationId: number, source: string) => `${locationId}:${source}`;

/** The answer items of GET v2/api/listing for these rows. */
export async function listingItems(
  db: Db,
  companyId: number,
  rows: LocationListing[],
  opts: { history?: boolean; language?: UiLanguage } = {},
): Promise<ListingItem[]> {
  const language = opts.language ?? 'en';
  const ids = rows.map((r) => r.locationId);
  const [dirs, conns, sources] = await Promise.all([
    directoriesOf(db, ids),
    mappedConnections(db, companyId, ids),
    companySources(db, companyId),
  ]);
  const dirBy = new Map(dirs.map((d) => [connectionKey(d.locationId, d.directory), d]));
  const connBy = new Map(conns.map((c) => [connectionKey(c.locationId, c.source), c]));
  const others = sources.filter((s) => !(DIRECTORIES as readonly string[]).includes(s));
  const items: ListingItem[] = [];
  for (const row of rows) {
    const listing = fieldsOf(row);
    const { score, missing } = completeness(listing);
    const directories = DIRECTORIES.map((directory) =>
      directoryState(
        directory,
        dirBy.get(connectionKey(row.locationId, directory)),
        connBy.get(connectionKey(row.locationId, directory)),
        row.sourceUrls,
        language,
      ),
    );
    for (const source of others)
      directories.push({
        directory: source,
        title: sourceTitle(source),
        status: 'not_managed',
        reason: null,
        fields: [],
        diff: [],
        url: row.sourceUrls[source] ?? null,
        checkedAt: null,
        pushedAt: null,
      });
    const connected = directories.filter((d) => d.status !== 'not_connected' && d.status !== 'not_managed');
    const google = dirBy.get(connectionKey(row.locationId, 'google'));
    items.push({
      locationId: row.locationId,
      locationTitle: row.title,
      listing,
      score,
      missing: missing.map((f) => FIELD_LABELS[f]),
      accuracy: connected.length
        ? Math.round((100 * connected.filter((d) => d.status === 'in_sync').length) / connected.length)
        : null,
      directories,
      rejectedEdits: (google?.rejected ?? []).map(withLabel),
      ...(opts.history
        ? { history: (await historyOf(db, row.locationId)).map((e) => serializeEdit(e, language)) }
        : {}),
    });
  }
  return items;
}

function directoryState(
  directory: Directory,
  dir: DirectoryRow | undefined,
  conn: ConnectionRow | undefined,
  urls: Record<string, string>,
  language: UiLanguage,
): ListingItem['directories'][number] {
  const base = {
    directory,
    title: DIRECTORY_TITLES[directory],
    fields: [...directoryFields(directory)],
    url: urls[directory] ?? null,
    checkedAt: iso(dir?.checkedAt),
    pushedAt: iso(dir?.pushedAt),
  };
  if (!conn) return { ...base, status: 'not_connected', reason: null, diff: [] };
  if (!dir) return { ...base, status: 'pending', reason: t(language, 'notices:listings.notChecked'), diff: [] };
  return {
    ...base,
    status: dir.status as 'in_sync' | 'out_of_sync' | 'pending' | 'error',
    reason: dir.reason,
    diff: dir.diff.map(withLabel),
  };
}

/** The English a directory's answer is stored with (ours; a directory's own words inside stay as given). */
const NOT_HELD = / does not hold these fields$/;
const RETRYING = /^Retrying at (\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}):\d{2}(?:\.\d+)?Z: ([\s\S]*)$/;

/**
 * An edit's answer from a directory in `language` (notices:listings): "does not hold these fields"
 * and "Retrying at" with the time (UTC) as the language writes dates; other messages are the
 * directory's own answer, as it gave it.
 */
function answerIn(language: UiLanguage, answer: DirectoryAnswer): DirectoryAnswer {
  const message = answer.message;
  if (!message) return answer;
  if (NOT_HELD.test(message))
    return {
      ...answer,
      message: t(language, 'notices:listings.notHeld', { directory: message.replace(NOT_HELD, '') }),
    };
  const retrying = RETRYING.exec(message);
  if (retrying) {
    const at = `${dateText(language, retrying[1]!)} ${retrying[2]!}`;
    return { ...answer, message: t(language, 'notices:listings.retrying', { at, error: retrying[3]! }) };
  }
  return answer;
}

export function serializeEdit(e: EditRow, language: UiLanguage = 'en') {
  return {
    id: e.id,
    kind: e.kind as 'edit' | 'accept_google' | 'keep_ours',
    user: e.userName,
    fields: e.fields,
    values: e.values as Record<string, unknown>,
    answers: Object.fromEntries(Object.entries(e.answers).map(([d, a]) => [d, answerIn(language, a)])),
    createdAt: e.createdAt.toISOString(),
  };
}

export function summaryOf(items: ListingItem[]) {
  const dirs = items.flatMap((i) => i.directories);
  const accuracies = items.map((i) => i.accuracy).filter((a): a is number => a !== null);
  const missing = new Map<string, number>();
  for (const i of items) for (const m of i.missing) missing.set(m, (missing.get(m) ?? 0) + 1);
  const countOf = (status: string) => dirs.filter((d) => d.status === status).length;
  return {
    locations: items.length,
    score: items.length ? Math.round(items.reduce((s, i) => s + i.score, 0) / items.length) : 0,
    accuracy: accuracies.length ? Math.round(accuracies.reduce((a, b) => a + b, 0) / accuracies.length) : null,
    inSync: countOf('in_sync'),
    outOfSync: countOf('out_of_sync'),
    pending: countOf('pending'),
    errors: countOf('error'),
    notConnected: countOf('not_connected'),
    rejected: items.filter((i) => i.rejectedEdits.length > 0).length,
    missing: [...missing]
      .map(([label, count]) => ({ field: fieldOfLabel(label), label, count }))
      .sort((a, b) => b.count - a.count),
  };
}

/** The ids as the company's, visible to the actor; any other answers 404 (as a missing one). */
export async function checkLocations(db: Db, ctx: ActingContext, ids: number[]): Promise<number> {
  const companyId = scopeCompanyId(ctx);
  const own = await ownLocationIds(db, companyId, ids, ctx.locationIds);
  if (ids.some((id) => !own.has(id))) throw notFound('Location not found');
  return companyId;
}

function checkCategories(fields: ListingPatchInput['fields']): void {
  const ids = [...(fields.primaryCategory ? [fields.primaryCategory] : []), ...(fields.additionalCategories ?? [])];
  const unknown = ids.find((id) => !categoryById(id));
  if (unknown)
    throw badRequest(`Unknown category: ${unknown}`, [
      {
        field: fields.primaryCategory === unknown ? 'primaryCategory' : 'additionalCategories',
        message: `Unknown category: ${unknown}`,
      },
    ]);
}

const setsPhotos = (fields: ListingPatchInput['fields']) =>
  (Object.keys(fields) as ListingField[]).some((f) => isPhotoField(f) && fields[f] !== undefined);

const userName = (ctx: ActingContext) =>
  [ctx.actor.firstName, ctx.actor.lastName].filter(Boolean).join(' ') || ctx.actor.email;

/**
 * Saves the fields on each location's listing, keeps the change as history and queues its push to
 * each connected directory that holds one of the fields (one job per location and directory).
 */
export async function editListings(deps: Deps, queue: JobQueue, ctx: ActingContext, input: ListingPatchInput) {
  const { db } = deps;
  const ids = [...new Set(input.locationIds)];
  const companyId = await checkLocations(db, ctx, ids);
  checkCategories(input.fields);
  if (setsPhotos(input.fields)) await checkPhotosExist(createStorage(deps.config), input.fields);
  const fields = (Object.keys(input.fields) as ListingField[]).filter((f) => input.fields[f] !== undefined);
  const { edits, jobs } = await db.transaction(async (tx) => {
    await ensureListings(tx, companyId, ids);
    const current = new Map((await listingsOf(tx, ids)).map((r) => [r.locationId, r]));
    const conns = await mappedConnections(tx, companyId, ids);
    const rows = [];
    for (const id of ids) {
      const values: Partial<ListingFields> = { ...input.fields };
      if (input.mergeSpecialHours && input.fields.specialHours) {
        const dates = new Set(input.fields.specialHours.map((s) => s.date));
        values.specialHours = [
          ...(current.get(id)?.specialHours ?? []).filter((s) => !dates.has(s.date)),
          ...input.fields.specialHours,
        ].sort((a, b) => a.date.localeCompare(b.date));
      }
      await updateListing(tx, id, values);
      rows.push({
        companyId,
        locationId: id,
        userId: ctx.actor.id,
        userName: userName(ctx),
        kind: 'edit',
        fields,
        values,
        answers: answersFor(
          conns.filter((c) => c.locationId === id),
          fields,
        ),
      });
    }
    const edits = await insertEdits(tx, rows);
    return { edits, jobs: await queuePushes(tx, queue, edits) };
  });
  queue.wake();
  return { updated: edits.length, editIds: edits.map((e) => e.id), queued: jobs };
}

/** Each directory's first answer to an edit: pending where it will be pushed. */
function answersFor(conns: ConnectionRow[], fields: readonly ListingField[]): Record<string, DirectoryAnswer> {
  const out: Record<string, DirectoryAnswer> = {};
  for (const directory of DIRECTORIES) {
    const held = fields.filter((f) => directoryFields(directory).includes(f));
    if (!conns.some((c) => c.source === directory)) out[directory] = { status: 'not_connected' };
    else if (!held.length)
      out[directory] = { status: 'skipped', message: `${DIRECTORY_TITLES[directory]} does not hold these fields` };
    else out[directory] = { status: 'pending' };
  }
  return out;
}

/** Queues the pushes an edit waits for, and marks those directories pending. */
async function queuePushes(db: Db, queue: JobQueue, edits: EditRow[]): Promise<number> {
  let queued = 0;
  for (const edit of edits)
    for (const directory of DIRECTORIES) {
      if (edit.answers[directory]?.status !== 'pending') continue;
      const existing = await findDirectory(db, edit.locationId, directory);
      await saveDirectory(db, {
        locationId: edit.locationId,
        directory,
        companyId: edit.companyId,
        status: 'pending',
        reason: null,
        diff: existing?.diff ?? [],
        rejected: existing?.rejected ?? [],
      });
      await queue.enqueue(PUSH_JOB, { editId: edit.id, directory }, { maxAttempts: PUSH_ATTEMPTS, db });
      queued++;
    }
  return queued;
}

/**
 * Google's own changes of a location (its "Google updated" values): `accept` takes them into our
 * listing (and pushes them to the other directories), `keep` pushes ours to Google again.
 */
export async function confirmRejected(
  deps: Deps,
  queue: JobQueue,
  ctx: ActingContext,
  locationId: number,
  action: 'accept' | 'keep',
  only?: ListingField[],
): Promise<void> {
  const { db } = deps;
  const companyId = await checkLocations(db, ctx, [locationId]);
  const google = await findDirectory(db, locationId, 'google');
  const rejected = (google?.rejected ?? []).filter((r) => !only || only.includes(r.field as ListingField));
  if (!google || !rejected.length) throw badRequest('This location has no rejected edits to confirm');
  const fields = rejected.map((r) => r.field as ListingField);
  await db.transaction(async (tx) => {
    await ensureListings(tx, companyId, [locationId]);
    const listing = (await findListing(tx, locationId))!;
    const values: Partial<ListingFields> = {};
    if (action === 'accept') {
      for (const r of rejected) Object.assign(values, { [r.field]: r.theirs });
      await updateListing(tx, locationId, values);
    } else for (const f of fields) Object.assign(values, { [f]: rowFields(listing)[f] });
    const conns = await mappedConnections(tx, companyId, [locationId]);
    const answers = answersFor(conns, fields);
    if (action === 'accept')
      answers.google = { status: 'done', message: "Google's values taken", at: new Date().toISOString() };
    const remaining = google.rejected.filter((r) => !fields.includes(r.field as ListingField));
    await saveDirectory(tx, {
      locationId,
      directory: 'google',
      companyId,
      status: action === 'accept' && !remaining.length && !google.diff.length ? 'in_sync' : google.status,
      rejected: remaining,
      diff: google.diff.filter((d) => !fields.includes(d.field as ListingField)),
    });
    const edits = await insertEdits(tx, [
      {
        companyId,
        locationId,
        userId: ctx.actor.id,
        userName: userName(ctx),
        kind: action === 'accept' ? 'accept_google' : 'keep_ours',
        fields,
        values,
        answers,
      },
    ]);
    await queuePushes(tx, queue, edits);
  });
  queue.wake();
}

// ---- Pushing and checking (the job handlers) -------------------------------------------------

/** The location's mapped connection on a directory (not the account row). */
async function connectionOf(db: Db, companyId: number, locationId: number, directory: Directory) {
  return (await mappedConnections(db, companyId, [locationId])).find((c) => c.source === directory);
}

/**
 * Pushes one edit's fields (their current values: a later edit of the same field wins) to one
 * directory. A refusal (400) or a connection that must be connected again is answered at once; a
 * rate limit or server failure left after the call's own retries is thrown for the queue to retry.
 */
export async function pushEdit(deps: Deps, editId: number, directory: Directory): Promise<void> {
  const { db } = deps;
  const edit = await findEdit(db, editId);
  if (!edit) return;
  const listing = await findListing(db, edit.locationId);
  const conn = await connectionOf(db, edit.companyId, edit.locationId, directory);
  if (!listing || !conn) {
    await setEditAnswer(db, editId, directory, { status: 'not_connected', at: new Date().toISOString() });
    return settle(db, edit, directory, [], null);
  }
  const fields = (edit.fields as ListingField[]).filter((f) => directoryFields(directory).includes(f));
  const ours = rowFields(listing);
  let notes: string[];
  try {
    notes = await withSourceToken(deps, conn, (token) =>
      directory === 'google'
        ? pushToGoogle(deps, token, conn.account, ours, fields)
        : pushToFacebook(deps, token, conn.account, ours, fields),
    );
  } catch (error) {
    const final = error instanceof ReconnectNeeded || (error instanceof SourceApiError && !error.retryable);
    if (!final) throw error;
    const message =
      error instanceof ReconnectNeeded
        ? `${DIRECTORY_TITLES[directory]} must be connected again: ${error.message}`
        : error.message;
    await setEditAnswer(db, editId, directory, { status: 'error', message, at: new Date().toISOString() });
    return settle(db, edit, directory, fields, message);
  }
  await setEditAnswer(db, editId, directory, {
    status: 'done',
    ...(notes.length ? { message: notes.join(' ') } : {}),
    at: new Date().toISOString(),
  });
  await settle(db, edit, directory, fields, null);
}

/**
 * Google: the Location fields in one PATCH with their update mask, the attributes we set in one
 * attributes PATCH with their attribute mask, and the photos as media items. Each step sets values
 * (or looks before it adds), so a retry after a failure half-way repeats nothing harmful.
 */
async function pushToGoogle(
  deps: Deps,
  token: string,
  account: string,
  ours: ListingFields,
  fields: ListingField[],
): Promise<string[]> {
  const client = googleListings(deps);
  const { body, mask } = toGoogle(ours, fields);
  if (mask.length) await client.updateLocation(token, account, body, mask);
  if (fields.includes('attributes')) {
    const { attributes, mask: attributeMask } = toGoogleAttributes(ours.attributes);
    if (attributeMask.length) await client.updateAttributes(token, account, attributes, attributeMask);
  }
  const photos = fields.filter(isPhotoField);
  if (photos.length) await pushGoogleMedia(googleMedia(deps), token, account, ours, photos, deps.config.publicUrl);
  return [];
}

/** Facebook: the page fields it holds in one POST, then the picture and the cover. Answers notes for the edit. */
async function pushToFacebook(
  deps: Deps,
  token: string,
  pageId: string,
  ours: ListingFields,
  fields: ListingField[],
): Promise<string[]> {
  const client = facebookListings(deps);
  const info = toFacebook(ours, fields);
  if (Object.keys(info).length) await client.updatePage(pageId, token, info);
  return pushFacebookPhotos(client, pageId, token, ours, fields, deps.config.publicUrl);
}

/** A push failed for good after the queue's retries: the edit and the directory say why. */
export async function pushFailed(db: Db, editId: number, directory: Directory, error: string, retryAt: Date | null) {
  const edit = await findEdit(db, editId);
  if (!edit) return;
  if (retryAt) {
    await setEditAnswer(db, editId, directory, {
      status: 'pending',
      message: `Retrying at ${retryAt.toISOString()}: ${error}`,
      at: new Date().toISOString(),
    });
    return;
  }
  await setEditAnswer(db, editId, directory, { status: 'error', message: error, at: new Date().toISOString() });
  await settle(db, edit, directory, [], error);
}

/** The directory's state after an answer: pending while other edits wait, else error / in sync / out of sync. */
async function settle(db: Db, edit: EditRow, directory: Directory, pushed: ListingField[], error: string | null) {
  const existing = await findDirectory(db, edit.locationId, directory);
  const left = (list: FieldDiff[]) => list.filter((d) => !pushed.includes(d.field as ListingField));
  const diff = left(existing?.diff ?? []);
  const rejected = left(existing?.rejected ?? []);
  const waiting = await otherPending(db, edit.locationId, directory, edit.id);
  await saveDirectory(db, {
    locationId: edit.locationId,
    directory,
    companyId: edit.companyId,
    status: error ? 'error' : waiting ? 'pending' : diff.length || rejected.length ? 'out_of_sync' : 'in_sync',
    reason: error,
    diff,
    rejected,
    ...(error ? {} : { pushedAt: new Date() }),
  });
}

/**
 * Reads what a directory shows for a location and compares it with ours: Google's merchant values
 * (out of sync, field by field) and its own changes (`getGoogleUpdated`'s diffMask: rejected edits);
 * Facebook's page fields. A location with a push waiting is left pending.
 */
export async function checkLocation(deps: Deps, conn: ConnectionRow): Promise<void> {
  const { db } = deps;
  const directory = conn.source as Directory;
  const listing = await findListing(db, conn.locationId);
  if (!listing) return;
  const existing = await findDirectory(db, conn.locationId, directory);
  if (existing?.status === 'pending') return;
  const ours = rowFields(listing);
  const base = { locationId: conn.locationId, directory, companyId: conn.companyId, checkedAt: new Date() };
  try {
    const { diff, rejected } = await withSourceToken(deps, conn, async (token) => {
      if (directory === 'facebook') {
        const page = await facebookListings(deps).getPage(conn.account, token);
        return { diff: diffFields(ours, fromFacebook(page), directoryFields('facebook')), rejected: [] };
      }
      const client = googleListings(deps);
      const merchant = await client.getLocation(token, conn.account);
      const shown = await client.getGoogleUpdated(token, conn.account);
      const changed = [...new Set(shown.diffMask.split(',').filter(Boolean).flatMap(fieldsOfGooglePath))];
      const rejected = diffFields(ours, fromGoogle(shown.location), changed);
      const diff = diffFields(ours, fromGoogle(merchant), directoryFields('google')).filter(
        (d) => !rejected.some((r) => r.field === d.field),
      );
      // Attributes and photos: only the ones we set are compared (an unset one is not managed).
      if (Object.keys(ours.attributes).length) {
        const theirs = fromGoogleAttributes(await client.getAttributes(token, conn.account));
        diff.push(...diffFields(ours, { attributes: managedAttributes(ours.attributes, theirs) }, ['attributes']));
      }
      const photos = setPhotoFields(ours);
      if (photos.length)
        diff.push(...diffFields(ours, fromGoogleMedia(await googleMedia(deps).list(token, conn.account)), photos));
      return { diff, rejected };
    });
    await saveDirectory(db, {
      ...base,
      status: diff.length || rejected.length ? 'out_of_sync' : 'in_sync',
      reason: null,
      diff,
      rejected,
    });
  } catch (error) {
    if (error instanceof ReconnectNeeded || error instanceof SourceApiError) {
      const message =
        error instanceof ReconnectNeeded
          ? `${DIRECTORY_TITLES[directory]} must be connected again: ${error.message}`
          : error.message;
      await saveDirectory(db, {
        ...base,
        status: 'error',
        reason: message,
        diff: existing?.diff ?? [],
        rejected: existing?.rejected ?? [],
      });
      return;
    }
    throw error;
  }
}

export async function queueCheck(queue: JobQueue, connectionId: number): Promise<void> {
  await queue.enqueue(CHECK_JOB, { connectionId }, { dedupeKey: `listingCheck:${connectionId}`, maxAttempts: 3 });
}
