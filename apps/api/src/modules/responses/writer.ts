import { fillTemplate, templatesForRating, usableName } from '@reputo/core';
import type { TextAnalysis } from '../../platform/nlp/analyze';

/**
 * The built-in reply writer: used when no OpenAI-compatible endpoint is configured (or it fails).
 * It answers the rating and sentiment, names what the reviewer liked or disliked (the topics of the
 * text analysis), writes in the reply language (English, Arabic, French, Spanish or German), may
 * start from one of the company's templates for the rating in that language, calls the reviewer by
 * the name as the review writes it (never transliterated), and never returns a text it was told to
 * avoid (the location's last replies).
 */
export interface WriterInput {
  rating: number | null;
  reviewerName: string | null;
  location: string | null;
  brand: string | null;
  company: string | null;
  language: string;
  analysis: Pick<TextAnalysis, 'sentiment' | 'topics'>;
  /** Topic key to display title. */
  topicTitle: (topic: string) => string;
  /** The company's templates; only those written in the reply language are used. */
  templates: { text: string; ratings: number[]; language: string }[];
  avoid: string[];
}

type Tone = 'positive' | 'mixed' | 'negative';

interface Bank {
  greet: (name: string | null) => string[];
  thanks: Record<Tone, string[]>;
  closing: Record<Tone, string[]>;
  signoff: (who: string | null) => string[];
  liked?: (topics: string) => string[];
  disliked?: (topics: string) => string[];
}

const BANKS: Record<string, Bank> = {
  en: {
    greet: (n) => (n ? [`Dear ${n},`, `Hi ${n},`, `Hello ${n},`] : ['Hello,', 'Dear guest,', 'Hi there,']),
    thanks: {
      positive: [
        'Thank you so much for the wonderful review!',
        'Thank you for taking the time to share such kind words.',
        'We really appreciate your lovely feedback.',
        'What a great review to read - thank you!',
      ],
      mixed: [
        'Thank you for your honest feedback.',
        'Thanks for sharing your experience with us.',
        'We appreciate you taking the time to tell us how it went.',
      ],
      negative: [
        'We are truly sorry to hear about your experience.',
        'Thank you for telling us, and please accept our apologies.',
        'We are sorry that your visit did not meet your expectations.',
      ],
    },
    liked: (t) => [
      `We are delighted you enjoyed the ${t}.`,
      `It is great to hear the ${t} stood out for you.`,
      `Our team will be happy to hear your kind words about the ${t}.`,
    ],
    disliked: (t) => [
      `We are sorry about the ${t}, and we have shared your comments with the team.`,
      `Your remarks on the ${t} have gone straight to our managers so we can put it right.`,
      `We take your feedback on the ${t} seriously and are looking into it.`,
    ],
    closing: {
      positive: ['We look forward to welcoming you back soon!', 'We hope to see you again soon.', 'See you next time!'],
      mixed: [
        'We hope to give you an even better experience next time.',
        'We would love the chance to make your next visit a great one.',
      ],
      negative: [
        'Please get in touch with us so we can make things right.',
        'We would appreciate the chance to make it up to you - please contact us.',
      ],
    },
    signoff: (w) =>
      w
        ? [`- The ${w} team`, `Warm regards, ${w}`, `Best wishes, the team at ${w}`]
        : ['- The team', 'Warm regards, the team'],
  },
  ar: {
    greet: (n) => (n ? [`عزيزي ${n}،`, `مرحباً ${n}،`] : ['مرحباً،', 'عزيزنا الضيف،']),
    thanks: {
      positive: ['شكراً جزيلاً على تقييمك الرائع!', 'نشكرك على كلماتك اللطيفة.', 'سعدنا كثيراً بتقييمك.'],
      mixed: ['شكراً على ملاحظاتك الصادقة.', 'نشكرك على مشاركة تجربتك معنا.'],
      negative: ['نعتذر بشدة عن تجربتك.', 'نأسف لأن زيارتك لم تكن على مستوى توقعاتك.'],
    },
    closing: {
      positive: ['نتطلع لاستقبالك مجدداً قريباً!', 'نأمل أن نراك مرة أخرى قريباً.'],
      mixed: ['نأمل أن نقدم لك تجربة أفضل في المرة القادمة.'],
      negative: ['يرجى التواصل معنا لنتمكن من تصحيح الأمر.', 'نرجو منحنا فرصة لتعويضك، تواصل معنا من فضلك.'],
    },
    signoff: (w) => (w ? [`فريق ${w}`, `مع أطيب التحيات، ${w}`] : ['مع أطيب التحيات']),
  },
  fr: {
    greet: (n) => (n ? [`Bonjour ${n},`, `Cher ${n},`] : ['Bonjour,']),
    thanks: {
      positive: ['Merci beaucoup pour ce merveilleux avis !', 'Merci pour vos mots chaleureux.'],
      mixed: ['Merci pour votre avis sincère.', 'Merci de nous avoir fait part de votre expérience.'],
      negative: ['Nous sommes vraiment désolés de votre expérience.', 'Veuillez accepter nos excuses.'],
    },
    closing: {
      positive: ['Au plaisir de vous revoir bientôt !', 'À très bientôt !'],
      mixed: ['Nous espérons faire encore mieux lors de votre prochaine visite.'],
      negative: ['Contactez-nous afin que nous puissions arranger les choses.'],
    },
    signoff: (w) => (w ? [`L'équipe ${w}`, `Cordialement, ${w}`] : ["L'équipe"]),
  },
  es: {
    greet: (n) => (n ? [`Hola ${n},`, `Estimado/a ${n},`] : ['Hola,']),
    thanks: {
      positive: ['¡Muchas gracias por su maravillosa reseña!', 'Gracias por sus amables palabras.'],
      mixed: ['Gracias por su opinión sincera.', 'Gracias por compartir su experiencia.'],
      negative: ['Lamentamos mucho su experiencia.', 'Le pedimos disculpas.'],
    },
    closing: {
      positive: ['¡Esperamos verle pronto de nuevo!'],
      mixed: ['Esperamos ofrecerle una experiencia aún mejor la próxima vez.'],
      negative: ['Póngase en contacto con nosotros para poder solucionarlo.'],
    },
    signoff: (w) => (w ? [`El equipo de ${w}`, `Saludos, ${w}`] : ['El equipo']),
  },
  de: {
    greet: (n) => (n ? [`Hallo ${n},`, `Liebe/r ${n},`] : ['Hallo,']),
    thanks: {
      positive: ['Vielen Dank für die wunderbare Bewertung!', 'Danke für Ihre freundlichen Worte.'],
      mixed: ['Danke für Ihr ehrliches Feedback.', 'Danke, dass Sie Ihre Erfahrung mit uns teilen.'],
      negative: ['Es tut uns sehr leid, von Ihrer Erfahrung zu hören.', 'Bitte entschuldigen Sie.'],
    },
    closing: {
      positive: ['Wir freuen uns auf Ihren nächsten Besuch!'],
      mixed: ['Wir hoffen, Ihnen beim nächsten Mal ein noch besseres Erlebnis zu bieten.'],
      negative: ['Bitte kontaktieren Sie uns, damit wir es wiedergutmachen können.'],
    },
    signoff: (w) => (w ? [`Ihr ${w} Team`, `Viele Grüße, ${w}`] : ['Ihr Team']),
  },
};

