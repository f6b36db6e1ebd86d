// Prepared statements on PGlite. Plain JavaScript: the database's worker thread (pglite.worker.mjs)
// runs without a TypeScript loader, and the benchmark's raw replay uses the same code in-process.
import { parse as results, protocol } from '@electric-sql/pglite';

const { serialize } = protocol;

/** Protocol messages sent together, as one buffer: PGlite runs them in one trip into the database. */
function messages(...parts) {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return all;
}

/**
 * Statements prepared once on `pg` and run by their SQL. PGlite's `query` parses, describes and
 * plans a statement afresh on every call, in five trips into the database; a prepared statement is
 * bound and run in one, and planned as PostgreSQL plans prepared statements (the review with its
 * replies on W1: 0.6-1.5 ms a call as a query, 0.09-0.11 ms prepared; bench/RESULTS.md).
 *
 * @param {import('@electric-sql/pglite').PGlite} pg
 */
export function preparedStatements(pg) {
  /** By SQL: PostgreSQL's name for the statement, its parameter types and its row description. */
  const statements = new Map();
  let count = 0;

  async function statementFor(sql) {
    const known = statements.get(sql);
    if (known) return known;
    const name = `reputo_${++count}`;
    const described = await pg.execProtocolStream(
      messages(serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()),
      { syncToFs: false },
    );
    const statement = {
      name,
      types: results.parseDescribeStatementResults(described),
      rows: described.find((m) => m.name === 'rowDescription') ?? null,
    };
    statements.set(sql, statement);
    return statement;
  }

  /** Parameters as PGlite's `query` sends them: by the type PostgreSQL gave each, else as text. */
  const valuesFor = (statement, params) =>
    params.map((v, i) => {
      if (v === null || v === undefined) return null;
      const serializer = pg.serializers[statement.types[i]];
      return serializer ? serializer(v) : v.toString();
    });

  async function run(sql, params, options, inTransaction) {
    const statement = await statementFor(sql);
    let answer;
    try {
      answer = await pg.execProtocolStream(
        messages(
          serialize.bind({ statement: statement.name, values: valuesFor(statement, params) }),
          serialize.execute({}),
          serialize.sync(),
        ),
        { syncToFs: false },
      );
    } catch (e) {
      // A schema change under the statement ("cached plan must not change result type"): the next call prepares it anew.
      if (e?.code === '0A000') statements.delete(sql);
      throw Object.assign(e, { query: sql, params });
    }
    if (!inTransaction) await pg.syncToFs();
    return results.parseResults(statement.rows ? [statement.rows, ...answer] : answer, pg.parsers, options)[0];
  }

  return {
    /**
     * Runs `sql` prepared, in PGlite's locks as its `query` takes them: inside an open transaction
     * only the query lock (the transaction holds the other), outside one both.
     */
    query(sql, params = [], options = undefined, { inTransaction = false } = {}) {
      const once = () => run(sql, params, options, inTransaction);
      return inTransaction
        ? pg._runExclusiveQuery(once)
        : pg._runExclusiveTransaction(() => pg._runExclusiveQuery(once));
    },
  };
}
