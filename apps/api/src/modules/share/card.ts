import { renderInThread } from './cardThread';

/**
 * The share image of a review, drawn without a browser: cardTree() lays the card out as satori
 * nodes here, and the card thread (cardThread.ts, card.worker.mjs) turns them into SVG with satori
 * and PNG with resvg, with the Inter and IBM Plex Sans Arabic fonts. Stars are SVG paths (Inter has no
 * star glyph).
 */
export interface CardData {
  service: string;
  serviceTitle: string;
  sharingSource: string;
  name: string;
  date: string;
  rating_value: number | null;
  review_text: string;
  location_name: string | null;
  location_location_id: string | null;
}

export const NAMED_SIZES: Record<string, [number, number]> = {
  small: [600, 315],
  large: [1200, 630],
  square: [1080, 1080],
  portrait: [1080, 1350],
};

/** A size from the path: a name above or WIDTHxHEIGHT between 200 and 2400 pixels; null when it is neither. */
export function parseSize(size: string): [number, number] | null {
  if (NAMED_SIZES[size]) return NAMED_SIZES[size]!;
  const m = /^(\d{3,4})x(\d{3,4})$/.exec(size);
  if (!m) return null;
  const [w, h] = [Number(m[1]), Number(m[2])];
  return w >= 200 && w <= 2400 && h >= 200 && h <= 2400 ? [w, h] : null;
}

/** Facebook and Instagram get the vertical layout (spec 000, /review/{id}). */
export function isVertical(sharingSource: string): boolean {
  return sharingSource === 'facebook' || sharingSource === 'instagram';
}

type Node = { type: string; props: Record<string, unknown> };
function h(type: string, style: Record<string, unknown>, ...children: (Node | string | null)[]): Node {
  const kids = children.filter((c) => c !== null);
  return { type, props: { style: { display: 'flex', ...style }, children: kids.length === 1 ? kids[0] : kids } };
}

const STAR = 'M12 2l2.94 6.36 6.97.78-5.2 4.73 1.47 6.88L12 17.27 5.82 20.75l1.47-6.88-5.2-4.73 6.97-.78z';

function stars(rating: number | null, size: number): Node {
  const icons = [1, 2, 3, 4, 5].map((i) => ({
    type: 'svg',
    props: {
      width: size,
      height: size,
      viewBox: '0 0 24 24',
      style: { marginRight: size * 0.15 },
      children: { type: 'path', props: { d: STAR, fill: rating !== null && i <= rating ? '#fadb14' : '#e5e7eb' } },
    },
  }));
  return h('div', { alignItems: 'center' }, ...icons);
}

/** Brand colours of the main sources for the badge; others get a neutral one. */
const SOURCE_COLORS: Record<string, string> = {
  google: '#4285f4',
  facebook: '#1877f2',
  instagram: '#e1306c',
  tripadvisor: '#34e0a1',
  zomato: '#e23744',
  talabat: '#ff5a00',
  booking: '#003580',
  feedback: '#722ed1',
};

function badge(data: CardData, size: number): Node {
  const color = SOURCE_COLORS[data.service] ?? '#595959';
  const mark =
    data.service === 'feedback'
      ? {
          type: 'svg',
          props: {
            width: size * 0.6,
            height: size * 0.6,
            viewBox: '0 0 24 24',
            children: { type: 'path', props: { d: 'M4 4h16v12H7l-3 3z', fill: '#fff' } },
          },
        }
      : h(
          'div',
          { color: '#fff', fontSize: size * 0.55, fontWeight: 700 },
          data.serviceTitle.slice(0, 1).toUpperCase(),
        );
  return h(
    'div',
    {
      width: size,
      height: size,
      borderRadius: size / 2,
      backgroundColor: color,
      alignItems: 'center',
      justifyContent: 'center',
    },
    mark as Node,
  );
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
function humanDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return y && m && d ? `${d} ${MONTHS[m - 1]} ${y}` : iso;
}

