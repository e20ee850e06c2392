import { z } from 'zod';
import { splitGst } from './gst';
import { paiseBig, exactNumber } from './money';
import { rupeesSchema, safeString } from './primitives';
import { allocate, sumTotals, type InvoiceLine, type InvoiceTotals } from './tax-invoice';

/**
 * Partial refunds of a paid order (issue 22 item 7a, docs/decisions/0039): which paise of the capture a
 * refund of some units, or of an amount, takes from each line, how much commission it reverses, and
 * the credit note figures for exactly that part. Pure: the server feeds it the order's figures and
 * what earlier refunds took, in integer paise.
 *
 * Every share is a difference of one cumulative function (`upTo`): what the first b paise of a line
 * carry is floor(whole × b / total), and the whole at b = total. So a line refunded in any number of
 * parts adds up to its invoice figures exactly, no part is negative, and none takes more than is left.
 */

/** What one order line charged, and what earlier refunds took from it. */
export type RefundLineState = {
  orderItemId: number;
  quantity: number;
  /** What the line charged after its share of the coupon discount (its invoice line total). */
  chargedPaise: number;
  /** The line's commission as earned (per-unit commission × quantity). */
  commissionPaise: number;
  refundedUnits: number;
  /** Paise of `chargedPaise` earlier refunds (not failed) took. */
  refundedPaise: number;
  /** Commission already reversed on this line. */
  reversedCommissionPaise: number;
};

export type RefundOrderState = {
  lines: RefundLineState[];
  /** Shipping and the round-off: what the capture holds beyond the lines. */
  extraPaise: number;
  extraRefundedPaise: number;
};

export type RefundAsk = { lines: Array<{ orderItemId: number; quantity: number }> } | { amountPaise: number };

export type RefundPlanPart = {
  /** null: the order's shipping and round-off. */
  orderItemId: number | null;
  units: number;
  amountPaise: number;
  commissionPaise: number;
};

export type RefundPlan =
  | {
      ok: true;
      amountPaise: number;
      parts: RefundPlanPart[];
      /** Nothing is left on the order after this refund: it closes like a full refund. */
      closes: boolean;
    }
  | { ok: false; message: string; path: string; aboveRemaining?: boolean };

/** floor(whole × part / total), exactly (bigint), and `whole` itself when part reaches total. */
export function upTo(whole: number, part: number, total: number): number {
  if (total <= 0 || part <= 0) return 0;
  if (part >= total) return whole;
  return exactNumber((paiseBig(whole, 'whole') * paiseBig(part)) / paiseBig(total, 'total'));
}

/** Shares of the line's coupon discount as the invoice computes them (allocate over unit price × quantity). */
export function chargedPerLine(
  lines: Array<{ unitPricePaise: number; quantity: number }>,
  discountPaise: number,
): number[] {
  const shares = allocate(
    discountPaise,
    lines.map((l) => l.unitPricePaise * l.quantity),
  );
  return lines.map((l, i) => l.unitPricePaise * l.quantity - (shares[i] ?? 0));
}

const left = (l: RefundLineState) => l.chargedPaise - l.refundedPaise;
const unitsLeft = (l: RefundLineState) => l.quantity - l.refundedUnits;
const commissionLeft = (l: RefundLineState) => l.commissionPaise - l.reversedCommissionPaise;

/** What is still refundable on the order. */
export function refundablePaise(state: RefundOrderState): number {
  return state.lines.reduce((s, l) => s + left(l), 0) + state.extraPaise - state.extraRefundedPaise;
}

/** Money and commission for `units` of what is left on a line, taking everything with the last unit. */
function unitsPart(l: RefundLineState, units: number): RefundPlanPart {
  const remaining = unitsLeft(l);
  const amountPaise = upTo(left(l), units, remaining);
  return {
    orderItemId: l.orderItemId,
    units,
    amountPaise,
    commissionPaise: upTo(commissionLeft(l), units, remaining),
  };
}

