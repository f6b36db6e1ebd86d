import type { Rng } from './random';
import type { Lang, TextKind, Tone } from './texts';

export type ReplyOrigin = 'manual' | 'template' | 'ai' | 'auto';

export interface ReplyContext {
  kind: TextKind;
  /** The review's language; null for rating-only reviews. */
  lang: Lang | null;
  tone: Tone;
  rating: number | null;
  /** The reviewer's first name; null when the reviewer shows only a handle. */
  firstName: string | null;
  brand: string;
  place: string;
  liked: readonly string[];
  disliked: readonly string[];
  /** First name of the team member who replies. */
  signer: string;
  contactEmail: string;
}

const THANKS_BY_TOPIC: Record<string, string> = {
  food: 'Our chefs will be delighted to hear you enjoyed the food.',
  coffee: 'Our baristas will be thrilled that you enjoyed your coffee.',
  service: 'We will make sure your kind words reach the team.',
  staff: 'We will pass your compliments on to the team.',
  waiting: 'We are happy to hear you did not have to wait long.',
  price: 'It is great to hear you found it good value.',
  value: 'It is great to hear you found it good value.',
  cleanliness: 'Our team works hard to keep everything spotless, so thank you for noticing.',
  ambience: 'We are glad you enjoyed the atmosphere.',
  delivery: 'We are glad your order arrived hot and on time.',
  rooms: 'We are delighted you enjoyed your room.',
  checkin: 'We are glad your arrival was smooth.',
  breakfast: 'Our breakfast team will be thrilled to read this.',
  location: 'We agree, the location is hard to beat!',
  facilities: 'We are glad you made the most of our facilities.',
  app: 'Our digital team will be happy to hear you like the app.',
  process: 'We are glad everything was quick and simple.',
  usability: 'Making {place} easy to use is our top priority, so this means a lot.',
  features: 'We are glad {place} saves your team time.',
  support: 'Our support team will be very happy to read this.',
  doctor: 'We will share your kind words with our doctors.',
  reception: 'Our front desk team will be happy to hear this.',
  trainers: 'Our coaches will be proud to read this.',
  equipment: 'We are glad you enjoy the equipment.',
  treatment: 'Our therapists will be delighted to hear this.',
};

const APOLOGY_BY_TOPIC: Record<string, string> = {
  food: 'We are sorry the food did not meet your expectations; our head chef is reviewing it with the kitchen team.',
  coffee: 'We are sorry your coffee was not up to our standard; we have shared this with the baristas at {place}.',
  service: 'The service you describe is not the standard we expect, and we have raised it with the branch manager.',
  staff: 'This is not how we want our guests to be treated, and we have addressed it with the team.',
  waiting: 'We apologise for the long wait and are reviewing staffing at peak hours.',
  price: 'We understand your concern about pricing and have shared your feedback with management.',
  fees: 'We understand your concern about the fees, and our team can review the charges with you.',
  cleanliness:
    'Cleanliness is non-negotiable for us; we have raised it with the team and scheduled an extra inspection.',
  ambience: 'Thank you for flagging this; we are looking into the noise and temperature at {place}.',
  delivery: 'We are sorry about your order and are following up with our delivery partner.',
  rooms: 'We are sorry your room was not up to standard; our housekeeping manager is looking into it.',
  checkin: 'We apologise for the delay at check-in.',
  breakfast: 'We have shared your comments with our breakfast team.',
  app: 'Our engineers are looking into the app issue and a fix is on its way.',
  bugs: 'Our engineers are looking into it and a fix is on its way.',
  support: 'We are sorry our support was slow to respond; this is not the experience we want you to have.',
  pricing: 'We understand your concern about pricing and would be happy to review your plan with you.',
  process: 'We apologise for the delay with your request.',
  doctor: 'We are sorry you felt rushed during your consultation.',
  reception: 'We are sorry about your experience at the front desk.',
  billing: 'We are sorry for the confusion about the charges.',
  equipment: 'We are sorry about the equipment; repairs are already scheduled.',
  crowding: 'We hear you about the busy evenings and are adding more equipment.',
  membership: 'We are sorry about the trouble with your membership.',
  treatment: 'We are sorry your treatment felt rushed.',
};

