import type { paths } from './api.schema';

/**
 * Types of the API's answers, taken from its OpenAPI document (`npm run openapi` generates
 * api.schema.d.ts from apps/api/openapi.json), so the web app cannot drift from what the server sends.
 */

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type SuccessStatus = 200 | 201 | 202;

type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
type JsonBody<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type SuccessBodies<R> = { [S in keyof R]: S extends SuccessStatus ? JsonBody<R[S]> : never }[keyof R];

/** The JSON answer of a successful call, e.g. `ApiResponse<'/v2/api/competitor/{id}'>`. */
export type ApiResponse<P extends keyof paths, M extends Method = 'get'> =
  Operation<P, M> extends { responses: infer R } ? SuccessBodies<R> : never;
