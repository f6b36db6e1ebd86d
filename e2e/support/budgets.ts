import { heaviest, kb, type FirstLoad } from './firstLoad';

/**
 * Issue 31's budgets: compressed JavaScript a fresh browser receives on its first load of a screen.
 * Checked on the loads e2e/screens.test.ts makes: its desktop visits are first loads (the page's
 * cache is off), so the budgets cost no visit of their own.
 */
export const SIGNIN_BUDGET_KB = 150;
export const SCREEN_BUDGET_KB = 350;

/**
 * Screens not within their budget yet (issue 31 stays open on them; bench/RESULTS.md, "Web bundles",
 * says where their weight is): each may not grow past what it loaded when this list was written, plus
 * 3%, and leaves the list once 2% within its budget (the test fails until it does, so the list cannot
 * hide a screen that has come down; the margin keeps a screen at the edge, whose shared chunks move by
 * a few hundred bytes with any change elsewhere, from failing one run in two).
 */
const NOT_YET_KB: Record<string, number> = {
  '/messages/pages': 405, // measured 393.1 kB (397.1 with React Router's unused components and the shell's catalogue in the entry)
  '/messages/analytics': 605, // measured 586.5 kB (590.4 with React Router's unused components and the shell's catalogue in the entry)
  '/admin_panel/companies/new': 488, // measured 473.5 kB (477.5 with React Router's unused components and the shell's catalogue in the entry)
  '/admin_panel/partners/new': 421, // measured 407.9 kB (412.0 with React Router's unused components and the shell's catalogue in the entry)
  '/admin_panel/csdashboard': 580, // measured 562.2 kB (566.1 with React Router's unused components and the shell's catalogue in the entry)
  '/admin_panel/systemhealth': 551, // measured 534.1 kB (538.0 with React Router's unused components and the shell's catalogue in the entry)
  '/reviews': 491, // measured 476.4 kB (480.4 with React Router's unused components and the shell's catalogue in the entry)
  '/dashboard': 555, // measured 538.2 kB (542.1 with React Router's unused components and the shell's catalogue in the entry)
  '/reporting/overview': 634, // measured 614.9 kB (618.9 with React Router's unused components and the shell's catalogue in the entry)
  '/reporting/trends': 602, // measured 584.4 kB (588.3 with React Router's unused components and the shell's catalogue in the entry)
  '/reporting/ranking_responses': 613, // measured 594.8 kB (598.8 with React Router's unused components and the shell's catalogue in the entry)
  '/reporting/ratings_reviews': 601, // measured 582.6 kB (586.5 with React Router's unused components and the shell's catalogue in the entry)
  '/reporting/competitors': 606, // measured 587.9 kB (591.9 with React Router's unused components and the shell's catalogue in the entry)
  '/reporting/insights': 617, // measured 598.4 kB (602.4 with React Router's unused components and the shell's catalogue in the entry)
  '/settings/competitors': 478, // measured 464.0 kB (467.9 with React Router's unused components and the shell's catalogue in the entry)
  '/settings/team_access': 430, // measured 417.2 kB (421.3 with React Router's unused components and the shell's catalogue in the entry)
  '/settings/locations': 430, // measured 417.3 kB (421.3 with React Router's unused components and the shell's catalogue in the entry)
  '/settings/response': 427, // measured 413.7 kB (417.7 with React Router's unused components and the shell's catalogue in the entry)
  '/admin_panel/admin_users': 376, // measured 364.9 kB (368.9 with React Router's unused components and the shell's catalogue in the entry)
  '/settings/other/reviewCategories': 373, // measured 361.8 kB (365.8 with React Router's unused components and the shell's catalogue in the entry)
  '/admin_panel/companies': 374, // measured 362.4 kB (366.4 with React Router's unused components and the shell's catalogue in the entry)
  '/feedback/landingPage': 468, // measured 454.1 kB (458.1 with React Router's unused components and the shell's catalogue in the entry)
  '/feedback/analytics': 621, // measured 602.4 kB (606.4 with React Router's unused components and the shell's catalogue in the entry)
  '/feedback/campaigns': 452, // measured 438.5 kB (442.6 with React Router's unused components and the shell's catalogue in the entry)
  '/feedback/lists': 469, // measured 455.3 kB (459.4 with React Router's unused components and the shell's catalogue in the entry)
  '/feedback/template': 404, // measured 392.2 kB (396.2 with React Router's unused components and the shell's catalogue in the entry)
  '/feedback/offers': 472, // measured 458.1 kB (462.2 with React Router's unused components and the shell's catalogue in the entry)
  '/settings/other/thirdPartyLogin': 424, // measured 411.0 kB (414.9 with React Router's unused components and the shell's catalogue in the entry)
  '/admin_panel/partners': 373, // measured 362.0 kB (366.0 with React Router's unused components and the shell's catalogue in the entry)
  '/listing_management': 425, // measured 412.6 kB (416.6 with React Router's unused components and the shell's catalogue in the entry)
};

function budgetOf(path: string): number {
  return path === '/signin' ? SIGNIN_BUDGET_KB : SCREEN_BUDGET_KB;
}

/** Over its budget (or over its ceiling when listed above), or listed above though within its budget. */
export function offBudget(load: FirstLoad): string | null {
  const js = kb(load, 'script');
  const budget = budgetOf(load.path);
  const ceiling = NOT_YET_KB[load.path];
  if (ceiling === undefined) return js > budget ? `over its budget of ${budget} kB: ${summary(load)}` : null;
  if (js <= budget * 0.98)
    return `${load.path} is within its budget now (${js.toFixed(1)} kB): take it out of NOT_YET_KB`;
  return js > ceiling ? `over its ceiling of ${ceiling} kB (budget ${budget} kB): ${summary(load)}` : null;
}

/** A load's scripts and style sheets with their bytes (as weighed, or as Chromium counted them), in a stable order. */
export function assetsOf(load: FirstLoad, size: 'wire' | 'received' = 'wire'): string[] {
  return load.assets.map((a) => `${a.path} ${a.encoding} ${a[size]}`).sort();
}

export function summary(load: FirstLoad): string {
  const js = load.assets.filter((a) => a.kind === 'script');
  return `${load.path} loads ${js.length} scripts, ${kb(load, 'script').toFixed(1)} kB compressed\n${heaviest(load)}`;
}

/** Every script and style sheet went out compressed with brotli (built ahead, chosen by Accept-Encoding). */
export function uncompressed(load: FirstLoad): string[] {
  return load.assets.filter((a) => a.encoding !== 'br' && a.decoded >= 1024).map((a) => `${load.path}: ${a.path}`);
}
