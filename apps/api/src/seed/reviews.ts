import type { CompanySpec, LocationSpec } from './companies';
import { KSA, offsetHours } from './geo';
import { gulfCulture, reviewerName, type Culture } from './names';
import { replyText, type ReplyOrigin } from './replies';
import { Rng, WeightedTable } from './random';
import {
  reviewText,
  sentimentForTone,
  toneForRating,
  type Channel,
  type Lang,
  type TextContext,
  type TextKind,
  type Tone,
} from './texts';

/** Reviews and replies of one company, generated in memory before they are inserted. */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
export const SPAN_DAYS = 730;

export interface ReviewDraft {
  locationCode: string | null;
  source: string;
  externalId: string;
  authorName: string;
  rating: number | null;
  title: string | null;
  text: string | null;
  language: Lang | null;
  sentiment: -1 | 0 | 1;
  url: string | null;
  createdAt: Date;
  fetchedAt: Date;
  respondedAt: Date | null;
  replies: ReplyDraft[];
}

export interface ReplyDraft {
  /** Index into the company's team list. */
  authorIndex: number;
  text: string;
  status: 'posted' | 'draft' | 'failed';
  failureReason: string | null;
  origin: ReplyOrigin;
  createdAt: Date;
  postedAt: Date | null;
}

/** Review sources that show a title above the text. */
const TITLED = new Set(['tripadvisor', 'booking', 'expedia', 'capterra', 'g2', 'appstore', 'trustpilot']);

/** Share of reviews with a star rating and no text: common on Google and delivery apps. */
const RATING_ONLY: Record<string, number> = {
  google: 0.3,
  talabat: 0.35,
  hungerstation: 0.35,
  deliveroo: 0.3,
  zomato: 0.2,
  googleplay: 0.2,
  appstore: 0.12,
  feedback: 0.12,
  foursquare: 0.1,
  facebook: 0.08,
};

/** Change to the chance of an unhappy reviewer per source: delivery apps and private feedback run harsher. */
const UNHAPPY_BY_SOURCE: Record<string, number> = {
  talabat: 0.06,
  hungerstation: 0.07,
  deliveroo: 0.05,
  feedback: 0.08,
  tripadvisor: -0.02,
  capterra: -0.04,
  g2: -0.05,
  appstore: 0.06,
  googleplay: 0.09,
  instagram: -0.04,
};

/** How often a source's reviews can and do get replies (Foursquare has no reply API). */
const REPLY_FACTOR: Record<string, number> = {
  foursquare: 0,
  instagram: 0.5,
  zomato: 0.6,
  reserveout: 0.5,
  feedback: 0.8,
  talabat: 0.8,
  hungerstation: 0.8,
  deliveroo: 0.7,
  expedia: 0.8,
  trustpilot: 0.9,
};

const DELIVERY_SOURCES = new Set(['talabat', 'hungerstation', 'deliveroo']);

const FAILURES: Record<string, string[]> = {
  google: [
    'Google API: review no longer exists',
    'Google API: 429 quota exceeded, retry later',
    'Google API: location is not verified',
  ],
  facebook: ['Facebook API: (#200) permissions error', 'Facebook API: page access token expired'],
  tripadvisor: ['TripAdvisor: management center session expired'],
  booking: ['Booking.com: reply window closed for this review'],
};

