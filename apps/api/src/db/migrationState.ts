import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { rowsOf } from './rows';

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}

/** The migrations this build carries (its journal), read once. */
let journal: Journal | undefined;
function expected(): Journal['entries'] {
  journal ??= JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as Journal;
  return journal.entries;
}

export interface MigrationState {
  /** Migrations recorded as applied in the database. */
  applied: number;
  /** Migrations this build carries. */
  expected: number;
  /** The newest migration of this build is applied (what Drizzle's migrator itself compares). */
  current: boolean;
  latest: string;
}

/**
 * Whether the database has every migration of this build: Drizzle records each applied migration in
 * `drizzle.__drizzle_migrations` with its journal time (`created_at`); a database is current when the
 * newest of those is at least this build's last one. No table yet: nothing applied.
 */
export async function migrationState(db: Db): Promise<MigrationState> {
  const entries = expected();
  const last = entries[entries.length - 1]!;
  const [exists] = rowsOf<{ present: boolean }>(
    await db.execute(sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`),
  );
  if (!exists?.present) return { applied: 0, expected: entries.length, current: false, latest: last.tag };
  const [row] = rowsOf<{ applied: string | number; newest: string | number | null }>(
    await db.execute(sql`SELECT count(*) AS applied, max(created_at) AS newest FROM drizzle.__drizzle_migrations`),
  );
  return {
    applied: Number(row?.applied ?? 0),
    expected: entries.length,
    current: Number(row?.newest ?? 0) >= last.when,
    latest: last.tag,
  };
}
