/**
 * Feedback rules shared by the API and the web app: the public addresses of landing pages and of a
 * campaign recipient's links, the merge fields of invitation templates, and NPS arithmetic.
 */

/** Languages a landing page and a template can be written in; 'ar' is shown right to left. */
export const FEEDBACK_LANGUAGES = ['en', 'ar'] as const;
export type FeedbackLanguage = (typeof FEEDBACK_LANGUAGES)[number];
export const RTL_LANGUAGES: readonly string[] = ['ar'];

export const CAMPAIGN_CHANNELS = ['email', 'sms'] as const;
export type CampaignChannel = (typeof CAMPAIGN_CHANNELS)[number];

/** Public, unauthenticated addresses (served by the API before the web app's fallback). */
export const feedbackPaths = {
  /** A location's or brand's landing page; `?r=<token>` ties a visit to a campaign recipient. */
  landingPage: (code: string) => `/f/${code}`,
  /** An invitation's tracked link: stamps "clicked", then redirects to the landing page. */
  click: (token: string) => `/c/${token}`,
  /** An email's open pixel. */
  open: (token: string) => `/o/${token}.gif`,
  /** One-click unsubscribe (GET shows a page, POST unsubscribes: RFC 8058). */
  unsubscribe: (token: string) => `/u/${token}`,
} as const;

/** A recipient token's shape (32 hex characters), for previews whose SMS part count must match a real send. */
export const SAMPLE_RECIPIENT_TOKEN = '5f0c3a9e1b7d4e2a8c6f0b3d9e1a7c5f';

/** Merge fields of invitation templates, written {name} like reply templates. */
export const CAMPAIGN_MERGE_FIELDS = {
  name: "The contact's name",
  first_name: "The contact's first name",
  location: 'The location name',
  brand: 'The brand name',
  company: 'The company name',
  link: 'The link to rate us (tracked)',
  unsubscribe_link: 'The unsubscribe link (email)',
  offer_link: "The link to the campaign offer's coupon",
} as const;

export type CampaignMergeField = keyof typeof CAMPAIGN_MERGE_FIELDS;
export type CampaignMergeValues = Partial<Record<CampaignMergeField, string | null | undefined>>;

/** The opt-out sentence every SMS ends with, per language; STOP stays in Latin letters, the word carriers and Twilio honour. */
export const SMS_OPT_OUT_TEXT: Record<string, string> = {
  en: 'Reply STOP to opt out.',
  ar: 'للإلغاء أرسل STOP',
};
const UNSUBSCRIBE_LABEL: Record<string, string> = { en: 'Unsubscribe', ar: 'إلغاء الاشتراك' };
const OFFER_LABEL: Record<string, string> = { en: 'Your offer', ar: 'عرضك' };
/** Inbound SMS words that unsubscribe, as Twilio's Advanced Opt-Out reads them. */
export const SMS_STOP_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE'];

export function isStopWord(body: string): boolean {
  return SMS_STOP_WORDS.includes(body.trim().toUpperCase());
}

/** Fills {merge fields}; a missing name greets "there", unknown fields are left as written. */
export function renderCampaignTemplate(text: string, values: CampaignMergeValues): string {
  const name = (values.name ?? '').trim();
  const filled: Record<CampaignMergeField, string> = {
    name: name || 'there',
    first_name: name.split(/\s+/)[0] || 'there',
    location: values.location ?? '',
    brand: values.brand ?? values.company ?? '',
    company: values.company ?? '',
    link: values.link ?? '',
    unsubscribe_link: values.unsubscribe_link ?? '',
    offer_link: values.offer_link ?? '',
  };
  return text.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in filled ? filled[key as CampaignMergeField] : whole,
  );
}

/**
 * The message as sent: the template filled, plus what the law and the carriers ask for when the
 * template left it out: the link, the offer's coupon link, an unsubscribe link in every mail, the STOP
 * text in every SMS.
 */
export function renderInvitation(
  channel: CampaignChannel,
  body: string,
  values: CampaignMergeValues,
  language = 'en',
): string {
  let text = renderCampaignTemplate(body, values).trim();
  if (values.link && !text.includes(values.link)) text += `\n\n${values.link}`;
  if (values.offer_link && !text.includes(values.offer_link))
    text += `\n\n${OFFER_LABEL[language] ?? OFFER_LABEL.en}: ${values.offer_link}`;
  if (channel === 'email' && values.unsubscribe_link && !text.includes(values.unsubscribe_link)) {
    text += `\n\n${UNSUBSCRIBE_LABEL[language] ?? UNSUBSCRIBE_LABEL.en}: ${values.unsubscribe_link}`;
  }
  if (channel === 'sms' && !/\bSTOP\b/.test(text)) text += ` ${SMS_OPT_OUT_TEXT[language] ?? SMS_OPT_OUT_TEXT.en}`;
  return text;
}

export type NpsCategory = 'promoter' | 'passive' | 'detractor';

/** 9 and 10 promote, 7 and 8 are passive, 0 to 6 detract (Bain's Net Promoter definition). */
export function npsCategory(score: number): NpsCategory {
  return score >= 9 ? 'promoter' : score >= 7 ? 'passive' : 'detractor';
}

/** A star rating read on the NPS scale: 5 promotes, 4 is passive, 1 to 3 detract. */
export function starsNpsCategory(stars: number): NpsCategory {
  return stars >= 5 ? 'promoter' : stars === 4 ? 'passive' : 'detractor';
}

/** NPS = % promoters − % detractors, rounded; null without answers. */
export function npsOf(counts: { promoters: number; passives: number; detractors: number }): number | null {
  const total = counts.promoters + counts.passives + counts.detractors;
  return total ? Math.round(((counts.promoters - counts.detractors) / total) * 100) : null;
}

export * from './sms';
