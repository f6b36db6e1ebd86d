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
  '/signin': 180, // measured 174.3 kB (189.1 before antd's ColorPresets, tooltip UniqueProvider and zod's config left the entry)
  '/messages/pages': 424, // measured 411.3 kB with i18next and the catalogues (issue 30), 384.2 before
  '/messages/analytics': 627, // measured 608.7 kB with i18next and the catalogues (issue 30), 580.1 before
  '/admin_panel/companies/new': 507, // measured 491.6 kB with i18next and the catalogues (issue 30), 455.5 before
  '/admin_panel/partners/new': 439, // measured 425.9 kB with i18next and the catalogues (issue 30), 394.5 before
  '/admin_panel/csdashboard': 601, // measured 583.0 kB with i18next and the catalogues (issue 30), 544.0 before
  '/admin_panel/systemhealth': 572, // measured 554.8 kB with i18next and the catalogues (issue 30), 518.0 before
  '/reviews': 510, // measured 494.9 kB with i18next and the catalogues (issue 30), 461.1 before
  '/dashboard': 578, // measured 560.4 kB with i18next and the catalogues (issue 30), 531.5 before
  '/reporting/overview': 657, // measured 637.2 kB with i18next and the catalogues (issue 30), 608.3 before
  '/reporting/trends': 625, // measured 606.5 kB with i18next and the catalogues (issue 30), 577.7 before
  '/reporting/ranking_responses': 632, // measured 613.2 kB with i18next and the catalogues (issue 30), 584.3 before
  '/reporting/ratings_reviews': 623, // measured 604.8 kB with i18next and the catalogues (issue 30), 575.9 before
  '/reporting/competitors': 625, // measured 606.3 kB with i18next and the catalogues (issue 30), 577.5 before
  '/reporting/insights': 630, // measured 611.3 kB with i18next and the catalogues (issue 30), 578.1 before
  '/settings/competitors': 497, // measured 482.3 kB with i18next and the catalogues (issue 30), 450.4 before
  '/settings/team_access': 452, // measured 438.1 kB with i18next and the catalogues (issue 30), 404.2 before
  '/settings/locations': 452, // measured 438.0 kB with i18next and the catalogues (issue 30), 404.3 before
  '/settings/response': 448, // measured 434.4 kB with i18next and the catalogues (issue 30), 396.4 before
  '/admin_panel/admin_users': 397, // measured 385.3 kB with i18next and the catalogues (issue 30), 352.0 before
  '/settings/other/reviewCategories': 393, // measured 380.9 kB with i18next and the catalogues (issue 30), 351.4 before
  '/admin_panel/companies': 395, // measured 382.8 kB with i18next and the catalogues (issue 30), 350.2 before
  '/feedback/landingPage': 485, // measured 470.6 kB with i18next and the catalogues (issue 30), 444.2 before
  '/feedback/analytics': 640, // measured 620.9 kB with i18next and the catalogues (issue 30), 590.4 before
  '/feedback/campaigns': 473, // measured 459.2 kB with i18next and the catalogues (issue 30), 432.7 before
  '/feedback/lists': 491, // measured 476.4 kB with i18next and the catalogues (issue 30), 443.7 before
  '/feedback/template': 426, // measured 412.9 kB with i18next and the catalogues (issue 30), 386.1 before
  '/feedback/offers': 494, // measured 478.8 kB with i18next and the catalogues (issue 30), 448.8 before
  '/settings/other/thirdPartyLogin': 445, // measured 431.7 kB with i18next and the catalogues (issue 30), 397.5 before
  '/admin_panel/partners': 394, // measured 382.3 kB with i18next and the catalogues (issue 30), 350.2 before
  '/listing_management': 446, // measured 432.7 kB: listings table, edit drawer with hours and date fields
  '/messages': 362, // measured 351.3 kB with i18next and the catalogues (issue 30), within 350 kB before
  '/settings/notifications': 365, // measured 353.9 kB with i18next and the catalogues (issue 30), within 350 kB before
  '/user': 363, // measured 352.0 kB with i18next and the catalogues (issue 30), within 350 kB before
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
