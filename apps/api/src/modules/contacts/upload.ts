import type { Db } from '../../db/client';
import type { ActingContext } from '../../platform/acting';
import { readSheet } from '../../platform/sheets';
import { directionOf, type UiLanguage } from '@reputo/core';
import { t, translateKnownText } from '../../platform/i18n';
import { helpSheet, rowsOf, type SheetRow, type UploadField } from '../locations/sheet';
import { buildWorkbook } from '../statistics/excel';
import { mergeContacts, type ContactDraft } from './merge';
import { checkConsent, checkEmail, checkPhone, checkVisit, cleanTags } from './normalize';
import { companyPlaces, findList, type PlaceRow } from './repository';
import { countryFor, getList } from './service';

/**
 * Contacts from a till, a booking system or a spreadsheet: an .xlsx or .csv file, one contact a
 * row. Good rows are merged into the company's contacts (by email or phone, within the file and
 * against those already there) and added to the list; each wrong row is reported with its line and
 * reason and the others still go in, so a file of 10,000 with three typos is not refused whole.
 */

/** Rows per upload: the whole file is read and merged in one transaction. */
export const MAX_CONTACT_ROWS = 50_000;

const CONTACT_COLUMNS = [
  { key: 'name', title: 'Name' },
  { key: 'email', title: 'Email' },
  { key: 'phone', title: 'Phone' },
  { key: 'location', title: 'Location' },
  { key: 'tags', title: 'Tags' },
  { key: 'consent', title: 'Consent' },
  { key: 'lastVisit', title: 'Last visit' },
] as const;

/**
 * The upload's columns (none required: a row needs an email or a phone): titles are the file's
 * English column names, descriptions in the language (`uploads:contacts.fields`).
 */
export function contactFields(language: UiLanguage = 'en'): UploadField[] {
  return CONTACT_COLUMNS.map((c) => ({
    ...c,
    required: false,
    description: t(language, `uploads:contacts.fields.${c.key}`),
  }));
}

export async function contactsExampleFile(language: UiLanguage = 'en'): Promise<Buffer> {
  type Row = Record<string, string>;
  const fields = contactFields(language);
  return buildWorkbook(
    [
      {
        name: 'Contacts',
        columns: fields.map((f) => ({
          header: f.title,
          value: (r: Row) => r[f.key],
          width: f.key === 'email' ? 28 : f.key === 'tags' ? 24 : 18,
        })),
        rows: [
          {
            name: 'Layla Nasser',
            email: 'layla@example.com',
            phone: '+971 50 123 4567',
            location: 'Dubai Marina',
            tags: 'vip, brunch',
            consent: 'yes',
            lastVisit: '2026-01-31',
          },
          {
            name: 'Omar Khalid',
            email: '',
            phone: '050 765 4321',
            location: '',
            tags: 'delivery',
            consent: 'yes',
            lastVisit: '',
          },
        ],
      },
      helpSheet(fields, language),
    ],
    { rightToLeft: directionOf(language) === 'rtl' },
  );
}

export interface ContactUploadReport {
  added: number;
  merged: number;
  rejected: number;
  rejected_rows: { row: number; reason: string }[];
  list_total: number;
}

/** Finds a location by its title or the company's own code, any case. */
function placeFinder(places: PlaceRow[]): (text: string) => PlaceRow | undefined {
  const byKey = new Map<string, PlaceRow>();
  for (const p of places) {
    if (p.code) byKey.set(p.code.trim().toLowerCase(), p);
    if (!byKey.has(p.title.trim().toLowerCase())) byKey.set(p.title.trim().toLowerCase(), p);
  }
  return (text) => byKey.get(text.trim().toLowerCase());
}

/**
 * One row checked: a draft, or the reasons it is refused (all of them, joined), in `language`: the
 * checks write English, which the errors catalogue (`errors:contacts`) translates.
 */
function draftOfRow(
  ctx: ActingContext,
  row: SheetRow,
  findPlace: (text: string) => PlaceRow | undefined,
  language: UiLanguage,
): ContactDraft | string {
  const reasons: string[] = [];
  const locationText = row.get('location').trim();
  const place = locationText ? findPlace(locationText) : undefined;
  if (locationText && !place) reasons.push(`Unknown location: ${locationText.slice(0, 80)}`);
  const email = checkEmail(row.get('email'));
  if (!email.ok) reasons.push(email.reason);
  const phone = checkPhone(row.get('phone'), countryFor(ctx, place));
  if (!phone.ok) reasons.push(phone.reason);
  if (email.ok && phone.ok && !email.value && !phone.value) reasons.push('Neither email nor phone');
  const consent = checkConsent(row.get('consent'));
  if (!consent.ok) reasons.push(consent.reason);
  const visit = checkVisit(row.get('lastVisit'));
  if (!visit.ok) reasons.push(visit.reason);
  if (reasons.length || !email.ok || !phone.ok || !consent.ok || !visit.ok)
    return reasons
      .map((r) => translateKnownText(language, r) ?? r)
      .join(t(language, 'uploads:contacts.reasonSeparator'));
  return {
    line: row.line,
    name: row.get('name').trim().slice(0, 200) || null,
    email: email.value,
    phone: phone.value,
    locationId: place?.id ?? null,
    tags: cleanTags(row.get('tags')),
    consentEmail: consent.value,
    consentSms: consent.value,
    lastVisitAt: visit.value,
  };
}

export async function uploadContacts(
  db: Db,
  ctx: ActingContext,
  listId: number,
  filename: string,
  base64: string,
  language: UiLanguage = 'en',
): Promise<ContactUploadReport> {
  const list = await getList(db, ctx, listId);
  const rows = rowsOf(await readSheet(filename, Buffer.from(base64, 'base64')), contactFields(), MAX_CONTACT_ROWS);
  const findPlace = placeFinder(await companyPlaces(db, list.companyId));
  const drafts: ContactDraft[] = [];
  const rejectedRows: { row: number; reason: string }[] = [];
  for (const row of rows) {
    const checked = draftOfRow(ctx, row, findPlace, language);
    if (typeof checked === 'string') rejectedRows.push({ row: row.line, reason: checked });
    else drafts.push(checked);
  }
  const outcome = await mergeContacts(db, list.companyId, list.id, drafts);
  const after = await findList(db, list.companyId, list.id);
  return {
    added: outcome.added,
    merged: outcome.merged,
    rejected: rejectedRows.length,
    rejected_rows: rejectedRows,
    list_total: after?.contacts ?? 0,
  };
}
