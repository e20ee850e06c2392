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

/** How long a check under way counts before its request is taken to have died without an answer. */
const IN_FLIGHT_MS = 30_000;
/** The wait asked of a guess held back only by checks still under way. */
const IN_FLIGHT_WAIT_MS = 1000;

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

  /**
   * Checks under way in this process, per key (start times): a guess counts from the moment it is let
   * through, not only once its password was found wrong, so a burst of guesses sent at once is held to
   * the same limits as guesses sent one after another. Each ends at fail() or succeed(), or after
   * IN_FLIGHT_MS should its request have died on the way.
   */
  const inFlight = new Map<string, number[]>();
  const flying = (key: string, now: number) => {
    const list = (inFlight.get(key) ?? []).filter((t) => t > now - IN_FLIGHT_MS);
    if (list.length > 0) inFlight.set(key, list);
    else inFlight.delete(key);
    return list;
  };
  const keysOf = (account: string, address: string) => [
    pairKey(account, address),
    addrKey(address),
    acctKey(account),
  ];
  function reserve(account: string, address: string, now: number) {
    for (const key of keysOf(account, address)) inFlight.set(key, [...flying(key, now), now]);
  }
  function release(account: string, address: string) {
    for (const key of keysOf(account, address)) {
      const list = inFlight.get(key);
      list?.shift();
      if (list?.length === 0) inFlight.delete(key);
    }
  }

  /** `others`: checks of this key under way besides the caller's own. */
  async function windowWait(key: string, max: number, now: number, others = 0): Promise<number> {
    const list = await store.recent(key, now - opts.windowMs);
    if (list.length >= max) return list[list.length - max]! + opts.windowMs - now;
    return list.length + others >= max ? IN_FLIGHT_WAIT_MS : 0;
  }

  async function accountWait(account: string, address: string, now: number, others = 0): Promise<number> {
    const failures = await store.recent(acctKey(account), now - opts.windowMs);
    const over = failures.length + others - opts.freePerAccount;
    if (over < 0) return 0;
    if ((await store.recent(knownKey(account, address), now - KNOWN_ADDRESS_MS)).length > 0) return 0;
    const delay = Math.min(1000 * 2 ** over, opts.maxAccountDelayMs);
    // Guesses under way count as just made: the next one waits its turn after them.
    const last = others > 0 ? now : (failures[failures.length - 1] ?? now);
    return Math.max(others > 0 ? IN_FLIGHT_WAIT_MS : 0, last + delay - now);
  }

  /** Milliseconds until the caller may try again, or 0 when allowed. `account` is an accountKey(). */
  async function retryAfterMs(account: string, address: string, own = 0): Promise<number> {
    const now = opts.now().getTime();
    const others = (key: string) => Math.max(0, flying(key, now).length - own);
    const [pair, addr, acct] = keysOf(account, address);
    const waits = await Promise.all([
      windowWait(pair!, opts.maxPerAccountAddress, now, others(pair!)),
      windowWait(addr!, opts.maxPerAddress, now, others(addr!)),
      accountWait(account, address, now, others(acct!)),
    ]);
    return Math.max(...waits);
  }

  return {
    retryAfterMs,
    /** Throws 429 with Retry-After while any of the counts says wait. */
    async assertAllowed(account: string, address: string): Promise<void> {
      // Reserved before the first await, so checks arriving together see each other.
      reserve(account, address, opts.now().getTime());
      const wait = await retryAfterMs(account, address, 1);
      if (wait <= 0) return;
      release(account, address);
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
      release(account, address);
      const at = opts.now().getTime();
      for (const key of [pairKey(account, address), addrKey(address), acctKey(account)])
        await store.add(key, at, opts.windowMs);
    },
    /**
     * A correct password clears the pair's count and remembers the address as the owner's; the
     * address and account counts stay, so spraying and guessing from elsewhere stay visible.
     */
    async succeed(account: string, address: string): Promise<void> {
      release(account, address);
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