function greetingEn(rng: Rng, ctx: ReplyContext): string {
  if (ctx.firstName) return `${rng.pick(['Dear', 'Hi', 'Hello'])} ${ctx.firstName},`;
  const guest: Partial<Record<TextKind, string>> = {
    bank: 'Dear Customer,',
    clinic: 'Dear Patient,',
    software: 'Hi there,',
    fitness: 'Hi there,',
  };
  return guest[ctx.kind] ?? 'Dear Guest,';
}

const TEAM_NAME: Partial<Record<TextKind, string>> = {
  bank: 'Customer Care',
  software: 'Customer Success',
  clinic: 'Patient Relations',
  fitness: 'Member Services',
};

function signatureEn(rng: Rng, ctx: ReplyContext): string {
  return rng.pick([
    `${ctx.signer}, ${ctx.brand} ${TEAM_NAME[ctx.kind] ?? 'Guest Relations'}`,
    `Warm regards, the ${ctx.brand} team`,
    `- ${ctx.signer}`,
    `Best regards, ${ctx.signer} from ${ctx.brand}`,
  ]);
}

function fillReply(template: string, ctx: ReplyContext): string {
  return template
    .replace(/\{place\}/g, ctx.place)
    .replace(/\{brand\}/g, ctx.brand)
    .replace(/\{email\}/g, ctx.contactEmail)
    .replace(/\{name\}/g, ctx.firstName ?? '');
}

/** Opening line: a rating-only review has no words to thank for. */
function openingEn(rng: Rng, ctx: ReplyContext): string {
  if (ctx.lang === null) {
    if (ctx.tone === 'positive')
      return rng.pick([`Thank you for the ${ctx.rating}-star rating!`, 'Thank you for the great rating!']);
    return rng.pick([
      'We are sorry to see that we did not earn a better rating.',
      'Thank you for your rating; we are sorry we fell short.',
    ]);
  }
  if (ctx.tone === 'positive')
    return rng.pick([
      'Thank you so much for your kind words!',
      'Thank you for the wonderful review!',
      'What a lovely review, thank you!',
      `Thank you for choosing ${ctx.brand} ${ctx.place}.`,
    ]);
  if (ctx.tone === 'mixed')
    return rng.pick(['Thank you for your honest feedback.', 'Thank you for taking the time to share your experience.']);
  const at = ctx.kind === 'software' ? 'with' : 'at';
  return rng.pick([
    `We are very sorry to hear about your experience ${at} ${ctx.place}.`,
    'Thank you for letting us know, and please accept our apologies.',
    'We are sorry that your experience fell short.',
  ]);
}

/** Written by a person (or drafted by the AI writer and approved): addresses the topics of the review. */
function writtenEnglish(rng: Rng, ctx: ReplyContext, origin: ReplyOrigin): string {
  const body = [openingEn(rng, ctx)];
  const thanks = ctx.liked.map((t) => THANKS_BY_TOPIC[t]).find(Boolean);
  const apology = ctx.disliked.map((t) => APOLOGY_BY_TOPIC[t]).find(Boolean);
  if (thanks && ctx.tone !== 'negative') body.push(thanks);
  if (apology) body.push(apology);
  if (origin === 'ai')
    body.push(
      ctx.tone === 'positive'
        ? 'Feedback like yours is what keeps our team motivated every day.'
        : 'Your feedback helps us improve, and we truly appreciate you sharing it.',
    );
  if (ctx.tone === 'positive')
    body.push(
      rng.pick([
        'We look forward to welcoming you back soon!',
        'See you again soon!',
        `Hope to see you again at ${ctx.place}.`,
      ]),
    );
  else
    body.push(
      rng.pick([
        'Please reach out to us at {email} so we can make it right.',
        'Please send us your details at {email} and we will follow up personally.',
        ctx.kind === 'software'
          ? 'We would love the chance to win back your trust.'
          : 'We would love the chance to welcome you back and do better.',
      ]),
    );
  return fillReply(`${greetingEn(rng, ctx)}\n\n${body.join(' ')}\n\n${signatureEn(rng, ctx)}`, ctx);
}

const TEMPLATES_EN: Record<Tone, string[]> = {
  positive: [
    'Dear {name}, thank you for your wonderful review! We are happy you had a great experience and look forward to seeing you again. The {brand} Team',
    'Hi {name}, thank you for taking the time to rate us. Your feedback means a lot to our team. See you soon! The {brand} Team',
  ],
  mixed: [
    'Dear {name}, thank you for your feedback. We appreciate your comments and will use them to improve. We hope to see you again soon. The {brand} Team',
  ],
  negative: [
    'Dear {name}, thank you for your feedback. We are sorry your experience did not meet your expectations. Please contact us at {email} so we can look into it. The {brand} Team',
  ],
};