function planUnits(
  state: RefundOrderState,
  asked: Array<{ orderItemId: number; quantity: number }>,
): RefundPlan {
  const parts: RefundPlanPart[] = [];
  const seen = new Set<number>();
  for (const [i, a] of asked.entries()) {
    const line = state.lines.find((l) => l.orderItemId === a.orderItemId);
    const path = `lines.${i}.quantity`;
    if (!line || seen.has(a.orderItemId))
      return { ok: false, message: 'This line is not on the order', path: `lines.${i}.orderItemId` };
    seen.add(a.orderItemId);
    if (a.quantity > unitsLeft(line))
      return { ok: false, message: `At most ${unitsLeft(line)} left to refund on this line`, path };
    parts.push(unitsPart(line, a.quantity));
  }
  const partOf = (l: RefundLineState) => parts.find((x) => x.orderItemId === l.orderItemId);
  // The last units of the order take the shipping and round-off with them: the whole capture is back.
  // So does a refund after which no line has money left (amounts refunded earlier took the rest of the
  // other lines' money but not their units): like a refund of the whole amount, it takes every unit and
  // the commission left, and the order closes instead of staying open with nothing to refund.
  // (Taking a line's last units takes its money left, so "no money left" covers "no units left".)
  const closes = state.lines.every((l) => left(l) === (partOf(l)?.amountPaise ?? 0));
  if (closes) {
    for (const l of state.lines) {
      const part = partOf(l);
      if (part) Object.assign(part, { units: unitsLeft(l), commissionPaise: commissionLeft(l) });
      else if (unitsLeft(l) > 0 || commissionLeft(l) > 0)
        parts.push({
          orderItemId: l.orderItemId,
          units: unitsLeft(l),
          amountPaise: left(l),
          commissionPaise: commissionLeft(l),
        });
    }
  }
  const extra = state.extraPaise - state.extraRefundedPaise;
  if (closes && extra > 0)
    parts.push({ orderItemId: null, units: 0, amountPaise: extra, commissionPaise: 0 });
  const amountPaise = parts.reduce((s, p) => s + p.amountPaise, 0);
  if (amountPaise <= 0)
    return { ok: false, message: 'Nothing is left to refund on these lines', path: 'lines' };
  return { ok: true, amountPaise, parts, closes };
}

/**
 * An amount without units: shared over what is left of each line and of the shipping and round-off, in
 * proportion (largest remainder, so the shares sum to the amount exactly); each line's commission is
 * reversed in the share of its remaining value the amount takes.
 */
function planAmount(state: RefundOrderState, amountPaise: number): RefundPlan {
  const remaining = refundablePaise(state);
  if (amountPaise <= 0) return { ok: false, message: 'Enter an amount above zero', path: 'amount' };
  if (amountPaise > remaining)
    return { ok: false, message: PART_REFUND_TEXT.aboveRemaining, path: 'amount', aboveRemaining: true };
  const weights = [...state.lines.map(left), state.extraPaise - state.extraRefundedPaise];
  const shares = allocate(amountPaise, weights);
  const closes = amountPaise === remaining;
  const parts: RefundPlanPart[] = [];
  state.lines.forEach((l, i) => {
    const share = shares[i] ?? 0;
    // Money only, no units: except when it takes all that is left, which closes the order like a full refund.
    const units = closes ? unitsLeft(l) : 0;
    if (share === 0 && units === 0) return;
    parts.push({
      orderItemId: l.orderItemId,
      units,
      amountPaise: share,
      commissionPaise: closes ? commissionLeft(l) : upTo(commissionLeft(l), share, left(l)),
    });
  });
  const extra = shares[state.lines.length] ?? 0;
  if (extra > 0) parts.push({ orderItemId: null, units: 0, amountPaise: extra, commissionPaise: 0 });
  return { ok: true, amountPaise, parts, closes };
}

/** The plan of one partial refund, or why it is refused. */
export function planPartRefund(state: RefundOrderState, ask: RefundAsk): RefundPlan {
  return 'amountPaise' in ask ? planAmount(state, ask.amountPaise) : planUnits(state, ask.lines);
}