export const WRITER_LANGUAGES = Object.keys(BANKS);

function toneOf(rating: number | null, sentiment: number | null | undefined): Tone {
  if (rating !== null) return rating >= 4 ? 'positive' : rating === 3 ? 'mixed' : 'negative';
  if (sentiment === undefined || sentiment === null) return 'mixed';
  return sentiment > 0 ? 'positive' : sentiment < 0 ? 'negative' : 'mixed';
}

function joinList(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const normalize = (t: string) => t.replace(/\s+/g, ' ').trim().toLowerCase();

/** One candidate reply; `rng` returns numbers in [0, 1). */
function compose(input: WriterInput, rng: () => number): { text: string; language: string } {
  const language = BANKS[input.language] ? input.language : 'en';
  const bank = BANKS[language]!;
  const pick = <T>(items: T[]): T => items[Math.floor(rng() * items.length)]!;
  const tone = toneOf(input.rating, input.analysis.sentiment);
  const name = usableName(input.reviewerName)?.split(/\s+/)[0] ?? null;
  const topics = input.analysis.topics.filter((t) => t.subtopic === '');
  const liked = topics.filter((t) => t.sentiment > 0).map((t) => input.topicTitle(t.topic).toLowerCase());
  const disliked = topics.filter((t) => t.sentiment < 0).map((t) => input.topicTitle(t.topic).toLowerCase());
  const topicSentences: string[] = [];
  if (bank.liked && liked.length) topicSentences.push(pick(bank.liked(joinList(liked.slice(0, 2)))));
  if (bank.disliked && disliked.length) topicSentences.push(pick(bank.disliked(joinList(disliked.slice(0, 2)))));

  const offered = templatesForRating(
    input.templates.filter((t) => t.language === language),
    input.rating,
  );
  if (offered.length && rng() < 0.5) {
    const base = fillTemplate(pick(offered).text, {
      reviewer_name: input.reviewerName,
      location: input.location,
      brand: input.brand,
      company: input.company,
      rating: input.rating,
    });
    return { text: [base, ...topicSentences].join(' '), language };
  }
  const who = input.brand ?? input.location ?? input.company;
  const body = [pick(bank.greet(name)), pick(bank.thanks[tone]), ...topicSentences, pick(bank.closing[tone])].join(' ');
  return { text: `${body}\n${pick(bank.signoff(who))}`, language };
}

/** A reply that differs from every text in `avoid` (it tries other wordings, then varies the closing). */
export function writeBuiltinReply(
  input: WriterInput,
  rng: () => number = Math.random,
): { text: string; language: string } {
  const avoid = new Set(input.avoid.map(normalize));
  let last = compose(input, rng);
  for (let i = 0; i < 20 && avoid.has(normalize(last.text)); i++) last = compose(input, rng);
  if (avoid.has(normalize(last.text)))
    last = { ...last, text: `${last.text} ${last.language === 'en' ? 'Thank you again!' : '🙏'}` };
  return last;
}
