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
 * page-size Select fetched when they first show; later again, the Card's Tabs, the Table's virtual
 * body and cascade, the Progress circle, the Input's statics, the narrow screen's drawer and the tabs
 * of the lists and the response settings fetched when shown, the filter's query string without zod, and
 * the charts' pie and gauge fetched with their first chart; the competitor dialog fetched when opened).
 */
const NOT_YET_KB: Record<string, number> = {
  '/messages/analytics': 571, // measured 554.0 kB
  '/admin_panel/companies/new': 452, // measured 438.7 kB
  '/admin_panel/partners/new': 401, // measured 388.9 kB
  '/admin_panel/csdashboard': 515, // measured 499.7 kB
  '/admin_panel/systemhealth': 484, // measured 470.1 kB
  '/reviews': 413, // measured 401.1 kB
  '/dashboard': 544, // measured 527.7 kB
  '/reporting/overview': 615, // measured 597.1 kB
  '/reporting/trends': 568, // measured 551.8 kB
  '/reporting/ranking_responses': 580, // measured 563.4 kB
  '/reporting/ratings_reviews': 567, // measured 550.0 kB
  '/reporting/competitors': 568, // measured 551.5 kB
  '/reporting/insights': 578, // measured 560.8 kB
  '/feedback/landingPage': 422, // measured 409.6 kB
  '/feedback/analytics': 587, // measured 569.4 kB
  '/settings/locations': 354, // measured 343.4 kB: within its budget, not yet by 2%
  '/settings/other/thirdPartyLogin': 386, // measured 374.4 kB
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
