import { z } from 'zod';

/** The largest value of PostgreSQL's `integer`, the type of every id: a larger one fails the query. */
export const MAX_ID = 2147483647;

const DIGITS = /^[0-9]+$/;

/**
 * Reads an id from a path, a query or an acting parameter: digits only (no sign, space, exponent,
 * hex or decimal point, so `+1` is not partner 1), from 1 to MAX_ID. Null for anything else.
 */
export function parseId(raw: string): number | null {
  if (!DIGITS.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/**
 * The one id schema of every route: a JSON number or a text of digits (paths and queries are
 * text), a positive whole number that fits the database's integer ids.
 */
export const idSchema = (name = 'id') => {
  const message = `${name} must be a positive whole number`;
  return z
    .union([z.number(), z.string().regex(DIGITS, message)], { error: message })
    .transform(Number)
    .pipe(z.number().int(message).min(1, message).max(MAX_ID, `${name} is too large`));
};
