import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { isValidEmail } from '@reputo/core';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { countUsers, findUserByEmail, insertUser } from './modules/users/repository';
import { hashPassword } from './platform/auth/passwords';
import { seedDemoData } from './seed/demo';

/** Operator commands: `migrate`, `seed` (demo data into an empty database), `create-owner --email --password`. */
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
    return fail(
      'Usage: cli.ts migrate | seed | create-owner --email EMAIL --password PASSWORD [--first-name NAME] [--last-name NAME]',
    );
  } finally {
    await database.close();
  }
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
