import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { migrationState } from '../../db/migrationState';
import { isDraining } from '../../platform/gracefulClose';

export const readinessSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.enum(['postgresql', 'pglite']),
  migrations: z.object({ applied: z.number(), expected: z.number(), current: z.boolean() }).nullable(),
  reason: z.string().nullable(),
});
export type Readiness = z.infer<typeof readinessSchema>;

/** Whether this process can serve: its database answers and carries every migration of this build. */
export async function readiness(db: Db, config: Pick<Config, 'databaseUrl'>): Promise<Readiness> {
  const database = config.databaseUrl ? 'postgresql' : 'pglite';
  if (isDraining()) return { status: 'not_ready', database, migrations: null, reason: 'the server is shutting down' };
  try {
    const { applied, expected, current } = await migrationState(db);
    return {
      status: current ? 'ready' : 'not_ready',
      database,
      migrations: { applied, expected, current },
      reason: current ? null : `the database lacks migrations of this build (${applied} of ${expected} applied)`,
    };
  } catch (error) {
    return {
      status: 'not_ready',
      database,
      migrations: null,
      reason: `the database does not answer: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}
