import type { Rng } from './random';
import { CHANNEL_OPENERS, EN_BANKS, EN_SLOTS, type KindBank, type TextKind, type ToneBank } from './texts-en';
import {
  AR_ASPECTS,
  AR_BRANCH_OPENERS,
  AR_CLOSERS,
  AR_INTENSIFIERS,
  AR_OPENERS,
  AR_SENTENCES,
  AR_SHORT,
  AR_TITLES,
  CITY_AR,
  FR_CLOSERS,
  FR_SENTENCES,
  FR_TITLES,
  HI_SENTENCES,
  groupOf,
} from './texts-intl';

export type { TextKind } from './texts-en';
export type Tone = 'positive' | 'mixed' | 'negative';
export type Lang = 'en' | 'ar' | 'fr' | 'hi';
/** How the reviewer met the business: a visit, a delivery order, or the company's mobile app. */
export type Channel = 'visit' | 'delivery' | 'app';

export interface TextContext {
  kind: TextKind;
  brand: string;
  /** Short name of the location ("Dubai Mall") or the product's name. */
  place: string;
  city: string;
  currency: 'AED' | 'SAR';
  /** Named things reviewers mention: dishes, drinks, room types, product features, departments. */
  items: readonly string[];
  staff: readonly string[];
  /** Food mentioned by hotel and cafe guests, when `items` are rooms or drinks. */
  dishes?: readonly string[];
  doctors?: readonly string[];
  landmark?: string;
  view?: string;
  channel: Channel;
}

export interface ReviewText {
  text: string;
  title: string | null;
  /** Topics praised and criticised, so that a reply can address them. */
  liked: string[];
  disliked: string[];
}

export function toneForRating(rating: number): Tone {
  if (rating >= 4) return 'positive';
  if (rating === 3) return 'mixed';
  return 'negative';
}

export function sentimentForTone(tone: Tone): -1 | 0 | 1 {
  return tone === 'positive' ? 1 : tone === 'negative' ? -1 : 0;
}

function toneKey(tone: Tone): keyof ToneBank {
  return tone === 'positive' ? 'pos' : tone === 'negative' ? 'neg' : 'mix';
}

/** Fills {slots}; numbers depend on the tone (a happy guest waited 10 minutes, an unhappy one 50). */
function fill(template: string, ctx: TextContext, rng: Rng, tone: Tone): string {
  let firstItem: string | null = null;
  return template.replace(/\{(\w+)\}/g, (_m, slot: string) => {
    switch (slot) {
      case 'item':
        firstItem = rng.pick(ctx.items);
        return firstItem;
      case 'item2': {
        const others = ctx.items.filter((i) => i !== firstItem);
        return rng.pick(others.length ? others : ctx.items);
      }
      case 'dish':
        return rng.pick(ctx.dishes?.length ? ctx.dishes : ctx.items);
      case 'staff':
        return rng.pick(ctx.staff);
      case 'doctor':
        return ctx.doctors?.length ? rng.pick(ctx.doctors) : 'The doctor';
      case 'brand':
        return ctx.brand;
      case 'place':
      case 'product':
        return ctx.place;
      case 'city':
        return ctx.city;
      case 'cityAr':
        return CITY_AR[ctx.city] ?? ctx.city;
      case 'currency':
        return ctx.currency;
      case 'mins':
        return String(tone === 'positive' ? rng.int(6, 20) : rng.int(35, 95));
      case 'price':
        return String(rng.int(18, 65));
      case 'bill':
        return String(rng.int(28, 65) * 10);
      case 'nights':
        return String(rng.int(2, 6));
      case 'years':
        return String(rng.int(2, 6));
      case 'kg':
        return String(rng.int(4, 12));
      case 'occasion':
        return rng.pick(ctx.kind === 'hotel' ? EN_SLOTS.hotelOccasion : EN_SLOTS.occasion);
      case 'companion':
        return rng.pick(EN_SLOTS.companion);
      case 'day':
        return rng.pick(EN_SLOTS.day);
      case 'errand':
        return rng.pick(EN_SLOTS.errand);
      case 'view':
        return ctx.view ?? 'the city skyline';
      case 'landmark':
        return ctx.landmark ?? 'the mall';
      default:
        return slot;
    }
  });
}