const AR_REPLIES: Record<Tone, string[]> = {
  positive: [
    '{greet} شكراً جزيلاً على تقييمك الرائع! يسعدنا أن زيارتك إلى {brand} كانت مميزة، ونتطلع لاستقبالك مرة أخرى قريباً.',
    '{greet} نشكرك على كلماتك الجميلة، وسننقلها لفريق العمل في فرع {place}. بانتظارك دائماً!',
    '{greet} شكراً لك على ثقتك بنا. سعداء جداً بتجربتك ونتمنى أن نراك قريباً.',
  ],
  mixed: [
    '{greet} شكراً على ملاحظاتك الصادقة. يسعدنا أنك استمتعت ببعض جوانب زيارتك، ونعمل على تحسين ما ذكرته. نتمنى أن نراك قريباً.',
    '{greet} نقدّر وقتك في مشاركة تجربتك، وسنعمل مع فريقنا على تحسين النقاط التي ذكرتها.',
  ],
  negative: [
    '{greet} نعتذر بشدة عن التجربة التي مررت بها. ملاحظاتك تهمنا وتم إبلاغ إدارة الفرع لمعالجة الأمر فوراً. نرجو التواصل معنا عبر {email} لنتمكن من خدمتك بشكل أفضل.',
    '{greet} نأسف لأن زيارتك لم تكن على المستوى المطلوب. نأخذ ملاحظاتك بجدية ونعمل على تحسين الخدمة. يسعدنا تواصلك معنا على {email}.',
  ],
};

const FR_REPLIES: Record<Tone, string> = {
  positive:
    "Bonjour {name}, merci beaucoup pour votre avis ! Nous sommes ravis que votre visite vous ait plu et espérons vous revoir bientôt. L'équipe {brand}",
  mixed:
    "Bonjour {name}, merci pour votre retour. Nous prenons note de vos remarques pour nous améliorer. Au plaisir de vous revoir. L'équipe {brand}",
  negative:
    "Bonjour {name}, nous sommes sincèrement désolés pour votre expérience. Vos remarques ont été transmises à l'équipe. N'hésitez pas à nous écrire à {email}. L'équipe {brand}",
};

function arabicReply(rng: Rng, ctx: ReplyContext): string {
  const greet = ctx.firstName ? `${rng.pick(['أهلاً', 'مرحباً'])} ${ctx.firstName}،` : 'أهلاً بك،';
  const sign = rng.pick([`فريق ${ctx.brand}`, `مع تحيات فريق ${ctx.brand}`]);
  return `${fillReply(rng.pick(AR_REPLIES[ctx.tone]), ctx).replace('{greet}', greet)} ${sign}`;
}

/** Replies to rating-only reviews, as the auto-response feature posts them. */
function autoReply(rng: Rng, ctx: ReplyContext): string {
  const name = ctx.firstName ? `, ${ctx.firstName}` : '';
  const stars = ctx.rating ? `${ctx.rating}-star rating` : 'rating';
  return rng.pick([
    `Thank you for the ${stars}${name}! We hope to see you again soon at ${ctx.brand}.`,
    `Thanks for rating us${name}! It means a lot to the ${ctx.brand} team.`,
    `Thank you${name}! We are glad you enjoyed ${ctx.brand} ${ctx.place}.`,
  ]);
}

/** A reply that addresses the reviewer by first name and matches the review's tone and language. */
export function replyText(rng: Rng, ctx: ReplyContext, origin: ReplyOrigin): string {
  if (origin === 'auto') return autoReply(rng, ctx);
  if (ctx.lang === 'ar') return arabicReply(rng, ctx);
  if (ctx.lang === 'fr')
    return fillReply(
      ctx.firstName ? FR_REPLIES[ctx.tone] : FR_REPLIES[ctx.tone].replace('Bonjour {name},', 'Bonjour,'),
      ctx,
    );
  if (origin === 'template') {
    const template = rng.pick(TEMPLATES_EN[ctx.tone]);
    return fillReply(ctx.firstName ? template : template.replace(/^(Dear|Hi) \{name\}/, '$1 guest'), ctx);
  }
  return writtenEnglish(rng, ctx, origin);
}
