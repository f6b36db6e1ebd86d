import { FEEDBACK_SOURCE, sourceTitle } from '@reputo/core';
import type { SettingsRow } from './repository';

/** The settings a company has before it saves any (the row is written on the first PATCH). */
export const DEFAULT_SETTINGS: Omit<SettingsRow, 'companyId' | 'updatedAt'> = {
  ratingType: 'stars',
  primaryColor: '#1677ff',
  logoPath: null,
  texts: {},
  sourceOrder: [],
  offerId: null,
  repeatGuardDays: 30,
  dailyCapPerLocation: null,
};

export type ResolvedSettings = Omit<SettingsRow, 'companyId' | 'updatedAt'> & { updatedAt: Date | null };

export function resolveSettings(row: SettingsRow | null): ResolvedSettings {
  return row ?? { ...DEFAULT_SETTINGS, updatedAt: null };
}

/** Google's "write a review" address when the place's id is known, else the page address as set. */
export function reviewAddress(source: string, url: string): string {
  if (source === 'google') {
    const placeId = /(?:placeid|place_id)[=:]([A-Za-z0-9_-]{10,})/i.exec(url)?.[1];
    if (placeId) return `https://search.google.com/local/writereview?placeid=${placeId}`;
  }
  return url;
}

export interface ReviewLink {
  source: string;
  title: string;
  url: string;
}

/**
 * The public review links of a page, in the configured order. An empty order offers every source
 * the location has an address for, in the catalogue's order; Feedback is ours, never a public link.
 */
export function publicLinks(sourceUrls: Record<string, string>, sourceOrder: string[]): ReviewLink[] {
  const order = sourceOrder.length ? sourceOrder : Object.keys(sourceUrls);
  const seen = new Set<string>();
  const links: ReviewLink[] = [];
  for (const source of order) {
    const url = sourceUrls[source];
    if (!url || source === FEEDBACK_SOURCE || seen.has(source) || !/^https?:\/\//i.test(url)) continue;
    seen.add(source);
    links.push({ source, title: sourceTitle(source), url: reviewAddress(source, url) });
  }
  return links;
}
