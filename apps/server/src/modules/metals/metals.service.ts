import { and, asc, eq, sql } from 'drizzle-orm';
import {
  derivedPurityRate,
  paiseToRupees,
  rupeesToPaise,
  type Metal,
  type MetalInput,
  type MetalUpdate,
  type Purity,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { metalPurities, metalRateHistory, metals } from '../../db/schema';
import { noteChanged } from '../../lib/cache/changes';
import { metalTag } from '../../lib/cache/invalidation';
import { countProductsPricedBy, gstBasisPoints, repriceProducts } from '../products';
import { insertDefaultPurities, puritiesByMetal } from './purities.service';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { assertRateChangeAllowed, type RateEdit } from './rate-change-rule';
import { isForeignKeyViolation, isOutOfRange, uniqueViolation } from '../../lib/db-errors';
import { recordChangeIn, type AuditChange } from '../audit';

type MetalRow = typeof metals.$inferSelect;

/** A write whose database refusals are the client's mistakes (400/409), never a 500. */
export async function metalWrite<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (uniqueViolation(err) !== null) throw conflict(METAL_MESSAGES.duplicate);
    if (isOutOfRange(err)) throw badRequest(METAL_MESSAGES.tooLarge);
    throw err;
  }
}
const write = metalWrite;

export const METAL_MESSAGES = {
  duplicate: 'A metal with this name already exists',
  tooLarge: 'At this rate a product priced by this metal would cost more than the catalogue allows',
  inUse: 'This metal is used by products and cannot be deleted. Change or delete those products first.',
} as const;

export function toMetalDto(row: MetalRow, purities: Purity[]): Metal {
  return {
    id: row.id,
    name: row.name,
    price: paiseToRupees(row.ratePaise),
    lastUpdated: row.updatedAt.toISOString(),
    purities,
    version: row.version,
  };
}

/** A metal as it is now, read in the caller's transaction (the `current` of a 409). */
export async function metalNow(tx: DbOrTx, id: number): Promise<Metal> {
  const [row] = await tx.select().from(metals).where(eq(metals.id, id));
  if (!row) throw notFound('Metal');
  return toMetalDto(row, (await puritiesByMetal(tx, [id])).get(id) ?? []);
}

/**
 * Sets a metal's fine rate in the caller's transaction (`metal` is the row locked there): the rate
 * rule first (the version the edit started from, then the 10 % confirmation), then its DERIVED
 * purities follow by fineness, each rate that moved is recorded (who, when, old, new; purity null for
 * the fine rate), and the metal's products are re-priced in one statement, so no reader sees old and
 * new prices mixed. The metal's version, and that of each purity whose rate moved, go up by one.
 */
export async function changeMetalRate(
  tx: DbOrTx,
  metal: MetalRow,
  change: RateEdit & {
    name?: string;
    ratePaise: number;
    actor: string;
    now: Date;
    gstBp: number;
    /** What a 409 carries as `current` (default: this metal as it is now). */
    current?: () => Promise<unknown>;
  },
): Promise<MetalRow> {
  // Derived purities follow the fine rate by fineness, so they move by the same share.
  await assertRateChangeAllowed(
    metal.name,
    metal,
    change.ratePaise,
    change,
    change.current ?? (() => metalNow(tx, metal.id)),
  );
  const [updated] = await tx
    .update(metals)
    .set({
      name: change.name ?? metal.name,
      ratePaise: change.ratePaise,
      version: sql`${metals.version} + 1`,
      updatedAt: change.now,
    })
    .where(eq(metals.id, metal.id))
    .returning();
  if (!updated) throw notFound('Metal');
  const audit: AuditChange[] = [
    {
      action: change.ratePaise === metal.ratePaise ? 'update' : 'rate',
      entityType: 'metal',
      entityId: metal.id,
      before: metal,
      after: updated,
    },
  ];
  if (change.ratePaise === metal.ratePaise) {
    await recordChangeIn(tx, audit);
    return updated;
  }
  const history: Array<typeof metalRateHistory.$inferInsert> = [
    {
      metalId: metal.id,
      oldRatePaise: metal.ratePaise,
      newRatePaise: change.ratePaise,
      changedBy: change.actor,
      changedAt: change.now,
    },
  ];
  const derived = await tx
    .select()
    .from(metalPurities)
    .where(and(eq(metalPurities.metalId, metal.id), eq(metalPurities.rateMode, 'DERIVED')));
  for (const purity of derived) {
    const ratePaise = derivedPurityRate(change.ratePaise, purity.fineness);
    if (ratePaise === purity.ratePaise) continue;
    const [after] = await tx
      .update(metalPurities)
      .set({ ratePaise, version: sql`${metalPurities.version} + 1`, updatedAt: change.now })
      .where(eq(metalPurities.id, purity.id))
      .returning();
    audit.push({ action: 'rate', entityType: 'purity', entityId: purity.id, before: purity, after });
    history.push({
      ...history[0]!,
      purity: purity.name,
      oldRatePaise: purity.ratePaise,
      newRatePaise: ratePaise,
    });
  }
  await tx.insert(metalRateHistory).values(history);
  const rates = await tx
    .select({ purityId: metalPurities.id, ratePaise: metalPurities.ratePaise })
    .from(metalPurities)
    .where(eq(metalPurities.metalId, metal.id));
  await repriceProducts(tx, rates, change.gstBp, change.now);
  await recordChangeIn(tx, audit);
  // Every answer showing this metal's products, price-ordered lists and the rate answers (decision 0036).
  noteChanged(metalTag(metal.id), 'rates', 'price-order');
  return updated;
}

