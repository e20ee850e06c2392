import { desc, eq, sql } from 'drizzle-orm';
import {
  METAL_RATE_TEXT,
  SUMMARY_METALS,
  derivedPurityRate,
  isBigRateChange,
  paiseToRupees,
  rateChangePercent,
  rupeesToPaise,
  type MetalPrices,
  type MetalPricesInput,
  type MetalRateChange,
  type MetalRatePreview,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { metalPurities, metalRateHistory, metals } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { changeMetalRate, metalWrite } from './metals.service';
import { gstBasisPoints, previewReprice } from '../products';

/** How many products a rate preview names, and how many history entries a metal card lists. */
const PREVIEW_SAMPLES = 5;
const HISTORY_LIMIT = 20;

async function findByName(db: DbOrTx, name: string) {
  const [row] = await db
    .select()
    .from(metals)
    .where(sql`lower(${metals.name}) = lower(${name})`);
  return row;
}

/** The metal with this name, locked for the rest of the caller's transaction. */
async function lockedByName(tx: DbOrTx, name: string) {
  const [row] = await tx
    .select()
    .from(metals)
    .where(sql`lower(${metals.name}) = lower(${name})`)
    .for('update');
  return row;
}

/** Rate changes: what a new rate would do to prices, who changed what, and the gold/silver summary. */
export function createMetalRatesService(ctx: Pick<AppContext, 'db' | 'now' | 'config'>) {
  const { db } = ctx;

  return {
    /** Before saving: how many products change, and the old and new price of a few of them. */
    async preview(id: number, price: number): Promise<MetalRatePreview> {
      const [metal] = await db.select().from(metals).where(eq(metals.id, id));
      if (!metal) throw notFound('Metal');
      const ratePaise = rupeesToPaise(price);
      // Derived purities follow the new fine rate by fineness; entered ones keep their rate.
      const purities = await db.select().from(metalPurities).where(eq(metalPurities.metalId, id));
      const rates = purities.map((p) => ({
        purityId: p.id,
        ratePaise: p.rateMode === 'DERIVED' ? derivedPurityRate(ratePaise, p.fineness) : p.ratePaise,
      }));
      const { affected, samples } = await previewReprice(
        db,
        rates,
        gstBasisPoints(ctx.config),
        PREVIEW_SAMPLES,
      );
      return {
        metalId: id,
        oldPrice: paiseToRupees(metal.ratePaise),
        newPrice: paiseToRupees(ratePaise),
        changePercent: rateChangePercent(metal.ratePaise, ratePaise),
        bigChange: isBigRateChange(metal.ratePaise, ratePaise),
        productsAffected: affected,
        samples: samples.map((s) => ({
          id: s.id,
          name: s.name,
          oldPrice: paiseToRupees(s.oldPaise),
          newPrice: paiseToRupees(s.newPaise),
        })),
      };
    },

    /** The metal's rate changes, newest first. */
    async history(id: number): Promise<MetalRateChange[]> {
      const [metal] = await db.select({ id: metals.id }).from(metals).where(eq(metals.id, id));
      if (!metal) throw notFound('Metal');
      const rows = await db
        .select()
        .from(metalRateHistory)
        .where(eq(metalRateHistory.metalId, id))
        .orderBy(desc(metalRateHistory.changedAt), desc(metalRateHistory.id))
        .limit(HISTORY_LIMIT);
      return rows.map((r) => ({
        id: r.id,
        purity: r.purity,
        oldPrice: r.oldRatePaise === null ? null : paiseToRupees(r.oldRatePaise),
        newPrice: paiseToRupees(r.newRatePaise),
        changedBy: r.changedBy,
        changedAt: r.changedAt.toISOString(),
      }));
    },

    /** Back-office 'Metal prices summary': the gold and silver rates, their versions and latest update. */
    async prices(conn: DbOrTx = db): Promise<MetalPrices> {
      const gold = await findByName(conn, SUMMARY_METALS.gold);
      const silver = await findByName(conn, SUMMARY_METALS.silver);
      const times = [gold?.updatedAt, silver?.updatedAt].filter((d): d is Date => d !== undefined);
      const latest = times.length ? new Date(Math.max(...times.map((d) => d.getTime()))) : null;
      return {
        gold: gold ? paiseToRupees(gold.ratePaise) : null,
        silver: silver ? paiseToRupees(silver.ratePaise) : null,
        lastUpdated: latest?.toISOString() ?? null,
        gstRatePercent: ctx.config.GST_RATE_PERCENT,
        goldVersion: gold?.version ?? null,
        silverVersion: silver?.version ?? null,
      };
    },

    /**
     * Both rates in one transaction, each through the one rate rule (the version the summary was loaded
     * at, then the 10 % confirmation; a 409 carries the summary as it is now): each re-prices its
     * products and is recorded in the history.
     */
    async updatePrices(input: MetalPricesInput, actor: string): Promise<MetalPrices> {
      await metalWrite(() =>
        db.transaction(async (tx) => {
          // Both rows are locked before either is written, so a 409 shows the summary as it was.
          const locked = [];
          for (const key of ['gold', 'silver'] as const) {
            const metal = await lockedByName(tx, SUMMARY_METALS[key]);
            if (!metal) throw conflict(METAL_RATE_TEXT.noMetal(SUMMARY_METALS[key]));
            locked.push({ key, metal });
          }
          const before = await this.prices(tx);
          for (const { key, metal } of locked) {
            await changeMetalRate(tx, metal, {
              ratePaise: rupeesToPaise(input[key]),
              actor,
              now: ctx.now(),
              gstBp: gstBasisPoints(ctx.config),
              confirmBigChange: input.confirmBigChange,
              version: key === 'gold' ? input.goldVersion : input.silverVersion,
              current: async () => before,
            });
          }
        }),
      );
      return this.prices();
    },
  };
}
