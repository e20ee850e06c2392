import { and, eq, sql } from 'drizzle-orm';
import {
  STALE_EDIT_MESSAGE,
  paiseToRupees,
  rupeesToPaise,
  type PublicReturnsPolicy,
  type ReturnsPolicy,
  type ReturnsPolicyAnswer,
  type ReturnsPolicyInput,
  type ReturnsPolicyUpdate,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { returnsPolicy } from '../../db/schema';
import { badRequest, conflict } from '../../lib/errors';
import { categoryNames } from './category-names.read-model';

type Row = typeof returnsPolicy.$inferSelect;

const NONE: ReturnsPolicy = { kind: 'NONE' };

function toPolicy(row: Row | undefined): ReturnsPolicy {
  if (!row || row.kind === 'NONE') return NONE;
  return {
    kind: 'WINDOW',
    days: row.days ?? 1,
    maxValuePaise: row.maxValuePaise,
    excludedCategoryIds: row.excludedCategoryIds,
  };
}

function toInput(p: ReturnsPolicy): ReturnsPolicyInput {
  if (p.kind === 'NONE') return { kind: 'NONE' };
  return {
    kind: 'WINDOW',
    days: p.days,
    maxValue: p.maxValuePaise === null ? null : paiseToRupees(p.maxValuePaise),
    excludedCategoryIds: p.excludedCategoryIds,
  };
}

/** The returns policy in force (paise), for the return flow: "no returns" until an admin saves one. */
export async function returnsPolicyOf(db: DbOrTx): Promise<ReturnsPolicy> {
  const [row] = await db.select().from(returnsPolicy).where(eq(returnsPolicy.id, 1));
  return toPolicy(row);
}

/**
 * The operator's returns policy (issue 22 item 7c, docs/decisions/0039): one row, versioned like the
 * other admin records (decision 0023). Before the first save it is the specification's "no returns"
 * at version 1.
 */
export function createReturnsPolicyService(ctx: Pick<AppContext, 'db' | 'now'>) {
  const { db } = ctx;

  async function get(tx: DbOrTx = db): Promise<ReturnsPolicyAnswer> {
    const [row] = await tx.select().from(returnsPolicy).where(eq(returnsPolicy.id, 1));
    return {
      policy: toInput(toPolicy(row)),
      version: row?.version ?? 1,
      updatedBy: row?.updatedBy ?? null,
      updatedAt: row?.updatedAt?.toISOString() ?? null,
    };
  }

  async function publicView(): Promise<PublicReturnsPolicy> {
    const policy = await returnsPolicyOf(db);
    const ids = policy.kind === 'WINDOW' ? policy.excludedCategoryIds : [];
    const names = await categoryNames(db, ids);
    return {
      policy: toInput(policy),
      excludedCategories: ids.flatMap((id) => names.get(id) ?? []),
    };
  }

  /** Saves over the version the edit started from; over a newer one nothing is saved (409 with `current`). */
  async function update(input: ReturnsPolicyUpdate, actor: string): Promise<ReturnsPolicyAnswer> {
    const p = input.policy;
    if (p.kind === 'WINDOW' && p.excludedCategoryIds.length) {
      const names = await categoryNames(db, p.excludedCategoryIds);
      const unknown = p.excludedCategoryIds.filter((id) => !names.has(id));
      if (unknown.length)
        throw badRequest('Choose categories from the list', [
          { path: 'policy.excludedCategoryIds', message: `Unknown categories: ${unknown.join(', ')}` },
        ]);
    }
    const values = {
      kind: p.kind,
      days: p.kind === 'WINDOW' ? p.days : null,
      maxValuePaise: p.kind === 'WINDOW' && p.maxValue !== null ? rupeesToPaise(p.maxValue) : null,
      excludedCategoryIds: p.kind === 'WINDOW' ? [...new Set(p.excludedCategoryIds)] : [],
      updatedBy: actor,
      updatedAt: ctx.now(),
    };
    return db.transaction(async (tx) => {
      // The first save inserts the row at version 2 (the default policy was version 1); a concurrent
      // first save finds it taken. Later saves are conditional on the version.
      const saved =
        input.version === 1
          ? await tx
              .insert(returnsPolicy)
              .values({ id: 1, ...values, version: 2 })
              .onConflictDoNothing()
              .returning({ id: returnsPolicy.id })
          : await tx
              .update(returnsPolicy)
              .set({ ...values, version: sql`${returnsPolicy.version} + 1` })
              .where(and(eq(returnsPolicy.id, 1), eq(returnsPolicy.version, input.version)))
              .returning({ id: returnsPolicy.id });
      if (saved.length === 0) throw conflict(STALE_EDIT_MESSAGE, { current: await get(tx) });
      return get(tx);
    });
  }

  return { get, publicView, update };
}
