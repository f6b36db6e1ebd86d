/**
 * Reply-template placeholders, filled the same way by the web app (when a user picks a template)
 * and the API (auto-response, the built-in writer). Unknown placeholders are left as written.
 */
export const TEMPLATE_PLACEHOLDERS = {
  reviewer_name: "The reviewer's name",
  first_name: "The reviewer's first name",
  location: 'The location (or product) name',
  brand: 'The brand name',
  company: 'The company name',
  rating: 'The star rating',
} as const;

export type TemplatePlaceholder = keyof typeof TEMPLATE_PLACEHOLDERS;
export type TemplateValues = Partial<Record<TemplatePlaceholder, string | number | null | undefined>>;

/** Names given by reviewers that are not names ("Anonymous", "A Google user"): greet without one. */
const NOT_A_NAME = /^(anonymous|guest|a google user|google user|customer|user|n\/a)$/i;

export function usableName(name: string | null | undefined): string | null {
  const n = (name ?? '').trim();
  return n && !NOT_A_NAME.test(n) ? n : null;
}

/** Fills {placeholders}; a missing value becomes a neutral word so no reply shows an empty gap. */
export function fillTemplate(text: string, values: TemplateValues): string {
  const name = usableName(
    values.reviewer_name === undefined || values.reviewer_name === null ? null : String(values.reviewer_name),
  );
  const fallback: Record<TemplatePlaceholder, string> = {
    reviewer_name: name ?? 'guest',
    first_name: name?.split(/\s+/)[0] ?? 'guest',
    location: values.location ? String(values.location) : 'our location',
    brand: values.brand ? String(values.brand) : values.company ? String(values.company) : '',
    company: values.company ? String(values.company) : '',
    rating: values.rating ? String(values.rating) : '',
  };
  return text
    .replace(/\{(\w+)\}/g, (whole, key: string) => (key in fallback ? fallback[key as TemplatePlaceholder] : whole))
    .replace(/[ \t]+([,.!?])/g, '$1')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}

/** Templates offered for a review: those whose ratings include its rating (all of them for no rating). */
export function templatesForRating<T extends { ratings: number[] }>(
  templates: T[],
  rating: number | null | undefined,
): T[] {
  if (!rating) return templates;
  return templates.filter((t) => t.ratings.length === 0 || t.ratings.includes(rating));
}
