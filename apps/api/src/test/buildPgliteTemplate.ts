/**
 * Builds the PGlite template of a test run (see databaseTemplates.ts) in a process of its own:
 * `node --import tsx buildPgliteTemplate.ts <file>`. Writes the file aside, then renames it, so a
 * waiting test file or another run never reads half of it; on failure, writes the error beside it.
 */
import { rename, writeFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER } from '../db/migrationState';
import { failedMarker } from './databaseTemplates';

async function build(file: string): Promise<void> {
  const db = await PGlite.create();
  await migrate(drizzle({ client: db }), { migrationsFolder: MIGRATIONS_FOLDER });
  const dump = await db.dumpDataDir('none');
  await db.close();
  const partial = `${file}.${process.pid}`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
}

const file = process.argv[2];
if (!file) throw new Error('usage: buildPgliteTemplate.ts <file>');
await build(file).catch(async (err: unknown) => {
  await writeFile(failedMarker(file), err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exitCode = 1;
});
