import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import {
  PURITY_TEXT,
  defaultPuritiesFor,
  derivedPurityRate,
  paiseToRupees,
  rupeesToPaise,
  isBigRateChange,
  rateChangePercent,
  type MetalRate,
  type MetalRatePreview,
  type MetalRatesHistory,
  type Purity,
  type PurityInput,
  type PurityUpdate,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { metalPurities, metalRateHistory, metals } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { noteChanged } from '../../lib/cache/changes';
import { metalTag } from '../../lib/cache/invalidation';
import { isForeignKeyViolation, isOutOfRange, uniqueViolation } from '../../lib/db-errors';
import { countProductsPricedBy, gstBasisPoints, previewReprice, repriceProducts } from '../products';

/** How many products a purity rate preview names. */
const PREVIEW_SAMPLES = 5;
import { assertRateChangeAllowed } from './rate-change-rule';
import { recordChangeIn } from '../audit';

type PurityRow = typeof metalPurities.$inferSelect;

export const toPurityDto = (r: PurityRow): Purity => ({
  id: r.id,
  name: r.name,
  fineness: r.fineness,
  rateMode: r.rateMode,
  price: paiseToRupees(r.ratePaise),
  lastUpdated: r.updatedAt.toISOString(),
  version: r.version,
});

/** Purities of the given metals, in fineness order (finest first), grouped by metal id. */
export async function puritiesByMetal(db: DbOrTx, metalIds: number[]): Promise<Map<number, Purity[]>> {
  const out = new Map<number, Purity[]>(metalIds.map((id) => [id, []]));
  if (metalIds.length === 0) return out;
  const rows = await db
    .select()
    .from(metalPurities)
    .where(inArray(metalPurities.metalId, metalIds))
    .orderBy(desc(metalPurities.fineness), asc(metalPurities.name));
  for (const r of rows) out.get(r.metalId)?.push(toPurityDto(r));
  return out;
}

/** The purities a new metal starts with, derived from its fine rate. */
/** Every purity's current rate: what start-up re-pricing prices the catalogue at. */
export async function allPurityRates(db: DbOrTx) {
  return db.select({ purityId: metalPurities.id, ratePaise: metalPurities.ratePaise }).from(metalPurities);
}

export async function insertDefaultPurities(
  tx: DbOrTx,
  metal: { id: number; name: string; ratePaise: number },
) {
  await tx.insert(metalPurities).values(
    defaultPuritiesFor(metal.name).map((p) => ({
      metalId: metal.id,
      name: p.name,
      fineness: p.fineness,
      rateMode: 'DERIVED' as const,
      ratePaise: derivedPurityRate(metal.ratePaise, p.fineness),
    })),
  );
}

const DAY_MS = 86_400_000;

/** Purities and their rates: admin changes (recorded and re-pricing) and the public rate answers. */
export function createPuritiesService(ctx: Pick<AppContext, 'db' | 'now' | 'config'>) {
  const { db } = ctx;

  async function write<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (uniqueViolation(err) !== null) throw conflict(PURITY_TEXT.duplicate);
      if (isOutOfRange(err)) throw badRequest(PURITY_TEXT.tooLarge);
      throw err;
    }
  }

  function rateOf(input: PurityInput, fineRatePaise: number) {
    return input.rateMode === 'DERIVED'
      ? derivedPurityRate(fineRatePaise, input.fineness)
      : rupeesToPaise(input.rate ?? 0);
  }

  async function lockedMetal(tx: DbOrTx, metalId: number) {
    const [metal] = await tx.select().from(metals).where(eq(metals.id, metalId)).for('update');
    if (!metal) throw notFound('Metal');
    return metal;
  }

  return {
    /**
     * Before a purity's rate is saved: how many products change and a few old and new prices (the
     * same answer as the fine rate's preview; `metalId` is the purity's metal).
     */
    async preview(metalId: number, purityId: number, input: PurityInput): Promise<MetalRatePreview> {
      const [metal] = await db.select().from(metals).where(eq(metals.id, metalId));
      if (!metal) throw notFound('Metal');
      const [current] = await db
        .select()
        .from(metalPurities)
        .where(and(eq(metalPurities.id, purityId), eq(metalPurities.metalId, metalId)));
      if (!current) throw notFound('Purity');
      const ratePaise = rateOf(input, metal.ratePaise);
      const { affected, samples } = await previewReprice(
        db,
        [{ purityId, ratePaise }],
        gstBasisPoints(ctx.config),
        PREVIEW_SAMPLES,
      );
      return {
        metalId,
        oldPrice: paiseToRupees(current.ratePaise),
        newPrice: paiseToRupees(ratePaise),
        changePercent: rateChangePercent(current.ratePaise, ratePaise),
        bigChange: isBigRateChange(current.ratePaise, ratePaise),
        productsAffected: affected,
        samples: samples.map((s) => ({
          id: s.id,
          name: s.name,
          oldPrice: paiseToRupees(s.oldPaise),
          newPrice: paiseToRupees(s.newPaise),
        })),
      };
    },

    async create(metalId: number, input: PurityInput, actor: string): Promise<Purity> {
      const row = await write(() =>
        db.transaction(async (tx) => {
          const metal = await lockedMetal(tx, metalId);
          const now = ctx.now();
          const [created] = await tx
            .insert(metalPurities)
            .values({
              metalId,
              name: input.name,
              fineness: input.fineness,
              rateMode: input.rateMode,
              ratePaise: rateOf(input, metal.ratePaise),
              updatedAt: now,
            })
            .returning();
          await tx.insert(metalRateHistory).values({
            metalId,
            purity: created!.name,
            oldRatePaise: null,
            newRatePaise: created!.ratePaise,
            changedBy: actor,
            changedAt: now,
          });
          await recordChangeIn(tx, {
            action: 'create',
            entityType: 'purity',
            entityId: created!.id,
            after: created,
          });
          return created!;
        }),
      );
      return toPurityDto(row);
    },

    /**
     * Changes a purity (name, fineness, entered or derived rate), edited from `input.version`: the rate
     * rule answers 409 with `current` over a newer version. A rate that moves is recorded and re-prices
     * the purity's products in the same transaction.
     */
    async update(metalId: number, purityId: number, input: PurityUpdate, actor: string): Promise<Purity> {
      const row = await write(() =>
        db.transaction(async (tx) => {
          const metal = await lockedMetal(tx, metalId);
          const [current] = await tx
            .select()
            .from(metalPurities)
            .where(and(eq(metalPurities.id, purityId), eq(metalPurities.metalId, metalId)))
            .for('update');
          if (!current) throw notFound('Purity');
          const now = ctx.now();
          const ratePaise = rateOf(input, metal.ratePaise);
          await assertRateChangeAllowed(`${metal.name} ${input.name}`, current, ratePaise, input, async () =>
            toPurityDto(current),
          );
          const [updated] = await tx
            .update(metalPurities)
            .set({
              name: input.name,
              fineness: input.fineness,
              rateMode: input.rateMode,
              ratePaise,
              version: sql`${metalPurities.version} + 1`,
              updatedAt: now,
            })
            .where(eq(metalPurities.id, purityId))
            .returning();
          if (ratePaise !== current.ratePaise || input.name !== current.name) {
            if (ratePaise !== current.ratePaise)
              await tx.insert(metalRateHistory).values({
                metalId,
                purity: input.name,
                oldRatePaise: current.ratePaise,
                newRatePaise: ratePaise,
                changedBy: actor,
                changedAt: now,
              });
            await repriceProducts(tx, [{ purityId, ratePaise }], gstBasisPoints(ctx.config), now);
            // Its products' answers show the purity's name and price (decision 0036).
            noteChanged(metalTag(metalId), 'rates', 'price-order');
          }
          await recordChangeIn(tx, {
            action: ratePaise !== current.ratePaise ? 'rate' : 'update',
            entityType: 'purity',
            entityId: purityId,
            before: current,
            after: updated,
          });
          return updated!;
        }),
      );
      return toPurityDto(row);
    },

    async remove(metalId: number, purityId: number): Promise<void> {
      if ((await countProductsPricedBy(db, { purityId })) > 0) throw conflict(PURITY_TEXT.inUse);
      try {
        await db.transaction(async (tx) => {
          const gone = await tx
            .delete(metalPurities)
            .where(and(eq(metalPurities.id, purityId), eq(metalPurities.metalId, metalId)))
            .returning();
          if (gone.length === 0) throw notFound('Purity');
          await recordChangeIn(tx, {
            action: 'delete',
            entityType: 'purity',
            entityId: purityId,
            before: gone[0],
          });
        });
      } catch (err) {
        if (isForeignKeyViolation(err)) throw conflict(PURITY_TEXT.inUse);
        throw err;
      }
    },

    /** `GET /api/metal-rates`: every purity's current rate, metals by name, finest purity first. */
    async currentRates(): Promise<MetalRate[]> {
      const rows = await db
        .select({ metal: metals, purity: metalPurities })
        .from(metalPurities)
        .innerJoin(metals, eq(metals.id, metalPurities.metalId))
        .orderBy(asc(metals.name), desc(metalPurities.fineness), asc(metalPurities.name));
      return rows.map(({ metal, purity }) => ({
        metalId: metal.id,
        metal: metal.name,
        purityId: purity.id,
        purity: purity.name,
        fineness: purity.fineness,
        rateMode: purity.rateMode,
        ratePerGram: paiseToRupees(purity.ratePaise),
        lastUpdated: purity.updatedAt.toISOString(),
      }));
    },

    /**
     * `GET /api/metal-rates/history`: the rate of each purity (and the fine rate) when the window opened,
     * and every change within the last `days` days, oldest first: enough to draw a chart.
     */
    async history(metalId: number, days: number): Promise<MetalRatesHistory> {
      const [metal] = await db.select().from(metals).where(eq(metals.id, metalId));
      if (!metal) throw notFound('Metal');
      const since = new Date(ctx.now().getTime() - days * DAY_MS);
      const changes = await db
        .select()
        .from(metalRateHistory)
        .where(and(eq(metalRateHistory.metalId, metalId), gte(metalRateHistory.changedAt, since)))
        .orderBy(asc(metalRateHistory.changedAt), asc(metalRateHistory.id));
      // The last change before the window, per purity, is the rate the window starts from.
      const before = await db
        .selectDistinctOn([metalRateHistory.purity], {
          purity: metalRateHistory.purity,
          rate: metalRateHistory.newRatePaise,
        })
        .from(metalRateHistory)
        .where(and(eq(metalRateHistory.metalId, metalId), lt(metalRateHistory.changedAt, since)))
        .orderBy(metalRateHistory.purity, desc(metalRateHistory.changedAt), desc(metalRateHistory.id));
      return {
        metalId,
        metal: metal.name,
        days,
        start: before.map((b) => ({ purity: b.purity, rate: paiseToRupees(b.rate) })),
        changes: changes.map((c) => ({
          purity: c.purity,
          oldRate: c.oldRatePaise === null ? null : paiseToRupees(c.oldRatePaise),
          rate: paiseToRupees(c.newRatePaise),
          changedAt: c.changedAt.toISOString(),
        })),
      };
    },
  };
}