/** Hour of day (local) when reviews of each kind are written. */
const HOURS: Record<TextKind, number[]> = {
  restaurant: [4, 2, 1, 0.5, 0.3, 0.3, 0.5, 0.8, 1, 1.2, 1.5, 2, 3, 4, 4.5, 4, 3.5, 3.5, 4, 4.5, 5, 6, 6.5, 5.5],
  cafe: [1, 0.5, 0.3, 0.2, 0.2, 0.5, 1.5, 3, 4.5, 5, 4.5, 3.5, 3, 3, 3, 3.5, 4, 4, 3.5, 3, 2.5, 2, 1.5, 1.2],
  hotel: [1.5, 1, 0.5, 0.3, 0.3, 0.5, 1, 2, 3, 3.5, 4, 4, 3.5, 3, 2.5, 2.5, 2.5, 3, 3, 3, 3.5, 3.5, 3, 2],
  bank: [0.3, 0.2, 0.1, 0.1, 0.1, 0.2, 0.5, 1, 2.5, 4, 4.5, 4.5, 4, 4, 3.5, 3, 2.5, 2, 1.5, 1.5, 1.5, 1.2, 1, 0.5],
  software: [
    0.5, 0.3, 0.2, 0.2, 0.2, 0.3, 0.6, 1.2, 2.5, 3.5, 4, 4, 3.5, 3.5, 3.5, 3.5, 3, 2.5, 2, 1.5, 1.2, 1, 0.8, 0.6,
  ],
  clinic: [0.3, 0.2, 0.1, 0.1, 0.1, 0.2, 0.5, 1, 2, 3, 3.5, 3.5, 3, 3, 3, 3, 3.5, 3.5, 3.5, 3.5, 3, 2.5, 1.5, 0.8],
  fitness: [0.5, 0.3, 0.2, 0.2, 0.5, 1.5, 3, 3.5, 3, 2.5, 2, 1.5, 1.5, 1.5, 1.5, 1.5, 2, 2.5, 3.5, 4, 4, 3.5, 2.5, 1.2],
  spa: [0.5, 0.2, 0.1, 0.1, 0.1, 0.1, 0.2, 0.5, 1, 1.5, 2.5, 3, 3.5, 3.5, 3.5, 3.5, 3.5, 3.5, 3.5, 3.5, 3, 2.5, 1.5, 1],
};

/** Weekday weights, Sunday first. The UAE weekend is Saturday and Sunday; Saudi Arabia's Friday and Saturday. */
function weekdayWeights(kind: TextKind, saudi: boolean): number[] {
  const leisure = kind === 'restaurant' || kind === 'cafe' || kind === 'spa' || kind === 'hotel';
  if (leisure) return saudi ? [0.9, 0.85, 0.85, 0.95, 1.35, 1.4, 1.25] : [1.1, 0.85, 0.85, 0.9, 1.05, 1.35, 1.45];
  if (kind === 'fitness') return saudi ? [1.1, 1.1, 1.1, 1, 0.9, 0.7, 0.9] : [0.8, 1.15, 1.1, 1.1, 1, 0.9, 0.85];
  return saudi ? [1.1, 1.1, 1.1, 1.05, 1, 0.4, 0.7] : [0.45, 1.15, 1.1, 1.1, 1.1, 0.9, 0.6];
}

/**
 * Day weights over the two years: the business grows (recent months busier), the Gulf's winter is
 * high season and its summer low, and some weekdays are busier than others.
 */
function dayTable(kind: TextKind, saudi: boolean, start: number): WeightedTable<number> {
  const weekday = weekdayWeights(kind, saudi);
  const seasonAmplitude = kind === 'hotel' ? 0.3 : kind === 'bank' || kind === 'software' ? 0.04 : 0.12;
  const growth = kind === 'restaurant' ? 1.1 : 0.8;
  const days: number[] = [];
  const weights: number[] = [];
  for (let i = 0; i < SPAN_DAYS; i++) {
    const d = new Date(start + i * DAY_MS);
    const t = i / SPAN_DAYS;
    const season = 1 + seasonAmplitude * Math.cos((2 * Math.PI * d.getUTCMonth()) / 12);
    days.push(i);
    weights.push((0.55 + growth * t) * season * weekday[d.getUTCDay()]);
  }
  return new WeightedTable(days, weights);
}

/** Language of a review, by where the business is and which site the reviewer used. */
function languageFor(rng: Rng, kind: TextKind, saudi: boolean, source: string, channel: Channel): Lang {
  if (kind === 'software' || channel === 'app')
    return rng.weighted<Lang>([
      ['en', 80],
      ['ar', 14],
      ['fr', 6],
    ]);
  const tourist = source === 'tripadvisor' || source === 'booking' || source === 'expedia';
  if (tourist)
    return rng.weighted<Lang>([
      ['en', 78],
      ['ar', 12],
      ['fr', 10],
    ]);
  const food = kind === 'restaurant' || kind === 'cafe';
  return saudi
    ? rng.weighted<Lang>([
        ['ar', 55],
        ['en', 41],
        ['fr', 1],
        ['hi', food ? 3 : 1],
      ])
    : rng.weighted<Lang>([
        ['en', 66],
        ['ar', 24],
        ['fr', 4],
        ['hi', food ? 6 : 2],
      ]);
}

