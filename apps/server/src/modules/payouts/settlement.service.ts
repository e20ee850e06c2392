import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import {
  financialYearOf,
  gstOnCommission,
  paiseToRupees,
  quarterOf,
  ruleOn,
  tdsFor,
  zonedDayStart,
  zonedIsoDate,
  type PayoutLineStatus,
  type PayoutRun,
  type Statement,
  type VendorBalance,
  type VendorPosition,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import type { DbOrTx, Tx } from '../../db/client';
import { payoutEvents, payoutRuns, payouts, tdsEntries } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { AppError } from '../../lib/errors';
import { recordChangeIn } from '../audit';
import { ledgerSince } from '../earnings';
import { payeeFor, payoutRulesOf } from '../kyc';
import { findVendorAccount, lockVendorIn } from '../users';
import {
  PayoutProviderUnavailableError,
  type PayoutState,
  type PayoutUpdate,
} from '../../lib/payout-provider';
import {
  deliveriesOf,
  ledgerRowsOf,
  namesOf,
  returnWindowDays,
  vendorsWithEarnings,
  type LedgerRow,
} from './settlement.read-model';

type PayoutRow = typeof payouts.$inferSelect;

/** Payouts whose commission no longer counts as settled: it is back in the reseller's balance. */
export const UNCOUNTED: PayoutLineStatus[] = ['FAILED', 'REVERSED', 'CANCELLED'];
/** A payout in one of these states is on its way: no new run takes the reseller until it ends. */
const OPEN: PayoutLineStatus[] = ['PENDING_APPROVAL', 'APPROVED', 'SENDING'];
/** How long a send may stay claimed before another worker takes it over (a process that died mid-send). */
const SENDING_TAKEOVER_MS = 2 * 60_000;
const MAX_SEND_ATTEMPTS = 8;
/** The provider's idempotency key for our payout: its id. */
export const payoutReference = (id: number) => `zevar_payout_${id}`;
const idOfReference = (ref: string | null) => {
  const m = ref?.match(/^zevar_payout_(\d+)$/);
  return m ? Number(m[1]) : null;
};

/** How far along a payout is: an update never moves it back. */
const RANK: Record<PayoutLineStatus, number> = {
  PENDING_APPROVAL: 0,
  APPROVED: 0,
  SENDING: 0,
  QUEUED: 1,
  PROCESSING: 2,
  PROCESSED: 3,
  FAILED: 3,
  REVERSED: 4,
  CANCELLED: 9,
};
function mayMove(from: PayoutLineStatus, to: PayoutLineStatus): boolean {
  if (from === to || from === 'FAILED' || from === 'REVERSED' || from === 'CANCELLED') return false;
  if (from === 'PROCESSED') return to === 'REVERSED';
  return RANK[to] > RANK[from];
}

/** When an order's commission is all released: the last of its lines' release times; null while one is held. */
function releasedOn(lines: Set<number>, release: Map<number, Date>): string | null {
  let last: Date | null = null;
  for (const id of lines) {
    const at = release.get(id);
    if (!at) return null;
    if (!last || at > last) last = at;
  }
  return last ? last.toISOString() : null;
}

export type Position = {
  releasedPaise: number;
  heldPaise: number;
  settledPaise: number;
  /** Released minus settled; negative: owed by the reseller. */
  payablePaise: number;
};

/**
 * Settlement of resellers' commission (issue 24, decision 0050): what is held and what is payable,
 * payout runs with TDS and GST on commission, maker-checker approval, exactly-once execution through
 * the payout provider, its webhooks and polling, and the statements and TDS ledger built from them.
 */
/** `deps.payeeFor` replaces the KYC answer (tests of a PAN the KYC module would not approve). */
export function createSettlementService(ctx: AppContext, deps: { payeeFor?: typeof payeeFor } = {}) {
  const payeeOf = deps.payeeFor ?? payeeFor;
  const { db } = ctx;
  const tz = ctx.config.BUSINESS_TIMEZONE;
  const rules = ctx.config.SETTLEMENT_RULES;

  async function holdDays(tx: DbOrTx): Promise<number> {
    return (await returnWindowDays(tx)) ?? ctx.config.SETTLEMENT_HOLD_DAYS;
  }

  /** When each order line's commission is released (its parcel delivered + hold window); absent: still held. */
  async function releaseTimes(tx: DbOrTx, rows: LedgerRow[]): Promise<Map<number, Date>> {
    const days = await holdDays(tx);
    const delivered = await deliveriesOf(tx, rows);
    return new Map([...delivered].map(([id, at]) => [id, new Date(at.getTime() + days * 86_400_000)]));
  }

  async function settledPayouts(tx: DbOrTx, vendorIds: number[], until: Date): Promise<PayoutRow[]> {
    if (vendorIds.length === 0) return [];
    return tx
      .select()
      .from(payouts)
      .where(
        and(
          inArray(payouts.vendorId, vendorIds),
          notInArray(payouts.status, UNCOUNTED),
          lte(payouts.createdAt, until),
        ),
      )
      .orderBy(asc(payouts.createdAt), asc(payouts.id));
  }

  function positionOf(
    rows: LedgerRow[],
    release: Map<number, Date>,
    settled: PayoutRow[],
    at: Date,
  ): Position {
    let released = 0;
    let held = 0;
    for (const r of rows) {
      if (r.createdAt.getTime() > at.getTime()) continue;
      const when = release.get(r.orderItemId);
      if (when && when.getTime() <= at.getTime()) released += r.amountPaise;
      else held += r.amountPaise;
    }
    const settledPaise = settled
      .filter((p) => p.createdAt.getTime() <= at.getTime())
      .reduce((s, p) => s + p.amountPaise, 0);
    return { releasedPaise: released, heldPaise: held, settledPaise, payablePaise: released - settledPaise };
  }

  /** Every vendor's position now (or the given vendors'). */
  async function positions(tx: DbOrTx, vendorIds: number[] | undefined, at: Date) {
    const ids = vendorIds ?? (await vendorsWithEarnings(tx));
    const rows = await ledgerRowsOf(tx, ids, at);
    const release = await releaseTimes(tx, rows);
    const settled = await settledPayouts(tx, ids, at);
    return new Map(
      ids.map((id) => [
        id,
        {
          rows: rows.filter((r) => r.vendorId === id),
          settled: settled.filter((p) => p.vendorId === id),
          position: positionOf(
            rows.filter((r) => r.vendorId === id),
            release,
            settled.filter((p) => p.vendorId === id),
            at,
          ),
          release,
        },
      ]),
    );
  }

  async function position(tx: DbOrTx, vendorId: number, at = ctx.now()): Promise<Position> {
    return (await positions(tx, [vendorId], at)).get(vendorId)!.position;
  }

  async function balances(): Promise<{ vendors: VendorBalance[]; totalLiability: number }> {
    const all = await positions(db, undefined, ctx.now());
    const names = await namesOf(db, [...all.keys()]);
    const vendors = [...all].map(([vendorId, { position: p }]) => ({
      vendorId,
      vendorName: names.get(vendorId) ?? `Vendor ${vendorId}`,
      held: paiseToRupees(p.heldPaise),
      payable: paiseToRupees(p.payablePaise),
      owed: paiseToRupees(Math.max(0, -p.payablePaise)),
    }));
    const liability = [...all.values()].reduce(
      (s, { position: p }) => s + p.heldPaise + Math.max(0, p.payablePaise),
      0,
    );
    return { vendors, totalLiability: paiseToRupees(liability) };
  }

  /** One reseller's balance now, and why its payouts are on hold (the KYC module's answer), if they are. */
  async function vendorPosition(vendorId: number): Promise<VendorPosition> {
    const p = await position(db, vendorId);
    const names = await namesOf(db, [vendorId]);
    const payee = await payeeOf(db, vendorId, payoutRulesOf(ctx));
    return {
      vendorId,
      vendorName: names.get(vendorId) ?? `Vendor ${vendorId}`,
      held: paiseToRupees(p.heldPaise),
      payable: paiseToRupees(p.payablePaise),
      owed: paiseToRupees(Math.max(0, -p.payablePaise)),
      payoutsHeldBecause: payee.ready ? null : payee.reason,
    };
  }

  /** Commission settled this financial year before now and the part TDS was deducted on. */
  async function yearFigures(tx: DbOrTx, vendorId: number, fy: string) {
    const start = zonedDayStart(`${fy.slice(0, 4)}-04-01`, tz);
    const [paid] = await tx
      .select({ total: sql<number>`coalesce(sum(${payouts.amountPaise}), 0)`.mapWith(Number) })
      .from(payouts)
      .where(
        and(
          eq(payouts.vendorId, vendorId),
          notInArray(payouts.status, UNCOUNTED),
          gte(payouts.createdAt, start),
        ),
      );
    const [taxed] = await tx
      .select({ total: sql<number>`coalesce(sum(${tdsEntries.basePaise}), 0)`.mapWith(Number) })
      .from(tdsEntries)
      .where(
        and(
          eq(tdsEntries.vendorId, vendorId),
          eq(tdsEntries.financialYear, fy),
          isNull(tdsEntries.cancelledAt),
        ),
      );
    return { before: paid?.total ?? 0, taxed: taxed?.total ?? 0 };
  }

  /** Why a payout to this vendor must wait for its changed bank account (issue 20 item 5), or null. */
  /** Proposes a payout to each payable reseller (or the chosen ones): one PENDING_APPROVAL row each. */
  async function createRun(vendorIds: number[] | undefined, adminId: number): Promise<PayoutRun> {
    const now = ctx.now();
    const day = zonedIsoDate(now, tz);
    const rule = ruleOn(rules, day);
    const fy = financialYearOf(now, tz);
    const chosen =
      vendorIds && vendorIds.length > 0 ? [...new Set(vendorIds)].sort((a, b) => a - b) : undefined;
    const runId = await db.transaction(async (tx) => {
      // One admin's runs one at a time: the day's total below is read and added to under this lock.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`payout-runs-by:${adminId}`}))`);
      const candidates = chosen ?? (await vendorsWithEarnings(tx));
      const names = await namesOf(tx, candidates);
      const [run] = await tx
        .insert(payoutRuns)
        .values({ totalNetPaise: 0, needsSecondAdmin: false, createdBy: adminId, createdAt: now })
        .returning();
      const skipped: Array<{ vendorId: number; vendorName: string; reason: string }> = [];
      const skip = (vendorId: number, reason: string) =>
        skipped.push({ vendorId, vendorName: names.get(vendorId) ?? `Vendor ${vendorId}`, reason });
      let total = 0;
      for (const vendorId of candidates) {
        const vendor = await findVendorAccount(tx, vendorId);
        if (!vendor) {
          skip(vendorId, 'No such reseller');
          continue;
        }
        // One run at a time per reseller: the lock makes concurrent runs wait, the check sees the other's row.
        await lockVendorIn(tx, vendorId);
        const [open] = await tx
          .select({ id: payouts.id })
          .from(payouts)
          .where(and(eq(payouts.vendorId, vendorId), inArray(payouts.status, OPEN)));
        if (open) {
          skip(vendorId, 'A payout to this reseller is already waiting');
          continue;
        }
        const p = await position(tx, vendorId, now);
        if (p.payablePaise <= 0) {
          if (chosen || p.payablePaise < 0) {
            skip(
              vendorId,
              p.payablePaise < 0
                ? `Owes ${paiseToRupees(-p.payablePaise)} rupees: later earnings net it off`
                : 'Nothing payable yet',
            );
          }
          continue;
        }
        if (vendor.plan === 'FREE') {
          skip(vendorId, 'Payouts need a paid plan');
          continue;
        }
        const payee = await payeeOf(tx, vendorId, payoutRulesOf(ctx));
        if (!payee.ready) {
          skip(vendorId, payee.reason);
          continue;
        }
        const commission = p.payablePaise;
        const year = await yearFigures(tx, vendorId, fy);
        const tds = tdsFor({
          yearCommissionBeforePaise: year.before,
          yearBaseTaxedPaise: year.taxed,
          commissionPaise: commission,
          panValid: payee.panStatus === 'VALID',
          rule,
        });
        const gst = gstOnCommission(commission, payee.gstin !== null, rule);
        const net = commission + gst - tds.tdsPaise;
        // Reversals netted: commission reversed on released orders that no earlier payout netted yet.
        const { rows, release, settled } = (await positions(tx, [vendorId], now)).get(vendorId)!;
        const releasedReversals = -rows
          .filter((r) => r.kind === 'REVERSAL')
          .filter((r) => (release.get(r.orderItemId)?.getTime() ?? Infinity) <= now.getTime())
          .reduce((s, r) => s + r.amountPaise, 0);
        const reversed = Math.max(
          0,
          releasedReversals - settled.reduce((s, p) => s + p.commissionReversedPaise, 0),
        );
        // The period's sales figures (since the last payout), as payouts always carried them.
        const recent = await ledgerSince(tx, vendorId, settled.at(-1)?.createdAt ?? new Date(0));
        const [row] = await tx
          .insert(payouts)
          .values({
            vendorId,
            runId: run!.id,
            productCount: recent.units,
            orderCount: recent.orders,
            revenuePaise: recent.salesPaise,
            reversedUnits: recent.reversedUnits,
            reversedPaise: recent.reversedPaise,
            status: 'PENDING_APPROVAL',
            payoutDate: now,
            amountPaise: commission,
            commissionReversedPaise: reversed,
            tdsPaise: tds.tdsPaise,
            gstPaise: gst,
            netPaise: net,
            bankName: vendor.bankName,
            accountNumber: payee.account.accountNumber,
            ifscCode: payee.account.ifsc,
            accountHolderName: payee.account.holderName,
            createdBy: adminId,
            createdAt: now,
            statusAt: now,
          })
          .returning();
        if (tds.basePaise > 0) {
          await tx.insert(tdsEntries).values({
            payoutId: row!.id,
            vendorId,
            financialYear: fy,
            quarter: quarterOf(now, tz),
            pan: payee.pan,
            panStatus: payee.panStatus,
            legalName: payee.legalName,
            section: tds.section,
            rateBasisPoints: tds.rateBasisPoints,
            basePaise: tds.basePaise,
            amountPaise: tds.tdsPaise,
            deductedAt: now,
          });
        }
        total += net;
      }
      if (total === 0 && skipped.length === 0 && !chosen) throw conflict('No reseller has anything payable');
      // The threshold is on what one admin may pay out alone in a business day, not per run: several
      // small runs (one per reseller) add up, so splitting a large run does not dodge the second admin.
      const [alone] = await tx
        .select({ total: sql<string>`coalesce(sum(${payoutRuns.totalNetPaise}), 0)` })
        .from(payoutRuns)
        .where(
          and(
            eq(payoutRuns.createdBy, adminId),
            eq(payoutRuns.needsSecondAdmin, false),
            inArray(payoutRuns.status, ['PENDING_APPROVAL', 'APPROVED']),
            gte(payoutRuns.createdAt, zonedDayStart(day, tz)),
          ),
        );
      const [saved] = await tx
        .update(payoutRuns)
        .set({
          totalNetPaise: total,
          needsSecondAdmin: total + Number(alone?.total ?? 0) > ctx.config.PAYOUT_APPROVAL_ABOVE_RUPEES * 100,
          skipped,
          // A run with nothing to pay is closed at once.
          status: total === 0 ? 'CANCELLED' : 'PENDING_APPROVAL',
        })
        .where(eq(payoutRuns.id, run!.id))
        .returning();
      await recordChangeIn(tx, {
        action: 'create',
        entityType: 'payout-run',
        entityId: run!.id,
        after: saved,
      });
      return run!.id;
    });
    return getRun(runId);
  }

  async function getRun(id: number): Promise<PayoutRun> {
    const [run] = await db.select().from(payoutRuns).where(eq(payoutRuns.id, id));
    if (!run) throw notFound('Payout run');
    const lines = await db.select().from(payouts).where(eq(payouts.runId, id)).orderBy(asc(payouts.id));
    const entries = lines.length
      ? await db
          .select()
          .from(tdsEntries)
          .where(
            inArray(
              tdsEntries.payoutId,
              lines.map((l) => l.id),
            ),
          )
      : [];
    const names = await namesOf(db, [
      ...lines.map((l) => l.vendorId),
      ...[run.createdBy, run.approvedBy].filter((x): x is number => x !== null),
    ]);
    return {
      id: run.id,
      status: run.status,
      createdAt: run.createdAt.toISOString(),
      createdBy: run.createdBy ? (names.get(run.createdBy) ?? null) : null,
      createdById: run.createdBy,
      approvedAt: run.approvedAt?.toISOString() ?? null,
      approvedBy: run.approvedBy ? (names.get(run.approvedBy) ?? null) : null,
      needsSecondAdmin: run.needsSecondAdmin,
      approvalAboveRupees: ctx.config.PAYOUT_APPROVAL_ABOVE_RUPEES,
      provider: ctx.payoutProvider.mode,
      totalNet: paiseToRupees(run.totalNetPaise),
      skipped: run.skipped,
      lines: lines.map((l) => {
        const entry = entries.find((e) => e.payoutId === l.id);
        return {
          payoutId: l.id,
          vendorId: l.vendorId,
          vendorName: names.get(l.vendorId) ?? `Vendor ${l.vendorId}`,
          earnings: paiseToRupees(l.amountPaise + l.commissionReversedPaise),
          reversalsNetted: paiseToRupees(l.commissionReversedPaise),
          commission: paiseToRupees(l.amountPaise),
          tds: paiseToRupees(l.tdsPaise),
          tdsRatePercent: entry ? entry.rateBasisPoints / 100 : 0,
          tdsSection: entry?.section ?? null,
          gst: paiseToRupees(l.gstPaise),
          net: paiseToRupees(l.netPaise ?? l.amountPaise),
          status: l.status,
          utr: l.utr,
          failureReason: l.failureReason,
        };
      }),
    };
  }

  async function listRuns(): Promise<PayoutRun[]> {
    const rows = await db
      .select({ id: payoutRuns.id })
      .from(payoutRuns)
      .orderBy(desc(payoutRuns.id))
      .limit(50);
    return Promise.all(rows.map((r) => getRun(r.id)));
  }

  /** Cancels the TDS entry of a payout that did not happen (nothing was deducted). */
  async function cancelTds(tx: DbOrTx, payoutIds: number[], at: Date) {
    if (payoutIds.length === 0) return;
    await tx
      .update(tdsEntries)
      .set({ cancelledAt: at })
      .where(and(inArray(tdsEntries.payoutId, payoutIds), isNull(tdsEntries.cancelledAt)));
  }

  /**
   * Approves a run (a second admin when it needs one) and sends its payouts. Only one approval wins:
   * the run moves from PENDING_APPROVAL once, in a conditional update.
   */
  async function approveRun(id: number, adminId: number): Promise<PayoutRun> {
    await db.transaction(async (tx) => {
      const [run] = await tx.select().from(payoutRuns).where(eq(payoutRuns.id, id));
      if (!run) throw notFound('Payout run');
      if (run.status !== 'PENDING_APPROVAL')
        throw conflict(`This payout run is already ${run.status.toLowerCase()}`);
      if (run.needsSecondAdmin && run.createdBy === adminId) {
        throw new AppError(
          'FORBIDDEN',
          `A second admin must approve a payout run above ₹${ctx.config.PAYOUT_APPROVAL_ABOVE_RUPEES.toLocaleString('en-IN')}, or one that takes the runs you made today above it`,
        );
      }
      const [moved] = await tx
        .update(payoutRuns)
        .set({ status: 'APPROVED', approvedBy: adminId, approvedAt: ctx.now() })
        .where(and(eq(payoutRuns.id, id), eq(payoutRuns.status, 'PENDING_APPROVAL')))
        .returning();
      if (!moved) throw conflict('This payout run is already approved');
      await tx
        .update(payouts)
        .set({ status: 'APPROVED', statusAt: ctx.now() })
        .where(and(eq(payouts.runId, id), eq(payouts.status, 'PENDING_APPROVAL')));
      await recordChangeIn(tx, {
        action: 'approve',
        entityType: 'payout-run',
        entityId: id,
        before: run,
        after: moved,
      });
    });
    const lines = await db.select({ id: payouts.id }).from(payouts).where(eq(payouts.runId, id));
    for (const l of lines) await send(l.id);
    return getRun(id);
  }

  async function cancelRun(id: number): Promise<PayoutRun> {
    await db.transaction(async (tx) => {
      const [moved] = await tx
        .update(payoutRuns)
        .set({ status: 'CANCELLED' })
        .where(and(eq(payoutRuns.id, id), eq(payoutRuns.status, 'PENDING_APPROVAL')))
        .returning();
      if (!moved) {
        const [run] = await tx.select().from(payoutRuns).where(eq(payoutRuns.id, id));
        if (!run) throw notFound('Payout run');
        throw conflict(`This payout run is already ${run.status.toLowerCase()}`);
      }
      const lines = await tx
        .update(payouts)
        .set({ status: 'CANCELLED', statusAt: ctx.now() })
        .where(and(eq(payouts.runId, id), eq(payouts.status, 'PENDING_APPROVAL')))
        .returning({ id: payouts.id });
      await cancelTds(
        tx,
        lines.map((l) => l.id),
        ctx.now(),
      );
      await recordChangeIn(tx, { action: 'cancel', entityType: 'payout-run', entityId: id, after: moved });
    });
    return getRun(id);
  }

  /** Moves a payout to a provider's state (never backwards); a failed or reversed payout's TDS is cancelled. */
  async function moveTo(
    tx: Tx,
    row: PayoutRow,
    state: PayoutState,
    from: PayoutLineStatus[],
  ): Promise<boolean> {
    const now = ctx.now();
    const [moved] = await tx
      .update(payouts)
      .set({
        status: state.status,
        providerPayoutId: state.providerPayoutId || row.providerPayoutId,
        utr: state.utr ?? row.utr,
        failureReason: state.failureReason,
        statusAt: now,
        nextAttemptAt: null,
      })
      .where(and(eq(payouts.id, row.id), inArray(payouts.status, from)))
      .returning();
    if (!moved) return false;
    if (state.status === 'FAILED' || state.status === 'REVERSED') await cancelTds(tx, [row.id], now);
    await recordChangeIn(tx, {
      action: 'status',
      entityType: 'payout',
      entityId: row.id,
      before: row,
      after: moved,
    });
    return true;
  }

  /**
   * Sends one approved payout through the provider, exactly once: a conditional update claims it (one
   * worker wins); the provider is idempotent by our reference, so a send repeated after a crash or an
   * outage answers the same payout. An outage puts it back with a later attempt time.
   */
  async function send(payoutId: number): Promise<void> {
    const now = ctx.now();
    const [claimed] = await db
      .update(payouts)
      .set({ status: 'SENDING', attempts: sql`${payouts.attempts} + 1`, statusAt: now })
      .where(
        and(
          eq(payouts.id, payoutId),
          or(
            and(
              eq(payouts.status, 'APPROVED'),
              or(isNull(payouts.nextAttemptAt), lte(payouts.nextAttemptAt, now)),
            ),
            and(
              eq(payouts.status, 'SENDING'),
              lt(payouts.statusAt, new Date(now.getTime() - SENDING_TAKEOVER_MS)),
            ),
          ),
        ),
      )
      .returning();
    if (!claimed) return;
    const fail = (reason: string) =>
      db.transaction((tx) =>
        moveTo(tx, claimed, { providerPayoutId: '', status: 'FAILED', utr: null, failureReason: reason }, [
          'SENDING',
        ]),
      );
    const payee = await payeeOf(db, claimed.vendorId, payoutRulesOf(ctx));
    if (!payee.ready) {
      await fail(payee.reason);
      return;
    }
    const net = claimed.netPaise ?? claimed.amountPaise;
    try {
      const state =
        net <= 0
          ? { providerPayoutId: '', status: 'PROCESSED' as const, utr: null, failureReason: null }
          : await ctx.payoutProvider.createPayout({
              reference: payoutReference(claimed.id),
              account: payee.account,
              amountPaise: net,
              mode: net > 50_000_000 ? 'NEFT' : 'IMPS',
              narration: `Zevar commission ${claimed.id}`,
            });
      await db.transaction(async (tx) => {
        await tx
          .update(payouts)
          .set({
            providerMode: ctx.payoutProvider.mode,
            accountNumber: payee.account.accountNumber,
            ifscCode: payee.account.ifsc,
            accountHolderName: payee.account.holderName,
          })
          .where(eq(payouts.id, claimed.id));
        await moveTo(tx, claimed, state, ['SENDING']);
      });
    } catch (err) {
      const outage = err instanceof PayoutProviderUnavailableError;
      const reason = err instanceof Error ? err.message : String(err);
      if (!outage || claimed.attempts >= MAX_SEND_ATTEMPTS) {
        ctx.log.warn({ err, payoutId }, 'payout failed at the provider');
        await fail(reason);
        return;
      }
      // Back off: 30 s, 1 min, 2 min, … (the job queue tries again when due).
      const wait = 30_000 * 2 ** Math.max(0, claimed.attempts - 1);
      await db
        .update(payouts)
        .set({ status: 'APPROVED', nextAttemptAt: new Date(now.getTime() + wait), failureReason: reason })
        .where(and(eq(payouts.id, claimed.id), eq(payouts.status, 'SENDING')));
    }
  }

  /** Applies a provider's update once (by its event id); an unknown payout or a step back changes nothing. */
  async function applyUpdate(update: PayoutUpdate): Promise<'applied' | 'duplicate' | 'unknown' | 'ignored'> {
    const byRef = idOfReference(update.reference);
    const [row] = await db
      .select()
      .from(payouts)
      .where(
        byRef !== null
          ? eq(payouts.id, byRef)
          : update.providerPayoutId
            ? eq(payouts.providerPayoutId, update.providerPayoutId)
            : sql`false`,
      );
    if (!row) return 'unknown';
    return db.transaction(async (tx) => {
      const [fresh] = await tx
        .insert(payoutEvents)
        .values({ eventId: update.eventId, payoutId: row.id, status: update.status })
        .onConflictDoNothing()
        .returning();
      if (!fresh) return 'duplicate';
      if (!mayMove(row.status, update.status)) return 'ignored';
      const from = (Object.keys(RANK) as PayoutLineStatus[]).filter((s) => mayMove(s, update.status));
      return (await moveTo(tx, row, update, from)) ? 'applied' : 'ignored';
    });
  }

  /** Manual bank transfer: the admin records the bank's reference, and the payout is processed. */
  async function recordUtr(payoutId: number, utr: string): Promise<void> {
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(payouts).where(eq(payouts.id, payoutId));
      if (!row) throw notFound('Payout');
      if (row.status !== 'QUEUED' && row.status !== 'PROCESSING') {
        throw conflict('Only a payout waiting for a bank transfer takes a UTR');
      }
      const moved = await moveTo(
        tx,
        row,
        {
          providerPayoutId: row.providerPayoutId ?? '',
          status: 'PROCESSED',
          utr: utr.toUpperCase(),
          failureReason: null,
        },
        ['QUEUED', 'PROCESSING'],
      );
      if (!moved) throw conflict('Only a payout waiting for a bank transfer takes a UTR');
    });
  }

  /** The job: sends payouts that are due (approved, retried after an outage, or left mid-send), and asks the provider about those in flight. */
  async function processDue(): Promise<{ sent: number; polled: number }> {
    const now = ctx.now();
    const due = await db
      .select({ id: payouts.id })
      .from(payouts)
      .where(
        or(
          and(
            eq(payouts.status, 'APPROVED'),
            or(isNull(payouts.nextAttemptAt), lte(payouts.nextAttemptAt, now)),
          ),
          and(
            eq(payouts.status, 'SENDING'),
            lt(payouts.statusAt, new Date(now.getTime() - SENDING_TAKEOVER_MS)),
          ),
        ),
      )
      .limit(100);
    for (const d of due) await send(d.id);
    let polled = 0;
    if (ctx.payoutProvider.mode !== 'manual') {
      const inFlight = await db
        .select()
        .from(payouts)
        .where(
          and(
            inArray(payouts.status, ['QUEUED', 'PROCESSING']),
            sql`${payouts.providerPayoutId} is not null`,
          ),
        )
        .limit(100);
      for (const p of inFlight) {
        try {
          const state = await ctx.payoutProvider.getPayout(p.providerPayoutId!);
          if (state.status === p.status) continue;
          await applyUpdate({
            ...state,
            eventId: `poll:${p.id}:${state.status}`,
            reference: payoutReference(p.id),
            at: now,
          });
          polled += 1;
        } catch (err) {
          if (!(err instanceof PayoutProviderUnavailableError)) throw err;
        }
      }
    }
    return { sent: due.length, polled };
  }

  /**
   * A reseller's month (YYYY-MM, business timezone): orders and commission earned, reversals, what
   * was released from hold and what is still held, payouts with TDS, GST and references, and the
   * balance at either end. closing = opening + released − commission settled by the month's payouts.
   */
  async function statement(vendorId: number, month: string): Promise<Statement> {
    const start = zonedDayStart(`${month}-01`, tz);
    const [y, m] = month.split('-').map(Number) as [number, number];
    const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    const end = zonedDayStart(next, tz);
    // The current month ends now: commission whose hold ends later this month is still held.
    const now = ctx.now().getTime();
    const last = new Date(Math.min(end.getTime() - 1, now));
    const before = new Date(Math.min(start.getTime() - 1, now));
    const { rows, release, settled } = (await positions(db, [vendorId], last)).get(vendorId)!;
    const open = positionOf(rows, release, settled, before);
    const close = positionOf(rows, release, settled, last);
    const inMonth = (at: Date) => at.getTime() >= start.getTime() && at.getTime() < end.getTime();
    const monthRows = rows.filter((r) => inMonth(r.createdAt));
    const byOrder = new Map<
      string,
      { orderNumber: string; at: Date; earned: number; reversed: number; lines: Set<number> }
    >();
    for (const r of monthRows) {
      const o = byOrder.get(r.orderId) ?? {
        orderNumber: r.orderNumber,
        at: r.createdAt,
        earned: 0,
        reversed: 0,
        lines: new Set<number>(),
      };
      o.lines.add(r.orderItemId);
      if (r.kind === 'EARNING') o.earned += r.amountPaise;
      else o.reversed -= r.amountPaise;
      byOrder.set(r.orderId, o);
    }
    const monthPayouts = await db
      .select()
      .from(payouts)
      .where(
        and(
          eq(payouts.vendorId, vendorId),
          gte(payouts.createdAt, start),
          lt(payouts.createdAt, end),
          sql`${payouts.status} <> 'CANCELLED'`,
        ),
      )
      .orderBy(asc(payouts.createdAt), asc(payouts.id));
    const counted = monthPayouts.filter((p) => !UNCOUNTED.includes(p.status));
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const names = await namesOf(db, [vendorId]);
    return {
      vendorId,
      vendorName: names.get(vendorId) ?? `Vendor ${vendorId}`,
      month,
      openingBalance: paiseToRupees(open.payablePaise),
      orders: [...byOrder.values()].map((o) => ({
        orderNumber: o.orderNumber,
        at: o.at.toISOString(),
        commission: paiseToRupees(o.earned),
        reversed: paiseToRupees(o.reversed),
        releasedOn: releasedOn(o.lines, release),
      })),
      earned: paiseToRupees(sum(monthRows.filter((r) => r.kind === 'EARNING').map((r) => r.amountPaise))),
      reversals: paiseToRupees(
        -sum(monthRows.filter((r) => r.kind === 'REVERSAL').map((r) => r.amountPaise)),
      ),
      released: paiseToRupees(close.releasedPaise - open.releasedPaise),
      heldAtEnd: paiseToRupees(close.heldPaise),
      payouts: monthPayouts.map((p) => ({
        payoutId: p.id,
        at: p.createdAt.toISOString(),
        commission: paiseToRupees(p.amountPaise),
        tds: paiseToRupees(p.tdsPaise),
        gst: paiseToRupees(p.gstPaise),
        net: paiseToRupees(p.netPaise ?? p.amountPaise),
        status: p.status,
        reference: p.utr ?? p.providerPayoutId,
      })),
      tds: paiseToRupees(sum(counted.map((p) => p.tdsPaise))),
      gst: paiseToRupees(sum(counted.map((p) => p.gstPaise))),
      paid: paiseToRupees(sum(counted.map((p) => p.netPaise ?? p.amountPaise))),
      closingBalance: paiseToRupees(close.payablePaise),
    };
  }

  return {
    statement,
    position,
    positions,
    balances,
    vendorPosition,
    createRun,
    getRun,
    listRuns,
    approveRun,
    cancelRun,
    send,
    applyUpdate,
    recordUtr,
    processDue,
  };
}
