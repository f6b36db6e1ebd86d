import { sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from '../../../apps/api/src/db/client';
import type { Chunk } from './reviews';
import { rowsOf } from '../../../apps/api/src/db/rows';

/**
 * Bulk loading into the server's own tables: PostgreSQL `COPY ... FROM STDIN` on a server, large
 * `INSERT ... SELECT FROM unnest(...)` statements on PGlite (the demo seed's way: one parameter per
 * column, not per value). Both write the same columns.
 */

type Cell = string | number | boolean | Date | null;
type Column<T> = [name: string, type: string, pick: (row: T) => Cell];

const REVIEW_COLUMNS: Column<Chunk['reviews'][number]>[] = [
  ['id', 'int', (r) => r.id],
  ['company_id', 'int', (r) => r.companyId],
  ['location_id', 'int', (r) => r.locationId],
  ['source', 'text', (r) => r.source],
  ['external_id', 'text', (r) => r.externalId],
  ['author_name', 'text', (r) => r.authorName],
  ['rating', 'smallint', (r) => r.rating],
  ['title', 'text', (r) => r.title],
  ['text', 'text', (r) => r.text],
  ['language', 'text', (r) => r.language],
  ['sentiment', 'smallint', (r) => r.sentiment],
  ['url', 'text', (r) => r.url],
  ['nlp_version', 'smallint', (r) => r.nlpVersion],
  ['created_at', 'timestamptz', (r) => r.createdAt],
  ['fetched_at', 'timestamptz', (r) => r.fetchedAt],
  ['responded_at', 'timestamptz', (r) => r.respondedAt],
  ['reply_text', 'text', (r) => r.replyText],
];

const RESPONSE_COLUMNS: Column<Chunk['responses'][number]>[] = [
  ['review_id', 'int', (r) => r.reviewId],
  ['company_id', 'int', (r) => r.companyId],
  ['author_user_id', 'int', (r) => r.authorUserId],
  ['text', 'text', (r) => r.text],
  ['status', 'text', (r) => r.status],
  ['failure_reason', 'text', (r) => r.failureReason],
  ['origin', 'text', (r) => r.origin],
  ['created_at', 'timestamptz', (r) => r.createdAt],
  ['posted_at', 'timestamptz', (r) => r.postedAt],
  ['updated_at', 'timestamptz', (r) => r.updatedAt],
];

const TOPIC_COLUMNS: Column<Chunk['topics'][number]>[] = [
  ['review_id', 'int', (r) => r.reviewId],
  ['company_id', 'int', (r) => r.companyId],
  ['kind', 'text', (r) => r.kind],
  ['topic', 'text', (r) => r.topic],
  ['subtopic', 'text', (r) => r.subtopic],
  ['sentiment', 'smallint', (r) => r.sentiment],
];

export interface BulkLoader {
  /** Writes a chunk: reviews first, then their replies and topics (their foreign keys need the reviews). */
  write(chunk: Chunk): Promise<void>;
  close(): Promise<void>;
}

/** COPY text format: tab-separated, `\N` for null, backslash escapes for the separators. */
function copyValue(v: Cell): string {
  if (v === null) return '\\N';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'boolean') return v ? 't' : 'f';
  if (typeof v === 'number') return String(v);
  return v.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
}

async function copyRows<T>(client: pg.Client, table: string, columns: Column<T>[], rows: T[]): Promise<void> {
  if (rows.length === 0) return;
  const stream = client.query(copyFrom(`COPY ${table} (${columns.map((c) => c[0]).join(', ')}) FROM STDIN`));
  const done = new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
  });
  // About 1 MB per write: few calls, bounded buffers.
  let buffer = '';
  for (const row of rows) {
    buffer += columns.map(([, , pick]) => copyValue(pick(row))).join('\t') + '\n';
    if (buffer.length > 1_000_000) {
      stream.write(buffer);
      buffer = '';
    }
  }
  stream.end(buffer);
  await done;
}

export async function openCopyLoader(databaseUrl: string): Promise<BulkLoader> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    async write(chunk) {
      await copyRows(client, 'reviews', REVIEW_COLUMNS, chunk.reviews);
      await copyRows(client, 'responses', RESPONSE_COLUMNS, chunk.responses);
      await copyRows(client, 'review_topics', TOPIC_COLUMNS, chunk.topics);
    },
    close: () => client.end(),
  };
}

/** Rows per INSERT on PGlite; the seed measured larger batches no faster. */
const UNNEST_BATCH = 2000;

async function insertUnnest<T>(
  db: Db,
  table: string,
  columns: Column<T>[],
  rows: T[],
  overriding: boolean,
): Promise<void> {
  for (let i = 0; i < rows.length; i += UNNEST_BATCH) {
    const batch = rows.slice(i, i + UNNEST_BATCH);
    const names = sql.raw(columns.map(([name]) => name).join(', '));
    const arrays = sql.join(
      columns.map(
        ([, type, pick]) =>
          sql`${sql.param(
            batch.map((r) => {
              const v = pick(r);
              return v instanceof Date ? v.toISOString() : v;
            }),
          )}::${sql.raw(type)}[]`,
      ),
      sql`, `,
    );
    // Review ids are given by the generator (replies and topics point at them), hence OVERRIDING.
    await db.execute(
      sql`INSERT INTO ${sql.raw(table)} (${names}) ${sql.raw(overriding ? 'OVERRIDING SYSTEM VALUE ' : '')}SELECT * FROM unnest(${arrays})`,
    );
  }
}

export function unnestLoader(db: Db): BulkLoader {
  return {
    async write(chunk) {
      await insertUnnest(db, 'reviews', REVIEW_COLUMNS, chunk.reviews, true);
      await insertUnnest(db, 'responses', RESPONSE_COLUMNS, chunk.responses, false);
      await insertUnnest(db, 'review_topics', TOPIC_COLUMNS, chunk.topics, false);
    },
    close: async () => undefined,
  };
}

export const BULK_TABLES = ['reviews', 'responses', 'review_topics'];

/**
 * Drops the secondary indexes of the bulk tables (keeping primary keys and constraints) and answers
 * how to build them again, exactly as the migrations defined them: loading a million rows and then
 * building each index once is several times faster than keeping seven indexes up to date row by row.
 */
export async function dropSecondaryIndexes(
  db: Db,
  tables: string[] = BULK_TABLES,
): Promise<{ names: string[]; restore: () => Promise<void> }> {
  const result = await db.execute(sql`
    SELECT i.indexname, i.indexdef FROM pg_indexes i
    WHERE i.schemaname = 'public' AND i.tablename = ANY(${sql.param(tables)}::text[])
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)
    ORDER BY i.indexname`);
  const indexes = rowsOf<{ indexname: string; indexdef: string }>(result);
  for (const i of indexes) await db.execute(sql.raw(`DROP INDEX IF EXISTS "${i.indexname}"`));
  return {
    names: indexes.map((i) => i.indexname),
    restore: async () => {
      for (const i of indexes)
        await db.execute(sql.raw(i.indexdef.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS ')));
    },
  };
}

/** The next free review id, and afterwards the identity moved past the ids given here. */
export async function nextReviewId(db: Db): Promise<number> {
  const [row] = rowsOf<{ max: number | string | null }>(await db.execute(sql`SELECT max(id) AS max FROM reviews`));
  return Number(row?.max ?? 0) + 1;
}

export async function syncReviewIdentity(db: Db): Promise<void> {
  await db.execute(
    sql`SELECT setval(pg_get_serial_sequence('reviews', 'id'), greatest((SELECT max(id) FROM reviews), 1))`,
  );
}
