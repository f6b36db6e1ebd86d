import type { Page } from 'playwright-core';

/**
 * Browser checks of a screen in Arabic (issue 30): the page is right to left, and no interface text
 * (buttons, headings, labels, menus, tabs, table headers, placeholders, tooltips, empty states,
 * notices) is left in English. User data (review texts, names of locations and people) may be in
 * any language and is not checked: it is rendered with `dir="auto"` or sits outside these parts.
 */

/** The interface in Arabic on this page from its next load on (before sign-in too: the stored choice wins). */
export async function useArabic(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('reputo.language', 'ar'));
}

/** Parts of the interface whose text is always ours, never the user's data. */
const CHROME = [
  'button',
  'th',
  'label',
  'h1',
  'h2',
  'h3',
  'h4',
  '[data-testid="page-title"]',
  '.ant-menu-title-content',
  '.ant-tabs-tab',
  '.ant-form-item-label',
  '.ant-form-item-explain',
  '.ant-empty-description',
  '.ant-card-head-title',
  '.ant-modal-title',
  '.ant-drawer-title',
  '.ant-select-selection-placeholder',
  '.ant-radio-wrapper',
  '.ant-checkbox-wrapper',
  '.ant-breadcrumb',
  '.ant-statistic-title',
  '.ant-alert-message',
  '.ant-alert-description',
  '.ant-message-notice',
  '.ant-notification-notice',
  '.ant-tooltip-inner',
  '.ant-dropdown-menu-title-content',
  '.ant-segmented-item-label',
  '.ant-steps-item-title',
  '.ant-tag',
  '.ant-result-title',
  '.ant-result-subtitle',
].join(',');

/**
 * Words that are right in Arabic text as they are: product, service and format names, units. Pass
 * more for a screen (its test data, say) as `allow`.
 */
const NAMES =
  /^(Reputo|Google|Facebook|Instagram|Twitter|X|TripAdvisor|Talabat|HungerStation|Zomato|Deliveroo|Yelp|Foursquare|Booking\.com|Expedia|Trustpilot|Careem|Noon|Jira|Zendesk|Mailchimp|ActiveCampaign|Pusher|Soketi|SMTP|CSV|Excel|PDF|API|URL|ID|NPS|QR|SMS|S3|JSON|HTML|PNG|OAuth|AI|Gulf|Dining|Group|Reputo\.test|kB|MB|GB|px|AM|PM|Twilio|WhatsApp|Messenger|Apple|Bing|Yandex|Waze|Uber|Eats|Deliveroo|Jahez|Mrsool|Keeta)$/i;

/**
 * Visible interface texts with a Latin word (two letters or more) that is not a name: what is left
 * in English. Text inside `[dir="auto"]` (user content), `[data-user-content]` or the `skip`
 * selectors (parts another test checks, such as the shell) is skipped, and so is anything matching `allow`.
 */
export async function englishLeft(
  page: Page,
  allow: RegExp[] = [],
  { skip = [] }: { skip?: string[] } = {},
): Promise<string[]> {
  const found = await page.evaluate(
    ({ chrome, names, skipped }) => {
      const nameRe = new RegExp(names, 'i');
      const out = new Set<string>();
      const visible = (el: Element) => {
        const r = el.getBoundingClientRect();
        const s = getComputedStyle(el);
        return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none';
      };
      const userContent = (el: Element | null) =>
        !!el?.closest(['[dir="auto"]', '[data-user-content]', ...skipped].join(', '));
      const check = (text: string) => {
        // A word after a digit is a code, not English: HTTP's "4xx", "2x".
        const words = text.match(/(?<![0-9A-Za-z])[A-Za-z][A-Za-z'.]+/g) ?? [];
        if (words.some((w) => !nameRe.test(w.replace(/\.$/, '')))) out.add(text.trim().slice(0, 120));
      };
      for (const el of Array.from(document.querySelectorAll(chrome))) {
        if (!visible(el)) continue;
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          if (userContent(n.parentElement)) continue;
          if (n.textContent?.trim()) check(n.textContent);
        }
      }
      for (const el of Array.from(document.querySelectorAll('input[placeholder], textarea[placeholder]'))) {
        if (visible(el) && !userContent(el)) check((el as HTMLInputElement).placeholder);
      }
      for (const el of Array.from(document.querySelectorAll('[title], [aria-label]'))) {
        // antd's icons carry their own name as aria-label ("star", "menu-fold"): not a text anybody reads.
        if (!visible(el) || userContent(el) || el.matches('.anticon, [role="img"]')) continue;
        for (const a of ['title', 'aria-label']) {
          const v = el.getAttribute(a);
          if (v) check(v);
        }
      }
      return [...out];
    },
    { chrome: CHROME, names: NAMES.source, skipped: skip },
  );
  return found.filter((text) => !allow.some((re) => re.test(text)));
}

/** The document's direction and language as the app set them. */
export function documentDirection(page: Page): Promise<{ dir: string; lang: string }> {
  return page.evaluate(() => ({ dir: document.documentElement.dir, lang: document.documentElement.lang }));
}

/**
 * Boxes of the interface that overlap a sibling or are clipped (their text wider than the box
 * without a scroller or an ellipsis): what a longer Arabic label can do to a layout.
 */
export function clippedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of Array.from(
      document.querySelectorAll<HTMLElement>('button, .ant-menu-title-content, .ant-tabs-tab, th, label, h1, h2'),
    )) {
      const s = getComputedStyle(el);
      if (s.display === 'none' || s.visibility === 'hidden' || el.clientWidth === 0) continue;
      const clips = s.overflow === 'hidden' || s.overflowX === 'hidden';
      if (clips && s.textOverflow !== 'ellipsis' && el.scrollWidth > el.clientWidth + 1)
        out.push(`${el.tagName.toLowerCase()}: ${el.textContent?.trim().slice(0, 60)}`);
    }
    return out;
  });
}
