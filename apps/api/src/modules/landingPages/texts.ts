import { FEEDBACK_LANGUAGES, type FeedbackLanguage } from '@reputo/core';

/** The texts a company may change per language (landing_page_settings.texts). */
export const EDITABLE_TEXTS = ['headline', 'question', 'publicPrompt', 'privatePrompt', 'thankYou'] as const;
export type EditableText = (typeof EDITABLE_TEXTS)[number];

/** `{name}` is the location's or brand's name. */
export const DEFAULT_TEXTS: Record<FeedbackLanguage, Record<EditableText, string>> = {
  en: {
    headline: 'How was your visit?',
    question: 'How would you rate your visit to {name}?',
    publicPrompt: 'Would you share your experience with others? Pick a site:',
    privatePrompt: 'Or tell us directly. The team reads every message.',
    thankYou: 'Thank you for your feedback!',
  },
  ar: {
    headline: 'كيف كانت زيارتك؟',
    question: 'كيف تقيّم زيارتك إلى {name}؟',
    publicPrompt: 'هل تشارك تجربتك مع الآخرين؟ اختر موقعًا:',
    privatePrompt: 'أو أخبرنا مباشرة. يقرأ الفريق كل رسالة.',
    thankYou: 'شكرًا لك على ملاحظاتك!',
  },
};

/** The NPS question replaces the stars question when the page asks 0 to 10. */
const NPS_QUESTION: Record<FeedbackLanguage, string> = {
  en: 'How likely are you to recommend {name} to a friend or colleague?',
  ar: 'ما مدى احتمال أن توصي بـ {name} لصديق أو زميل؟',
};

/** Fixed labels and error texts of the page. */
export const UI_TEXTS = {
  en: {
    notLikely: 'Not at all likely',
    veryLikely: 'Extremely likely',
    star: (n: number) => `${n} star${n === 1 ? '' : 's'}`,
    reviewOn: (source: string) => `Review us on ${source}`,
    yourName: 'Your name (optional)',
    contact: 'Email or phone (optional, so we can answer you)',
    message: 'Your message',
    photo: 'Add a photo (optional, JPEG, PNG or WebP, up to 5 MB)',
    send: 'Send to the team',
    privately: 'Private feedback',
    yourRating: 'Your rating',
    offerTitle: 'A thank-you from us',
    offerLink: 'Open your coupon',
    back: 'Rate again',
    notFound: 'This page does not exist. Please check the address on the card.',
    errors: {
      score: 'Please choose a rating.',
      text: 'Please write a message (up to 2,000 characters).',
      textLong: 'Your message is too long: at most 2,000 characters.',
      contact: 'Please enter a valid email address or phone number.',
      name: 'Your name is too long: at most 100 characters.',
      photoBig: 'The photo is too big: at most 5 MB.',
      photoType: 'The photo must be a JPEG, PNG, WebP or GIF image.',
      tooMany: 'Too many answers from your connection. Please try again in an hour.',
      bot: 'Your message could not be sent.',
      expired: 'This answer has expired. Please rate again.',
    },
  },
  ar: {
    notLikely: 'غير محتمل إطلاقًا',
    veryLikely: 'محتمل جدًا',
    star: (n: number) => `${n} نجوم`,
    reviewOn: (source: string) => `قيّمنا على ${source}`,
    yourName: 'اسمك (اختياري)',
    contact: 'البريد الإلكتروني أو الهاتف (اختياري، لنرد عليك)',
    message: 'رسالتك',
    photo: 'أضف صورة (اختياري، JPEG أو PNG أو WebP، حتى 5 ميغابايت)',
    send: 'أرسل إلى الفريق',
    privately: 'ملاحظات خاصة',
    yourRating: 'تقييمك',
    offerTitle: 'هدية شكر منا',
    offerLink: 'افتح القسيمة',
    back: 'قيّم مرة أخرى',
    notFound: 'هذه الصفحة غير موجودة. يرجى التحقق من العنوان على البطاقة.',
    errors: {
      score: 'يرجى اختيار تقييم.',
      text: 'يرجى كتابة رسالة (حتى 2000 حرف).',
      textLong: 'رسالتك طويلة جدًا: 2000 حرف كحد أقصى.',
      contact: 'يرجى إدخال بريد إلكتروني أو رقم هاتف صحيح.',
      name: 'الاسم طويل جدًا: 100 حرف كحد أقصى.',
      photoBig: 'الصورة كبيرة جدًا: 5 ميغابايت كحد أقصى.',
      photoType: 'يجب أن تكون الصورة بصيغة JPEG أو PNG أو WebP أو GIF.',
      tooMany: 'إجابات كثيرة من اتصالك. يرجى المحاولة بعد ساعة.',
      bot: 'تعذّر إرسال رسالتك.',
      expired: 'انتهت صلاحية هذه الإجابة. يرجى التقييم مرة أخرى.',
    },
  },
} satisfies Record<FeedbackLanguage, unknown>;

export type UiTexts = (typeof UI_TEXTS)['en'];
export type ErrorKey = keyof UiTexts['errors'];

/** The company's text for a language, or the default; `{name}` filled. */
export function pageText(
  custom: Record<string, Record<string, string>>,
  lang: FeedbackLanguage,
  key: EditableText,
  name: string,
  ratingType: string,
): string {
  const own = custom[lang]?.[key]?.trim();
  const fallback = key === 'question' && ratingType === 'nps' ? NPS_QUESTION[lang] : DEFAULT_TEXTS[lang][key];
  return (own || fallback).replace(/\{name\}/g, name);
}

function isLanguage(value: string | undefined): value is FeedbackLanguage {
  return (FEEDBACK_LANGUAGES as readonly string[]).includes(value ?? '');
}

/** ?lang= wins, then the browser's preferred languages by weight, then English. */
export function visitorLanguage(query: string | undefined, acceptLanguage: string | undefined): FeedbackLanguage {
  if (isLanguage(query)) return query;
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
      return { lang: (tag ?? '').toLowerCase().split('-')[0], weight: q === undefined ? 1 : Number(q), i };
    })
    .filter((x) => x.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.i - b.i);
  return wanted.map((w) => w.lang).find(isLanguage) ?? 'en';
}