function fit(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max - 1).trimEnd()}…` : clean;
}

/** Right-to-left scripts (Hebrew, Arabic and its presentation forms): such a review is set flush right. */
const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

/** The height left for the review text: the card less its padding, header, stars and footer (in units of `unit`). */
function textBoxHeight(height: number, unit: number, vertical: boolean): number {
  const header = 2.2;
  const stars = (vertical ? 1.5 : 1) + 1.6 + 1;
  const footer = vertical ? 0.6 + 1.05 * 1.3 + 0.3 + 0.8 * 1.3 : 0.6 + 1.05 * 1.3;
  return height - unit * (2 + 2.4 + header + stars + footer);
}

/**
 * The largest text size at which `chars` characters fit a box: a character is about 0.55 em wide
 * (Arabic letters too), a line 1.35 em high, and a tenth is kept for ragged line ends.
 */
function textSizeFor(chars: number, boxWidth: number, boxHeight: number): number {
  return Math.sqrt((boxWidth * boxHeight * 0.9) / (Math.max(chars, 1) * 0.55 * 1.35));
}

export function cardTree(data: CardData, width: number, height: number): Node {
  const vertical = isVertical(data.sharingSource) || height > width * 1.05;
  const unit = Math.min(width, height) / 20;
  const maxChars = vertical ? 420 : Math.round((width * height) / 2200);
  const text = data.review_text ? `“${fit(data.review_text, maxChars)}”` : '';
  const textWidth = width - unit * 4.4;
  const textSize = Math.max(
    unit * 0.7,
    Math.min(unit * 1.6, textSizeFor(text.length, textWidth, textBoxHeight(height, unit, vertical))),
  );
  const place = [data.location_name, data.location_location_id ? `#${data.location_location_id}` : null]
    .filter(Boolean)
    .join(' · ');
  const inner = [
    h(
      'div',
      { alignItems: 'center', justifyContent: 'space-between', width: '100%' },
      h(
        'div',
        { alignItems: 'center' },
        badge(data, unit * 2.2),
        h(
          'div',
          { marginLeft: unit * 0.6, fontSize: unit * 0.9, color: '#595959', fontWeight: 700 },
          data.serviceTitle,
        ),
      ),
      h('div', { fontSize: unit * 0.8, color: '#8c8c8c' }, humanDate(data.date)),
    ),
    h('div', { marginTop: unit * (vertical ? 1.5 : 1) }, stars(data.rating_value, unit * 1.6)),
    h(
      'div',
      {
        marginTop: unit,
        fontSize: textSize,
        lineHeight: 1.35,
        color: '#1f1f1f',
        width: textWidth,
        flexGrow: 1,
        flexShrink: 1,
        flexDirection: 'column',
        overflow: 'hidden',
        textAlign: RTL.test(text) ? 'right' : 'left',
      },
      text,
    ),
    h(
      'div',
      {
        flexDirection: vertical ? 'column' : 'row',
        justifyContent: 'space-between',
        alignItems: vertical ? 'flex-start' : 'flex-end',
        width: '100%',
        marginTop: unit * 0.6,
      },
      h('div', { fontSize: unit * 1.05, fontWeight: 700, color: '#1f1f1f' }, data.name),
      h('div', { fontSize: unit * 0.8, color: '#595959', marginTop: vertical ? unit * 0.3 : 0 }, place || ' '),
    ),
  ];
  // Explicit sizes on both boxes (satori needs them for wrapping), padding inside them.
  const innerWidth = width - unit * 2;
  return h(
    'div',
    {
      width,
      height,
      padding: unit,
      boxSizing: 'border-box',
      background: 'linear-gradient(135deg, #e6f4ff 0%, #f9f0ff 100%)',
      fontFamily: 'Inter, IBM Plex Sans Arabic',
    },
    h(
      'div',
      {
        flexDirection: 'column',
        width: innerWidth,
        height: height - unit * 2,
        boxSizing: 'border-box',
        backgroundColor: '#ffffff',
        borderRadius: unit * 0.8,
        padding: unit * 1.2,
        boxShadow: '0 8px 24px rgba(0,0,0,0.08)',
      },
      ...inner,
    ),
  );
}

/**
 * Drawn cards, most recently used last. The same card is fetched again and again (social crawlers,
 * the share dialog), and drawing one takes 0.1 to 2 s. The key is the node tree as JSON: it holds
 * the size and every field of the data that shows, so an edited review draws anew. The entry keeps
 * the promise, so concurrent requests for one card share one render; a failed render is dropped.
 * Bounded in count and in bytes (a 2400x2400 card is about 0.4 MB).
 */
const CACHE_ENTRIES = 200;
const CACHE_BYTES = 64 * 1024 * 1024;
const cache = new Map<string, { png: Promise<Buffer>; bytes: number }>();
let cachedBytes = 0;

function trimCache(): void {
  for (const [key, entry] of cache) {
    if (cache.size <= CACHE_ENTRIES && cachedBytes <= CACHE_BYTES) return;
    cache.delete(key);
    cachedBytes -= entry.bytes;
  }
}

export async function renderCardPng(data: CardData, width: number, height: number): Promise<Buffer> {
  const tree = JSON.stringify(cardTree(data, width, height));
  const hit = cache.get(tree);
  if (hit) {
    cache.delete(tree);
    cache.set(tree, hit);
    return hit.png;
  }
  const entry = { png: renderInThread(tree, width, height), bytes: 0 };
  cache.set(tree, entry);
  trimCache();
  entry.png.then(
    (png) => {
      if (cache.get(tree) !== entry) return;
      entry.bytes = png.length;
      cachedBytes += png.length;
      trimCache();
    },
    () => {
      if (cache.get(tree) === entry) cache.delete(tree);
    },
  );
  return entry.png;
}
