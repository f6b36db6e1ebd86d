import { describe, expect, it } from 'vitest';
import { baseURL, currentBrowser, useBrowser } from './support/browser';
import { firstLoad, heaviest, kb, shellReady, signedInState, type FirstLoad } from './support/firstLoad';
import { routedScreens } from './support/screens';

useBrowser();

/** Issue 31's budgets: compressed JavaScript a fresh browser receives on its first load of a screen. */
const SIGNIN_BUDGET_KB = 150;
const SCREEN_BUDGET_KB = 350;

/**
 * Screens not within their budget yet (issue 31 stays open on them; bench/RESULTS.md, "Web bundles",
 * says where their weight is): each may not grow past what it loaded when this list was written, plus
 * 3%, and leaves the list once within its budget (the test fails until it does, so the list cannot
 * hide a screen that has come down).
 */
const NOT_YET_KB: Record<string, number> = {
  '/signin': 169, // measured 163.1 kB
  '/messages/pages': 395, // measured 383.4 kB
  '/messages/analytics': 609, // measured 591.0 kB
  '/admin_panel/companies': 376, // measured 364.3 kB
  '/admin_panel/partners': 375, // measured 363.8 kB
  '/admin_panel/companies/new': 481, // measured 466.8 kB
  '/admin_panel/partners/new': 418, // measured 405.4 kB
  '/admin_panel/admin_users': 378, // measured 366.8 kB
  '/admin_panel/csdashboard': 573, // measured 555.6 kB
  '/admin_panel/systemhealth': 545, // measured 528.7 kB
  '/reviews': 475, // measured 460.6 kB
  '/dashboard': 559, // measured 542.6 kB
  '/reporting/overview': 640, // measured 621.0 kB
  '/reporting/trends': 607, // measured 588.9 kB
  '/reporting/ranking_responses': 614, // measured 595.5 kB
  '/reporting/ratings_reviews': 605, // measured 587.2 kB
  '/reporting/competitors': 607, // measured 588.6 kB
  '/reporting/insights': 607, // measured 589.3 kB
  '/settings/competitors': 477, // measured 462.4 kB
  '/settings/team_access': 429, // measured 416.2 kB
  '/settings/locations': 429, // measured 416.2 kB
  '/settings/response': 421, // measured 408.4 kB
  '/settings/other/reviewCategories': 371, // measured 359.4 kB
  '/settings/other/thirdPartyLogin': 375, // measured 364.0 kB
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
  if (js <= budget) return `${load.path} is within its budget now (${js.toFixed(1)} kB): take it out of NOT_YET_KB`;
  return js > ceiling ? `over its ceiling of ${ceiling} kB (budget ${budget} kB): ${summary(load)}` : null;
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
    // Two screens at a time, each in its own fresh context: about thirty first loads within the minute.
    const loads: FirstLoad[] = [];
    const queue = [...screens];
    const worker = async () => {
      for (let s = queue.shift(); s; s = queue.shift())
        loads.push(await firstLoad(browser, baseURL(), s.path, shellReady, states.get(s.email)));
    };
    await Promise.all([worker(), worker()]);
    const off = loads.map(offBudget).filter((o) => o !== null);
    console.info(loads.map((l) => `${l.path} ${kb(l, 'script').toFixed(1)} kB`).join('\n'));
    expect(loads.flatMap(uncompressed)).toEqual([]);
    expect(loads.flatMap((l) => l.errors.map((e) => `${l.path}: ${e}`))).toEqual([]);
    expect(off).toEqual([]);
  }, 180_000); // about thirty first loads: 64 s on a quiet machine, 85 s at a load average of 9
});
