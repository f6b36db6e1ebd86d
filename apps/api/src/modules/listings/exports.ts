import { directionOf, type UiLanguage } from '@reputo/core';
import type { Db } from '../../db/client';
import type { ActingContext } from '../../platform/acting';
import { scopeCompanyId } from '../../platform/companyScope';
import { dateText, t, type TextVars } from '../../platform/i18n';
import { buildWorkbook } from '../statistics/excel';
import { categoryById } from './categories';
import { listingPage } from './repository';
import { fieldOfLabel, type ListingItem } from './schemas';
import { listingItems, summaryOf } from './service';

/**
 * The Excel export "listings": one row per location, and a sheet of the fields that differ, in the
 * download's language (sheets, intro, headings, statuses, field names, right to left in Arabic); the
 * listings' own values and a directory's own words as they are.
 */
export async function listingsExcel(
  db: Db,
  ctx: ActingContext,
  language: UiLanguage,
): Promise<{ name: string; file: Buffer }> {
  const companyId = scopeCompanyId(ctx);
  const { rows } = await listingPage(db, companyId, { visible: ctx.locationIds });
  const items = await listingItems(db, companyId, rows, { language });
  const summary = summaryOf(items);
  const text = (key: string, vars?: TextVars) => t(language, `exports:listings.${key}`, vars);
  const column = (key: string) => text(`columns.${key}`);
  const field = (key: string) => text(`fields.${key}`, { defaultValue: key });
  const day = new Date().toISOString().slice(0, 10);
  const date = dateText(language, day);
  const intro = [
    text('title', { company: ctx.company?.companyName ?? '' }),
    summary.accuracy === null
      ? text('exported', { date, score: summary.score })
      : text('exportedWithAccuracy', { date, score: summary.score, accuracy: summary.accuracy }),
  ];
  type I = ListingItem;
  const status = (i: I, d: string) => {
    const dir = i.directories.find((x) => x.directory === d);
    if (!dir) return '';
    const shown = text(`status.${dir.status}`, { defaultValue: dir.status });
    return dir.reason ? `${shown}: ${dir.reason}` : shown;
  };
  const yesNo = (v: unknown) => text(v ? 'yes' : 'no');
  const category = (id: string | null) => (id ? (categoryById(id)?.name ?? id) : '');
  const diffs = items.flatMap((i) => [
    ...i.directories.flatMap((d) =>
      d.diff.map((x) => ({ i, directory: d.title, kind: text('kinds.outOfSync'), ...x })),
    ),
    ...i.rejectedEdits.map((x) => ({ i, directory: 'Google', kind: text('kinds.rejectedEdit'), ...x })),
  ]);
  type D = (typeof diffs)[number];
  const show = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));
  const file = await buildWorkbook(
    [
      {
        name: text('sheet'),
        intro,
        rows: items,
        columns: [
          { header: column('location'), value: (i: I) => i.locationTitle, width: 28 },
          { header: column('name'), value: (i: I) => i.listing.name, width: 28 },
          {
            header: column('address'),
            value: (i: I) => [i.listing.address, i.listing.city].filter(Boolean).join(', '),
            width: 32,
          },
          { header: column('phone'), value: (i: I) => i.listing.phone ?? '', width: 18 },
          { header: column('website'), value: (i: I) => i.listing.website ?? '', width: 28 },
          { header: column('primaryCategory'), value: (i: I) => category(i.listing.primaryCategory), width: 22 },
          { header: column('attributes'), value: (i: I) => Object.keys(i.listing.attributes).length },
          { header: column('logo'), value: (i: I) => yesNo(i.listing.logo) },
          { header: column('cover'), value: (i: I) => yesNo(i.listing.cover) },
          { header: column('photos'), value: (i: I) => i.listing.photos.length },
          { header: column('completeness'), value: (i: I) => i.score },
          {
            header: column('missing'),
            value: (i: I) => i.missing.map((label) => field(fieldOfLabel(label))).join(', '),
            width: 32,
          },
          { header: 'Google', value: (i: I) => status(i, 'google'), width: 22 },
          { header: 'Facebook', value: (i: I) => status(i, 'facebook'), width: 22 },
          { header: column('rejectedEdits'), value: (i: I) => i.rejectedEdits.length },
        ],
      },
      {
        name: text('differencesSheet'),
        intro,
        rows: diffs,
        columns: [
          { header: column('location'), value: (d: D) => d.i.locationTitle, width: 28 },
          { header: column('directory'), value: (d: D) => d.directory, width: 12 },
          { header: column('kind'), value: (d: D) => d.kind, width: 26 },
          { header: column('field'), value: (d: D) => field(d.field), width: 20 },
          { header: column('ours'), value: (d: D) => show(d.ours), width: 36 },
          { header: column('theirs'), value: (d: D) => show(d.theirs), width: 36 },
        ],
      },
    ],
    { rightToLeft: directionOf(language) === 'rtl' },
  );
  return { name: `listings-${day}.xlsx`, file };
}
