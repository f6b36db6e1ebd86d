import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness';
import { formatOpenApi } from './openapi';

const COMMITTED = new URL('../../openapi.json', import.meta.url);

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, unknown> }>;
}
interface Document {
  info: { version: string };
  paths: Record<string, Record<string, Operation>>;
}

function operations(doc: Document): { method: string; path: string; op: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method, path, op })),
  );
}

/** `/v2/api/team/:id` as the document writes it: `/v2/api/team/{id}`. */
const documentPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** The credentials a route's declared access enforces, written as the document should name them. */
function expectedSecurity(access: string): Record<string, string[]>[] {
  if (access === 'public') return [];
  if (access === 'apiKey') return [{ apiKey: [] }, { apiKeyQuery: [] }];
  return [{ bearer: [] }, ...(access.split(' ').includes('iframe') ? [{ iframeToken: [] }] : [])];
}

/**
 * The OpenAPI document is generated from the routes and committed (apps/api/openapi.json, with the
 * web app's types generated from it): clients and the web app build against the committed file, so
 * it must be the one the server serves, and it must say what each route really needs and answers.
 */
describeEachDatabase('OpenAPI document', (use) => {
  async function served(): Promise<Document> {
    const res = await use().app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    return res.json<Document>();
  }

  it('is the committed apps/api/openapi.json (run `npm run openapi` after changing a route)', async () => {
    const committedText = readFileSync(COMMITTED, 'utf8');
    const doc = await served();
    // The version is the release's; the test server runs with the default one.
    const normalised = { ...doc, info: { ...doc.info, version: (JSON.parse(committedText) as Document).info.version } };
    expect(formatOpenApi(normalised)).toBe(committedText);
  });

  it('names every operation with a unique operationId and describes its successful answer', async () => {
    const ops = operations(await served());
    const ids = ops.map(({ op }) => op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const withoutAnswer = ops
      .filter(({ op }) => !Object.entries(op.responses).some(([code, r]) => code.startsWith('2') && r.content))
      .map(({ method, path }) => `${method} ${path}`);
    expect(withoutAnswer).toEqual([]);
    expect(ops.find(({ method, path }) => method === 'get' && path === '/v2/api/competitor/{id}')?.op.operationId).toBe(
      'getCompetitorById',
    );
  });

  it('asks each route for the credentials that its access declaration enforces', async () => {
    const doc = await served();
    const wrong = use().app.routePermissions.flatMap((p) => {
      const op = doc.paths[documentPath(p.url)]?.[p.method.toLowerCase()];
      const security = op?.security?.filter((s) => !('accessTokenQuery' in s));
      return JSON.stringify(security) === JSON.stringify(expectedSecurity(p.access.replace(/ writes:\S+/, '')))
        ? []
        : [`${p.method} ${p.url} ${p.access}: ${JSON.stringify(op?.security)}`];
    });
    expect(wrong).toEqual([]);
  });

  it('documents as public only the routes that answer without credentials', async () => {
    const { app } = use();
    const doc = await served();
    const gets = app.routePermissions.filter((p) => p.method === 'GET' && !p.url.includes(':'));
    const refused: string[] = [];
    for (const p of gets) {
      const res = await app.inject({ method: 'GET', url: p.url });
      const documentedPublic = doc.paths[p.url]?.get?.security?.length === 0;
      // A secured route refuses (401), or rejects the missing query first (400): it never answers.
      const answered = res.statusCode < 400;
      if (documentedPublic ? res.statusCode === 401 : answered)
        refused.push(`${p.url} documented ${documentedPublic ? 'public' : 'secured'}, answered ${res.statusCode}`);
    }
    expect(refused).toEqual([]);
  });
});
