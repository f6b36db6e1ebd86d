import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const NOT_WEB = [
  /^\/v[23]\//,
  /^\/api\//,
  /^\/version$/,
  /^\/healthz$/,
  /^\/readyz$/,
  /^\/metrics$/,
  /^\/docs(\/|$)/,
  /^\/f\//,
];

/**
 * Serves the Vite build from the same origin. Hashed assets are cached for a year; any other GET
 * that is not an API path answers index.html, so client routes such as /reviews load the app.
 * Directory addresses (`/`, `/assets/`) are not files: the static plugin would refuse them with 403
 * before the fallback runs, so they are passed on to the not-found handler that answers the app.
 */
export async function registerWeb(
  app: FastifyInstance,
  dist: string,
): Promise<((url: string) => string | null) | undefined> {
  const indexFile = path.join(dist, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ dist }, 'web app build not found; serving the API only (run npm run build)');
    return undefined;
  }
  await app.register(fastifyStatic, {
    root: dist,
    index: false,
    wildcard: true,
    // The build writes .br and .gz beside each text asset (apps/web/vite.config.ts): sent by Accept-Encoding.
    preCompressed: true,
    allowedPath: (pathName) => !pathName.endsWith('/'),
    setHeaders(res, filePath) {
      res.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const html = readFileSync(indexFile, 'utf8');
  return (url) => {
    const p = url.split('?')[0] ?? '/';
    return NOT_WEB.some((re) => re.test(p)) ? null : html;
  };
}
