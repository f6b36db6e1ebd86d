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
 * note was measured on 2026-12-06, after the fourth pass of bench/RESULTS.md's web bundles (what few
 * screens show fetched when shown: antd's parts behind Card, Table, Progress and Input, the narrow
 * screens' drawers, later tabs, wizard steps and dialogs, the charts' pie and gauge, not-found pictures).
 */
const NOT_YET_KB: Record<string, number> = {
  '/messages/analytics': 563, // measured 546.9 kB (the location tree fetched when opened)
  '/admin_panel/partners/new': 380, // measured 368.5 kB
  '/admin_panel/csdashboard': 515, // measured 500.1 kB
  '/admin_panel/systemhealth': 485, // measured 470.5 kB
  '/reviews': 376, // measured 365.1 kB (the location tree and the range calendar fetched when shown)
  '/dashboard': 536, // measured 520.6 kB (the location tree fetched when opened)
  '/reporting/overview': 607, // measured 590.0 kB (the location tree fetched when opened)
  '/reporting/trends': 561, // measured 544.7 kB (the location tree fetched when opened)
  '/reporting/ranking_responses': 572, // measured 556.3 kB (the location tree fetched when opened)
  '/reporting/ratings_reviews': 559, // measured 542.9 kB (the location tree fetched when opened)
  '/reporting/competitors': 560, // measured 544.4 kB (the location tree fetched when opened)
  '/reporting/insights': 570, // measured 553.7 kB (the location tree fetched when opened)
  '/feedback/landingPage': 422, // measured 410.1 kB
  '/feedback/analytics': 579, // measured 562.3 kB (the location tree fetched when opened)
  '/settings/locations': 354, // measured 343.8 kB: within its budget, not yet by 2%
  '/settings/other/thirdPartyLogin': 386, // measured 374.7 kB
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
