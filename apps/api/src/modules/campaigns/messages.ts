import { feedbackPaths, renderCampaignTemplate, renderInvitation, type CampaignChannel } from '@reputo/core';

/** A template as the sender uses it (the campaign's, or the built-in one when it has none). */
export interface MessageTemplate {
  subject: string | null;
  body: string;
  language: string;
}

export const DEFAULT_TEMPLATES: Record<CampaignChannel, MessageTemplate> = {
  email: {
    subject: 'How was your visit to {location}?',
    body: 'Hi {first_name},\n\nThank you for visiting {location}. Would you take a moment to tell us how we did?\n\n{link}\n\nThank you,\n{company}',
    language: 'en',
  },
  sms: {
    subject: null,
    body: 'Hi {first_name}, thanks for visiting {location}! How did we do? {link}',
    language: 'en',
  },
};

export interface RecipientValues {
  token: string;
  name: string | null;
  location: string | null;
  company: string;
  /** The coupon page of the campaign's offer, when it gives one. */
  offerLink?: string | null;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function recipientLinks(publicUrl: string, token: string) {
  return {
    link: `${publicUrl}${feedbackPaths.click(token)}`,
    unsubscribe: `${publicUrl}${feedbackPaths.unsubscribe(token)}`,
    pixel: `${publicUrl}${feedbackPaths.open(token)}`,
  };
}

/** The mail as sent: text, and HTML with its links made clickable and the open pixel at the end. */
export function composeMail(publicUrl: string, template: MessageTemplate, r: RecipientValues) {
  const links = recipientLinks(publicUrl, r.token);
  const values = {
    name: r.name,
    location: r.location,
    company: r.company,
    link: links.link,
    unsubscribe_link: links.unsubscribe,
    offer_link: r.offerLink,
  };
  const text = renderInvitation('email', template.body, values, template.language);
  const subject = renderCampaignTemplate(template.subject ?? DEFAULT_TEMPLATES.email.subject!, values).trim();
  const dir = template.language === 'ar' ? 'rtl' : 'ltr';
  const paragraphs = escapeHtml(text)
    .split(/\n{2,}/)
    .map((p) => `<p>${p.replace(/\n/g, '<br>').replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</p>`)
    .join('\n');
  const html = `<!doctype html><html lang="${template.language}" dir="${dir}"><body style="font-family:sans-serif">\n${paragraphs}\n<img src="${links.pixel}" width="1" height="1" alt="" style="display:block">\n</body></html>`;
  return { subject, text, html, unsubscribeUrl: links.unsubscribe };
}

export function composeSms(publicUrl: string, template: MessageTemplate, r: RecipientValues): string {
  const links = recipientLinks(publicUrl, r.token);
  return renderInvitation(
    'sms',
    template.body,
    {
      name: r.name,
      location: r.location,
      company: r.company,
      link: links.link,
      offer_link: r.offerLink,
    },
    template.language,
  );
}

/** A stable Message-ID per recipient and mail (first or reminder). */
export function messageIdOf(publicUrl: string, token: string, reminder = false): string {
  return `<${reminder ? 'r-' : ''}${token}@${new URL(publicUrl).hostname}>`;
}