function cultureFor(rng: Rng, lang: Lang | null, saudi: boolean): Culture {
  if (lang === 'ar') return 'arab';
  if (lang === 'hi') return 'indian';
  if (lang === 'fr') return rng.chance(0.7) ? 'french' : 'arab';
  return gulfCulture(rng, saudi);
}

/** Opaque review ids in the shape each source uses, unique per source across the whole seed. */
export class ExternalIds {
  private readonly seen = new Map<string, Set<string>>();

  constructor(private readonly rng: Rng) {}

  next(source: string): string {
    if (!this.seen.has(source)) this.seen.set(source, new Set());
    const seen = this.seen.get(source)!;
    for (;;) {
      const id = this.make(source);
      if (!seen.has(id)) {
        seen.add(id);
        return id;
      }
    }
  }

  private make(source: string): string {
    const r = this.rng;
    switch (source) {
      case 'google':
        return `ChdDSUhNMG9nS0VJQ0FnSU${r.token(18)}`;
      case 'facebook':
        return `${r.digits(15)}_${r.digits(16)}`;
      case 'tripadvisor':
        return r.digits(9);
      case 'trustpilot':
      case 'foursquare':
        return r.hex(24);
      case 'booking':
        return r.hex(16);
      case 'expedia':
        return `${r.hex(8)}-${r.hex(4)}-${r.hex(4)}-${r.hex(4)}-${r.hex(12)}`;
      case 'googleplay':
        return `gp:AOqpTO${r.token(40)}`;
      case 'instagram':
        return r.digits(18);
      case 'feedback':
        return `fb-${r.hex(12)}`;
      default:
        return r.digits(r.int(7, 11));
    }
  }
}

/** The address of one review on its source, where the source has one; otherwise the page it is on. */
function reviewUrl(source: string, pageUrl: string | undefined, externalId: string): string | null {
  if (!pageUrl) return null;
  switch (source) {
    case 'tripadvisor':
      return pageUrl.replace(
        /(Restaurant|Hotel|Attraction)_Review-(g\d+-d\d+)-Reviews-/,
        `ShowUserReviews-$2-r${externalId}-`,
      );
    case 'trustpilot':
      return `https://www.trustpilot.com/reviews/${externalId}`;
    case 'g2':
      return `${pageUrl}/${externalId}`;
    case 'capterra':
      return `${pageUrl}reviews/${externalId}/`;
    default:
      return pageUrl;
  }
}

interface Target {
  location: LocationSpec | null;
  place: string;
  items: string[];
  staff: string[];
  sourceUrls: Record<string, string>;
  sources: WeightedTable<string>;
  popularity: number;
  quality: number;
  saudi: boolean;
  offset: number;
  channel: Channel;
}

function targetsOf(company: CompanySpec): { locations: WeightedTable<Target>; companyWide: Target | null } {
  const targets: Target[] = company.locations.map((l) => ({
    location: l,
    place: l.short,
    items: l.items,
    staff: l.staff,
    sourceUrls: l.sourceUrls,
    sources: new WeightedTable(
      l.sourceWeights.map(([s]) => s),
      l.sourceWeights.map(([, w]) => w),
    ),
    popularity: l.popularity,
    quality: l.quality,
    saudi: l.country === KSA,
    offset: offsetHours(l.timeZone),
    channel: 'visit',
  }));
  const wide = company.companyWide;
  const companyWide: Target | null = wide
    ? {
        location: null,
        place: wide.place,
        items: wide.items,
        staff: company.locations[0]?.staff ?? ['Sara'],
        sourceUrls: wide.sourceUrls,
        sources: new WeightedTable(
          wide.sourceWeights.map(([s]) => s),
          wide.sourceWeights.map(([, w]) => w),
        ),
        popularity: 1,
        quality: 0,
        saudi: false,
        offset: offsetHours(company.timeZone),
        channel: wide.channel,
      }
    : null;
  return {
    locations: new WeightedTable(
      targets,
      targets.map((t) => t.popularity),
    ),
    companyWide,
  };
}

function pickRating(rng: Rng, unhappy: number): number {
  return rng.chance(unhappy)
    ? rng.weighted([
        [1, 62],
        [2, 23],
        [3, 15],
      ])
    : rng.weighted([
        [5, 72],
        [4, 21],
        [3, 7],
      ]);
}

export interface GenerateOptions {
  now: Date;
  count: number;
  /** Team members of the company, in spec order, with the location codes they may see. */
  team: { firstName: string; role: string; locationCodes: string[] | null }[];
}

