// The embedded database in its own thread (see pgliteThread.ts for why). Plain JavaScript so the
// same file runs under tsx, vitest and plain node without a loader.
import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { preparedStatements } from './pglitePrepared.mjs';

/** @type {PGlite | null} */
let pg = null;
/** @type {ReturnType<typeof preparedStatements> | null} */
let prepared = null;
/** Open transactions by the caller's number: PGlite's transaction object and how to end it. */
const open = new Map();
/** Thrown inside a transaction the caller asked to roll back; not an error to report. */
const ROLLBACK = Symbol('rollback');

const keep = (value) => value;

/**
 * The caller's parsers are all "keep the text" (drizzle's choice for dates, intervals and some
 * arrays), and drizzle names the same types on every statement. They are set once on the instance:
 * given `parsers`, PGlite copies its own (some 300, by type id) to merge them in, on every statement,
 * which cost 150-200 µs a statement, more than `select 1` itself (bench/RESULTS.md, tenth pass). A
 * statement that keeps another set still names its parsers, PGlite's own put back for the types it does not keep.
 */
let keptKey = null;
/** PGlite's own parsers of the types set to keep on the instance. */
const replaced = new Map();

function optionsFor(m) {
  const raw = m.raw ?? [];
  const key = [...raw].sort((a, b) => a - b).join(',');
  if (keptKey === null && raw.length > 0) {
    for (const oid of raw) {
      replaced.set(oid, pg.parsers[oid]);
      pg.parsers[oid] = keep;
    }
    keptKey = key;
  }
  if (key === (keptKey ?? '')) return { rowMode: m.rowMode };
  const parsers = Object.fromEntries(replaced);
  for (const oid of raw) parsers[oid] = keep;
  return { rowMode: m.rowMode, parsers };
}

function errorOf(e) {
  if (!(e instanceof Error)) return { message: String(e) };
  // A DatabaseError's fields (code, detail, constraint, ...) travel with it: callers check `code`.
  const fields = {};
  for (const [k, v] of Object.entries(e)) if (['string', 'number', 'boolean'].includes(typeof v)) fields[k] = v;
  return { ...fields, message: e.message, name: e.name };
}

async function begin(m) {
  const entry = { tx: null, finish: null, done: null };
  const decision = new Promise((resolve) => (entry.finish = resolve));
  let ready;
  const begun = new Promise((resolve) => (ready = resolve));
  open.set(m.tx, entry);
  entry.done = pg.transaction(async (tx) => {
    entry.tx = tx;
    ready();
    if (!(await decision)) throw ROLLBACK;
  });
  try {
    // BEGIN itself can fail: then `done` rejects before the transaction started.
    await Promise.race([begun, entry.done]);
  } catch (e) {
    open.delete(m.tx);
    throw e;
  }
}

async function end(m) {
  const t = open.get(m.tx);
  open.delete(m.tx);
  t.finish(m.commit);
  try {
    await t.done;
  } catch (e) {
    if (e !== ROLLBACK) throw e;
  }
}

async function handle(m) {
  switch (m.op) {
    case 'open':
      // `loadFrom`: a data directory dump (tar) to start from, instead of an empty database.
      pg = await PGlite.create({
        dataDir: m.dataDir ?? undefined,
        loadDataDir: m.loadFrom ? new Blob([await readFile(m.loadFrom)]) : undefined,
      });
      prepared = preparedStatements(pg);
      keptKey = null;
      replaced.clear();
      return null;
    case 'query':
      if (m.prepared) return prepared.query(m.sql, m.params, optionsFor(m), { inTransaction: Boolean(m.tx) });
      return (m.tx ? open.get(m.tx).tx : pg).query(m.sql, m.params, optionsFor(m));
    case 'begin':
      return begin(m);
    case 'end':
      return end(m);
    case 'close':
      await pg?.close();
      pg = null;
      prepared = null;
      return null;
    default:
      throw new Error(`unknown operation ${m.op}`);
  }
}

parentPort.on('message', (m) => {
  // Each message on its own: a transaction waits for its caller while other messages go on.
  handle(m).then(
    (value) => parentPort.postMessage({ id: m.id, ok: true, value }),
    (e) => parentPort.postMessage({ id: m.id, ok: false, error: errorOf(e) }),
  );
});
