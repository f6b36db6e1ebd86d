import type { Db } from '../../db/client';
import type { ActingContext } from '../../platform/acting';
import { scopeCompanyId } from '../../platform/companyScope';
import { badRequest, conflict, notFound, type ErrorDetail } from '../../platform/errors';
import { mergeContacts, type ContactDraft } from './merge';
import { checkEmail, checkPhone, checkVisit, cleanTags, phoneCountry } from './normalize';
import {
  companyPlaces,
  contactsMatching,
  deleteContact,
  findContact,
  findList,
  updateContact,
  type ContactValues,
  type ContactView,
  type ListRow,
  type PlaceRow,
} from './repository';
import type { ContactInput } from './schemas';

/** Lists and contacts: the checks of a contact by hand, tenancy of lists, locations and contacts. */

export function serializeList(l: ListRow) {
  return { id: l.id, name: l.name, contacts: l.contacts, created_at: l.createdAt.toISOString() };
}

export function serializeContact(c: ContactView) {
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    location_id: c.locationId,
    location_title: c.locationTitle,
    tags: c.tags,
    consent_email: c.consentEmail,
    consent_sms: c.consentSms,
    last_visit_at: c.lastVisitAt?.toISOString() ?? null,
    last_asked_at: c.lastAskedAt?.toISOString() ?? null,
    email_suppressed: c.emailSuppressed,
    sms_suppressed: c.smsSuppressed,
    created_at: c.createdAt.toISOString(),
  };
}

/** The company's list; another company's id answers 404 like a missing one. */
export async function getList(db: Db, ctx: ActingContext, id: number): Promise<ListRow> {
  const list = await findList(db, scopeCompanyId(ctx), id);
  if (!list) throw notFound('List not found');
  return list;
}

export async function getContact(db: Db, ctx: ActingContext, id: number): Promise<ContactView> {
  const contact = await findContact(db, scopeCompanyId(ctx), id);
  if (!contact) throw notFound('Contact not found');
  return contact;
}

/** The country a contact's national phone number is read in: its location's, else the company's. */
export function countryFor(ctx: ActingContext, place: PlaceRow | undefined) {
  return phoneCountry(place?.country) ?? phoneCountry(ctx.company?.country);
}

/** A contact typed by hand, checked field by field (every problem at once, as `details`). */
async function draftOf(
  db: Db,
  ctx: ActingContext,
  input: ContactInput,
  current?: ContactView,
): Promise<{ draft: ContactDraft; values: ContactValues }> {
  const problems: ErrorDetail[] = [];
  const places = await companyPlaces(db, scopeCompanyId(ctx));
  const locationId = input.location_id === undefined ? (current?.locationId ?? null) : input.location_id;
  const place = places.find((p) => p.id === locationId);
  if (locationId !== null && !place)
    problems.push({ field: 'location_id', message: `No such location: ${locationId}` });
  const email =
    input.email === undefined ? { ok: true as const, value: current?.email ?? null } : checkEmail(input.email ?? '');
  if (!email.ok) problems.push({ field: 'email', message: email.reason });
  const phone =
    input.phone === undefined
      ? { ok: true as const, value: current?.phone ?? null }
      : checkPhone(input.phone ?? '', countryFor(ctx, place));
  if (!phone.ok) problems.push({ field: 'phone', message: phone.reason });
  const visit = input.last_visit === undefined ? null : checkVisit(input.last_visit ?? '');
  if (visit && !visit.ok) problems.push({ field: 'last_visit', message: visit.reason });
  if (email.ok && phone.ok && !email.value && !phone.value)
    problems.push({ field: 'email', message: 'A contact needs an email or a phone' });
  if (problems.length || !email.ok || !phone.ok || (visit && !visit.ok)) throw badRequest('Invalid contact', problems);
  const values: ContactValues = {
    ...(input.name !== undefined ? { name: input.name?.trim() || null } : {}),
    ...(input.email !== undefined ? { email: email.value } : {}),
    ...(input.phone !== undefined ? { phone: phone.value } : {}),
    ...(input.location_id !== undefined ? { locationId } : {}),
    ...(input.tags !== undefined ? { tags: cleanTags(input.tags) } : {}),
    ...(input.consent_email !== undefined ? { consentEmail: input.consent_email } : {}),
    ...(input.consent_sms !== undefined ? { consentSms: input.consent_sms } : {}),
    ...(visit ? { lastVisitAt: visit.value } : {}),
  };
  const draft: ContactDraft = {
    line: 0,
    name: input.name?.trim() || null,
    email: email.value,
    phone: phone.value,
    locationId,
    tags: cleanTags(input.tags ?? []),
    consentEmail: input.consent_email,
    consentSms: input.consent_sms,
    lastVisitAt: visit?.ok ? visit.value : null,
  };
  return { draft, values };
}

/** Adds a contact to a list by hand; one with the same email or phone is filled in instead. */
export async function addContact(db: Db, ctx: ActingContext, listId: number, input: ContactInput) {
  const list = await getList(db, ctx, listId);
  const { draft } = await draftOf(db, ctx, input);
  const outcome = await mergeContacts(db, list.companyId, list.id, [draft]);
  return { contact: await getContact(db, ctx, outcome.contactIds[0]!), merged: outcome.mergedDrafts[0]! };
}

/** Changes a contact; an email or phone another contact has answers 409 (merge them by upload or by hand). */
export async function changeContact(db: Db, ctx: ActingContext, id: number, input: ContactInput): Promise<ContactView> {
  const current = await getContact(db, ctx, id);
  const { values } = await draftOf(db, ctx, input, current);
  const others = (
    await contactsMatching(
      db,
      current.companyId,
      values.email ? [values.email] : [],
      values.phone ? [values.phone] : [],
    )
  ).filter((c) => c.id !== id);
  if (others.some((c) => values.email && c.email === values.email))
    throw conflict('Another contact has this email address.');
  if (others.some((c) => values.phone && c.phone === values.phone))
    throw conflict('Another contact has this phone number.');
  await updateContact(db, current.companyId, id, values);
  return getContact(db, ctx, id);
}

export async function removeContact(db: Db, ctx: ActingContext, id: number): Promise<void> {
  if (!(await deleteContact(db, scopeCompanyId(ctx), id))) throw notFound('Contact not found');
}

/** A suppression's address as stored: a lower-cased email, or a phone in E.164 (the company's country for a national number). */
export function suppressionAddress(ctx: ActingContext, channel: 'email' | 'sms', raw: string): string {
  const checked = channel === 'email' ? checkEmail(raw) : checkPhone(raw, countryFor(ctx, undefined));
  if (!checked.ok || !checked.value)
    throw badRequest('Invalid address', [
      { field: 'address', message: checked.ok ? 'Missing address!' : checked.reason },
    ]);
  return checked.value;
}
