import { RTL_LANGUAGES, type FeedbackLanguage } from '@reputo/core';
import { UI_TEXTS, type ErrorKey } from './texts';

/**
 * The public landing page as server-rendered HTML: no script at all (forms POST and links
 * redirect), one inline style sheet, so the first answer is the whole page on a phone's network.
 */

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

function luminance([r, g, b]: number[]): number {
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r! / 255) + 0.7152 * lin(g! / 255) + 0.0722 * lin(b! / 255);
}

/**
 * The colour we write into the style sheet: only #rrggbb ever gets there, darkened until white text
 * on it reads at WCAG AA (4.5:1), so a light brand colour still gives readable buttons and links.
 */
export function readableColor(color: string): string {
  const hex = /^#[0-9a-f]{6}$/i.test(color) ? color : '#1677ff';
  let rgb = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  for (let i = 0; i < 20 && 1.05 / (luminance(rgb) + 0.05) < 4.5; i++) rgb = rgb.map((c) => Math.floor(c * 0.9));
  return `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

export interface Frame {
  lang: FeedbackLanguage;
  title: string;
  color: string;
  logoUrl: string | null;
  /** Shown at the top when there is no logo (the brand's name, else the company's). */
  brandName: string;
  companyName: string;
  /** The page's own address with the other language, for the language switch. */
  switchHref: string | null;
}

const STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans Arabic",sans-serif;background:#f5f6f8;color:#1f2329}
main{max-width:480px;margin:0 auto;padding:16px}header{display:flex;align-items:center;gap:12px;padding:8px 0 16px}
header img{max-height:48px;max-width:140px;object-fit:contain}header b{font-size:18px}header a{margin-inline-start:auto;color:var(--c);font-size:14px}
.card{background:#fff;border-radius:14px;padding:20px;box-shadow:0 1px 3px rgba(0,0,0,.08);margin-bottom:16px}
h1{font-size:22px;margin:0 0 8px}h2{font-size:18px;margin:0 0 12px}p{margin:0 0 12px}
.stars{display:flex;justify-content:center;gap:6px;direction:ltr}.stars button{font-size:40px;line-height:1;border:0;background:none;color:#c9ccd1;padding:4px;cursor:pointer}
.stars button:hover,.stars button:focus{color:var(--c)}
.nps{display:grid;grid-template-columns:repeat(6,1fr);gap:6px;direction:ltr}.nps button{height:44px;border:1px solid #d0d4da;border-radius:8px;background:#fff;font-size:17px;cursor:pointer}
.nps button:hover,.nps button:focus{background:var(--c);color:#fff;border-color:var(--c)}.ends{display:flex;justify-content:space-between;font-size:13px;color:#666;margin-top:8px}
.links a{display:block;text-align:center;padding:13px;margin-bottom:10px;border-radius:10px;background:var(--c);color:#fff;text-decoration:none;font-weight:600}
label{display:block;font-size:14px;margin:12px 0 4px;color:#444}input,textarea{width:100%;font:inherit;padding:10px;border:1px solid #d0d4da;border-radius:8px;background:#fff}
textarea{min-height:110px}input[type=file]{padding:8px}.send{margin-top:16px;width:100%;padding:13px;border:0;border-radius:10px;background:#1f2329;color:#fff;font:inherit;font-weight:600;cursor:pointer}
.err{background:#fff1f0;border:1px solid #ffa39e;color:#a8071a;border-radius:8px;padding:10px;margin-bottom:12px}
.hp{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}.muted{color:#666;font-size:14px}.big{font-size:48px;text-align:center;margin:0}.center{text-align:center}
.offer{border:2px dashed var(--c)}.offer a{color:var(--c);font-weight:600}footer{text-align:center;color:#5f6670;font-size:12px;padding:8px}`;

export function layout(frame: Frame, body: string): string {
  const dir = RTL_LANGUAGES.includes(frame.lang) ? 'rtl' : 'ltr';
  const logo = frame.logoUrl
    ? `<img src="${escapeHtml(frame.logoUrl)}" alt="${escapeHtml(frame.brandName)}">`
    : `<b>${escapeHtml(frame.brandName)}</b>`;
  const other = frame.lang === 'ar' ? 'English' : 'العربية';
  const switchLink = frame.switchHref ? `<a href="${escapeHtml(frame.switchHref)}">${other}</a>` : '';
  return `<!doctype html><html lang="${frame.lang}" dir="${dir}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(frame.title)}</title><style>:root{--c:${readableColor(frame.color)}}${STYLE}</style></head>
<body><main><header>${logo}${switchLink}</header>${body}${frame.companyName ? `<footer>${escapeHtml(frame.companyName)}</footer>` : ''}</main></body></html>`;
}

function errorBox(lang: FeedbackLanguage, error: ErrorKey | null): string {
  return error ? `<div class="err" role="alert">${escapeHtml(UI_TEXTS[lang].errors[error])}</div>` : '';
}

export interface RatingView {
  headline: string;
  question: string;
  ratingType: string;
  action: string;
  hidden: Record<string, string>;
  error: ErrorKey | null;
}

function hiddenFields(hidden: Record<string, string>): string {
  return Object.entries(hidden)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
}

/**
 * The honeypot: people never see it, form-filling robots fill it in. Hidden in place (clipped), not moved
 * far to the left, which would widen a right-to-left page.
 */
const HONEYPOT =
  '<div class="hp" aria-hidden="true"><label>Website<input name="website" tabindex="-1" autocomplete="off"></label></div>';

export function ratingStep(lang: FeedbackLanguage, view: RatingView): string {
  const t = UI_TEXTS[lang];
  const buttons =
    view.ratingType === 'nps'
      ? `<div class="nps">${Array.from({ length: 11 }, (_, n) => `<button name="score" value="${n}" aria-label="${n}">${n}</button>`).join('')}</div>
<div class="ends"><span>0 · ${escapeHtml(t.notLikely)}</span><span>10 · ${escapeHtml(t.veryLikely)}</span></div>`
      : `<div class="stars">${[1, 2, 3, 4, 5].map((n) => `<button name="score" value="${n}" aria-label="${escapeHtml(t.star(n))}">★</button>`).join('')}</div>`;
  return `<section class="card">${errorBox(lang, view.error)}<h1>${escapeHtml(view.headline)}</h1><p>${escapeHtml(view.question)}</p>
<form method="post" action="${escapeHtml(view.action)}">${hiddenFields(view.hidden)}${HONEYPOT}${buttons}</form></section>`;
}

export interface PublicLink {
  title: string;
  href: string;
}

export interface NextView {
  score: string;
  publicPrompt: string;
  privatePrompt: string;
  links: PublicLink[];
  action: string;
  couponHref: string | null;
  values: { name: string; contact: string; text: string };
  error: ErrorKey | null;
}

export function couponBox(lang: FeedbackLanguage, href: string | null): string {
  if (!href) return '';
  const t = UI_TEXTS[lang];
  return `<section class="card offer"><h2>${escapeHtml(t.offerTitle)}</h2><a href="${escapeHtml(href)}">${escapeHtml(t.offerLink)}</a></section>`;
}

/** Step 2: every visitor, whatever the rating, gets the public links and the private form. */
export function nextStep(lang: FeedbackLanguage, view: NextView): string {
  const t = UI_TEXTS[lang];
  const links = view.links.length
    ? `<section class="card"><p class="muted">${escapeHtml(t.yourRating)}: ${escapeHtml(view.score)}</p><p>${escapeHtml(view.publicPrompt)}</p>
<div class="links">${view.links.map((l) => `<a href="${escapeHtml(l.href)}" rel="nofollow">${escapeHtml(t.reviewOn(l.title))}</a>`).join('')}</div></section>`
    : `<section class="card"><p class="muted">${escapeHtml(t.yourRating)}: ${escapeHtml(view.score)}</p></section>`;
  const v = view.values;
  const form = `<section class="card" id="private"><h2>${escapeHtml(t.privately)}</h2><p>${escapeHtml(view.privatePrompt)}</p>${errorBox(lang, view.error)}
<form method="post" action="${escapeHtml(view.action)}" enctype="multipart/form-data">${HONEYPOT}
<label for="text">${escapeHtml(t.message)}</label><textarea id="text" name="text" maxlength="2000" required>${escapeHtml(v.text)}</textarea>
<label for="name">${escapeHtml(t.yourName)}</label><input id="name" name="name" maxlength="100" autocomplete="name" value="${escapeHtml(v.name)}">
<label for="contact">${escapeHtml(t.contact)}</label><input id="contact" name="contact" maxlength="200" autocomplete="email" value="${escapeHtml(v.contact)}">
<label for="photo">${escapeHtml(t.photo)}</label><input id="photo" name="photo" type="file" accept="image/jpeg,image/png,image/webp,image/gif">
<button class="send" type="submit">${escapeHtml(t.send)}</button></form></section>`;
  return `${couponBox(lang, view.couponHref)}${links}${form}`;
}

export function thankYouStep(lang: FeedbackLanguage, thankYou: string, couponHref: string | null): string {
  return `<section class="card"><p class="big">✓</p><h1 class="center">${escapeHtml(thankYou)}</h1></section>${couponBox(lang, couponHref)}`;
}

export function messageStep(text: string): string {
  return `<section class="card"><p>${escapeHtml(text)}</p></section>`;
}
