import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults, Result } from 'axe-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The impacts that fail a screen: a serious or critical barrier keeps someone from using it. */
const FAILING = new Set(['serious', 'critical']);

/** One line per failing rule and element, short enough to read in a test failure. */
function describeViolation(v: Result): string[] {
  return v.nodes.map((n) => `${v.impact} ${v.id} (${v.help}): ${n.target.join(' ')}`);
}

/**
 * Runs axe-core on the page as it is now and answers its serious and critical violations, one line
 * each (empty when the screen passes). axe is loaded once per document; it reads the live DOM.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // Evaluated, not added as a <script>: the app's CSP (rightly) refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // axe.run runs in the page; its result is plain data. Only violations are wanted: asking for them
  // alone spares axe listing every passing node, the larger part of its time on a long page.
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(
      document,
      { resultTypes: ['violations'] },
    ),
  );
  return results.violations.filter((v) => FAILING.has(v.impact ?? '')).flatMap(describeViolation);
}
