import type { Db } from '../../db/client';
import type { ActingContext } from '../../platform/acting';
import { scopeCompanyId } from '../../platform/companyScope';
import { buildWorkbook } from '../statistics/excel';
import { categoryById } from './categories';
import { listingPage } from './repository';
import type { ListingItem } from './schemas';
import { listingItems, summaryOf } from './service';

const STATUS_TEXT: Record<string, string> = {
  in_sync: 'In sync',
  out_of_sync: 'Out of sync',
  pending: 'Pending',
  error: 'Error',
  not_connected: 'Not connected',
  not_managed: 'Not managed',
};

/** The Excel export "listings": one row per location, and a sheet of the fields that differ. */
export async function listingsExcel(db: Db, ctx: ActingContext): Promise<{ name: string; file: Buffer }> {
  const companyId = scopeCompanyId(ctx);
  const { rows } = await listingPage(db, companyId, { visible: ctx.locationIds });
  const items = await listingItems(db, companyId, rows);
  const summary = summaryOf(items);
  const day = new Date().toISOString().slice(0, 10);
  const intro = [
    `Listings: ${ctx.company?.companyName ?? ''}`,
    `Exported ${day}. Completeness ${summary.score}%${summary.accuracy === null ? '' : `, accuracy ${summary.accuracy}%`}`,
  ];
  type I = ListingItem;
  const status = (i: I, d: string) => {
    const dir = i.directories.find((x) => x.directory === d);
    return dir ? `${STATUS_TEXT[dir.status] ?? dir.status}${dir.reason ? `: ${dir.reason}` : ''}` : '';
  };
  const category = (id: string | null) => (id ? (categoryById(id)?.name ?? id) : '');
  const diffs = items.flatMap((i) => [
    ...i.directories.flatMap((d) => d.diff.map((x) => ({ i, directory: d.title, kind: 'Out of sync', ...x }))),
    ...i.rejectedEdits.map((x) => ({ i, directory: 'Google', kind: 'Rejected edit (Google updated)', ...x })),
  ]);
  type D = (typeof diffs)[number];
  const show = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));
  const file = await buildWorkbook([
    {
      name: 'Listings',
      intro,
      rows: items,
      columns: [
        { header: 'Location', value: (i: I) => i.locationTitle, width: 28 },
        { header: 'Name', value: (i: I) => i.listing.name, width: 28 },
        {
          header: 'Address',
          value: (i: I) => [i.listing.address, i.listing.city].filter(Boolean).join(', '),
          width: 32,
        },
        { header: 'Phone', value: (i: I) => i.listing.phone ?? '', width: 18 },
        { header: 'Website', value: (i: I) => i.listing.website ?? '', width: 28 },
        { header: 'Primary category', value: (i: I) => category(i.listing.primaryCategory), width: 22 },
        { header: 'Attributes', value: (i: I) => Object.keys(i.listing.attributes).length },
        { header: 'Logo', value: (i: I) => (i.listing.logo ? 'Yes' : 'No') },
        { header: 'Cover', value: (i: I) => (i.listing.cover ? 'Yes' : 'No') },
        { header: 'Photos', value: (i: I) => i.listing.photos.length },
        { header: 'Completeness %', value: (i: I) => i.score },
        { header: 'Missing', value: (i: I) => i.missing.join(', '), width: 32 },
        { header: 'Google', value: (i: I) => status(i, 'google'), width: 22 },
        { header: 'Facebook', value: (i: I) => status(i, 'facebook'), width: 22 },
        { header: 'Rejected edits', value: (i: I) => i.rejectedEdits.length },
      ],
    },
    {
      name: 'Differences',
      intro,
      rows: diffs,
      columns: [
        { header: 'Location', value: (d: D) => d.i.locationTitle, width: 28 },
        { header: 'Directory', value: (d: D) => d.directory, width: 12 },
        { header: 'Kind', value: (d: D) => d.kind, width: 26 },
        { header: 'Field', value: (d: D) => d.label, width: 20 },
        { header: 'Ours', value: (d: D) => show(d.ours), width: 36 },
        { header: 'Theirs', value: (d: D) => show(d.theirs), width: 36 },
      ],
    },
  ]);
  return { name: `listings-${day}.xlsx`, file };
}
