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
 * a few hundred bytes with any change elsewhere, from failing one run in two). A figure without a
 * note was measured on 2026-12-06 (tables without their filter menu, tags without the colour presets,
 * the reviews' import dialog fetched when opened; later that day, each page's dialogs and the tables'
 * page-size Select fetched when they first show).
 */
const NOT_YET_KB: Record<string, number> = {
  '/messages/pages': 384, // measured 372.9 kB
  '/messages/analytics': 605, // measured 586.5 kB (590.4 with React Router's unused components and the shell's catalogue in the entry)
  '/admin_panel/companies/new': 471, // measured 457.5 kB
  '/admin_panel/partners/new': 417, // measured 404.5 kB
  '/admin_panel/csdashboard': 550, // measured 534.1 kB
  '/admin_panel/systemhealth': 520, // measured 505.0 kB
  '/reviews': 425, // measured 412.2 kB
  '/dashboard': 555, // measured 538.2 kB (542.1 with React Router's unused components and the shell's catalogue in the entry)
  '/reporting/overview': 628, // measured 610.1 kB
  '/reporting/trends': 595, // measured 578.0 kB
  '/reporting/ranking_responses': 602, // measured 584.6 kB
  '/reporting/ratings_reviews': 593, // measured 576.1 kB
  '/reporting/competitors': 595, // measured 577.7 kB
  '/reporting/insights': 606, // measured 588.2 kB
  '/settings/competitors': 471, // measured 457.3 kB
  '/settings/team_access': 357, // measured 346.6 kB: within its budget, not yet by 2%
  '/settings/locations': 376, // measured 365.4 kB
  '/settings/response': 409, // measured 397.2 kB
  '/feedback/landingPage': 454, // measured 441.0 kB
  '/feedback/analytics': 610, // measured 592.2 kB
  '/feedback/lists': 378, // measured 366.9 kB
  '/feedback/template': 363, // measured 352.7 kB
  '/feedback/offers': 423, // measured 411.1 kB
  '/settings/other/thirdPartyLogin': 406, // measured 394.5 kB
  '/listing_management': 371, // measured 359.8 kB
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
