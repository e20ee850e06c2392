import { sql } from 'drizzle-orm';
import { zonedIsoDate, type ViewKind } from '@zevar/domain';
import type { Db } from '../../db/client';
import { pageViews } from '../../db/schema';
import { vendorIdsBySlug } from './view-subjects.read-model';

/**
 * Page views counted in memory and added to `page_views` in batches (docs/decisions/0061): a view
 * costs a map increment on the request path, never a query, so cached reads stay as fast as they were.
 * Each flush resolves the shops named, then adds every (vendor, day, kind, subject)
 * count in one statement (`views = page_views.views + excluded.views`): several processes add up.
 * Nothing about the viewer is kept: no address, no cookie, no user agent.
 */
export type ViewCounter = {
  /**
   * One view in a shop: of the shop itself (home or category page), of a product (`subject`: its id)
   * or of a quote (`subject`: its id). Counted on the business day of `at`.
   */
  count(view: { vendorSlug: string; kind: ViewKind; subject?: string }, at: Date): void;
  /** Adds what was counted to the table; counts that could not be written are kept for the next flush. */
  flush(): Promise<void>;
  /** Views counted and not yet written. */
  pending(): number;
};

/** Distinct (shop, day, kind, subject) keys kept between flushes: beyond it new keys are dropped. */
export const MAX_PENDING_KEYS = 50_000;
const MAX_REF_LENGTH = 200;

export function createViewCounter(deps: {
  db: Db;
  timeZone: string;
  onError: (err: unknown) => void;
  maxKeys?: number;
}): ViewCounter {
  const maxKeys = deps.maxKeys ?? MAX_PENDING_KEYS;
  let counts = new Map<string, number>();
  let flushing: Promise<void> | null = null;

  const keyOf = (vendorSlug: string, day: string, kind: ViewKind, subject: string) =>
    JSON.stringify([vendorSlug, day, kind, subject]);

  function add(key: string, n: number) {
    const had = counts.get(key);
    if (had === undefined && counts.size >= maxKeys) return;
    counts.set(key, (had ?? 0) + n);
  }

  async function write(batch: Map<string, number>) {
    const entries = [...batch].map(([key, views]) => {
      const [vendorSlug, day, kind, subject] = JSON.parse(key) as [string, string, ViewKind, string];
      return { vendorSlug, day, kind, subject, views };
    });
    const vendors = await vendorIdsBySlug(deps.db, [...new Set(entries.map((e) => e.vendorSlug))]);
    const rows = new Map<string, typeof pageViews.$inferInsert>();
    for (const e of entries) {
      const vendorId = vendors.get(e.vendorSlug);
      if (vendorId === undefined) continue;
      const key = `${vendorId}|${e.day}|${e.kind}|${e.subject}`;
      const row = rows.get(key);
      if (row) row.views += e.views;
      else rows.set(key, { vendorId, day: e.day, kind: e.kind, subject: e.subject, views: e.views });
    }
    if (rows.size === 0) return;
    await deps.db
      .insert(pageViews)
      .values([...rows.values()])
      .onConflictDoUpdate({
        target: [pageViews.vendorId, pageViews.day, pageViews.kind, pageViews.subject],
        set: { views: sql`${pageViews.views} + excluded.views` },
      });
  }

  async function flushOnce() {
    if (counts.size === 0) return;
    const batch = counts;
    counts = new Map();
    try {
      await write(batch);
    } catch (err) {
      // Kept for the next flush (the statement is one: none of the batch was written).
      for (const [key, n] of batch) add(key, n);
      deps.onError(err);
    }
  }

  return {
    count({ vendorSlug, kind, subject = '' }, at) {
      const slug = vendorSlug.trim().toLowerCase();
      const ref = subject.trim().toLowerCase();
      if (!slug || slug.length > MAX_REF_LENGTH || ref.length > MAX_REF_LENGTH) return;
      add(keyOf(slug, zonedIsoDate(at, deps.timeZone), kind, ref), 1);
    },
    async flush() {
      // One flush at a time; a flush asked for during one runs after it (what came in meanwhile).
      while (flushing) await flushing;
      flushing = flushOnce().finally(() => {
        flushing = null;
      });
      await flushing;
    },
    pending: () => [...counts.values()].reduce((s, n) => s + n, 0),
  };
}

/** Link previewers and crawlers fetch pages no buyer sees: their requests are not views. */
const NOT_A_BUYER = /bot|crawl|spider|slurp|facebookexternalhit|whatsapp|telegram|slack|discord|preview/i;
export const isBuyerAgent = (userAgent: string | undefined) =>
  Boolean(userAgent) && !NOT_A_BUYER.test(userAgent!);
