import { AppError } from '../../lib/errors';
import { createMemoryAttemptStore, type AttemptStore } from '../../lib/shared-limits';

export type LimiterOptions = {
  /** Failures allowed for one account from one address. */
  maxPerAccountAddress: number;
  /** Failures allowed from one address over all accounts (password spraying). */
  maxPerAddress: number;
  windowMs: number;
  now: () => Date;
  store?: AttemptStore;
};

/**
 * Counts failed password checks (sign-in and credential verification share it) per (account,
 * address) and per address. There is deliberately no per-account-only count: a stranger failing
 * five times must not lock a super admin out from everywhere.
 */
export function createLoginLimiter(opts: LimiterOptions) {
  const store = opts.store ?? createMemoryAttemptStore();
  const keysOf = (account: string, address: string) => [
    { key: `pair:${account.trim().toLowerCase()}@${address}`, max: opts.maxPerAccountAddress },
    { key: `addr:${address}`, max: opts.maxPerAddress },
  ];

  /** Milliseconds until the caller may try again, or 0 when allowed. */
  async function retryAfterMs(account: string, address: string): Promise<number> {
    const now = opts.now().getTime();
    let wait = 0;
    for (const { key, max } of keysOf(account, address)) {
      const list = await store.recent(key, now - opts.windowMs);
      if (list.length >= max) wait = Math.max(wait, list[list.length - max]! + opts.windowMs - now);
    }
    return wait;
  }

  return {
    retryAfterMs,
    /** Throws 429 with Retry-After while the (account, address) pair or the address is locked. */
    async assertAllowed(account: string, address: string): Promise<void> {
      const wait = await retryAfterMs(account, address);
      if (wait <= 0) return;
      const minutes = Math.ceil(wait / 60_000);
      throw new AppError(
        'RATE_LIMITED',
        `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        undefined,
        undefined,
        { 'retry-after': String(Math.ceil(wait / 1000)) },
      );
    },
    async fail(account: string, address: string): Promise<void> {
      const at = opts.now().getTime();
      for (const { key } of keysOf(account, address)) await store.add(key, at, opts.windowMs);
    },
    /** A correct password clears the pair's count; the address count keeps spraying visible. */
    async succeed(account: string, address: string): Promise<void> {
      await store.clear(keysOf(account, address)[0]!.key);
    },
  };
}
export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
