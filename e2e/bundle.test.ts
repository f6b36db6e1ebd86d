import { describe, expect, it } from 'vitest';
import { baseURL, currentBrowser, useBrowser } from './support/browser';
import { firstLoad, heaviest, kb, shellReady, signedInState, type FirstLoad } from './support/firstLoad';
import { routedScreens } from './support/screens';

useBrowser();

/** Issue 31: compressed JavaScript a fresh browser receives on its first load of a screen. */
const SIGNIN_BUDGET_KB = 150;
const SCREEN_BUDGET_KB = 350;

function summary(load: FirstLoad): string {
  const js = load.assets.filter((a) => a.kind === 'script');
  return `${load.path} loads ${js.length} scripts, ${kb(load, 'script').toFixed(1)} kB compressed\n${heaviest(load)}`;
}

/** Every script and style sheet went out compressed with brotli (built ahead, chosen by Accept-Encoding). */
function uncompressed(load: FirstLoad): string[] {
  return load.assets.filter((a) => a.encoding !== 'br' && a.decoded >= 1024).map((a) => `${load.path}: ${a.path}`);
}

describe('bundle', () => {
  it(`sends at most ${SIGNIN_BUDGET_KB} kB of compressed JavaScript on /signin, every script and style sheet brotli`, async () => {
    const load = await firstLoad(currentBrowser(), baseURL(), '/signin', async (page) => {
      await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
      await page.waitForLoadState('networkidle');
    });
    console.info(summary(load));
    expect(uncompressed(load)).toEqual([]);
    expect(load.errors).toEqual([]);
    expect(kb(load, 'script')).toBeGreaterThan(10);
    expect(kb(load, 'script')).toBeLessThanOrEqual(SIGNIN_BUDGET_KB);
  });

  it(`sends at most ${SCREEN_BUDGET_KB} kB of compressed JavaScript on the first load of every signed-in screen`, async () => {
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
    const over = loads
      .filter((l) => kb(l, 'script') > SCREEN_BUDGET_KB)
      .map((l) => summary(l))
      .join('\n');
    console.info(loads.map((l) => `${l.path} ${kb(l, 'script').toFixed(1)} kB`).join('\n'));
    expect(loads.flatMap(uncompressed)).toEqual([]);
    expect(loads.flatMap((l) => l.errors.map((e) => `${l.path}: ${e}`))).toEqual([]);
    expect(over).toBe('');
  }, 120_000);
});