/** Lower-cases the first letter for use after a connector, unless it is a slot, "I" or an acronym. */
function lowerFirst(template: string): string {
  if (/^(\{|I\b|[A-Z]{2})/.test(template)) return template;
  return template[0].toLowerCase() + template.slice(1);
}

function topicWeights(bank: KindBank, ctx: TextContext): [string, number][] {
  const entries = Object.entries(bank.topics).map(([k, t]) => [k, t.weight] as [string, number]);
  if (ctx.channel === 'delivery' && bank.topics.delivery) {
    // Delivery customers talk about the order, not the dining room.
    const keep: Record<string, number> = { delivery: 4, food: 3, coffee: 3, price: 1 };
    return entries.filter(([k]) => k in keep).map(([k]) => [k, keep[k]]);
  }
  if (ctx.channel === 'app' && bank.topics.app)
    return [
      ['app', 5],
      ['fees', 1],
      ['process', 1],
    ];
  return entries.filter(([, w]) => w > 0);
}

function pickTopics(rng: Rng, weights: [string, number][], count: number): string[] {
  const left = [...weights];
  const chosen: string[] = [];
  while (chosen.length < count && left.length) {
    const key = rng.weighted(left);
    chosen.push(key);
    left.splice(
      left.findIndex(([k]) => k === key),
      1,
    );
  }
  return chosen;
}

const ALSO = ['Also, ', 'On top of that, ', 'Plus, ', 'And ', ''];
const BUT = ['However, ', 'But ', 'Unfortunately, ', 'On the other hand, ', 'That said, '];

function composeEnglish(
  rng: Rng,
  ctx: TextContext,
  rating: number | null,
  tone: Tone,
  shortChance: number,
): ReviewText {
  const bank = EN_BANKS[ctx.kind];
  const key = toneKey(tone);
  if (rng.chance(shortChance)) {
    const line = fill(rng.pick(bank.short[key]), ctx, rng, tone);
    const closer = rng.chance(0.35) ? ` ${fill(rng.pick(bank.closers[key]), ctx, rng, tone)}` : '';
    return { text: line + closer, title: null, liked: [], disliked: [] };
  }
  const topics = pickTopics(
    rng,
    topicWeights(bank, ctx),
    rng.weighted([
      [1, 35],
      [2, 45],
      [3, 20],
    ]),
  );
  const liked: string[] = [];
  const disliked: string[] = [];
  const body: string[] = [];
  const say = (topic: string, good: boolean, connector: string): void => {
    const t = bank.topics[topic];
    const template = rng.pick(good ? t.pos : t.neg);
    body.push(fill(connector ? connector + lowerFirst(template) : template, ctx, rng, good ? 'positive' : 'negative'));
    (good ? liked : disliked).push(topic);
  };
  topics.forEach((topic, i) => {
    if (tone === 'mixed') say(topic, i % 2 === 0, i === 1 ? rng.pick(BUT) : '');
    else say(topic, tone === 'positive', i > 0 && rng.chance(0.3) ? rng.pick(ALSO) : '');
  });
  if (tone === 'mixed' && topics.length === 1) {
    const other = pickTopics(
      rng,
      topicWeights(bank, ctx).filter(([k]) => k !== topics[0]),
      1,
    )[0];
    if (other) say(other, false, rng.pick(BUT));
  }
  // A happy 4-star guest often adds a small complaint; an unhappy 2-star one a small praise.
  const others = topicWeights(bank, ctx).filter(([k]) => !topics.includes(k));
  if (rating === 4 && others.length && rng.chance(0.35))
    say(rng.weighted(others), false, rng.pick(['Small complaint: ', 'One minor thing: ', 'Only downside: ']));
  if (rating === 2 && others.length && rng.chance(0.3)) say(rng.weighted(others), true, 'To be fair, ');

  const sentences = [...body];
  const openers = ctx.channel === 'visit' ? bank.openers : CHANNEL_OPENERS[ctx.channel];
  if (rng.chance(0.35) && sentences.length < 4) sentences.unshift(fill(rng.pick(openers[key]), ctx, rng, tone));
  if (rng.chance(0.35) && sentences.length < 4) sentences.push(fill(rng.pick(bank.closers[key]), ctx, rng, tone));
  return { text: sentences.slice(0, 4).join(' '), title: null, liked, disliked };
}

function composeFromSentences(
  rng: Rng,
  ctx: TextContext,
  tone: Tone,
  bank: ToneBank,
  openers: ToneBank | null,
  closers: ToneBank | null,
): string[] {
  const key = toneKey(tone);
  const count = rng.weighted([
    [1, 30],
    [2, 48],
    [3, 22],
  ]);
  const sentences = rng.sample(bank[key], count);
  // A mixed review in the other languages often pairs one good and one bad remark.
  if (tone === 'mixed' && rng.chance(0.3)) sentences.push(rng.pick(rng.chance(0.5) ? bank.pos : bank.neg));
  if (openers && rng.chance(0.25)) sentences.unshift(rng.pick(openers[key]));
  if (closers && rng.chance(0.35)) sentences.push(rng.pick(closers[key]));
  return sentences.slice(0, 4).map((s) => fill(s, ctx, rng, tone));
}

/** "الأكل لذيذ جداً والخدمة سريعة." : one or two aspects with agreeing adjectives. */
function arabicAspectSentence(rng: Rng, group: ReturnType<typeof groupOf>, tone: Tone): string {
  const bank = AR_ASPECTS[group];
  const phrase = (good: boolean, [aspect, adjectives]: [string, string[]]) =>
    `${aspect} ${rng.pick(adjectives)}${rng.pick(good ? AR_INTENSIFIERS.pos : AR_INTENSIFIERS.neg)}`;
  if (tone === 'mixed')
    return `${phrase(true, rng.pick(bank.pos))}${rng.pick([' لكن ', ' بس ', '، للأسف '])}${phrase(false, rng.pick(bank.neg))}.`;
  const good = tone === 'positive';
  const aspects = rng.sample(
    good ? bank.pos : bank.neg,
    rng.weighted([
      [1, 45],
      [2, 55],
    ]),
  );
  return `${aspects.map((a) => phrase(good, a)).join(' و')}.`;
}

/** Topics for replies to reviews whose sentences are not topic-tagged: a generic one by tone. */
function genericTopics(tone: Tone): Pick<ReviewText, 'liked' | 'disliked'> {
  if (tone === 'positive') return { liked: ['experience'], disliked: [] };
  if (tone === 'negative') return { liked: [], disliked: ['experience'] };
  return { liked: ['experience'], disliked: ['experience'] };
}

export interface ReviewTextOptions {
  /** Chance of a one-line review. */
  shortChance: number;
  withTitle: boolean;
}

/** A review's text (and title when the source has titles) in the given language and tone. */
export function reviewText(
  rng: Rng,
  ctx: TextContext,
  rating: number | null,
  tone: Tone,
  lang: Lang,
  opts: ReviewTextOptions,
): ReviewText {
  const key = toneKey(tone);
  const group = groupOf(ctx.kind, ctx.channel === 'app');
  const visitsBranch = ctx.channel === 'visit' && ctx.kind !== 'software' && ctx.kind !== 'hotel';
  let result: ReviewText;
  let titles: ToneBank = EN_BANKS[ctx.kind].titles;
  if (lang === 'en') {
    result = composeEnglish(rng, ctx, rating, tone, opts.shortChance);
  } else if (lang === 'ar') {
    titles = AR_TITLES;
    // Arabic one-liners come from a small pool; keep them rarer so texts seldom repeat.
    let text: string;
    if (rng.chance(opts.shortChance * 0.6)) text = fill(rng.pick(AR_SHORT[key]), ctx, rng, tone);
    else {
      const sentences = composeFromSentences(
        rng,
        ctx,
        tone,
        AR_SENTENCES[group],
        visitsBranch ? AR_BRANCH_OPENERS : AR_OPENERS,
        AR_CLOSERS,
      );
      // Replace or add an aspect sentence in most reviews, for variety.
      if (rng.chance(0.7))
        sentences.splice(rng.int(0, sentences.length), rng.chance(0.5) ? 1 : 0, arabicAspectSentence(rng, group, tone));
      text = sentences.slice(0, 4).join(' ');
    }
    result = { text, title: null, ...genericTopics(tone) };
  } else if (lang === 'fr') {
    titles = FR_TITLES;
    result = {
      text: composeFromSentences(rng, ctx, tone, FR_SENTENCES[group], null, FR_CLOSERS).join(' '),
      title: null,
      ...genericTopics(tone),
    };
  } else {
    const bank = HI_SENTENCES[group === 'food' ? 'food' : 'other'];
    result = {
      text: composeFromSentences(rng, ctx, tone, bank, null, null).join(' '),
      title: null,
      ...genericTopics(tone),
    };
  }
  if (opts.withTitle) result.title = fill(rng.pick(titles[key]), ctx, rng, tone);
  return result;
}