/** A state after a plan was carried out (the next refund's starting point; used by tests and the server). */
export function applyPlan(
  state: RefundOrderState,
  plan: Extract<RefundPlan, { ok: true }>,
): RefundOrderState {
  const byLine = new Map(plan.parts.map((p) => [p.orderItemId, p]));
  const extra = byLine.get(null);
  return {
    lines: state.lines.map((l) => {
      const p = byLine.get(l.orderItemId);
      if (!p) return l;
      return {
        ...l,
        refundedUnits: l.refundedUnits + p.units,
        refundedPaise: l.refundedPaise + p.amountPaise,
        reversedCommissionPaise: l.reversedCommissionPaise + p.commissionPaise,
      };
    }),
    extraPaise: state.extraPaise,
    extraRefundedPaise: state.extraRefundedPaise + (extra?.amountPaise ?? 0),
  };
}

/**
 * One credit note line for `amount` paise of an invoice line of which `before` paise were credited
 * already: taxable value, GST (split the invoice's way) and value, each the difference of its
 * cumulative share, so the lines of every credit note on an invoice line add up to it exactly.
 */
export function creditLinePart(
  inv: InvoiceLine,
  before: number,
  amount: number,
  intraState: boolean,
  units: number,
): InvoiceLine {
  const T = inv.totalPaise;
  const after = before + amount;
  const taxable = (b: number) => upTo(inv.taxablePaise, b, T);
  const value = (b: number) => upTo(inv.valuePaise, b, T);
  const tax = (b: number) => b - taxable(b);
  const invTax = inv.cgstPaise + inv.sgstPaise + inv.igstPaise;
  const cgst = (b: number) => upTo(inv.cgstPaise, tax(b), invTax);
  const taxablePaise = taxable(after) - taxable(before);
  const valuePaise = value(after) - value(before);
  const taxPaise = amount - taxablePaise;
  const split = intraState
    ? (() => {
        const c = cgst(after) - cgst(before);
        return { cgstPaise: c, sgstPaise: taxPaise - c, igstPaise: 0 };
      })()
    : splitGst(taxPaise, false);
  return {
    ...inv,
    quantity: units,
    unitPricePaise: units > 0 ? Math.floor(amount / units) : amount,
    valuePaise,
    discountPaise: valuePaise - taxablePaise,
    taxablePaise,
    ...split,
    totalPaise: amount,
    huids: [],
  };
}

/** A credit part as the server knows it: which invoice line (by index), paise credited before, this part. */
export type CreditPart = { lineIndex: number; before: number; amountPaise: number; units: number };

/**
 * The credit note of a partial refund. Item parts credit their invoice line; the shipping part (the
 * last invoice line when shipping was charged) takes its share first, then the round-off.
 */
export function computePartCreditNote(input: {
  invoiceLines: InvoiceLine[];
  invoiceTotals: InvoiceTotals;
  intraState: boolean;
  items: CreditPart[];
  /** The shipping and round-off part, with what was credited of them before. */
  extra: { before: number; amountPaise: number } | null;
  shippingLineIndex: number | null;
}): { lines: InvoiceLine[]; totals: InvoiceTotals } {
  const lines: InvoiceLine[] = [];
  for (const p of input.items) {
    const inv = input.invoiceLines[p.lineIndex];
    if (inv && p.amountPaise > 0)
      lines.push(creditLinePart(inv, p.before, p.amountPaise, input.intraState, p.units));
  }
  let roundOff = 0;
  if (input.extra && input.extra.amountPaise > 0) {
    const ship = input.shippingLineIndex === null ? undefined : input.invoiceLines[input.shippingLineIndex];
    const shipTotal = ship?.totalPaise ?? 0;
    const { before, amountPaise } = input.extra;
    const shipBefore = Math.min(before, shipTotal);
    const shipAfter = Math.min(before + amountPaise, shipTotal);
    if (ship && shipAfter > shipBefore)
      lines.push(creditLinePart(ship, shipBefore, shipAfter - shipBefore, input.intraState, 1));
    roundOff = amountPaise - (shipAfter - shipBefore);
  }
  return { lines, totals: sumTotals(lines, roundOff) };
}

