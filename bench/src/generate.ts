import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { generateDataSet, refreshRollups } from './generate/index';
import { dataSet } from './sets';
import { describeTarget, targetOf } from './target';

/**
 * npm run bench:generate -- --set W1|W0|tiny (--database-url postgres://... | --data-dir DIR) [--reset] [--seed N]
 * npm run bench:generate -- --refresh-rollups | --migrate (--database-url ... | --data-dir DIR)
 *
 * Builds a benchmark data set into a PostgreSQL database (created when missing) or into the
 * embedded database of a server data directory. Prints the phases and writes a summary to bench/out/.
 * --migrate applies new migrations to an existing data set and vacuums it; --refresh-rollups also
 * rebuilds every rollup with the server's functions.
 */
const OUT = path.resolve(import.meta.dirname, '../out');

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      set: { type: 'string', default: 'W0' },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      reset: { type: 'boolean', default: false },
      seed: { type: 'string' },
      'refresh-rollups': { type: 'boolean', default: false },
      migrate: { type: 'boolean', default: false },
    },
  });
  const target = targetOf(values);
  const say = (line: string) => process.stdout.write(`${line}\n`);
  if (values['refresh-rollups'] || values.migrate) {
    await refreshRollups(target, say, values['refresh-rollups']);
    return;
  }
  const set = dataSet(values.set!);
  say(
    `Generating ${set.name} (${set.reviews.toLocaleString('en')} reviews, ${set.locations} locations, ${set.smallCompanies} small companies) into ${describeTarget(target)}`,
  );
  const summary = await generateDataSet({
    set,
    target,
    reset: values.reset,
    seed: values.seed ? Number(values.seed) : undefined,
    log: say,
  });
  mkdirSync(OUT, { recursive: true });
  const file = path.join(OUT, `generate-${set.name}-${target.kind}.json`);
  writeFileSync(file, `${JSON.stringify(summary, null, 2)}\n`);
  say(
    `Done in ${summary.seconds} s: ${summary.companies} companies, ${summary.locations} locations, ${summary.reviews.toLocaleString('en')} reviews, ${summary.responses.toLocaleString('en')} replies, ${summary.topicRows.toLocaleString('en')} topic rows. Text analysis: ${summary.analysis.analysed.toLocaleString('en')} distinct texts in ${summary.analysis.seconds} s. Summary: ${path.relative(process.cwd(), file)}`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`bench:generate failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
