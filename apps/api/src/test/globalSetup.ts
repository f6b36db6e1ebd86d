import type { TestProject } from 'vitest/node';
import { buildDatabaseTemplates, type DatabaseTemplates } from './databaseTemplates';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/** Once before the API's test files: the migrated databases they copy (see databaseTemplates.ts). */
export default async function setup(project: TestProject): Promise<void> {
  project.provide('databaseTemplates', await buildDatabaseTemplates());
}