export interface Counters {
  ids: ExternalIds;
}

export function generateReviews(
  rng: Rng,
  company: CompanySpec,
  opts: GenerateOptions,
  counters: Counters,
): ReviewDraft[] {
  const now = opts.now.getTime();
  const start =
    Date.UTC(opts.now.getUTCFullYear(), opts.now.getUTCMonth(), opts.now.getUTCDate()) - (SPAN_DAYS - 1) * DAY_MS;
  const { locations, companyWide } = targetsOf(company);
  const tables = { uae: dayTable(company.kind, false, start), ksa: dayTable(company.kind, true, start) };
  const hours = new WeightedTable(
    HOURS[company.kind].map((_, h) => h),
    HOURS[company.kind],
  );
  const features = new Set<string>(company.features);
  const drafts: ReviewDraft[] = [];

  for (let i = 0; i < opts.count; i++) {
    const target = companyWide && rng.chance(company.companyWide!.share) ? companyWide : locations.pick(rng);
    const day = (target.saudi ? tables.ksa : tables.uae).pick(rng);
    let createdAt = start + day * DAY_MS + (hours.pick(rng) - target.offset) * HOUR_MS + rng.int(0, 3599) * 1000;
    // Today's reviews cannot be later than now.
    if (createdAt >= now) createdAt = now - rng.int(5, 600) * 60_000;
    const t = (createdAt - start) / (SPAN_DAYS * DAY_MS);
    const source = target.sources.pick(rng);

    // Ratings improve a little over the two years: the company acts on its reviews.
    const unhappy = Math.min(
      0.6,
      Math.max(0.03, company.unhappy + target.quality + (UNHAPPY_BY_SOURCE[source] ?? 0) - 0.05 * t),
    );
    const rating = source === 'instagram' ? null : pickRating(rng, unhappy);
    const tone: Tone =
      rating === null
        ? rng.weighted<Tone>([
            ['positive', 72],
            ['mixed', 11],
            ['negative', 17],
          ])
        : toneForRating(rating);
    const ratingOnly = rating !== null && rng.chance(RATING_ONLY[source] ?? 0.03);
    const lang = ratingOnly ? null : languageFor(rng, company.kind, target.saudi, source, target.channel);
    const name = reviewerName(rng, cultureFor(rng, lang, target.saudi), lang === 'ar' && rng.chance(0.55));

    const ctx: TextContext = {
      kind: company.kind,
      brand: target.location?.brand ?? company.name,
      place: target.place,
      city: target.location?.city ?? company.city,
      currency: target.location?.currency ?? 'AED',
      items: target.items,
      staff: target.staff,
      dishes: target.location?.dishes,
      doctors: target.location?.doctors,
      landmark: target.location?.landmark,
      view: target.location?.view,
      channel: DELIVERY_SOURCES.has(source) ? 'delivery' : target.channel,
    };
    const written = lang
      ? reviewText(rng, ctx, rating, tone, lang, {
          shortChance: source === 'google' ? 0.28 : 0.12,
          withTitle: TITLED.has(source),
        })
      : null;
    const externalId = counters.ids.next(source);

    const draft: ReviewDraft = {
      locationCode: target.location?.code ?? null,
      source,
      externalId,
      authorName: name.display,
      rating,
      title: written?.title ?? null,
      text: written?.text ?? null,
      language: lang,
      sentiment: sentimentForTone(tone),
      url: reviewUrl(source, target.sourceUrls[source], externalId),
      createdAt: new Date(createdAt),
      fetchedAt: new Date(Math.min(now, createdAt + rng.int(3, 240) * 60_000)),
      respondedAt: null,
      replies: [],
    };
    planReplies(rng, {
      company,
      draft,
      tone,
      t,
      now,
      features,
      team: opts.team,
      ratingOnly,
      replyCtx: {
        kind: company.kind,
        lang,
        tone,
        rating,
        firstName: name.firstName,
        brand: ctx.brand,
        place: ctx.place,
        liked: written?.liked ?? [],
        disliked: written?.disliked ?? [],
        signer: '',
        contactEmail: company.contactEmail,
      },
    });
    drafts.push(draft);
  }
  return drafts;
}

interface ReplyPlan {
  company: CompanySpec;
  draft: ReviewDraft;
  tone: Tone;
  t: number;
  now: number;
  features: Set<string>;
  team: GenerateOptions['team'];
  ratingOnly: boolean;
  replyCtx: Parameters<typeof replyText>[1];
}

