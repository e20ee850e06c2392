import { AsyncLocalStorage } from 'node:async_hooks';
import type { CacheTag } from './invalidation';

/**
 * What a write changed, noted where it happens (the stock, coupon, repricing and review functions)
 * and invalidated when the write's request or background job ends: after its transaction has
 * committed, before its response leaves (decision 0036). Invalidating inside the transaction would let
 * a reader put the old rows back into the cache before the commit.
 */
export type ChangeScope = {
  tags: Set<CacheTag>;
  /** Set once the scope's tags were invalidated: a change noted later (work that outlived its
   * request) is invalidated at once rather than lost. */
  late?: (tags: CacheTag[]) => void;
};

const scope = new AsyncLocalStorage<ChangeScope>();

export const newChangeScope = (): ChangeScope => ({ tags: new Set() });

/** Notes changed tags in the current write's scope (none outside a request or job: nothing cached). */
export function noteChanged(...tags: CacheTag[]): void {
  const open = scope.getStore();
  if (!open) return;
  if (open.late) open.late(tags);
  else for (const tag of tags) open.tags.add(tag);
}

/** Runs `work` in `changes`' scope: what it notes is collected there. */
export function runNotingChanges<T>(changes: ChangeScope, work: () => T): T {
  return scope.run(changes, work);
}

/**
 * Runs a background job's work in a scope of its own, then invalidates what it noted (also when it
 * failed part-way: a transaction may have committed before the failure).
 */
export async function invalidatingChanges<T>(
  invalidate: (tags: CacheTag[]) => Promise<void>,
  work: () => Promise<T>,
  extra: (result: T) => CacheTag[] = () => [],
): Promise<T> {
  const changes = newChangeScope();
  const flush = async (more: CacheTag[]) => {
    changes.late = (tags) => void invalidate(tags);
    const tags = [...changes.tags, ...more];
    if (tags.length > 0) await invalidate(tags);
  };
  let result: T;
  try {
    result = await runNotingChanges(changes, work);
  } catch (err) {
    await flush([]);
    throw err;
  }
  await flush(extra(result));
  return result;
}
