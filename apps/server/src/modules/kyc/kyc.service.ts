import { and, desc, eq } from 'drizzle-orm';
import {
  KYC_TEXT,
  NAME_MATCH_THRESHOLD,
  PAN_HOLDER_TYPES,
  maskAccountNumber,
  nameMatchScore,
  panHolderType,
  type Kyc,
  type KycStatus,
  type KycSubmission,
} from '@zevar/domain';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { vendorKyc } from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { assertRecentAuth, type AuthUser } from '../../plugins/auth';
import { recordChangeIn } from '../audit';
import { confirmVendorBankIn, findVendorAccount, lockVendorIn, setVendorBankIn } from '../users';
import { PayoutProviderUnavailableError, type AccountCheck } from '../../lib/payout-provider';
import { reviewerName } from './kyc-reviewer.read-model';
import { lookUpIfsc } from './ifsc-directory';

type KycRow = typeof vendorKyc.$inferSelect;

export const KYC_MESSAGES = {
  notSubmitted: 'KYC has not been submitted',
  notAwaiting: 'Only KYC whose bank account has been checked can be approved',
  notReviewable: 'This KYC has already been decided',
  unavailable: 'The payout provider cannot be reached: the bank account will be checked again',
  unsupported: 'Manual transfer: no penny drop; confirm the account by hand before approving',
} as const;

/** The KYC row of a vendor, or undefined. */
export async function findKyc(db: DbOrTx, vendorId: number): Promise<KycRow | undefined> {
  const [row] = await db.select().from(vendorKyc).where(eq(vendorKyc.vendorId, vendorId));
  return row;
}

function toDto(
  row: KycRow,
  vendor: {
    name: string;
    businessName: string | null;
    accountNumber: string | null;
    ifscCode: string | null;
  },
  reviewer: string | null,
): Kyc {
  const holder = panHolderType(row.pan);
  return {
    vendorId: row.vendorId,
    vendorName: vendor.businessName || vendor.name,
    status: row.status as KycStatus,
    pan: row.pan,
    panHolderType: holder ? PAN_HOLDER_TYPES[holder] : 'Unknown',
    legalName: row.legalName,
    gstin: row.gstin,
    accountHolderName: row.accountHolderName,
    accountNumber: maskAccountNumber(row.accountNumber),
    ifsc: row.ifsc,
    bankName: row.bankName,
    check: {
      status: row.checkStatus as Kyc['check']['status'],
      registeredName: row.registeredName,
      nameMatch: row.nameMatch,
      reason: row.checkReason,
      checkedAt: row.checkedAt?.toISOString() ?? null,
    },
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewedBy: reviewer,
    rejectionReason: row.rejectionReason,
    bankChangedSinceKyc: vendor.accountNumber !== row.accountNumber || vendor.ifscCode !== row.ifsc,
  };
}

/** The columns a penny drop's answer sets, and the status it leads to. */
function checkColumns(check: AccountCheck | 'UNAVAILABLE', holderName: string, now: Date) {
  if (check === 'UNAVAILABLE') {
    return {
      status: 'PENDING_VERIFICATION' as const,
      checkStatus: 'UNAVAILABLE',
      checkReason: KYC_MESSAGES.unavailable,
      checkedAt: now,
    };
  }
  switch (check.status) {
    case 'VERIFIED':
      return {
        status: 'AWAITING_APPROVAL' as const,
        checkStatus: 'VERIFIED',
        checkRef: check.providerRef,
        registeredName: check.registeredName,
        nameMatch: check.registeredName ? nameMatchScore(holderName, check.registeredName) : null,
        checkReason:
          check.registeredName && nameMatchScore(holderName, check.registeredName) < NAME_MATCH_THRESHOLD
            ? 'The name the bank holds differs from the account holder’s name'
            : null,
        checkedAt: now,
      };
    case 'FAILED':
      return {
        status: 'VERIFICATION_FAILED' as const,
        checkStatus: 'FAILED',
        checkRef: check.providerRef,
        registeredName: null,
        nameMatch: null,
        checkReason: check.reason,
        checkedAt: now,
      };
    case 'PENDING':
      return {
        status: 'PENDING_VERIFICATION' as const,
        checkStatus: 'PENDING',
        checkRef: check.providerRef,
        checkReason: null,
        checkedAt: now,
      };
    case 'UNSUPPORTED':
      return {
        status: 'AWAITING_APPROVAL' as const,
        checkStatus: 'UNSUPPORTED',
        checkRef: null,
        registeredName: null,
        nameMatch: null,
        checkReason: KYC_MESSAGES.unsupported,
        checkedAt: now,
      };
  }
}

