import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from '../test/harness';
import { bearer, signIn } from '../test/http';

// What goes over the wire does not depend on the database: one PGlite environment is enough.
const SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, text: 'review text' })))};`;

/** A web build as `npm run build` writes it: each text asset with its .br and .gz beside it. */
function webBuild(): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'reputo-web-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><title>Reputo</title><div id="root"></div>${' '.repeat(3000)}`,
  );
  writeFileSync(path.join(dist, 'assets', 'app-1.js'), SCRIPT);
  writeFileSync(path.join(dist, 'assets', 'app-1.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dist, 'assets', 'app-1.js.gz'), gzipSync(SCRIPT));
  return dist;
}

describe('compressed answers', () => {
  let env: TestEnv & { dispose: () => Promise<void> };
  beforeAll(async () => {
    env = await createTestEnv('pglite', { serveWeb: true, env: { WEB_DIST: webBuild() } });
  });
  afterAll(async () => env?.dispose());

  const get = (url: string, headers: Record<string, string> = {}) => env.app.inject({ url, headers });

  it("sends the build's brotli or gzip copy of an asset by Accept-Encoding, and the plain file otherwise", async () => {
    const br = await get('/assets/app-1.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gz = await get('/assets/app-1.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/app-1.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('compresses a large JSON answer (brotli first, else gzip), not a small one', async () => {
    const { access_token } = await signIn(env.app, 'admin@alpha.test');
    // The OpenAPI document is large JSON; the version answer is small.
    const doc = await get('/docs/json', { 'accept-encoding': 'br' });
    expect(doc.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(doc.rawPayload).toString()).openapi).toMatch(/^3\./);
    const small = await env.app.inject({
      url: '/v2/api/me',
      headers: { ...bearer(access_token), 'accept-encoding': 'br, gzip' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    const gz = await get('/docs/json', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBeLessThan(doc.rawPayload.length * 3);
  });
});
