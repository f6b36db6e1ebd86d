// `npm run seed|migrate|create-owner -- ...`: operator commands of apps/api/src/cli.ts.
import { ensureInstalled, run, typescriptArgs } from './lib.mjs';

await ensureInstalled();
process.exit(await run(process.execPath, typescriptArgs('apps/api/src/cli.ts', process.argv.slice(2))));
