/**
 * A fixed-window counter per key (email and address for sign-in). In memory: with several API
 * processes each keeps its own window, which still bounds guessing per process.
 */
export interface RateLimiter {
  /** Counts one attempt; answers the seconds to wait when the limit is already reached. */
  hit(key: string, now?: number): { allowed: true } | { allowed: false; retryAfterSeconds: number };
  reset(key: string): void;
}

export function createRateLimiter(limit: number, windowSeconds: number): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  const windowMs = windowSeconds * 1000;
  function prune(now: number): void {
    if (windows.size < 10000) return;
    for (const [key, w] of windows) if (now - w.start >= windowMs) windows.delete(key);
  }
  return {
    hit(key, now = Date.now()) {
      prune(now);
      const w = windows.get(key);
      if (!w || now - w.start >= windowMs) {
        windows.set(key, { start: now, count: 1 });
        return { allowed: true };
      }
      if (w.count >= limit) return { allowed: false, retryAfterSeconds: Math.ceil((w.start + windowMs - now) / 1000) };
      w.count += 1;
      return { allowed: true };
    },
    reset(key) {
      windows.delete(key);
    },
  };
}
