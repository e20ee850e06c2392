import { count, eq, sql } from 'drizzle-orm';
import { paiseToRupees, type Payout, type PayoutPreview } from '@zevar/domain';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { payouts } from '../../db/schema';
import { ledgerSince, ledgerTotal } from '../earnings';
import { findVendorAccount, lockVendorIn } from '../users';
import { findPayoutWithVendor, listPayoutsWithVendor } from './payout-list.read-model';
import { mayReadVendor, type AuthUser } from '../../plugins/auth';
import { recordChangeIn } from '../audit';
import { bankConfirmed, bankHold as kycBankHold, payoutRulesOf, type BankChangeState } from '../kyc';

type PayoutRow = typeof payouts.$inferSelect;
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

  /**
   * Unpaid figures: the ledger's sum (earnings net of reversals) minus everything already paid out;
   * a negative balance is owed back and nets off later earnings. Counts cover the ledger rows
   * recorded since the last payout. Computed afresh on every call.
   */
  async function unpaid(tx: DbOrTx, vendorId: number) {
    const [last] = await tx
      .select({
        at: sql<Date | null>`max(${payouts.createdAt})`,
        paid: sql<number>`coalesce(sum(${payouts.amountPaise}), 0)`.mapWith(Number),
      })
      .from(payouts)
      .where(eq(payouts.vendorId, vendorId));
    const since = last?.at ? new Date(last.at) : new Date(0);
    const earned = await ledgerTotal(tx, vendorId);
    const recent = await ledgerSince(tx, vendorId, since);
    const balance = earned - (last?.paid ?? 0);
    return {
      amountPaise: Math.max(0, balance),
      owedBackPaise: Math.max(0, -balance),
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
    const reason =
      vendor.plan === 'FREE'
        ? 'Payouts need a paid plan'
        : (bankHold(vendor) ?? (u.amountPaise <= 0 ? 'Nothing to pay out' : null));
    return {
      bankChangedAt: vendor.bankChangedAt?.toISOString() ?? null,
      bankConfirmed: bankConfirmed(vendor),
      vendorId,
      amount: paiseToRupees(u.amountPaise),
      ...salesFigures(u),
      owedBack: paiseToRupees(u.owedBackPaise),
      eligible: reason === null,
      reason,
    };
  }

  /** Pays out everything unpaid; the vendor row lock makes two simultaneous payouts impossible. */
  async function create(vendorId: number, payoutDate: Date | undefined, adminId: number): Promise<Payout> {
    const vendor = await vendorRow(vendorId);
    if (vendor.plan === 'FREE') throw conflict('Payouts need a paid plan');
    const hold = bankHold(vendor);
    if (hold) throw conflict(hold);
    const row = await db.transaction(async (tx) => {
      await lockVendorIn(tx, vendorId);
      const u = await unpaid(tx, vendorId);
      if (u.amountPaise <= 0) throw conflict('Nothing to pay out');
      const [inserted] = await tx
        .insert(payouts)
        .values({
          vendorId,
          payoutDate: payoutDate ?? ctx.now(),
          amountPaise: u.amountPaise,
          productCount: u.productCount,
          orderCount: u.orderCount,
          revenuePaise: u.revenuePaise,
          reversedUnits: u.reversedUnits,
          reversedPaise: u.reversedPaise,
          bankName: vendor.bankName,
          accountNumber: vendor.accountNumber,
          ifscCode: vendor.ifscCode,
          accountHolderName: vendor.accountHolderName,
          createdBy: adminId,
          createdAt: ctx.now(),
        })
        .returning();
      // The bank details paid to are kept masked (redact: accountNumber).
      await recordChangeIn(tx, {
        action: 'create',
        entityType: 'payout',
        entityId: inserted!.id,
        after: inserted,
      });
      return inserted!;
    });
    return toPayoutDto(row, vendor.businessName || vendor.name);
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

  async function remove(id: number): Promise<void> {
    await db.transaction(async (tx) => {
      const [before] = await tx.delete(payouts).where(eq(payouts.id, id)).returning();
      if (!before) throw notFound('Payout');
      await recordChangeIn(tx, { action: 'delete', entityType: 'payout', entityId: id, before });
    });
  }

  async function countFor(vendorId: number): Promise<number> {
    const [row] = await db.select({ n: count() }).from(payouts).where(eq(payouts.vendorId, vendorId));
    return row?.n ?? 0;
  }

  return { preview, create, list, get, remove, countFor };
}
