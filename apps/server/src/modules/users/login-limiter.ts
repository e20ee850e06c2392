import { clientNetworkOf } from '../../lib/client-network';
import { AppError } from '../../lib/errors';
import { createMemoryAttemptStore, type AttemptStore } from '../../lib/shared-limits';
import type { AppContext } from '../../context';

export type LimiterOptions = {
  /** Failures allowed for one account from one address. */
  maxPerAccountAddress: number;
  /** Failures allowed from one address (an IPv6 /64) over all accounts (password spraying). */
  maxPerAddress: number;
  /** Failures at one account, from anywhere, before each further guess has to wait. */
  freePerAccount: number;
  /** The longest wait between guesses at one account (the delay doubles up to it). */
  maxAccountDelayMs: number;
  windowMs: number;
  now: () => Date;
  store?: AttemptStore;
};

/** How long an address that signed in to an account is remembered as the owner's. */
const KNOWN_ADDRESS_MS = 30 * 24 * 3600_000;

/**
 * The network an address belongs to for counting: an IPv6 address counts as its /64 (one customer's
 * network: a client there has 2^64 addresses to rotate through), an IPv4 address as itself.
 */
export function addressKey(ip: string): string {
  return clientNetworkOf(ip);
}

/**
 * One spelling per account for counting: `05`, `005` and `5` are account 5, emails and usernames
 * compare trimmed, case-folded and Unicode-normalised. Callers that found the account key on its id.
 */
export function accountKey(identifier: string, foundId?: number): string {
  if (foundId !== undefined) return `user:${foundId}`;
  const text = identifier.normalize('NFKC').trim().toLowerCase();
  return /^\d+$/.test(text) ? `user:${BigInt(text).toString()}` : `name:${text}`;
}

/**
 * Counts failed password checks (sign-in, credential verification, re-authentication and password
 * changes share it):
 * - per (account, address): a few, then that pair waits for the window;
 * - per address (IPv6 /64) over all accounts: password spraying;
 * - per account from anywhere: after `freePerAccount` failures each further guess waits twice as long
 *   as the last (up to `maxAccountDelayMs`). It slows, it never locks: the wait ends, and an address
 *   the owner signed in from before is not made to wait, so a stranger cannot keep the owner out.
 */
export function createLoginLimiter(opts: LimiterOptions) {
  const store = opts.store ?? createMemoryAttemptStore();
  const pairKey = (account: string, address: string) => `pair:${account}@${addressKey(address)}`;
  const addrKey = (address: string) => `addr:${addressKey(address)}`;
  const acctKey = (account: string) => `acct:${account}`;
  const knownKey = (account: string, address: string) => `known:${account}@${addressKey(address)}`;

  async function windowWait(key: string, max: number, now: number): Promise<number> {
    const list = await store.recent(key, now - opts.windowMs);
    return list.length >= max ? list[list.length - max]! + opts.windowMs - now : 0;
  }

  async function accountWait(account: string, address: string, now: number): Promise<number> {
    const failures = await store.recent(acctKey(account), now - opts.windowMs);
    const over = failures.length - opts.freePerAccount;
    if (over < 0) return 0;
    if ((await store.recent(knownKey(account, address), now - KNOWN_ADDRESS_MS)).length > 0) return 0;
    const delay = Math.min(1000 * 2 ** over, opts.maxAccountDelayMs);
    return Math.max(0, failures[failures.length - 1]! + delay - now);
  }

  /** Milliseconds until the caller may try again, or 0 when allowed. `account` is an accountKey(). */
  async function retryAfterMs(account: string, address: string): Promise<number> {
    const now = opts.now().getTime();
    const waits = await Promise.all([
      windowWait(pairKey(account, address), opts.maxPerAccountAddress, now),
      windowWait(addrKey(address), opts.maxPerAddress, now),
      accountWait(account, address, now),
    ]);
    return Math.max(...waits);
  }

  return {
    retryAfterMs,
    /** Throws 429 with Retry-After while any of the counts says wait. */
    async assertAllowed(account: string, address: string): Promise<void> {
      const wait = await retryAfterMs(account, address);
      if (wait <= 0) return;
      const seconds = Math.ceil(wait / 1000);
      const minutes = Math.ceil(wait / 60_000);
      const when =
        seconds < 60
          ? `${seconds} second${seconds === 1 ? '' : 's'}`
          : `${minutes} minute${minutes === 1 ? '' : 's'}`;
      throw new AppError(
        'RATE_LIMITED',
        `Too many failed login attempts. Please try again in ${when}.`,
        undefined,
        undefined,
        { 'retry-after': String(seconds) },
      );
    },
    async fail(account: string, address: string): Promise<void> {
      const at = opts.now().getTime();
      for (const key of [pairKey(account, address), addrKey(address), acctKey(account)])
        await store.add(key, at, opts.windowMs);
    },
    /**
     * A correct password clears the pair's count and remembers the address as the owner's; the
     * address and account counts stay, so spraying and guessing from elsewhere stay visible.
     */
    async succeed(account: string, address: string): Promise<void> {
      await store.clear(pairKey(account, address));
      await store.add(knownKey(account, address), opts.now().getTime(), KNOWN_ADDRESS_MS);
    },
  };
}
export type LoginLimiter = ReturnType<typeof createLoginLimiter>;

/** The one limiter of password and code checks (sign-in, re-authentication, second factor). */
export function createSignInLimiter(ctx: AppContext): LoginLimiter {
  return createLoginLimiter({
    maxPerAccountAddress: 5,
    maxPerAddress: 30,
    freePerAccount: 10,
    maxAccountDelayMs: 5 * 60_000,
    windowMs: 15 * 60_000,
    now: ctx.now,
    store: ctx.attempts,
  });
}
