import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildDatabaseTemplates, type DatabaseTemplates } from './databaseTemplates';
import { TEST_BUILD_VARIABLE } from './processes';

const REPO = path.resolve(import.meta.dirname, '../../../..');

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/**
 * Once before the API's test files: the migrated databases they copy (see databaseTemplates.ts), and
 * the API compiled as `npm start` runs it (apps/api/dist-test, a second copy so the release check's
 * apps/api/dist may be rebuilt meanwhile) for the tests that start server processes (processes.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  execFileSync(process.execPath, ['scripts/build-api.mjs', '--out', 'apps/api/dist-test'], { cwd: REPO });
  process.env[TEST_BUILD_VARIABLE] = path.join(REPO, 'apps/api/dist-test');
  const { templates, pgliteBuilt } = await buildDatabaseTemplates();
  project.provide('databaseTemplates', templates);
  // The PGlite template's builder may outlive a run whose files never needed it.
  return () => pgliteBuilt;
}
