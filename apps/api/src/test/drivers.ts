/**
 * The databases a suite runs on. Without TEST_DATABASE_URL: PGlite. With it: PostgreSQL, which
 * production runs on, and PGlite too for the suites declared with describeOnBothDatabases (the job
 * queue, migrations, bulk review writes and rollups, the one-statement coupon redemption, sign-in:
 * where one connection against a pool, or the drivers' type parsing, could tell them apart), or for
 * every suite when TEST_PGLITE=all. Both for every file doubled CI's integration time (PGlite's test
 * time was 1.45x PostgreSQL's) and pushed the run past 25 minutes on two cores.
 */
export function testDrivers(bothDrivers = false): ('pglite' | 'pg')[] {
  if (!process.env.TEST_DATABASE_URL) return ['pglite'];
  return bothDrivers || process.env.TEST_PGLITE === 'all' ? ['pglite', 'pg'] : ['pg'];
}
