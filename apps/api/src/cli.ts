import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { isValidEmail } from '@reputo/core';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { exportCompany, ImportError, importCompany } from './modules/companyExport/service';
import { countUsers, findUserByEmail, insertUser } from './modules/users/repository';
import { hashPassword } from './platform/auth/passwords';
import { seedDemoData } from './seed/demo';

/**
 * Operator commands: `migrate`, `seed` (demo data into an empty database), `create-owner --email
 * --password`, `export-company --company ID --out FILE.zip`, `import-company --file FILE.zip`.
 */
const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
const say = (msg: string) => process.stdout.write(`${msg}\n`);

async function run(command: string | undefined, args: string[]): Promise<number> {
  const config = loadConfig(process.env, pkg.version);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    if (command === 'migrate') {
      say('Migrations applied.');
      return 0;
    }
    if (command === 'seed') {
      if ((await countUsers(database.db)) > 0) {
        say('The database already has users; demo data is only seeded into an empty database.');
        return 1;
      }
      const summary = await seedDemoData(database.db, { reviewsScale: config.seedScale, log: say });
      say(
        `Seeded ${summary.companies} companies, ${summary.locations} locations, ${summary.users} users, ${summary.reviews} reviews.`,
      );
      return 0;
    }
    if (command === 'create-owner') {
      const { values } = parseArgs({
        args,
        options: {
          email: { type: 'string' },
          password: { type: 'string' },
          'first-name': { type: 'string' },
          'last-name': { type: 'string' },
        },
      });
      if (!values.email || !isValidEmail(values.email)) return fail('--email must be a valid email address');
      if (!values.password || values.password.length < 6) return fail('--password must have at least 6 characters');
      if (await findUserByEmail(database.db, values.email))
        return fail(`A user with the email ${values.email} already exists`);
      await insertUser(database.db, {
        email: values.email,
        passwordHash: await hashPassword(values.password),
        firstName: values['first-name'] ?? 'Platform',
        lastName: values['last-name'] ?? 'Owner',
        role: 'owner',
        status: 'active',
      });
      say(`Owner ${values.email} created. Sign in at ${config.publicUrl}/signin`);
      return 0;
    }
    if (command === 'export-company') {
      const { values } = parseArgs({ args, options: { company: { type: 'string' }, out: { type: 'string' } } });
      const companyId = Number(values.company);
      if (!Number.isInteger(companyId) || companyId <= 0) return fail('--company must be a company id');
      if (!values.out) return fail('--out must name the zip file to write');
      const result = await exportCompany(database.db, companyId, pkg.version);
      if (!result) return fail(`No company with id ${companyId}`);
      writeFileSync(values.out, result.zip);
      say(`Company ${companyId} exported to ${values.out}: ${summary(result.counts)}`);
      return 0;
    }
    if (command === 'import-company') {
      const { values } = parseArgs({ args, options: { file: { type: 'string' } } });
      if (!values.file) return fail('--file must name an export zip');
      try {
        const result = await importCompany(database.db, readFileSync(values.file));
        say(`Imported as company ${result.companyId}: ${summary(result.counts)}`);
        if (Object.keys(result.skipped).length)
          say(`Left out (pointing at what is not exported): ${summary(result.skipped)}`);
        return 0;
      } catch (err) {
        if (err instanceof ImportError) return fail(err.message);
        throw err;
      }
    }
    return fail(
      'Usage: cli.ts migrate | seed | create-owner --email EMAIL --password PASSWORD [--first-name NAME] [--last-name NAME] | export-company --company ID --out FILE.zip | import-company --file FILE.zip',
    );
  } finally {
    await database.close();
  }
}

function summary(counts: Record<string, number>): string {
  return Object.entries(counts)
    .map(([table, n]) => `${n} ${table}`)
    .join(', ');
}

function fail(message: string): number {
  process.stderr.write(`${message}\n`);
  return 1;
}

run(process.argv[2], process.argv.slice(3)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(
      err instanceof ConfigError ? `${err.message}\n` : `${err instanceof Error ? err.stack : String(err)}\n`,
    );
    process.exit(1);
  },
);
