/**
 * The templates a company starts with: an email and an SMS invitation in English and in Arabic.
 * The SMS texts stay within one part with the link and the STOP text added (GSM-7 for English;
 * Arabic is UCS-2, so it is kept short and takes two).
 */
export const DEFAULT_CAMPAIGN_TEMPLATES = [
  {
    name: 'Thank you for visiting (email)',
    channel: 'email',
    language: 'en',
    subject: 'How was your visit to {location}?',
    body: 'Hi {first_name},\n\nThank you for visiting {location}. Would you tell us how it went? It takes less than a minute:\n\n{link}\n\nYour feedback helps our team get better every day.\n\nThe {brand} team',
  },
  {
    name: 'Thank you for visiting (SMS)',
    channel: 'sms',
    language: 'en',
    subject: null,
    body: 'Hi {first_name}, thanks for visiting {location}! How did we do? {link}',
  },
  {
    name: 'شكرا لزيارتك (بريد)',
    channel: 'email',
    language: 'ar',
    subject: 'كيف كانت زيارتك إلى {location}؟',
    body: 'مرحبا {first_name}،\n\nشكرا لزيارتك {location}. هل تخبرنا كيف كانت تجربتك؟ لن يستغرق ذلك أكثر من دقيقة:\n\n{link}\n\nرأيك يساعد فريقنا على التحسن كل يوم.\n\nفريق {brand}',
  },
  {
    name: 'شكرا لزيارتك (رسالة)',
    channel: 'sms',
    language: 'ar',
    subject: null,
    body: 'مرحبا {first_name}، شكرا لزيارتك {location}! كيف كانت تجربتك؟ {link}',
  },
] as const;
