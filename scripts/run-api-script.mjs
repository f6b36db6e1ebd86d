// `npm run seed|migrate|create-owner|export-company|import-company -- ...`: operator commands of
// apps/api/src/cli.ts, run from the build (made or refreshed first when needed).
import { ensureApiBuild, ensureInstalled, run } from './lib.mjs';

await ensureInstalled();
await ensureApiBuild();
process.exit(await run(process.execPath, ['apps/api/dist/cli.js', ...process.argv.slice(2)]));
