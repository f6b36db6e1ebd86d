import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { launchChromium } from '../../e2e/support/chromium';
import { firstLoad, heaviest, kb, shellReady, signedInState, type FirstLoad } from '../../e2e/support/firstLoad';
import { routedScreens } from '../../e2e/support/screens';
import { startServer, webDist } from './run/server';

/**
 * npx tsx bench/src/bundles.ts [--web-dist DIR] [--out FILE.json] [--before FILE.json] [--shots DIR] [--verbose]
 *
 * The web app's first load, screen by screen (issue 31): the real server with the demo data serves
 * the build (apps/web/dist unless --web-dist), headless Chromium opens /signin signed out and every
 * signed-in screen of the router in a fresh context (nothing cached), and the bytes of JavaScript
 * and CSS it received are summed (compressed as sent; decoded in brackets). Prints a Markdown table
 * with the budgets (/signin 150 kB and a signed-in screen 350 kB of compressed JavaScript); --out
 * keeps the figures (and every asset of every screen), --before adds the figures of an earlier --out
 * as a column; --shots saves a screenshot of each screen once loaded (to compare two builds).
 */
const SIGNIN_BUDGET_KB = 150;
const SCREEN_BUDGET_KB = 350;

interface Row {
  path: string;
  scripts: number;
  jsKb: number;
  jsDecodedKb: number;
  cssKb: number;
  errors: number;
}

function rowOf(load: FirstLoad): Row {
  return {
    path: load.path,
    scripts: load.assets.filter((a) => a.kind === 'script').length,
    jsKb: kb(load, 'script'),
    jsDecodedKb: kb(load, 'script', 'decoded'),
    cssKb: kb(load, 'stylesheet'),
    errors: load.errors.length,
  };
}

/** What --out writes: the table's rows and every asset of every screen. */
interface Saved {
  rows: Row[];
  loads: FirstLoad[];
}

const k = (n: number) => n.toFixed(1);

function table(rows: Row[], before: Map<string, Row>): string {
  const withBefore = before.size > 0;
  const head = [
    'screen',
    ...(withBefore ? ['JS before, kB'] : []),
    'JS, kB compressed (decoded)',
    'CSS, kB',
    'scripts',
    'budget',
  ];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`];
  for (const r of rows) {
    const budget = r.path === '/signin' ? SIGNIN_BUDGET_KB : SCREEN_BUDGET_KB;
    const b = before.get(r.path);
    lines.push(
      `| ${[
        r.path,
        ...(withBefore ? [b ? `${k(b.jsKb)} (${k(b.jsDecodedKb)})` : '–'] : []),
        `${k(r.jsKb)} (${k(r.jsDecodedKb)})`,
        k(r.cssKb),
        String(r.scripts),
        `${budget}: ${r.jsKb <= budget ? 'ok' : 'over'}`,
      ].join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'web-dist': { type: 'string' },
      out: { type: 'string' },
      before: { type: 'string' },
      shots: { type: 'string' },
      verbose: { type: 'boolean', default: false },
    },
  });
  const dist = webDist(values['web-dist']);
  if (!dist) throw new Error('No web build: run `npm run build` (or give --web-dist DIR)');
  const before = new Map<string, Row>(
    values.before ? (JSON.parse(readFileSync(values.before, 'utf8')) as Saved).rows.map((r) => [r.path, r]) : [],
  );
  const say = (line: string) => process.stdout.write(`${line}\n`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reputo-bundles-'));
  say(`Starting the server with the demo data, serving ${dist} ...`);
  const server = await startServer({ DATA_DIR: dataDir, DEMO_MODE: 'true', SEED_SCALE: '0.1', WEB_DIST: dist });
  const browser = await launchChromium();
  try {
    const loads: FirstLoad[] = [
      await firstLoad(browser, server.url, '/signin', async (page) => {
        await page.locator('#signin_email').waitFor();
        await page.waitForLoadState('networkidle');
      }),
    ];
    const states = new Map<string, Awaited<ReturnType<typeof signedInState>>>();
    const shots = values.shots;
    if (shots) mkdirSync(shots, { recursive: true });
    const ready = async (page: Page) => {
      await shellReady(page);
      if (!shots) return;
      await page.waitForTimeout(1000); // the charts' entry animation
      await page.screenshot({ path: path.join(shots, `${page.url().split('/').slice(3).join('_')}.png`) });
    };
    for (const screen of routedScreens()) {
      let state = states.get(screen.email);
      if (!state) {
        state = await signedInState(browser, server.url, screen.email);
        states.set(screen.email, state);
      }
      loads.push(await firstLoad(browser, server.url, screen.path, ready, state));
      say(`  ${screen.path}: ${k(kb(loads.at(-1)!, 'script'))} kB`);
    }
    const rows = loads.map(rowOf);
    say(`\nFirst load in headless Chromium (a fresh context, nothing cached), ${new Date().toISOString()}:\n`);
    say(table(rows, before));
    for (const load of loads) {
      if (values.verbose) say(`\n${load.path}\n${heaviest(load, 12)}`);
      for (const e of load.errors) say(`console error on ${load.path}: ${e}`);
    }
    if (values.out) writeFileSync(values.out, JSON.stringify({ rows, loads } satisfies Saved, null, 1));
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
