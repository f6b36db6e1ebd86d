import type { Readable } from 'node:stream';
import { directionOf, type UiLanguage } from '@reputo/core';
import { t } from '../../platform/i18n';
import type { Db } from '../../db/client';
import { xlsxStream, type XlsxCell, type XlsxColumn } from '../../platform/xlsx';
import { memberBatches } from './repository';
import { suppressionBatches, type SuppressionFilter } from './suppressions.repository';

/**
 * A list's contacts and the suppression list as .xlsx, streamed. The contacts sheet starts with the
 * upload's columns, so an exported list can be edited and uploaded again.
 */

const CONTACT_COLUMNS: XlsxColumn[] = [
  { header: 'Name', width: 24 },
  { header: 'Email', width: 30 },
  { header: 'Phone', width: 18 },
  { header: 'Location', width: 24 },
  { header: 'Tags', width: 24 },
  { header: 'Consent', width: 10 },
  { header: 'Last visit', width: 12 },
  { header: 'Consent email', width: 14 },
  { header: 'Consent SMS', width: 13 },
  { header: 'Email suppressed', width: 16 },
  { header: 'SMS suppressed', width: 15 },
  { header: 'Last asked', width: 12 },
  { header: 'Added', width: 12 },
];

const yesNo = (v: boolean) => (v ? 'yes' : 'no');
const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

async function* contactRows(db: Db, companyId: number, listId: number): AsyncGenerator<XlsxCell[][]> {
  for await (const batch of memberBatches(db, companyId, listId))
    yield batch.map((c) => [
      c.name,
      c.email,
      c.phone,
      c.locationTitle,
      c.tags.join(', '),
      // Blank when the two consents differ: re-uploaded, a blank keeps them as they are.
      c.consentEmail === c.consentSms ? yesNo(c.consentEmail) : null,
      day(c.lastVisitAt),
      yesNo(c.consentEmail),
      yesNo(c.consentSms),
      c.email ? yesNo(c.emailSuppressed) : null,
      c.phone ? yesNo(c.smsSuppressed) : null,
      day(c.lastAskedAt),
      day(c.createdAt),
    ]);
}

export function listExcel(db: Db, companyId: number, listId: number): Readable {
  return xlsxStream('Contacts', CONTACT_COLUMNS, contactRows(db, companyId, listId));
}

const SUPPRESSION_COLUMNS: [key: string, width: number][] = [
  ['channel', 10],
  ['address', 32],
  ['reason', 14],
  ['since', 18],
];

async function* suppressionRows(db: Db, companyId: number, filter: SuppressionFilter): AsyncGenerator<XlsxCell[][]> {
  for await (const batch of suppressionBatches(db, companyId, filter))
    yield batch.map((s) => [s.channel, s.address, s.reason, s.createdAt.toISOString().slice(0, 16).replace('T', ' ')]);
}

/** The suppression list in a language (the contacts sheet keeps the upload's English columns: it is uploaded again). */
export function suppressionsExcel(
  db: Db,
  companyId: number,
  filter: SuppressionFilter,
  lang: UiLanguage = 'en',
): Readable {
  const columns: XlsxColumn[] = SUPPRESSION_COLUMNS.map(([key, width]) => ({
    header: t(lang, `exports:suppressions.columns.${key}`),
    width,
  }));
  return xlsxStream(t(lang, 'exports:suppressions.sheet'), columns, suppressionRows(db, companyId, filter), {
    rightToLeft: directionOf(lang) === 'rtl',
  });
}
