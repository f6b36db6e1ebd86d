import { readFileSync, writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness';

const LISTING = new URL('./routes.permissions.txt', import.meta.url);

/**
 * Every API route with its declared permission. A change to any route's access shows up here as a
 * diff of routes.permissions.txt (run with UPDATE_PERMISSIONS=1 to rewrite it, then review the diff).
 */
describeEachDatabase('Route permissions', (use) => {
  it('lists every API route with its permission', () => {
    const lines = use()
      .app.routePermissions.map((p) => `${p.method.padEnd(6)} ${p.url.padEnd(46)} ${p.access}`)
      .sort();
    const text = `${lines.join('\n')}\n`;
    if (process.env.UPDATE_PERMISSIONS) writeFileSync(LISTING, text);
    expect(text).toBe(readFileSync(LISTING, 'utf8'));
  });
});