export function createMetalsService(ctx: Pick<AppContext, 'db' | 'now' | 'config'>) {
  const { db } = ctx;

  async function assertNameFree(name: string, exceptId?: number) {
    const [row] = await db
      .select({ id: metals.id })
      .from(metals)
      .where(sql`lower(${metals.name}) = lower(${name})`);
    if (row && row.id !== exceptId) throw conflict(METAL_MESSAGES.duplicate);
  }

  return {
    async list(): Promise<Metal[]> {
      const rows = await db.select().from(metals).orderBy(asc(metals.name));
      const purities = await puritiesByMetal(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((r) => toMetalDto(r, purities.get(r.id) ?? []));
    },

    get: (id: number): Promise<Metal> => metalNow(db, id),

    async create(input: MetalInput, actor: string): Promise<Metal> {
      await assertNameFree(input.name);
      const ratePaise = rupeesToPaise(input.price);
      const row = await write(() =>
        db.transaction(async (tx) => {
          const [created] = await tx
            .insert(metals)
            .values({ name: input.name, ratePaise, updatedAt: ctx.now() })
            .returning();
          await tx.insert(metalRateHistory).values({
            metalId: created!.id,
            oldRatePaise: null,
            newRatePaise: ratePaise,
            changedBy: actor,
            changedAt: ctx.now(),
          });
          await insertDefaultPurities(tx, created!);
          await recordChangeIn(tx, {
            action: 'create',
            entityType: 'metal',
            entityId: created!.id,
            after: created,
          });
          return created!;
        }),
      );
      return this.get(row.id);
    },

    /**
     * Renames or re-prices a metal, edited from `input.version` (409 with `current` over a newer one).
     * The rate and the price of every product priced by it change in ONE transaction and ONE
     * statement, so no reader ever sees old and new prices mixed.
     */
    async update(id: number, input: MetalUpdate, actor: string): Promise<Metal> {
      await assertNameFree(input.name, id);
      const ratePaise = rupeesToPaise(input.price);
      const row = await write(() =>
        db.transaction(async (tx) => {
          const [current] = await tx.select().from(metals).where(eq(metals.id, id)).for('update');
          if (!current) throw notFound('Metal');
          return changeMetalRate(tx, current, {
            name: input.name,
            ratePaise,
            actor,
            now: ctx.now(),
            gstBp: gstBasisPoints(ctx.config),
            confirmBigChange: input.confirmBigChange,
            version: input.version,
          });
        }),
      );
      return this.get(row.id);
    },

    async remove(id: number): Promise<void> {
      if ((await countProductsPricedBy(db, { metalId: id })) > 0) throw conflict(METAL_MESSAGES.inUse);
      try {
        await db.transaction(async (tx) => {
          const deleted = await tx.delete(metals).where(eq(metals.id, id)).returning();
          if (deleted.length === 0) throw notFound('Metal');
          await recordChangeIn(tx, {
            action: 'delete',
            entityType: 'metal',
            entityId: id,
            before: deleted[0],
          });
        });
      } catch (err) {
        if (isForeignKeyViolation(err)) throw conflict(METAL_MESSAGES.inUse);
        throw err;
      }
    },
  };
}
