/**
 * What the shop needs from a payout provider (issue 24): checking a reseller's bank account by a
 * penny drop, and sending money to it exactly once. The offline sandbox (default), RazorpayX
 * Payouts and manual bank transfer implement it, chosen once by PAYOUTS=sandbox|razorpayx|manual,
 * the way PaymentGateway and Carrier are. Amounts are integer paise.
 */

/** A bank account as the provider needs it. */
export type PayeeAccount = {
  /** Our reference for the payee (the vendor id as text): providers key their contact on it. */
  payeeReference: string;
  holderName: string;
  accountNumber: string;
  /** Upper-case, 11 characters (4 letters, '0', 6 alphanumerics). */
  ifsc: string;
  email?: string;
  phone?: string;
};

/** The outcome of a penny drop: the name the bank holds for the account, when it answered. */
export type AccountCheck =
  | { status: 'VERIFIED'; providerRef: string; registeredName: string | null }
  | { status: 'FAILED'; providerRef: string; reason: string }
  /** The provider answers later (RazorpayX validations may be asynchronous): ask again with `checkStatus`. */
  | { status: 'PENDING'; providerRef: string }
  /** Manual transfer: nobody can drop a penny, an admin confirms the account by hand. */
  | { status: 'UNSUPPORTED' };

export type PayoutStatus = 'QUEUED' | 'PROCESSING' | 'PROCESSED' | 'FAILED' | 'REVERSED';

export type PayoutRequest = {
  /** Our payout's id: the idempotency key (RazorpayX: X-Payout-Idempotency). Sending the same reference twice makes one payout. */
  reference: string;
  account: PayeeAccount;
  amountPaise: number;
  mode: 'IMPS' | 'NEFT' | 'RTGS';
  /** Shown on the payee's bank statement (RazorpayX: at most 30 characters). */
  narration: string;
};

export type PayoutState = {
  providerPayoutId: string;
  status: PayoutStatus;
  /** The bank's reference once processed (UTR). */
  utr: string | null;
  failureReason: string | null;
};

/** One change of a payout's state, from a webhook or from asking the provider. */
export type PayoutUpdate = PayoutState & {
  /** Unique per event at the provider (for deduplication). */
  eventId: string;
  /** Our reference when the provider echoes it (RazorpayX: reference_id). */
  reference: string | null;
  at: Date;
};

/** The provider could not be reached or answered with a server error: retry later, nothing is lost. */
export class PayoutProviderUnavailableError extends Error {
  constructor(message = 'The payout provider cannot be reached') {
    super(message);
    this.name = 'PayoutProviderUnavailableError';
  }
}

export interface PayoutProvider {
  readonly mode: 'sandbox' | 'razorpayx' | 'manual';
  /** Penny-drop check of an account (idempotent by `reference`). */
  verifyAccount(reference: string, account: PayeeAccount): Promise<AccountCheck>;
  /** Asks again about a PENDING check. */
  checkStatus(providerRef: string): Promise<AccountCheck>;
  /** Sends a payout; idempotent by `request.reference`. Manual transfer answers QUEUED (the admin records the UTR). */
  createPayout(request: PayoutRequest): Promise<PayoutState>;
  /** The payout's state now (for polling when webhooks are missed). */
  getPayout(providerPayoutId: string): Promise<PayoutState>;
  /** Checks a webhook's signature in constant time. */
  verifyWebhook(headers: Record<string, string | string[] | undefined>, rawBody: Buffer): boolean;
  /** The payout updates a webhook body reports; [] for a body it does not recognise (never throws). */
  parseWebhook(body: unknown): PayoutUpdate[];
}
