/**
 * Counts failed sign-ins per client address and per username within a window; past the limit the
 * caller gets 429 until the window passes. In memory: one server process serves the marketplace.
 */
export function createLoginLimiter(opts: { maxFailures: number; windowMs: number; now: () => Date }) {
  const failures = new Map<string, number[]>();

  function recent(key: string): number[] {
    const cutoff = opts.now().getTime() - opts.windowMs;
    const list = (failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length) failures.set(key, list);
    else failures.delete(key);
    return list;
  }

  return {
    /** Milliseconds until the caller may try again, or 0 when allowed. */
    retryAfterMs(keys: string[]): number {
      let wait = 0;
      for (const key of keys) {
        const list = recent(key);
        if (list.length >= opts.maxFailures) {
          wait = Math.max(wait, list[0]! + opts.windowMs - opts.now().getTime());
        }
      }
      return wait;
    },
    fail(keys: string[]): void {
      const t = opts.now().getTime();
      for (const key of keys) failures.set(key, [...recent(key), t]);
    },
    succeed(keys: string[]): void {
      for (const key of keys) failures.delete(key);
    },
  };
}
export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
