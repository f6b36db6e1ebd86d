import type { TestProject } from 'vitest/node';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    startupOutput: string;
  }
}

/** One real server for all browser test files; stopped after the run. */
export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide('baseURL', server.url);
  project.provide('startupOutput', server.startupOutput);
  return async () => {
    await server.stop();
  };
}