// ---- API shapes ----

/** Admin's partial refund: some lines and quantities, or an amount in rupees; a reason; restock or not. */
export const partRefundInputSchema = z
  .object({
    lines: z
      .array(
        z.object({
          orderItemId: z.number().int().positive(),
          quantity: z.number().int().min(1, 'At least one').max(100_000),
          /** The HUIDs of the pieces that come back (hallmarked lines); the oldest pieces of the line when left out. */
          huids: z
            .array(
              safeString()
                .trim()
                .toUpperCase()
                .regex(/^[A-Z0-9]{6}$/, 'A HUID is 6 letters and digits'),
            )
            .max(1000)
            .optional(),
        }),
      )
      .min(1, 'Choose at least one line')
      .max(100)
      .optional(),
    amount: rupeesSchema.optional(),
    reason: safeString().trim().min(1, 'Please give the reason for this refund').max(500),
    restock: z.boolean().default(false),
    /** The same key again (a double click, a replayed request) answers the refund it made, never a second one. */
    idempotencyKey: safeString().trim().min(8).max(100),
  })
  .superRefine((v, ctx) => {
    if ((v.lines === undefined) === (v.amount === undefined))
      ctx.addIssue({ code: 'custom', path: ['lines'], message: 'Choose lines and quantities, or an amount' });
    if (v.amount !== undefined && v.amount <= 0)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter an amount above zero' });
  });
export type PartRefundInput = z.infer<typeof partRefundInputSchema>;

export const ORDER_REFUND_STATUSES = ['REQUESTED', 'PENDING', 'PROCESSED', 'FAILED'] as const;

export const orderRefundSchema = z.object({
  id: z.number().int(),
  amount: z.number(),
  status: z.enum(ORDER_REFUND_STATUSES),
  /** False for the refund that closed the order (full cancel or last part). */
  partial: z.boolean(),
  reason: safeString().nullable(),
  restock: z.boolean().nullable(),
  requestedBy: safeString(),
  requestedAt: safeString(),
  settledAt: safeString().nullable(),
  providerRefundId: safeString().nullable(),
  lines: z.array(
    z.object({ orderItemId: z.number().int().nullable(), units: z.number().int(), amount: z.number() }),
  ),
  creditNote: z.object({ id: z.number().int(), number: safeString() }).nullable(),
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;

export const orderRefundsSummarySchema = z.object({
  /** Rupees refunded (processed). */
  refunded: z.number(),
  /** Rupees asked of the gateway and not settled yet. */
  pending: z.number(),
  /** What may still be refunded. */
  refundable: z.number(),
  refunds: z.array(orderRefundSchema),
  /** Per order item: units refunded so far. */
  refundedUnits: z.array(z.object({ orderItemId: z.number().int(), units: z.number().int() })),
});
export type OrderRefundsSummary = z.infer<typeof orderRefundsSummarySchema>;

export const PART_REFUND_TEXT = {
  button: 'Refund part of this order',
  title: 'Refund part of this order',
  byLines: 'Lines and quantities',
  byAmount: 'An amount',
  amountLabel: 'Amount to refund (₹)',
  restockLabel: 'Return the refunded pieces to stock',
  consequence: (amount: string) =>
    `This refunds ${amount} to the shopper through the payment gateway and issues a credit note for exactly that part. This cannot be undone.`,
  confirm: (amount: string) => `Refund ${amount}`,
  done: 'The refund was requested',
  failed: 'Failed to refund part of the order',
  refundsTitle: 'Refunds',
  noRefunds: 'No refunds yet.',
  aboveRemaining: 'The refund is more than what is left to refund on this order',
  notRefundable: 'Only a paid order whose payment is captured can be refunded in part',
} as const;
