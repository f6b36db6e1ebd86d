import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

export interface ErrorDetail {
  field: string;
  message: string;
}

/** The one error shape: `{ error, error_description, details? }`. Throw it from services; the handler serializes it. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: ErrorDetail[],
    /** Headers the answer carries, e.g. Retry-After on 429 or WWW-Authenticate on 401. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: ErrorDetail[]) =>
  new AppError(400, 'invalid_request', message, details);
export const unauthorized = (message = 'Authentication required') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have access to this') => new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'too_many_requests', message, undefined, { 'retry-after': String(retryAfterSeconds) });

/** Thrown by the auth layer so the client refreshes: status 400 with the plain body `expired` (spec 000 section 7). */
export class ExpiredTokenError extends Error {}

interface ZodIssueLike {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

function detailsFromValidation(issues: ZodIssueLike[], context: string): ErrorDetail[] {
  return issues.map((i) => {
    const path =
      i.params?.issue?.path?.map(String).join('.') ||
      i.instancePath?.replace(/^\//, '').replaceAll('/', '.') ||
      context;
    return { field: path, message: i.params?.issue?.message ?? i.message ?? 'Invalid value' };
  });
}

/** Our codes for the statuses Fastify and its plugins answer on their own. */
const CLIENT_ERROR_CODES: Record<number, string> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

/**
 * Fastify's router refuses some URLs before any route or error handler runs (a parameter longer
 * than its limit, a malformed URL): the Fastify option `frameworkErrors` answers them in our shape.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 400;
  const message = status === 414 ? 'The path is too long' : 'The URL is not valid';
  void reply
    .status(status)
    .send({ error: status === 414 ? 'uri_too_long' : 'invalid_request', error_description: message });
}

export function registerErrorHandling(
  app: FastifyInstance,
  opts: { spaIndex?: (url: string) => string | null } = {},
): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof ExpiredTokenError) {
      return reply.status(400).type('text/plain').send('expired');
    }
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({
        error: error.code,
        error_description: error.message,
        ...(error.details ? { details: error.details } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = detailsFromValidation(error.validation as ZodIssueLike[], error.validationContext ?? 'body');
      return reply
        .status(400)
        .send({ error: 'invalid_request', error_description: details[0]?.message ?? 'Invalid request', details });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, too large, unsupported media type): safe to describe.
      return reply
        .status(status)
        .send({ error: CLIENT_ERROR_CODES[status] ?? 'invalid_request', error_description: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: 'server_error', error_description: 'Sorry, server goes wrong' });
  });

  app.setNotFoundHandler((request, reply) => {
    const index = request.method === 'GET' ? opts.spaIndex?.(request.url) : null;
    if (index) return reply.status(200).type('text/html').header('cache-control', 'no-cache').send(index);
    return reply
      .status(404)
      .send({ error: 'not_found', error_description: `No route ${request.method} ${request.url.split('?')[0]}` });
  });
}