export function createKycService(ctx: AppContext) {
  const { db, payoutProvider } = ctx;

  async function view(row: KycRow): Promise<Kyc> {
    const vendor = await findVendorAccount(db, row.vendorId);
    if (!vendor) throw notFound('Vendor');
    return toDto(row, vendor, row.reviewedBy ? await reviewerName(db, row.reviewedBy) : null);
  }

  async function get(vendorId: number): Promise<Kyc> {
    const row = await findKyc(db, vendorId);
    if (!row) throw notFound('KYC');
    return view(row);
  }

  async function mine(vendorId: number): Promise<Kyc | null> {
    const row = await findKyc(db, vendorId);
    return row ? view(row) : null;
  }

  async function list(status?: KycStatus): Promise<Kyc[]> {
    const rows = await db
      .select()
      .from(vendorKyc)
      .where(status ? eq(vendorKyc.status, status) : undefined)
      .orderBy(desc(vendorKyc.submittedAt))
      .limit(500);
    return Promise.all(rows.map(view));
  }

  /**
   * Asks the provider about the account of this submission (a new penny drop, or again about one
   * still pending) and writes the answer unless a newer submission came in meanwhile.
   */
  async function runCheck(row: KycRow, audit: { actor: 'vendor' | 'admin' }): Promise<KycRow> {
    let check: AccountCheck | 'UNAVAILABLE';
    try {
      check =
        row.checkStatus === 'PENDING' && row.checkRef
          ? await payoutProvider.checkStatus(row.checkRef)
          : await payoutProvider.verifyAccount(`kyc-${row.vendorId}-${row.version}`, {
              payeeReference: String(row.vendorId),
              holderName: row.accountHolderName,
              accountNumber: row.accountNumber,
              ifsc: row.ifsc,
            });
    } catch (err) {
      if (!(err instanceof PayoutProviderUnavailableError)) throw err;
      check = 'UNAVAILABLE';
    }
    const now = ctx.now();
    return db.transaction(async (tx) => {
      const [saved] = await tx
        .update(vendorKyc)
        .set(checkColumns(check, row.accountHolderName, now))
        .where(and(eq(vendorKyc.vendorId, row.vendorId), eq(vendorKyc.version, row.version)))
        .returning();
      if (!saved) return (await findKyc(tx, row.vendorId)) ?? row;
      if (audit.actor === 'admin') {
        await recordChangeIn(tx, {
          action: 'kyc-check',
          entityType: 'kyc',
          entityId: row.vendorId,
          before: { status: row.status, checkStatus: row.checkStatus },
          after: {
            status: saved.status,
            checkStatus: saved.checkStatus,
            registeredName: saved.registeredName,
          },
        });
      }
      return saved;
    });
  }

  /** A reseller submits (or corrects) KYC; the account is checked by a penny drop at once. */
  async function submit(vendorId: number, input: KycSubmission, actor: AuthUser): Promise<Kyc> {
    const bank = lookUpIfsc(input.ifsc);
    if (!bank) throw badRequest(KYC_TEXT.ifscUnknown, [{ path: 'ifsc', message: KYC_TEXT.ifscUnknown }]);
    const now = ctx.now();
    const row = await db.transaction(async (tx) => {
      await lockVendorIn(tx, vendorId);
      const vendor = await findVendorAccount(tx, vendorId);
      if (!vendor) throw notFound('Vendor');
      const before = await findKyc(tx, vendorId);
      const sameAccount = before?.accountNumber === input.accountNumber && before.ifsc === input.ifsc;
      // The same account already verified needs no second penny drop; anything else is checked.
      const keepCheck = sameAccount && before?.checkStatus === 'VERIFIED';
      const values = {
        pan: input.pan,
        legalName: input.legalName,
        gstin: input.gstin,
        accountHolderName: input.accountHolderName,
        accountNumber: input.accountNumber,
        ifsc: input.ifsc,
        bankName: bank.bankName,
        status: keepCheck ? 'AWAITING_APPROVAL' : 'PENDING_VERIFICATION',
        ...(keepCheck
          ? {}
          : {
              checkStatus: 'PENDING',
              checkRef: null,
              registeredName: null,
              nameMatch: null,
              checkReason: null,
            }),
        submittedAt: now,
        submittedBy: actor.id,
        reviewedAt: null,
        reviewedBy: null,
        rejectionReason: null,
      };
      const [saved] = before
        ? await tx
            .update(vendorKyc)
            .set({ ...values, version: before.version + 1 })
            .where(eq(vendorKyc.vendorId, vendorId))
            .returning()
        : await tx
            .insert(vendorKyc)
            .values({ vendorId, ...values, checkStatus: 'PENDING' })
            .returning();
      // The verified account becomes the vendor's payout account; replacing one is a bank change.
      await setVendorBankIn(
        tx,
        vendorId,
        {
          bankName: bank.bankName,
          accountHolderName: input.accountHolderName,
          accountNumber: input.accountNumber,
          ifscCode: input.ifsc,
        },
        actor.id,
        now,
      );
      await recordChangeIn(tx, {
        action: 'kyc-submit',
        entityType: 'kyc',
        entityId: vendorId,
        before: before ?? null,
        after: saved,
      });
      return saved!;
    });
    const checked = row.status === 'PENDING_VERIFICATION' ? await runCheck(row, { actor: 'vendor' }) : row;
    return view(checked);
  }

  /** An admin asks the provider again (a pending or unreachable check, or after a failure). */
  async function verify(vendorId: number): Promise<Kyc> {
    const row = await findKyc(db, vendorId);
    if (!row) throw notFound('KYC');
    if (row.status === 'APPROVED' || row.status === 'REJECTED') throw conflict(KYC_MESSAGES.notReviewable);
    return view(await runCheck(row, { actor: 'admin' }));
  }

  async function decide(vendorId: number, viewer: AuthUser, approve: boolean, reason?: string): Promise<Kyc> {
    if (approve) assertRecentAuth(viewer, ctx.now());
    const now = ctx.now();
    const row = await db.transaction(async (tx) => {
      await lockVendorIn(tx, vendorId);
      const before = await findKyc(tx, vendorId);
      if (!before) throw notFound('KYC');
      if (approve && before.status !== 'AWAITING_APPROVAL') throw conflict(KYC_MESSAGES.notAwaiting);
      if (!approve && (before.status === 'APPROVED' || before.status === 'REJECTED'))
        throw conflict(KYC_MESSAGES.notReviewable);
      const vendor = await findVendorAccount(tx, vendorId);
      if (!vendor) throw notFound('Vendor');
      if (approve && (vendor.accountNumber !== before.accountNumber || vendor.ifscCode !== before.ifsc)) {
        throw conflict('The vendor’s bank account changed after this KYC: it must be submitted again');
      }
      const [saved] = await tx
        .update(vendorKyc)
        .set({
          status: approve ? 'APPROVED' : 'REJECTED',
          reviewedAt: now,
          reviewedBy: viewer.id,
          rejectionReason: approve ? null : (reason ?? null),
        })
        .where(eq(vendorKyc.vendorId, vendorId))
        .returning();
      // Approving the verified account is the admin's confirmation the bank-change rule waits for.
      if (approve) await confirmVendorBankIn(tx, vendorId, viewer.id, now);
      await recordChangeIn(tx, {
        action: approve ? 'kyc-approve' : 'kyc-reject',
        entityType: 'kyc',
        entityId: vendorId,
        before,
        after: saved,
      });
      return saved!;
    });
    return view(row);
  }

  return {
    get,
    mine,
    list,
    submit,
    verify,
    approve: (vendorId: number, viewer: AuthUser) => decide(vendorId, viewer, true),
    reject: (vendorId: number, viewer: AuthUser, reason: string) => decide(vendorId, viewer, false, reason),
    lookUpIfsc(code: string) {
      const found = lookUpIfsc(code);
      if (!found) throw new AppError('NOT_FOUND', KYC_TEXT.ifscUnknown);
      return found;
    },
  };
}
