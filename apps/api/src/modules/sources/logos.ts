/**
 * Source logos. We ship no third-party artwork: each source gets a simple drawn mark, a rounded tile
 * in the provider's brand colour with its initials (Feedback, our own source, gets a speech bubble).
 * The marks are SVG text built here, so there is nothing to download or license.
 */
import type { ReviewSource } from '@reputo/core';

/** Brand colours of well-known providers; the rest get a stable colour from their name. */
const COLOURS: Record<string, string> = {
  google: '#4285F4',
  facebook: '#1877F2',
  foursquare: '#F94877',
  zomato: '#E23744',
  tripadvisor: '#34E0A1',
  talabat: '#FF5A00',
  hungerstation: '#F5C400',
  reserveout: '#E4002B',
  booking: '#003580',
  expedia: '#FFC72C',
  instagram: '#E1306C',
  feedback: '#4F46E5',
  yelp: '#D32323',
  trustpilot: '#00B67A',
  amazon: '#FF9900',
  glassdoor: '#0CAA41',
  deliveroo: '#00CCBC',
  ubereats: '#06C167',
  doordash: '#FF3008',
  chatfood: '#6C3BFF',
  keeta: '#FFD100',
  airbnb: '#FF5A5F',
  agoda: '#5392F9',
  appstore: '#0D96F6',
  googleplay: '#01875F',
  careem: '#1DBF73',
  noon: '#FEEE00',
  opentable: '#DA3743',
  linkedin: '#0A66C2',
  youtube: '#FF0000',
  twitter: '#000000',
  tiktok: '#010101',
  hotelscom: '#D32F2F',
  trivago: '#007FAD',
  kayak: '#FF690F',
  g2: '#FF492C',
  capterra: '#044D80',
  indeed: '#2164F3',
  bbb: '#005A78',
  walmart: '#0071CE',
  ebay: '#E53238',
  etsy: '#F1641E',
  wolt: '#009DE0',
  swiggy: '#FC8019',
  foodpanda: '#D70F64',
  jahez: '#E5202E',
  mrsool: '#2ED47A',
  thefork: '#00665C',
  viator: '#186B6D',
  getyourguide: '#FF5533',
};

/** Tiles whose background is light need dark initials to stay readable. */
const DARK_TEXT = new Set(['hungerstation', 'expedia', 'noon', 'keeta', 'tripadvisor']);

function hashHue(text: string): number {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h % 360;
}

export function sourceColour(value: string): string {
  return COLOURS[value] ?? `hsl(${hashHue(value)}, 55%, 42%)`;
}

/** 'TripAdvisor' gives 'TA', 'Uber Eats' 'UE', 'Google' 'G', 'G2' 'G2'. */
export function sourceInitials(title: string): string {
  const words = title
    .replace(/\(.*?\)/g, '')
    .replace(/[^\p{L}\p{N} ]+/gu, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (words.length >= 2) return (words[0]![0]! + words[1]![0]!).toUpperCase();
  const word = words[0] ?? '?';
  const capitals = word.slice(1).match(/[\p{Lu}\p{N}]/u);
  return capitals ? (word[0]! + capitals[0]).toUpperCase() : word[0]!.toUpperCase();
}

function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
}

const FEEDBACK_BUBBLE =
  '<path d="M16 18h32a6 6 0 0 1 6 6v14a6 6 0 0 1-6 6H30l-9 8v-8h-5a6 6 0 0 1-6-6V24a6 6 0 0 1 6-6z" fill="#fff"/>' +
  '<circle cx="24" cy="31" r="3" fill="#4F46E5"/><circle cx="32" cy="31" r="3" fill="#4F46E5"/><circle cx="40" cy="31" r="3" fill="#4F46E5"/>';

/** The 64x64 SVG mark of a source. */
export function sourceLogoSvg(source: Pick<ReviewSource, 'value' | 'title'>): string {
  const fill = sourceColour(source.value);
  const open = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${escapeXml(source.title)}">`;
  const tile = `<rect width="64" height="64" rx="14" fill="${fill}"/>`;
  if (source.value === 'feedback') return `${open}${tile}${FEEDBACK_BUBBLE}</svg>`;
  const initials = sourceInitials(source.title);
  const size = initials.length > 1 ? 24 : 32;
  const ink = DARK_TEXT.has(source.value) ? '#1f2937' : '#ffffff';
  const text = `<text x="32" y="${32 + size * 0.36}" text-anchor="middle" font-family="Inter, Helvetica, Arial, sans-serif" font-size="${size}" font-weight="700" fill="${ink}">${escapeXml(initials)}</text>`;
  return `${open}${tile}${text}</svg>`;
}
