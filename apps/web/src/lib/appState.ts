/**
 * "Reset the whole application state" (sign-in, sign-out, a failed refresh) without making the
 * sign-in route load the query cache: the cache registers its reset here when it is created.
 */
const resets = new Set<() => void>();

export function onAppStateReset(reset: () => void): () => void {
  resets.add(reset);
  return () => resets.delete(reset);
}

export function resetAppState(): void {
  for (const reset of resets) reset();
}
