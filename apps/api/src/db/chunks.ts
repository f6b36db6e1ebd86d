/** Splits rows into slices of at most `size`, for multi-row statements that must stay under PostgreSQL's 65,535 parameters. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
