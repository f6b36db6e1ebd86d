import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { XLSX_TYPE } from './xlsx';
import type { Access } from './access';

/**
 * The OpenAPI document is generated from the routes: their zod schemas give parameters, bodies and
 * answers; this transform adds what each route's options already say elsewhere, so the document
 * cannot disagree with the code: an operationId from the method and path, the security that the
 * route's access declaration enforces, and the error answer every route can give.
 */

/** Security schemes, named in each operation's `security` from its access declaration. */
export const SECURITY_SCHEMES = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The access token of POST /v2/oauth2/token. An expired token is answered with status 400 and the plain body `expired`.',
  },
  iframeToken: {
    type: 'apiKey',
    in: 'header',
    name: 'iframe-token',
    description: 'An embed token (GET /v2/api/embed/token), on the routes an embedded screen may call.',
  },
  accessTokenQuery: {
    type: 'apiKey',
    in: 'query',
    name: 'access_token',
    description: 'The bearer access token in the query, for download links.',
  },
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'x-api-key',
    description: "The public API's key: a company's accessToken or a partner's apiKey.",
  },
  apiKeyQuery: {
    type: 'apiKey',
    in: 'query',
    name: 'accessToken',
    description: 'The public API key as a query parameter.',
  },
} as const;

type SchemeName = keyof typeof SECURITY_SCHEMES;
type Security = Partial<Record<SchemeName, string[]>>[];

/** The `security` of an operation: public routes need nothing, user routes a bearer (or an embed token where allowed), API key routes a key. */
export function securityOf(a: Access | undefined, opts: { queryToken?: boolean } = {}): Security {
  if (!a || a.kind === 'public') return [];
  if (a.kind === 'apiKey') return [{ apiKey: [] }, { apiKeyQuery: [] }];
  return [
    { bearer: [] },
    ...(a.iframe ? [{ iframeToken: [] }] : []),
    ...(opts.queryToken ? [{ accessTokenQuery: [] }] : []),
  ];
}

function pascal(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * A stable, unique operationId from the method and the path, without the API's version prefix:
 * `GET /v2/api/competitor/:id` is `getCompetitorById`, `DELETE /v2/api/team/:id/invite` `deleteTeamByIdInvite`.
 */
export function operationIdOf(method: string, url: string): string {
  const segments = url
    .replace(/^\/(v2\/api|v3|api\/v2)\//, '/')
    .split('/')
    .filter(Boolean)
    .map((s) =>
      s.startsWith(':') || s.startsWith('{')
        ? `By${pascal(s.replace(/[:{}]/g, ''))}`
        : s
            .split(/[^A-Za-z0-9]+/)
            .filter(Boolean)
            .map(pascal)
            .join(''),
    );
  return `${method.toLowerCase()}${segments.join('')}`;
}

/** The one error shape of every answer that is not a success (validation errors add `details`). */
const errorBody = {
  type: 'object',
  description:
    'An error: `{ "error": code, "error_description": message }`, with `details` per field for validation errors',
  properties: {
    error: { type: 'string' },
    error_description: { type: 'string' },
    details: {
      type: 'array',
      items: {
        type: 'object',
        properties: { field: { type: 'string' }, message: { type: 'string' } },
        required: ['field', 'message'],
      },
    },
  },
  required: ['error', 'error_description'],
};

/** A downloaded file (Excel, PDF, image): the body of a `fileResponse`; unknown to TypeScript so a route may send a Buffer or a stream. */
const binary = z.unknown().meta({ type: 'string', format: 'binary' });

/** The response schema of a route that answers a file of one of these media types. */
export function fileResponse(description: string, ...mediaTypes: string[]) {
  return { description, content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: binary }])) };
}

/** The document as committed: two-space JSON with a final newline. */
export function formatOpenApi(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/** The answer of the Excel downloads. */
export const xlsxFile = { 200: fileResponse('An Excel workbook', XLSX_TYPE) };

/** The answer of the CSV downloads. */
export const csvFile = { 200: fileResponse('A CSV file', 'text/csv') };

type TransformInput = Parameters<NonNullable<FastifyDynamicSwaggerOptions['transform']>>[0];
type RouteHook = (...args: never[]) => unknown;

/** Builds the transform; `queryTokenHook` is the onRequest hook that accepts the bearer token in the query (download links). */
/**
 * OpenAPI 3.0 ignores `nullable` beside `anyOf` without a `type` (Redocly's nullable-type-sibling):
 * an id is a number or a text of digits, so a nullable id says so in each branch.
 */
function nullableInBranches(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableInBranches);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = Object.fromEntries(
    Object.entries(node).map(([k, v]) => [k, nullableInBranches(v)]),
  );
  if (out.nullable === true && out.type === undefined && Array.isArray(out.anyOf)) {
    delete out.nullable;
    out.anyOf = out.anyOf.map((branch: Record<string, unknown>) => ({ ...branch, nullable: true }));
  }
  return out;
}

export function createOpenApiTransform(
  queryTokenHook: RouteHook,
): NonNullable<FastifyDynamicSwaggerOptions['transform']> {
  return (input: TransformInput) => {
    const { route } = input;
    const result = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
    const schema = nullableInBranches(result.schema ?? {}) as Record<string, unknown> & {
      response?: Record<string, unknown>;
    };
    if (schema.hide) return result;
    const method = [route.method].flat()[0] ?? 'GET';
    const queryToken = [route.onRequest ?? []].flat().includes(queryTokenHook as never);
    return {
      url: result.url,
      schema: {
        ...schema,
        operationId: (schema.operationId as string | undefined) ?? operationIdOf(method, route.url),
        security: securityOf(route.config?.access, { queryToken }),
        response: { ...schema.response, '4XX': errorBody },
      },
    };
  };
}
