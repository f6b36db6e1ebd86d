import fc from 'fast-check';
import { expect, it } from 'vitest';
import { describeEachDatabase, type TestEnv } from '../test/harness';
import { bearer, signIn } from '../test/http';
import { documentOperations, fillPath, type JsonSchema, type Operation } from '../test/openapi';

/**
 * Walks the OpenAPI document and sends every operation malformed paths, queries and bodies: ids
 * beyond PostgreSQL's integer or not plain digits, NUL characters, wrong types, deep JSON, overlong
 * text. No answer may be a 5xx, and every refusal uses our error shape. FUZZ_RUNS sets the cases per
 * operation and caller (CI keeps the default); FUZZ_SEED replays a reported failure.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

/** Texts that must never reach the database as an id: too large, signed, spaced, exponent, hex, fractional. */
const badIdText = fc.oneof(
  fc.constantFrom(
    '2147483648',
    '4294967296',
    '99999999999999999999',
    '-1',
    '0',
    '+1',
    ' 1',
    '1e3',
    '0x10',
    '1.5',
    '1,2',
    'NaN',
    'null',
    'Infinity',
  ),
  fc.bigInt({ min: 2147483648n, max: 10n ** 30n }).map(String),
);

const nulText = fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })).map(([a, b]) => `${a}\u0000${b}`);
const overlong = fc.integer({ min: 1_000, max: 20_000 }).map((n) => 'x'.repeat(n));
const oddText = fc.oneof(
  nulText,
  overlong,
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom('', ' ', '[]', '{}', 'true', '%', '../..', '<script>'),
);

/** Query and path values are text. */
function textValue(integersOnly: boolean) {
  return integersOnly ? badIdText : fc.oneof(badIdText, oddText);
}

