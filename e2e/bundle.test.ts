import { describe, expect, it } from 'vitest';
import { baseURL, currentBrowser, useBrowser } from './support/browser';
import type { Page } from 'playwright-core';
import {
  firstLoad,
  heaviest,
  kb,
  measureLoad,
  shellReady,
  signedInState,
  uncachedPage,
  type FirstLoad,
} from './support/firstLoad';
import { ADMIN, routedScreens } from './support/screens';

useBrowser();

/** Issue 31's budgets: compressed JavaScript a fresh browser receives on its first load of a screen. */
const SIGNIN_BUDGET_KB = 150;
const SCREEN_BUDGET_KB = 350;

/**
 * Screens not within their budget yet (issue 31 stays open on them; bench/RESULTS.md, "Web bundles",
 * says where their weight is): each may not grow past what it loaded when this list was written, plus
 * 3%, and leaves the list once 2% within its budget (the test fails until it does, so the list cannot
 * hide a screen that has come down; the margin keeps a screen at the edge, whose shared chunks move by
 * a few hundred bytes with any change elsewhere, from failing one run in two).
 */
const NOT_YET_KB: Record<string, number> = {
  '/signin': 195, // measured 189.1 kB with i18next and the catalogues (issue 30), 163.0 before
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
function offBudget(load: FirstLoad): string | null {
  const js = kb(load, 'script');
  const budget = budgetOf(load.path);
  const ceiling = NOT_YET_KB[load.path];
  if (ceiling === undefined) return js > budget ? `over its budget of ${budget} kB: ${summary(load)}` : null;
  if (js <= budget * 0.98)
    return `${load.path} is within its budget now (${js.toFixed(1)} kB): take it out of NOT_YET_KB`;
  return js > ceiling ? `over its ceiling of ${ceiling} kB (budget ${budget} kB): ${summary(load)}` : null;
}

/** A load's scripts and style sheets with their bytes on the wire, in a stable order. */
function assetsOf(load: FirstLoad): string[] {
  return load.assets.map((a) => `${a.path} ${a.encoding} ${a.wire}`).sort();
}

function summary(load: FirstLoad): string {
  const js = load.assets.filter((a) => a.kind === 'script');
  return `${load.path} loads ${js.length} scripts, ${kb(load, 'script').toFixed(1)} kB compressed\n${heaviest(load)}`;
}

/** Every script and style sheet went out compressed with brotli (built ahead, chosen by Accept-Encoding). */
function uncompressed(load: FirstLoad): string[] {
  return load.assets.filter((a) => a.encoding !== 'br' && a.decoded >= 1024).map((a) => `${load.path}: ${a.path}`);
}

describe('bundle', () => {
  it(`sends at most ${SIGNIN_BUDGET_KB} kB of compressed JavaScript on /signin (or its ceiling), every script and style sheet brotli`, async () => {
    const load = await firstLoad(currentBrowser(), baseURL(), '/signin', async (page) => {
      await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
      await page.waitForLoadState('networkidle');
    });
    console.info(summary(load));
    expect(uncompressed(load)).toEqual([]);
    expect(load.errors).toEqual([]);
    expect(kb(load, 'script')).toBeGreaterThan(10);
    expect(offBudget(load)).toBeNull();
  });

  it(`sends at most ${SCREEN_BUDGET_KB} kB of compressed JavaScript on the first load of every signed-in screen (or its ceiling)`, async () => {
    const browser = currentBrowser();
    const screens = routedScreens();
    const states = new Map<string, Awaited<ReturnType<typeof signedInState>>>();
    for (const email of new Set(screens.map((s) => s.email)))
      states.set(email, await signedInState(browser, baseURL(), email));
    // Two screens at a time, each worker with an uncached page per user (the browser lane ends minutes
    // before the integration lane, so three at once gained nothing overall).
    const loads: FirstLoad[] = [];
    const queue = [...screens];
    const worker = async () => {
      const pages = new Map<string, Page>();
      for (let s = queue.shift(); s; s = queue.shift()) {
        let page = pages.get(s.email);
        if (!page) pages.set(s.email, (page = await uncachedPage(browser, baseURL(), states.get(s.email))));
        loads.push(await measureLoad(page, s.path, shellReady));
      }
      for (const page of pages.values()) await page.context().close();
    };
    await Promise.all([worker(), worker()]);
    // The uncached warm page sees what a fresh browser does: the same scripts and style sheets, byte
    // for byte, on a chart screen (the chart library comes in a chunk loaded once the data is in).
    const chartScreen = loads.find((l) => l.path === '/reporting/overview');
    const cold = await firstLoad(browser, baseURL(), '/reporting/overview', shellReady, states.get(ADMIN));
    expect(chartScreen && assetsOf(chartScreen)).toEqual(assetsOf(cold));
    const off = loads.map(offBudget).filter((o) => o !== null);
    console.info(loads.map((l) => `${l.path} ${kb(l, 'script').toFixed(1)} kB`).join('\n'));
    expect(loads.flatMap(uncompressed)).toEqual([]);
    expect(loads.flatMap((l) => l.errors.map((e) => `${l.path}: ${e}`))).toEqual([]);
    expect(off).toEqual([]);
  }, 420_000); // about forty-five first loads: 144 s in a loaded CI run two at a time, 480 s on an overloaded one
});