/** Team members who may reply at this location, weighted: responders do most of the work. */
function pickAuthor(rng: Rng, team: GenerateOptions['team'], locationCode: string | null): number {
  const weights: [number, number][] = [];
  team.forEach((m, i) => {
    if (m.role === 'analyst') return;
    if (m.locationCodes && (!locationCode || !m.locationCodes.includes(locationCode))) return;
    // A limited responder answers most reviews of their own locations.
    const w = m.role === 'responder' ? (m.locationCodes ? 12 : 4) : m.role === 'manager' ? 1.5 : 0.5;
    weights.push([i, w]);
  });
  return rng.weighted(weights);
}

function delayHours(rng: Rng, origin: ReplyOrigin): number {
  switch (origin) {
    case 'auto':
      return rng.float(0.05, 0.8);
    case 'ai':
      return Math.min(96, Math.max(0.5, rng.logNormal(4, 0.9)));
    case 'template':
      return Math.min(120, Math.max(1, rng.logNormal(8, 0.9)));
    case 'manual':
      return Math.min(144, Math.max(1, rng.logNormal(14, 0.9)));
  }
}

function originFor(rng: Rng, p: ReplyPlan): ReplyOrigin {
  const { draft, features } = p;
  const autoEligible = draft.source === 'google' && p.ratingOnly && (draft.rating ?? 0) >= 4;
  if (autoEligible && features.has('autoresponse') && rng.chance(0.85)) return 'auto';
  const options: [ReplyOrigin, number][] = [
    ['manual', 60],
    ['template', 28],
  ];
  if (features.has('chatGptAutoResponse')) options.push(['ai', 14]);
  return rng.weighted(options);
}

/**
 * Decides whether and when the review was answered, and adds the reply rows: posted replies,
 * the odd failed attempt (some retried), and drafts on reviews still waiting for an answer.
 */
function planReplies(rng: Rng, p: ReplyPlan): void {
  const { draft, company, tone, t, now } = p;
  const created = draft.createdAt.getTime();
  const chance =
    company.replyRate * (REPLY_FACTOR[draft.source] ?? 1) * (0.7 + 0.45 * t) +
    (tone === 'negative' && REPLY_FACTOR[draft.source] !== 0 ? 0.12 : 0);
  const reply = (
    origin: ReplyOrigin,
    authorIndex: number,
    status: ReplyDraft['status'],
    at: number,
    failureReason: string | null = null,
  ): ReplyDraft => ({
    authorIndex,
    text: replyText(rng, { ...p.replyCtx, signer: p.team[authorIndex].firstName }, origin),
    status,
    failureReason,
    origin,
    createdAt: new Date(at),
    postedAt: status === 'posted' ? new Date(at) : null,
  });

  if (rng.chance(Math.min(0.97, chance))) {
    const origin = originFor(rng, p);
    // Auto-replies are posted by the rule the master admin set up.
    const author =
      origin === 'auto'
        ? Math.max(
            0,
            p.team.findIndex((m) => m.role === 'master_admin'),
          )
        : pickAuthor(rng, p.team, draft.locationCode);
    const at = created + delayHours(rng, origin) * HOUR_MS;
    if (at < now) {
      const failures = FAILURES[draft.source];
      if (failures && rng.chance(0.012)) {
        draft.replies.push(reply(origin, author, 'failed', at, rng.pick(failures)));
        const retry = at + rng.logNormal(6, 0.8) * HOUR_MS;
        if (rng.chance(0.6) && retry < now) {
          draft.replies.push(reply('manual', author, 'posted', retry));
          draft.respondedAt = new Date(retry);
        }
        return;
      }
      draft.replies.push(reply(origin, author, 'posted', at));
      draft.respondedAt = new Date(at);
      return;
    }
  }
  // Unanswered: a few have a reply someone started and did not post yet, more so among recent ones.
  const recent = now - created < 7 * DAY_MS;
  if (REPLY_FACTOR[draft.source] !== 0 && rng.chance(recent ? 0.12 : 0.015)) {
    const at = Math.min(now, Math.max(created + 60_000, created + rng.float(0.5, 30) * HOUR_MS));
    draft.replies.push(reply('manual', pickAuthor(rng, p.team, draft.locationCode), 'draft', at));
  }
}
