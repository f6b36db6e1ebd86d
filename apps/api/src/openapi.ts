import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openPglite } from './db/client';
import { formatOpenApi } from './platform/openapi';

/**
 * `npm run openapi` writes the OpenAPI document to apps/api/openapi.json (committed; a test checks
 * it is the one the app serves at /docs/json). The app is built with the default settings and never
 * listens, so the document depends on the code alone, not on the environment it runs in.
 */
const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };

async function generateOpenApi(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reputo-openapi-'));
  // An empty in-memory database: building the routes runs no query.
  const database = await openPglite(null);
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, pkg.version),
    db: database.db,
    logger: false,
  });
  try {
    await app.ready();
    return formatOpenApi(app.swagger());
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const target = process.argv[2];
if (!target) throw new Error('Usage: openapi.ts <output file>');
writeFileSync(target, await generateOpenApi());
