import winkNLP, { type ItsFunction, type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { taxonomyFor, type Taxonomy } from './taxonomy';

/**
 * The text analysis of one review, computed once when the review is stored (spec: insights only
 * aggregate). wink-nlp splits sentences, tokens, lemmas, parts of speech, negation and gives a
 * lexicon sentiment per sentence; a small domain lexicon adds the words reviews use that a general
 * lexicon scores as neutral ("cold", "overpriced", "spotless"). Each topic mention takes the
 * sentiment of the sentences that mention it.
 */

/**
 * Bumped when the analysis changes, so stored rows of an older version can be recomputed. A review
 * waits for analysis while its nlp_version is NULL (the partial index reviews_analysis_waiting_idx
 * finds those without reading the table): a bump ships with a migration that sets nlp_version to NULL
 * where it is older.
 */
export const NLP_VERSION = 1;

export type Polarity = -1 | 0 | 1;

export interface TopicMention {
  topic: string;
  /** '' for the topic as a whole. Every mention also has a row for its topic with ''. */
  subtopic: string;
  sentiment: Polarity;
}

export interface KeywordMention {
  word: string;
  sentiment: Polarity;
}

export interface TextAnalysis {
  /** -1..1: the mean sentence score, or null when the text is empty or not English. */
  score: number | null;
  sentiment: Polarity | null;
  topics: TopicMention[];
  words: KeywordMention[];
}

/** Review words a general lexicon misses, scored -1..1 (negation flips them). */
const DOMAIN_LEXICON: Record<string, number> = {
  cold: -0.6,
  lukewarm: -0.6,
  reheated: -0.8,
  bland: -0.7,
  overcooked: -0.7,
  undercooked: -0.8,
  salty: -0.5,
  soggy: -0.7,
  stale: -0.8,
  dry: -0.4,
  overpriced: -0.8,
  expensive: -0.4,
  slow: -0.6,
  painfully: -0.4,
  late: -0.4,
  forever: -0.4,
  cramped: -0.5,
  loud: -0.4,
  noisy: -0.5,
  sticky: -0.6,
  dirty: -0.8,
  filthy: -0.9,
  stained: -0.6,
  smelled: -0.3,
  rude: -0.9,
  unhelpful: -0.7,
  unprofessional: -0.8,
  missing: -0.5,
  wrong: -0.5,
  mixed: -0.2,
  broken: -0.6,
  crashing: -0.7,
  crash: -0.7,
  crashes: -0.7,
  crashed: -0.7,
  bug: -0.5,
  bugs: -0.5,
  glitch: -0.5,
  confusing: -0.6,
  complicated: -0.4,
  leaked: -0.7,
  spilled: -0.6,
  closed: -0.3,
  crowded: -0.5,
  hidden: -0.3,
  waited: -0.3,
  tiny: -0.4,
  dated: -0.4,
  weak: -0.4,
  disconnecting: -0.6,
  outage: -0.7,
  quick: 0.5,
  fast: 0.5,
  attentive: 0.7,
  spotless: 0.8,
  clean: 0.5,
  fresh: 0.6,
  freshly: 0.5,
  generous: 0.6,
  delicious: 0.8,
  tasty: 0.7,
  cozy: 0.5,
  friendly: 0.7,
  polite: 0.6,
  welcoming: 0.6,
  professional: 0.6,
  knowledgeable: 0.6,
  reasonable: 0.5,
  affordable: 0.5,
  spacious: 0.6,
  comfortable: 0.6,
  intuitive: 0.7,
  smooth: 0.4,
  seamless: 0.7,
  reliable: 0.6,
  helpful: 0.6,
  outstanding: 0.9,
  excellent: 0.9,
  recommended: 0.6,
  spot: 0.2,
  value: 0.2,
};

/** Words too generic to show as "what people say". */
const NOT_KEYWORDS = new Set([
  'place',
  'time',
  'thing',
  'things',
  'way',
  'lot',
  'bit',
  'day',
  'night',
  'visit',
  'today',
  'minute',
  'minutes',
  'hour',
  'hours',
  'star',
  'stars',
  'one',
  'everything',
  'nothing',
  'first',
  'second',
  'next',
  'last',
  'other',
  'same',
  'much',
  'many',
]);
const KEYWORD_POS = new Set(['NOUN', 'ADJ']);
const MAX_WORDS_PER_REVIEW = 8;
/** A sentence (or review) scores positive or negative beyond this; between is neutral. */
const POLARITY_THRESHOLD = 0.1;

let nlp: WinkMethods | null = null;

function engine(): WinkMethods {
  // The model's data comes in with this module's import, at start; building the engine from it
  // holds the event loop ~100 ms, once per process, on the first text analysed.
  nlp ??= winkNLP(model, ['sbd', 'negation', 'sentiment', 'pos']);
  return nlp;
}

/** English enough to analyse: most letters are ASCII (the same idea as the spec's English-text check). */
export function looksEnglish(text: string): boolean {
  const letters = text.replace(/[^\p{L}]/gu, '');
  if (letters.length === 0) return false;
  const ascii = letters.replace(/[^A-Za-z]/g, '').length;
  return ascii / letters.length >= 0.6;
}

export function polarityOf(score: number): Polarity {
  if (score > POLARITY_THRESHOLD) return 1;
  if (score < -POLARITY_THRESHOLD) return -1;
  return 0;
}

interface SentenceFacts {
  score: number;
  keys: Set<string>;
  text: string;
  keywords: string[];
}

function readSentences(text: string): SentenceFacts[] {
  const n = engine();
  const its = n.its;
  const doc = n.readDoc(text);
  // One pass over the document's tokens (each out() walks the tokens), then cut it by sentence spans.
  const tokens = doc.tokens();
  const normals = tokens.out(its.normal) as string[];
  // wink's typings declare lemma with the model's addons argument; at run time it is a token its-function.
  const lemmas = tokens.out(its.lemma as unknown as ItsFunction<string>) as string[];
  const pos = tokens.out(its.pos) as string[];
  const negated = tokens.out(its.negationFlag) as unknown as boolean[];
  const stop = tokens.out(its.stopWordFlag) as unknown as boolean[];
  const spans = doc.sentences().out(its.span) as unknown as [number, number][];
  const scores = doc.sentences().out(its.sentiment) as unknown as number[];
  const facts: SentenceFacts[] = [];
  spans.forEach(([first, last], si) => {
    const clauses = splitContrast(normals, first, last);
    const lexicon = Number(scores[si]) || 0;
    for (const [a, b] of clauses) {
      let domain = 0;
      const keywords: string[] = [];
      const words: string[] = [];
      const keys = new Set<string>();
      for (let i = a; i <= b; i++) {
        const word = normals[i] ?? '';
        const lemma = lemmas[i] ?? word;
        words.push(word);
        keys.add(word).add(lemma);
        const weight = DOMAIN_LEXICON[word] ?? DOMAIN_LEXICON[lemma] ?? 0;
        domain += negated[i] ? -weight : weight;
        if (KEYWORD_POS.has(pos[i] ?? '') && !stop[i] && /^[a-z][a-z-]{2,}$/.test(lemma) && !NOT_KEYWORDS.has(lemma))
          keywords.push(lemma);
      }
      // A sentence with contrasting clauses ("slow but tasty") gives each clause its own domain score;
      // wink scores whole sentences only, so its score counts only for a sentence of one clause.
      const raw = clauses.length === 1 ? lexicon + domain : domain;
      // Clamp so one clause full of strong words cannot outweigh the rest of the review.
      facts.push({ score: Math.max(-1, Math.min(1, raw)), keys, text: ` ${words.join(' ')} `, keywords });
    }
  });
  return facts;
}

/** Words that turn a sentence's tone: each side is scored on its own. */
const CONTRAST = new Set(['but', 'however', 'although', 'though', 'yet', 'whereas', 'except']);

/** Token ranges [first, last] of a sentence's clauses, cut before a contrasting word. */
function splitContrast(normals: string[], first: number, last: number): [number, number][] {
  const out: [number, number][] = [];
  let start = first;
  for (let i = first + 1; i <= last; i++) {
    if (CONTRAST.has(normals[i] ?? '') && i - start >= 2) {
      out.push([start, i - 1]);
      start = i;
    }
  }
  out.push([start, last]);
  return out;
}

function mentions(def: { words: string[] }, s: SentenceFacts): boolean {
  return def.words.some((w) => (w.includes(' ') ? s.text.includes(` ${w} `) : s.keys.has(w)));
}

/** Topic and sub-topic keys a sentence talks about, each with '' for the topic as a whole. */
function topicsOf(taxonomy: Taxonomy, s: SentenceFacts): { topic: string; subtopic: string }[] {
  const found: { topic: string; subtopic: string }[] = [];
  for (const [topic, def] of Object.entries(taxonomy)) {
    const subs = Object.entries(def.subtopics).filter(([, sub]) => mentions(sub, s));
    if (subs.length === 0 && !mentions(def, s)) continue;
    found.push({ topic, subtopic: '' });
    for (const [key] of subs) found.push({ topic, subtopic: key });
  }
  return found;
}

/** Sums sentence scores per key and turns each sum into a polarity. */
function collect<K extends string>(entries: { key: K; score: number }[]): Map<K, Polarity> {
  const sums = new Map<K, number>();
  for (const e of entries) sums.set(e.key, (sums.get(e.key) ?? 0) + e.score);
  return new Map([...sums].map(([k, v]) => [k, polarityOf(v)]));
}

/**
 * Analyses a review text for a company type. Empty and non-English texts have no topics and a null
 * score (their sentiment then comes from the rating, see sentimentFromRating).
 */
export function analyzeText(text: string | null | undefined, companyType: string | null | undefined): TextAnalysis {
  const clean = (text ?? '').trim();
  if (!clean || !looksEnglish(clean)) return { score: null, sentiment: null, topics: [], words: [] };
  const sentences = readSentences(clean);
  const taxonomy = taxonomyFor(companyType);
  const topicEntries = sentences.flatMap((s) =>
    topicsOf(taxonomy, s).map((t) => ({ key: `${t.topic}|${t.subtopic}`, score: s.score })),
  );
  const wordEntries = sentences.flatMap((s) => [...new Set(s.keywords)].map((w) => ({ key: w, score: s.score })));
  const score = sentences.length ? sentences.reduce((a, s) => a + s.score, 0) / sentences.length : 0;
  const topics = [...collect(topicEntries)].map(([key, sentiment]) => {
    const [topic = '', subtopic = ''] = key.split('|');
    return { topic, subtopic, sentiment };
  });
  const words = [...collect(wordEntries)]
    .slice(0, MAX_WORDS_PER_REVIEW)
    .map(([word, sentiment]) => ({ word, sentiment }));
  return { score: Math.round(score * 1000) / 1000, sentiment: polarityOf(score), topics, words };
}

/** The sentiment of a review without analysable text: 4-5 stars positive, 3 neutral, 1-2 negative. */
export function sentimentFromRating(rating: number | null | undefined): Polarity | null {
  if (rating === null || rating === undefined) return null;
  if (rating >= 4) return 1;
  if (rating === 3) return 0;
  return -1;
}