function deepJson(depth: number): unknown {
  let value: unknown = [];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** Wrong JSON values for a body property: out-of-range numbers, wrong types, NULs, deep nesting. */
function jsonValue(integersOnly: boolean) {
  const badNumber = fc.constantFrom(2147483648, Number.MAX_SAFE_INTEGER + 2, 1e300, -1, 0, 1.5);
  if (integersOnly) return fc.oneof(badNumber, badIdText);
  return fc.oneof(
    badNumber,
    badIdText,
    oddText,
    fc.constantFrom(null, true, {}, [], [null], { a: '\u0000' }, deepJson(80)),
  );
}

interface Malformed {
  path: (string | undefined)[];
  query: (string | undefined)[];
  acting: string | undefined;
  body: { raw: string } | { props: (unknown | undefined)[] } | undefined;
}

function bodyProps(schema: JsonSchema | null): string[] {
  return Object.keys(schema?.properties ?? {});
}

/** A request for one operation in which some parts (at least one, usually) are malformed; the rest left out. */
function malformedRequest(op: Operation, integersOnly: boolean): fc.Arbitrary<Malformed> {
  const text = fc.option(textValue(integersOnly), { nil: undefined });
  const props = bodyProps(op.body);
  const rawBody = fc.oneof(
    fc.constant(`${'['.repeat(20_000)}${']'.repeat(20_000)}`),
    nulText.map((s) => JSON.stringify({ text: s })),
    fc.constantFrom('{', '[]', '"x"', '12', 'null', '{"a":1,}'),
  );
  const body = integersOnly
    ? fc.tuple(...props.map(() => fc.option(jsonValue(true), { nil: undefined }))).map((p) => ({ props: p }))
    : fc.oneof(
        rawBody.map((raw) => ({ raw })),
        fc.tuple(...props.map(() => fc.option(jsonValue(false), { nil: undefined }))).map((p) => ({ props: p })),
      );
  return fc.record({
    path: fc.tuple(...op.pathParams.map(() => text)),
    query: fc.tuple(...op.queryParams.map(() => text)),
    acting: fc.option(badIdText, { nil: undefined, freq: 4 }),
    body: op.body || op.method !== 'GET' ? body : fc.constant(undefined),
  });
}

interface Caller {
  name: string;
  headers: Record<string, string>;
  /** The acting parameter this caller sends (a malformed value replaces its id). */
  acting: { name: string; value: string } | null;
}

/** A path value left out is the largest valid id: well-formed, and no row of the fixtures. */
const ABSENT_ID = '2147483647';

function toInject(op: Operation, caller: Caller, m: Malformed) {
  const path = fillPath(op.path, Object.fromEntries(op.pathParams.map((name, i) => [name, m.path[i] ?? ABSENT_ID])));
  const query = new URLSearchParams();
  op.queryParams.forEach((name, i) => m.query[i] !== undefined && query.append(name, m.query[i]!));
  if (caller.acting) query.set(caller.acting.name, m.acting ?? caller.acting.value);
  const headers = { ...caller.headers, 'content-type': 'application/json' };
  const url = `${path}${query.size ? `?${query}` : ''}`;
  if (!m.body) return { method: op.method, url, headers: caller.headers };
  const payload =
    'raw' in m.body
      ? m.body.raw
      : JSON.stringify(
          Object.fromEntries(
            bodyProps(op.body).flatMap((name, i) =>
              m.body && 'props' in m.body && m.body.props[i] !== undefined ? [[name, m.body.props[i]]] : [],
            ),
          ),
        );
  return { method: op.method, url, headers, payload };
}

type InjectMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * What is wrong with an answer: a server error, or a refusal not in our shape. Null when fine. A
 * public page (a landing page) refuses with its own HTML page where the document says so.
 */
function problemOf(status: number, body: string, htmlStatuses: string[] = []): string | null {
  if (status >= 500) return `answered ${status}: ${body.slice(0, 200)}`;
  if (status < 400 || (status === 400 && body === 'expired')) return null;
  if (htmlStatuses.includes(String(status)) && body.startsWith('<!doctype html>')) return null;
  try {
    const json = JSON.parse(body) as { error?: unknown; error_description?: unknown };
    if (typeof json.error === 'string' && typeof json.error_description === 'string') return null;
  } catch {
    // not JSON: reported below
  }
  return `answered ${status} outside our error shape: ${body.slice(0, 200)}`;
}

async function callers(env: TestEnv): Promise<Caller[]> {
  const { app, fx } = env;
  const owner = (await signIn(app, fx.owner.email)).access_token;
  const admin = (await signIn(app, fx.companyA.admin.email)).access_token;
  return [
    {
      name: 'Owner acting as company A',
      headers: bearer(owner),
      acting: { name: 'ownerAsCompany', value: String(fx.companyA.id) },
    },
    { name: "Company A's Master Admin", headers: bearer(admin), acting: null },
  ];
}

/** Runs the bounded cases for every operation and caller; answers one line per failing operation. */
async function fuzzAll(env: TestEnv, integersOnly: boolean): Promise<string[]> {
  const failures: string[] = [];
  for (const caller of await callers(env)) {
    for (const op of documentOperations(env.app)) {
      const result = await fc.check(
        fc.asyncProperty(malformedRequest(op, integersOnly), async (m) => {
          const request = toInject(op, caller, m);
          const res = await env.app.inject({ ...request, method: request.method as InjectMethod });
          const problem = problemOf(res.statusCode, res.body, op.htmlStatuses);
          if (problem) throw new Error(`${request.method} ${request.url.slice(0, 120)} ${problem}`);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      if (result.failed)
        failures.push(
          `${caller.name}: ${op.method} ${op.path} (seed ${result.seed}): ${String((result.errorInstance as Error | undefined)?.message ?? result.errorInstance)}`,
        );
    }
  }
  return failures;
}

describeEachDatabase('Malformed input on every operation of the document', (use) => {
  it('never answers 5xx to ids beyond the integer range or not plain digits, in paths, queries, acting parameters and bodies', async () => {
    expect(await fuzzAll(use(), true)).toEqual([]);
  }, 120_000);

  // NULs, wrong types, deep JSON and overlong text do not depend on the database server: PGlite only.
  it('never answers 5xx, nor outside our error shape, to any malformed value', async (ctx) => {
    if (use().driver !== 'pglite') ctx.skip();
    expect(await fuzzAll(use(), false)).toEqual([]);
  }, 120_000);
});
