import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import { paiseToRupees, rupeesToPaise, type Metal, type MetalInput } from '@zevar/domain';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { metalRateHistory, metals, products } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { isForeignKeyViolation, isOutOfRange, uniqueViolation } from '../../lib/db-errors';

type MetalRow = typeof metals.$inferSelect;

export const METAL_MESSAGES = {
  duplicate: 'A metal with this name already exists',
  tooLarge: 'At this rate a product priced by this metal would cost more than the catalogue allows',
  inUse: 'This metal is used by products and cannot be deleted. Change or delete those products first.',
} as const;

export function toMetalDto(row: MetalRow): Metal {
  return {
    id: row.id,
    name: row.name,
    price: paiseToRupees(row.ratePaise),
    lastUpdated: row.updatedAt.toISOString(),
  };
}

/** Price of a metal-priced product at a rate, as SQL (the same formula as `metalPrice` in the domain). */
export const priceAtRateSql = (ratePaise: number) =>
  sql<number>`greatest(0, ${products.basePaise} + round(${ratePaise}::numeric * ${products.metalWeightMg} / 1000))::int`;

export const pricedByMetal = (metalId: number) =>
  sql`${products.metalId} = ${metalId} and ${inArray(products.productType, ['GOLD', 'SILVER'])}`;

/**
 * Sets a metal's rate and re-prices its products in the caller's transaction (one statement, so no
 * reader sees old and new prices mixed), and records the change (who, when, old, new) when the rate moved.
 */
export async function changeMetalRate(
  tx: DbOrTx,
  metal: MetalRow,
  change: { name?: string; ratePaise: number; actor: string; now: Date },
): Promise<MetalRow> {
  const [updated] = await tx
    .update(metals)
    .set({ name: change.name ?? metal.name, ratePaise: change.ratePaise, updatedAt: change.now })
    .where(eq(metals.id, metal.id))
    .returning();
  if (!updated) throw notFound('Metal');
  if (change.ratePaise === metal.ratePaise) return updated;
  await tx
    .update(products)
    .set({ pricePaise: priceAtRateSql(change.ratePaise), updatedAt: change.now })
    .where(pricedByMetal(metal.id));
  await tx.insert(metalRateHistory).values({
    metalId: metal.id,
    oldRatePaise: metal.ratePaise,
    newRatePaise: change.ratePaise,
    changedBy: change.actor,
    changedAt: change.now,
  });
  return updated;
}

export function createMetalsService(ctx: Pick<AppContext, 'db' | 'now'>) {
  const { db } = ctx;

  async function assertNameFree(name: string, exceptId?: number) {
    const [row] = await db
      .select({ id: metals.id })
      .from(metals)
      .where(sql`lower(${metals.name}) = lower(${name})`);
    if (row && row.id !== exceptId) throw conflict(METAL_MESSAGES.duplicate);
  }

  async function write<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (uniqueViolation(err) !== null) throw conflict(METAL_MESSAGES.duplicate);
      if (isOutOfRange(err)) throw badRequest(METAL_MESSAGES.tooLarge);
      throw err;
    }
  }

  return {
    async list(): Promise<Metal[]> {
      return (await db.select().from(metals).orderBy(asc(metals.name))).map(toMetalDto);
    },

    async get(id: number): Promise<Metal> {
      const [row] = await db.select().from(metals).where(eq(metals.id, id));
      if (!row) throw notFound('Metal');
      return toMetalDto(row);
    },

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
          return created!;
        }),
      );
      return toMetalDto(row);
    },

    /**
     * Renames or re-prices a metal. The rate and the price of every product priced by it change in ONE
     * transaction and ONE statement, so no reader ever sees old and new prices mixed.
     */
    async update(id: number, input: MetalInput, actor: string): Promise<Metal> {
      await assertNameFree(input.name, id);
      const ratePaise = rupeesToPaise(input.price);
      const row = await write(() =>
        db.transaction(async (tx) => {
          const [current] = await tx.select().from(metals).where(eq(metals.id, id)).for('update');
          if (!current) throw notFound('Metal');
          return changeMetalRate(tx, current, { name: input.name, ratePaise, actor, now: ctx.now() });
        }),
      );
      return toMetalDto(row);
    },

    async remove(id: number): Promise<void> {
      const [used] = await db.select({ n: count() }).from(products).where(eq(products.metalId, id));
      if ((used?.n ?? 0) > 0) throw conflict(METAL_MESSAGES.inUse);
      try {
        const deleted = await db.delete(metals).where(eq(metals.id, id)).returning({ id: metals.id });
        if (deleted.length === 0) throw notFound('Metal');
      } catch (err) {
        if (isForeignKeyViolation(err)) throw conflict(METAL_MESSAGES.inUse);
        throw err;
      }
    },
  };
}
