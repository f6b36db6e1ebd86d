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
  '/signin': 168, // measured 163.0 kB
  '/messages/pages': 396, // measured 384.2 kB
  '/messages/analytics': 598, // measured 580.1 kB
  '/admin_panel/companies/new': 470, // measured 455.5 kB
  '/admin_panel/partners/new': 407, // measured 394.5 kB
  '/admin_panel/csdashboard': 561, // measured 544.0 kB
  '/admin_panel/systemhealth': 534, // measured 518.0 kB
  '/reviews': 475, // measured 461.1 kB
  '/dashboard': 548, // measured 531.5 kB
  '/reporting/overview': 627, // measured 608.3 kB
  '/reporting/trends': 596, // measured 577.7 kB
  '/reporting/ranking_responses': 602, // measured 584.3 kB
  '/reporting/ratings_reviews': 594, // measured 575.9 kB
  '/reporting/competitors': 595, // measured 577.5 kB
  '/reporting/insights': 596, // measured 578.1 kB
  '/settings/competitors': 464, // measured 450.4 kB
  '/settings/team_access': 417, // measured 404.2 kB
  '/settings/locations': 417, // measured 404.3 kB
  '/settings/response': 409, // measured 396.4 kB
  '/admin_panel/admin_users': 363, // measured 352.0 kB once zod's config module came into the entry (348 before)
  '/settings/other/reviewCategories': 362, // measured 351.4 kB, likewise (347.5 before)
  '/admin_panel/companies': 361, // measured 350.2 kB once the six Feedback routes joined the router's preload map (349.6 before)
  '/feedback/landingPage': 458, // measured 444.2 kB: settings form (colour, upload, texts), pages table
  '/feedback/analytics': 608, // measured 590.4 kB: the chart library, like the reporting pages
  '/feedback/campaigns': 446, // measured 432.7 kB: table, drawer with date and select fields
  '/feedback/lists': 457, // measured 443.7 kB: table, drawer, upload, date fields
  '/feedback/template': 398, // measured 386.1 kB: table and editor drawer
  '/feedback/offers': 462, // measured 448.8 kB: the Offers page (table, drawer, date and upload fields)
  '/settings/other/thirdPartyLogin': 410, // measured 397.5 kB with the Zendesk, Jira, Mailchimp and ActiveCampaign cards (385.3 before them)
  '/admin_panel/partners': 361, // measured 350.2 kB once the listing attributes came into the shared chunks (349.8 before)
  '/listing_management': 446, // measured 432.7 kB: listings table, edit drawer with hours and date fields
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
