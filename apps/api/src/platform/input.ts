import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/**
 * Input refused at the edge, before any route sees it: NUL characters (PostgreSQL cannot store them
 * in text, so one would fail the query with a 500) and JSON nested deeper than any body of ours
 * (a 20,000-deep array overflows the stack of whatever walks it next).
 */
export const MAX_JSON_DEPTH = 64;

export const NUL_MESSAGE = 'Text may not contain NUL characters';

const BACKSLASH = 0x5c;
const QUOTE = 0x22;
const OPEN = new Set([0x5b, 0x7b]);
const CLOSE = new Set([0x5d, 0x7d]);

/** Inside a string only a quote or a backslash matters: found natively, so a base64 upload is not walked by hand. */
const STRING_STOP = /["\\]/g;

/** One pass over raw JSON text: nesting outside strings, and `\u0000` escapes inside them. */
export function checkJsonText(text: string): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    if (inString) {
      STRING_STOP.lastIndex = i;
      if (!STRING_STOP.exec(text)) return;
      i = STRING_STOP.lastIndex - 1;
    }
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === QUOTE) inString = false;
      else if (c === BACKSLASH) {
        if (text.startsWith('u0000', i + 1)) throw badRequest(NUL_MESSAGE);
        i++;
      }
    } else if (c === QUOTE) inString = true;
    else if (OPEN.has(c) && ++depth > MAX_JSON_DEPTH)
      throw badRequest(`JSON may be nested at most ${MAX_JSON_DEPTH} levels deep`);
    else if (CLOSE.has(c)) depth--;
  }
}

/** A NUL anywhere in a parsed form body (keys or values, however nested). */
function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(hasNul);
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => k.includes('\0') || hasNul(v));
  return false;
}

/** The raw path and query: `%00` decodes to NUL in a path parameter or a query value. */
function urlHasNul(url: string): boolean {
  return url.includes('\0') || /%00/i.test(url);
}

export function registerInputGuards(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    try {
      checkJsonText(body as string);
    } catch (error) {
      done(error as Error, undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
  app.addHook('onRequest', async (request) => {
    if (urlHasNul(request.url)) throw badRequest(NUL_MESSAGE);
  });
  // JSON was checked as text; form bodies (and any other parser's objects) are checked parsed.
  app.addHook('preValidation', async (request) => {
    if (!request.headers['content-type']?.startsWith('application/json') && hasNul(request.body))
      throw badRequest(NUL_MESSAGE);
  });
}
