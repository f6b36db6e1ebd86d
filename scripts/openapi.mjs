// `npm run openapi`: writes the API's OpenAPI document (apps/api/openapi.json, from the routes' zod
// schemas), the web app's types generated from it (apps/web/src/lib/api.schema.d.ts), and lints it.
import { log, runOrExit, typescriptArgs } from './lib.mjs';

const OPENAPI_FILE = 'apps/api/openapi.json';
const WEB_TYPES_FILE = 'apps/web/src/lib/api.schema.d.ts';
/** Redocly without its telemetry and update check: the lint must work offline. */
const REDOCLY_ENV = { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };

log(`Writing ${OPENAPI_FILE}`);
await runOrExit(process.execPath, typescriptArgs('apps/api/src/openapi.ts', [OPENAPI_FILE]));
await runOrExit('npx', ['redocly', 'lint', OPENAPI_FILE], { env: REDOCLY_ENV });
log(`Writing ${WEB_TYPES_FILE}`);
await runOrExit('npx', ['openapi-typescript', OPENAPI_FILE, '--output', WEB_TYPES_FILE], { env: REDOCLY_ENV });
