import { and, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { paiseToRupees, type Payout, type PayoutPreview } from '@zevar/domain';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { payouts, tdsEntries } from '../../db/schema';
import { ledgerSince } from '../earnings';
import { findVendorAccount } from '../users';
import { createSettlementService, UNCOUNTED } from './settlement.service';
import { findPayoutWithVendor, listPayoutsWithVendor } from './payout-list.read-model';
import { mayReadVendor, type AuthUser } from '../../plugins/auth';
import { recordChangeIn } from '../audit';
import {
  bankConfirmed,
  bankHold as kycBankHold,
  payeeFor,
  payoutRulesOf,
  type BankChangeState,
} from '../kyc';

type PayoutRow = typeof payouts.$inferSelect;

export const PAYOUT_NOT_DELETABLE =
  'Only a cancelled, failed or reversed payout can be deleted: this one paid the reseller (or is on its way)';
type SalesPaise = Pick<
  PayoutRow,
  'productCount' | 'orderCount' | 'revenuePaise' | 'reversedUnits' | 'reversedPaise'
>;

/** Gross sales, reversals and net sales of a period (rupees); counts are of sales only, never negative. */
function salesFigures(f: SalesPaise) {
  return {
    productCount: f.productCount,
    orderCount: f.orderCount,
    revenue: paiseToRupees(f.revenuePaise),
    reversedUnits: f.reversedUnits,
    reversals: paiseToRupees(f.reversedPaise),
    netSales: paiseToRupees(f.revenuePaise - f.reversedPaise),
  };
}

function toPayoutDto(row: PayoutRow, vendorName: string): Payout {
  return {
    id: row.id,
    vendorId: row.vendorId,
    vendorName,
    payoutDate: row.payoutDate.toISOString(),
    amount: paiseToRupees(row.amountPaise),
    ...salesFigures(row),
    status: row.status,
    tds: paiseToRupees(row.tdsPaise),
    gst: paiseToRupees(row.gstPaise),
    net: paiseToRupees(row.netPaise ?? row.amountPaise),
    utr: row.utr,
    bankDetails: {
      bankName: row.bankName,
      accountNumber: row.accountNumber,
      ifscCode: row.ifscCode,
      accountHolderName: row.accountHolderName,
    },
  };
}

export function createPayoutsService(ctx: AppContext) {
  const { db } = ctx;
  const settlement = createSettlementService(ctx);

  /**
   * Unpaid figures (issue 24): the commission payable now (released from hold, net of reversals and of
   * payouts not failed or reversed; see settlement.service); a negative balance is owed back and nets
   * off later earnings. Counts cover the ledger rows recorded since the last payout.
   */
  async function unpaid(tx: DbOrTx, vendorId: number) {
    const [last] = await tx
      .select({ at: sql<Date | null>`max(${payouts.createdAt})` })
      .from(payouts)
      .where(and(eq(payouts.vendorId, vendorId), notInArray(payouts.status, UNCOUNTED)));
    const since = last?.at ? new Date(last.at) : new Date(0);
    const position = await settlement.position(tx, vendorId);
    const recent = await ledgerSince(tx, vendorId, since);
    const balance = position.payablePaise;
    return {
      amountPaise: Math.max(0, balance),
      owedBackPaise: Math.max(0, -balance),
      heldPaise: position.heldPaise,
      productCount: recent.units,
      orderCount: recent.orders,
      revenuePaise: recent.salesPaise,
      reversedUnits: recent.reversedUnits,
      reversedPaise: recent.reversedPaise,
    };
  }

  async function vendorRow(vendorId: number) {
    const vendor = await findVendorAccount(db, vendorId);
    if (!vendor) throw notFound('Vendor');
    return vendor;
  }

  /** The bank-change rule lives in the KYC module (one rule for every payout). */
  const bankHold = (vendor: BankChangeState) => kycBankHold(vendor, payoutRulesOf(ctx));

  async function preview(vendorId: number): Promise<PayoutPreview> {
    const vendor = await vendorRow(vendorId);
    const u = await unpaid(db, vendorId);
    const payee = await payeeFor(db, vendorId, payoutRulesOf(ctx));
    const reason =
      vendor.plan === 'FREE'
        ? 'Payouts need a paid plan'
        : (bankHold(vendor) ??
          (!payee.ready ? payee.reason : null) ??
          (u.amountPaise <= 0 ? 'Nothing to pay out' : null));
    return {
      bankChangedAt: vendor.bankChangedAt?.toISOString() ?? null,
      bankConfirmed: bankConfirmed(vendor),
      vendorId,
      amount: paiseToRupees(u.amountPaise),
      ...salesFigures(u),
      owedBack: paiseToRupees(u.owedBackPaise),
      held: paiseToRupees(u.heldPaise),
      eligible: reason === null,
      reason,
    };
  }

  /**
   * Pays out the vendor's payable commission (issue 24): a payout run of this one vendor, with TDS and
   * GST on commission, approved at once by the same admin unless it needs a second admin (then it waits
   * in the payout runs); sent through the payout provider exactly once.
   */
  async function create(vendorId: number, adminId: number): Promise<Payout> {
    const vendor = await vendorRow(vendorId);
    if (vendor.plan === 'FREE') throw conflict('Payouts need a paid plan');
    const hold = bankHold(vendor);
    if (hold) throw conflict(hold);
    const run = await settlement.createRun([vendorId], adminId);
    const line = run.lines[0];
    if (!line) {
      const why = run.skipped[0]?.reason;
      throw conflict(!why || why === 'Nothing payable yet' ? 'Nothing to pay out' : why);
    }
    if (!run.needsSecondAdmin) await settlement.approveRun(run.id, adminId);
    const row = await findPayoutWithVendor(db, line.payoutId);
    return toPayoutDto(row!.payout, row!.vendorName);
  }

  async function list(vendorId?: number): Promise<Payout[]> {
    const rows = await listPayoutsWithVendor(db, vendorId);
    return rows.map((r) => toPayoutDto(r.payout, r.vendorName));
  }

  async function get(id: number, viewer: AuthUser): Promise<Payout> {
    const row = await findPayoutWithVendor(db, id);
    if (!row) throw notFound('Payout');
    if (!mayReadVendor(viewer, row.payout.vendorId)) throw forbidden();
    return toPayoutDto(row.payout, row.vendorName);
  }

  /**
   * Deletes a payout that moved no money (cancelled, failed or reversed: its commission is back in the
   * balance) and whose TDS no challan deposited. One that paid the reseller, or is on its way, stays:
   * deleting it would put its commission back in the balance for the next run to pay again, and drop
   * its TDS deduction.
   */
  async function remove(id: number): Promise<void> {
    await db.transaction(async (tx) => {
      const [before] = await tx
        .delete(payouts)
        .where(
          and(
            eq(payouts.id, id),
            inArray(payouts.status, UNCOUNTED),
            // A deduction already deposited by a challan stays with its payout.
            sql`not exists (select 1 from ${tdsEntries} where ${tdsEntries.payoutId} = ${id} and ${tdsEntries.challanId} is not null)`,
          ),
        )
        .returning();
      if (!before) {
        const [kept] = await tx.select({ id: payouts.id }).from(payouts).where(eq(payouts.id, id));
        throw kept ? conflict(PAYOUT_NOT_DELETABLE) : notFound('Payout');
      }
      await recordChangeIn(tx, { action: 'delete', entityType: 'payout', entityId: id, before });
    });
  }

  async function countFor(vendorId: number): Promise<number> {
    const [row] = await db.select({ n: count() }).from(payouts).where(eq(payouts.vendorId, vendorId));
    return row?.n ?? 0;
  }

  return { preview, create, list, get, remove, countFor };
}
