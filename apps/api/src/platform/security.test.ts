import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FRAME_ORIGIN_MESSAGE } from '@reputo/core';
import { expect, it } from 'vitest';
import type { BuiltApp } from '../app';
import { describeEachDatabase } from '../test/harness';
import { bearer, signIn } from '../test/http';

/** A stand-in web build: the server answers its index.html for the app's addresses. */
function webBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'reputo-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Reputo</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
  return dist;
}

/** One directive of a CSP header, as its list of sources. */
function directive(csp: string | undefined, name: string): string[] | undefined {
  const part = (csp ?? '')
    .split(';')
    .map((p) => p.trim().split(/\s+/))
    .find(([key]) => key === name);
  return part?.slice(1);
}

async function embedToken(app: BuiltApp, email: string): Promise<string> {
  const { access_token } = await signIn(app, email);
  const res = await app.inject({
    method: 'POST',
    url: '/v2/api/embed/token',
    headers: bearer(access_token),
    payload: { view: '2' },
  });
  return res.json().auth_token as string;
}

async function setOrigins(app: BuiltApp, email: string, frameAncestors: string[]) {
  const { access_token } = await signIn(app, email);
  return app.inject({
    method: 'PUT',
    url: '/v2/api/embed/settings',
    headers: bearer(access_token),
    payload: { frameAncestors },
  });
}

describeEachDatabase(
  'security headers',
  (use) => {
    it('lets no site frame an ordinary page, and sends nosniff, a referrer policy and the CSP', async () => {
      const { app } = use();
      for (const url of ['/', '/reviews', '/signin', '/version', '/docs']) {
        const res = await app.inject({ url });
        expect(res.statusCode, url).toBeLessThan(400);
        expect(res.headers['x-frame-options'], url).toBe('DENY');
        expect(directive(res.headers['content-security-policy'] as string, 'frame-ancestors'), url).toEqual(["'none'"]);
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
        expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      }
      const csp = (await app.inject({ url: '/reviews' })).headers['content-security-policy'] as string;
      expect(directive(csp, 'script-src')).toEqual(["'self'"]);
      expect(directive(csp, 'img-src')).toEqual(expect.arrayContaining(['data:', 'blob:']));
    });

    it('sends HSTS only over HTTPS', async () => {
      const { app } = use();
      expect((await app.inject({ url: '/reviews' })).headers['strict-transport-security']).toBeUndefined();
      const secure = await app.inject({ url: '/reviews', headers: { 'x-forwarded-proto': 'https' } });
      expect(secure.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    });

    it("lets only the company's origins frame its embedded view", async () => {
      const { app } = use();
      const saved = await setOrigins(app, 'admin@alpha.test', [
        'https://portal.alpha.example/',
        'http://localhost:8080',
      ]);
      expect(saved.json()).toEqual({ frameAncestors: ['https://portal.alpha.example', 'http://localhost:8080'] });
      const token = await embedToken(app, 'admin@alpha.test');

      const embedded = await app.inject({ url: `/reviews?auth_token=${token}&view=2` });
      expect(directive(embedded.headers['content-security-policy'] as string, 'frame-ancestors')).toEqual([
        'https://portal.alpha.example',
        'http://localhost:8080',
      ]);
      expect(embedded.headers['x-frame-options']).toBeUndefined();
      // The token inside the base64 `state` parameter counts the same.
      const state = Buffer.from(JSON.stringify({ auth_token: token, view: '2' })).toString('base64');
      expect(
        directive(
          (await app.inject({ url: `/reviews?state=${state}` })).headers['content-security-policy'] as string,
          'frame-ancestors',
        ),
      ).toEqual(['https://portal.alpha.example', 'http://localhost:8080']);

      // Another company with no origins set, a forged token, and the API itself stay unframeable.
      const beta = await app.inject({ url: `/reviews?auth_token=${await embedToken(app, 'admin@beta.test')}&view=2` });
      expect(directive(beta.headers['content-security-policy'] as string, 'frame-ancestors')).toEqual(["'none'"]);
      expect(beta.headers['x-frame-options']).toBe('DENY');
      const forged = await app.inject({ url: `/reviews?auth_token=${token.slice(0, -4)}abcd&view=2` });
      expect(directive(forged.headers['content-security-policy'] as string, 'frame-ancestors')).toEqual(["'none'"]);
      const api = await app.inject({ url: `/v2/api/me?auth_token=${token}`, headers: { 'iframe-token': token } });
      expect(directive(api.headers['content-security-policy'] as string, 'frame-ancestors')).toEqual(["'none'"]);
    });

    it('keeps the origins per company and accepts origins only', async () => {
      const { app, fx } = use();
      await setOrigins(app, 'admin@alpha.test', ['https://portal.alpha.example']);
      const { access_token } = await signIn(app, 'admin@beta.test');
      expect((await app.inject({ url: '/v2/api/embed/settings', headers: bearer(access_token) })).json()).toEqual({
        frameAncestors: [],
      });
      for (const bad of [
        'https://portal.alpha.example/page',
        '*',
        "'self'",
        'javascript:alert(1)',
        'https://*.example.com',
      ]) {
        const res = await setOrigins(app, 'admin@alpha.test', [bad]);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json()).toMatchObject({ error: 'invalid_request', error_description: FRAME_ORIGIN_MESSAGE });
      }
      // From the admin panel, by company id: its partner may, another partner's answer is the missing company's.
      const { access_token: p1 } = await signIn(app, 'partner1@fixture.test');
      const { access_token: p2 } = await signIn(app, 'partner2@fixture.test');
      const patch = (token: string, frameAncestors: string[]) =>
        app.inject({
          method: 'PATCH',
          url: '/v2/api/admin/embed',
          headers: bearer(token),
          payload: { client: fx.companyA.id, frameAncestors },
        });
      expect((await patch(p1, ['https://agency.example'])).json()).toEqual({
        frameAncestors: ['https://agency.example'],
      });
      expect((await patch(p2, ['https://evil.example'])).statusCode).toBe(404);
      expect(
        (await app.inject({ url: `/v2/api/admin/embed?client=${fx.companyA.id}`, headers: bearer(p1) })).json(),
      ).toEqual({ frameAncestors: ['https://agency.example'] });
      const { access_token: analyst } = await signIn(app, 'analyst@alpha.test');
      expect(
        (
          await app.inject({
            method: 'PUT',
            url: '/v2/api/embed/settings',
            headers: bearer(analyst),
            payload: { frameAncestors: [] },
          })
        ).statusCode,
      ).toBe(403);
    });
  },
  // The proxy in front says the request came over HTTPS: trusted only as a listed proxy (inject's address).
  { serveWeb: true, env: { WEB_DIST: webBuild(), TRUST_PROXY: '127.0.0.1' } },
);
