import { readFileSync, writeFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness';
import { documentOperations } from '../test/openapi';

const LISTING = new URL('./routes.permissions.txt', import.meta.url);

/**
 * Routes left out of the OpenAPI document on purpose, with the reason. (The web app's files and its
 * fallback to index.html are not routes here: the API tests build the app without the web build,
 * and the fallback is the not-found handler.)
 */
const HIDDEN: Record<string, string> = {
  'GET /docs': 'the documentation page itself (Swagger UI)',
  'GET /docs/json': 'the document itself',
  'GET /docs/yaml': 'the document itself',
  'GET /docs/static/index.html': "the documentation page's static files",
  'GET /docs/static/swagger-initializer.js': "the documentation page's static files",
  'GET /docs/static/*': "the documentation page's static files",
  'GET /app/:key': 'the realtime WebSocket of the Pusher protocol, for pusher-js (not a JSON operation)',
  'POST /f/:code':
    "a landing page's rating form: answers only a redirect (POST-redirect-GET) or the page with an error",
  'POST /f/:code/s/:token': "a landing page's private feedback form: answers only a redirect or the page with an error",
  'GET /f/:code/s/:token/go/:source': 'a tracked public review link: answers only a redirect to the review site',
  'GET /c/:token': "an invitation's tracked link: answers only a redirect to the landing page",
};

/** Fastify's `:id` written the document's way, `{id}`. */
function documentPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

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

  it('every registered route declares its access and appears in the document, or is hidden with a reason', () => {
    const { app } = use();
    const documented = new Set(documentOperations(app).map((op) => `${op.method} ${op.path}`));
    const registered = app.registeredRoutes.map((r) => ({ ...r, key: `${r.method} ${r.url}` }));
    const visible = registered.filter((r) => !HIDDEN[r.key]);
    expect(visible.filter((r) => r.access === null).map((r) => `${r.key} declares no access`)).toEqual([]);
    expect(
      visible
        .filter((r) => !documented.has(`${r.method} ${documentPath(r.url)}`))
        .map((r) => `${r.key} is not in the document`),
    ).toEqual([]);
    // Both lists stay true: every operation of the document is a route, every hidden entry exists.
    const keys = new Set(registered.map((r) => `${r.method} ${documentPath(r.url)}`));
    expect([...documented].filter((key) => !keys.has(key))).toEqual([]);
    expect(Object.keys(HIDDEN).filter((key) => !registered.some((r) => r.key === key))).toEqual([]);
  });
});
