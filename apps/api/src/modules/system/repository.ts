import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

export async function findUsersByEmails(db: Db, emails: readonly string[]) {
  return db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.email, [...emails]));
}
