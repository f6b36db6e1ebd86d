/** The rows of a `db.execute` result: both drivers (PGlite and node-postgres) answer them under `rows`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
