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
  '/signin': 164, // measured 158.6 kB (174.3 with React Router's data router, 189.1 before antd's ColorPresets, tooltip UniqueProvider and zod's config left the entry)
  '/messages/pages': 410, // measured 397.1 kB (411.3 with React Router's data router)
  '/messages/analytics': 609, // measured 590.4 kB (608.7 with React Router's data router)
  '/admin_panel/companies/new': 492, // measured 477.5 kB (491.6 with React Router's data router)
  '/admin_panel/partners/new': 425, // measured 412.0 kB (425.9 with React Router's data router)
  '/admin_panel/csdashboard': 584, // measured 566.1 kB (583.0 with React Router's data router)
  '/admin_panel/systemhealth': 555, // measured 538.0 kB (554.8 with React Router's data router)
  '/reviews': 495, // measured 480.4 kB (494.9 with React Router's data router)
  '/dashboard': 559, // measured 542.1 kB (560.4 with React Router's data router)
  '/reporting/overview': 638, // measured 618.9 kB (637.2 with React Router's data router)
  '/reporting/trends': 606, // measured 588.3 kB (606.5 with React Router's data router)
  '/reporting/ranking_responses': 617, // measured 598.8 kB (613.2 with React Router's data router)
  '/reporting/ratings_reviews': 605, // measured 586.5 kB (604.8 with React Router's data router)
  '/reporting/competitors': 610, // measured 591.9 kB (606.3 with React Router's data router)
  '/reporting/insights': 621, // measured 602.4 kB (611.3 with React Router's data router)
  '/settings/competitors': 482, // measured 467.9 kB (482.3 with React Router's data router)
  '/settings/team_access': 434, // measured 421.3 kB (438.1 with React Router's data router)
  '/settings/locations': 434, // measured 421.3 kB (438.0 with React Router's data router)
  '/settings/response': 431, // measured 417.7 kB (434.4 with React Router's data router)
  '/admin_panel/admin_users': 380, // measured 368.9 kB (385.3 with React Router's data router)
  '/settings/other/reviewCategories': 377, // measured 365.8 kB (380.9 with React Router's data router)
  '/admin_panel/companies': 378, // measured 366.4 kB (382.8 with React Router's data router)
  '/feedback/landingPage': 472, // measured 458.1 kB (470.6 with React Router's data router)
  '/feedback/analytics': 625, // measured 606.4 kB (620.9 with React Router's data router)
  '/feedback/campaigns': 456, // measured 442.6 kB (459.2 with React Router's data router)
  '/feedback/lists': 474, // measured 459.4 kB (476.4 with React Router's data router)
  '/feedback/template': 409, // measured 396.2 kB (412.9 with React Router's data router)
  '/feedback/offers': 477, // measured 462.2 kB (478.8 with React Router's data router)
  '/settings/other/thirdPartyLogin': 428, // measured 414.9 kB (431.7 with React Router's data router)
  '/admin_panel/partners': 377, // measured 366.0 kB (382.3 with React Router's data router)
  '/listing_management': 430, // measured 416.6 kB (432.7 with React Router's data router)
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
