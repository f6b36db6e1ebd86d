import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { UiLanguage } from '@reputo/core';
import { languageFromHeader, languageOf, t, translateKnownText } from './i18n';

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
    /**
     * The language the message and details are already written in (texts composed from the
     * catalogues with the request's language, such as an upload's row reasons): sent as they are.
     */
    readonly language?: UiLanguage,
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
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 400;
  const language = languageFromHeader(request.headers['accept-language']) ?? 'en';
  const message = t(language, status === 414 ? 'errors:code.uri_too_long' : 'errors:request.urlNotValid');
  void reply
    .status(status)
    .send({ error: status === 414 ? 'uri_too_long' : 'invalid_request', error_description: message });
}

/** The generic text of a status or code, for a message no catalogue knows. */
const GENERIC_CODES: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  500: 'server_error',
};
const KNOWN_CODES = new Set(Object.values(GENERIC_CODES));

/**
 * An answer's text in the request's language: English as thrown; another language through the
 * catalogues (the API's error texts, core's MSG by key, with their variables), else the generic
 * text of the error's code or status, so an Arabic screen never shows an English sentence.
 */
function localized(language: UiLanguage, message: string, code: string, status: number): string {
  const known = translateKnownText(language, message);
  if (known !== null) return known;
  const generic = KNOWN_CODES.has(code)
    ? code
    : (GENERIC_CODES[status] ?? (status >= 500 ? 'server_error' : 'invalid_request'));
  return t(language, `errors:code.${generic}`);
}

function localizedDetails(language: UiLanguage, details: ErrorDetail[]): ErrorDetail[] {
  if (language === 'en') return details;
  return details.map((d) => ({
    field: d.field,
    message: translateKnownText(language, d.message) ?? t(language, 'errors:request.invalidValue'),
  }));
}

export function registerErrorHandling(
  app: FastifyInstance,
  opts: { spaIndex?: (url: string) => string | null } = {},
): void {
  app.setErrorHandler(async (error: FastifyError | Error, request, reply) => {
    if (error instanceof ExpiredTokenError) {
      return reply.status(400).type('text/plain').send('expired');
    }
    const language = await languageOf(request).catch(() => 'en' as const);
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      if (error.language)
        return reply.status(error.statusCode).send({
          error: error.code,
          error_description: error.message,
          ...(error.details ? { details: error.details } : {}),
        });
      return reply.status(error.statusCode).send({
        error: error.code,
        error_description: localized(language, error.message, error.code, error.statusCode),
        ...(error.details ? { details: localizedDetails(language, error.details) } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = localizedDetails(
        language,
        detailsFromValidation(error.validation as ZodIssueLike[], error.validationContext ?? 'body'),
      );
      return reply.status(400).send({
        error: 'invalid_request',
        error_description: details[0]?.message ?? localized(language, 'Invalid request', 'invalid_request', 400),
        details,
      });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, too large, unsupported media type): safe to describe.
      const code = CLIENT_ERROR_CODES[status] ?? 'invalid_request';
      return reply
        .status(status)
        .send({ error: code, error_description: localized(language, error.message, code, status) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ error: 'server_error', error_description: t(language, 'errors:code.server_error') });
  });

  app.setNotFoundHandler(async (request, reply) => {
    const index = request.method === 'GET' ? opts.spaIndex?.(request.url) : null;
    if (index) return reply.status(200).type('text/html').header('cache-control', 'no-cache').send(index);
    const language = await languageOf(request).catch(() => 'en' as const);
    return reply.status(404).send({
      error: 'not_found',
      error_description: t(language, 'errors:request.noRoute', {
        method: request.method,
        path: request.url.split('?')[0] ?? '',
      }),
    });
  });
}
