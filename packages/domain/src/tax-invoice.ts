import { splitGst, splitGstOverLines } from './gst';
import { exactNumber, paiseBig } from './money';
import {
  inclusivePriceBreakup,
  proportionalTaxable,
  taxableOfInclusive,
  type LineBreakup,
} from './price-breakup';

/**
 * The figures of a GST tax invoice (or a credit note reversing one), from what the order charged.
 * Each line shows the taxable value and GST the product page showed for one piece (the order line's
 * breakup snapshot, price-breakup.ts) times the quantity. A coupon discount (the line's share of it)
 * lowers the taxable value in proportion to the amount it takes off; the tax is the rest of what was
 * charged. Totals are the sums of the lines, and the round-off (the rupee the payable amount was
 * rounded up to) is its own untaxed figure, so the invoice total is what was paid.
 */

export type InvoiceLineInput = {
  description: string;
  sku: string;
  hsn: string;
  quantity: number;
  /** GST-inclusive price per piece as sold. */
  unitPricePaise: number;
  /** Per-piece breakup snapshot (null: sold before breakups were kept, or an MRP piece). */
  breakup: LineBreakup | null;
  huids: string[];
};

export type InvoiceLine = InvoiceLineInput & {
  basisPoints: number;
  /** Before discount and tax. */
  valuePaise: number;
  discountPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
};

export type InvoiceTotals = {
  valuePaise: number;
  discountPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  roundOffPaise: number;
  totalPaise: number;
};

/** Splits `amount` over `weights` in proportion, exactly (largest remainder; integers at any size). */
export function allocate(amount: number, weights: number[]): number[] {
  const big = weights.map((w) => paiseBig(w, 'weight'));
  const sum = big.reduce((s, w) => s + w, 0n);
  if (sum <= 0n || amount === 0) return weights.map(() => 0);
  const a = paiseBig(amount);
  const shares = big.map((w) => (a * w) / sum);
  const remainders = big.map((w, i) => ({ i, rest: (a * w) % sum }));
  let left = a - shares.reduce((s, v) => s + v, 0n);
  remainders.sort((x, y) => (x.rest === y.rest ? x.i - y.i : x.rest > y.rest ? -1 : 1));
  for (const { i } of remainders) {
    if (left <= 0n) break;
    shares[i]! += 1n;
    left -= 1n;
  }
  return shares.map(exactNumber);
}

/** One piece's split as the page showed it: its snapshot when it explains the price, else the price's own. */
function pieceBreakup(line: InvoiceLineInput, defaultBasisPoints: number): LineBreakup {
  const b = line.breakup;
  return b && b.totalPaise === line.unitPricePaise
    ? b
    : inclusivePriceBreakup(line.unitPricePaise, b?.gst.basisPoints ?? defaultBasisPoints);
}

function figuresOf(
  line: InvoiceLineInput,
  discount: number,
  intraState: boolean,
  defaultBasisPoints: number,
): InvoiceLine {
  const piece = pieceBreakup(line, defaultBasisPoints);
  const gross = line.unitPricePaise * line.quantity;
  const charged = gross - discount;
  const valuePaise = piece.taxablePaise * line.quantity;
  const taxablePaise = proportionalTaxable(valuePaise, charged, gross);
  return {
    ...line,
    basisPoints: piece.gst.basisPoints,
    valuePaise,
    discountPaise: valuePaise - taxablePaise,
    taxablePaise,
    ...splitGst(charged - taxablePaise, intraState),
    totalPaise: charged,
  };
}

export function sumTotals(lines: InvoiceLine[], roundOffPaise: number): InvoiceTotals {
  const sum = (pick: (l: InvoiceLine) => number) => lines.reduce((s, l) => s + pick(l), 0);
  return {
    valuePaise: sum((l) => l.valuePaise),
    discountPaise: sum((l) => l.discountPaise),
    taxablePaise: sum((l) => l.taxablePaise),
    cgstPaise: sum((l) => l.cgstPaise),
    sgstPaise: sum((l) => l.sgstPaise),
    igstPaise: sum((l) => l.igstPaise),
    roundOffPaise,
    totalPaise: sum((l) => l.totalPaise) + roundOffPaise,
  };
}

/**
 * An invoice's lines and totals. `discountPaise` (the order's coupon discount, GST-inclusive) is
 * shared over the lines in proportion to their value; shipping, when charged, is a line of its own
 * taxed as part of the composite supply of the jewellery.
 */
export function computeInvoice(input: {
  lines: InvoiceLineInput[];
  discountPaise: number;
  shippingPaise: number;
  roundOffPaise: number;
  intraState: boolean;
  defaultBasisPoints: number;
}): { lines: InvoiceLine[]; totals: InvoiceTotals } {
  const all = [...input.lines];
  if (input.shippingPaise > 0) {
    all.push({
      description: 'Shipping and handling',
      sku: '',
      hsn: all[0]?.hsn ?? '7113',
      quantity: 1,
      unitPricePaise: input.shippingPaise,
      breakup: null,
      huids: [],
    });
  }
  const shares = allocate(
    input.discountPaise,
    all.map((l, i) => (i < input.lines.length ? l.unitPricePaise * l.quantity : 0)),
  );
  const perLine = all.map((l, i) => figuresOf(l, shares[i] ?? 0, input.intraState, input.defaultBasisPoints));
  // CGST and SGST are split once for the invoice, not per line (they differ by at most 1 paisa).
  const split = splitGstOverLines(
    perLine.map((l) => l.cgstPaise + l.sgstPaise + l.igstPaise),
    input.intraState,
    allocate,
  );
  const lines = perLine.map((l, i) => ({ ...l, ...split[i]! }));
  return { lines, totals: sumTotals(lines, input.roundOffPaise) };
}

/**
 * A credit note for a refund: the invoice's lines in full when the whole invoice is refunded, else
 * the refunded amount as one line whose taxable value is the invoice's in proportion to the share of
 * the invoice refunded (`proportionalTaxable`, as a discount lowers a line), the tax being the rest,
 * split the invoice's way.
 */
export function computeCreditNote(input: {
  invoiceLines: InvoiceLine[];
  invoiceTotals: InvoiceTotals;
  refundPaise: number;
  intraState: boolean;
  invoiceNumber: string;
}): { lines: InvoiceLine[]; totals: InvoiceTotals } {
  if (input.refundPaise >= input.invoiceTotals.totalPaise) {
    return { lines: input.invoiceLines, totals: input.invoiceTotals };
  }
  const first = input.invoiceLines[0];
  const basisPoints = first?.basisPoints ?? 300;
  const taxablePaise =
    input.invoiceTotals.totalPaise > 0
      ? proportionalTaxable(
          input.invoiceTotals.taxablePaise,
          input.refundPaise,
          input.invoiceTotals.totalPaise,
        )
      : taxableOfInclusive(input.refundPaise, basisPoints).taxablePaise;
  const taxPaise = input.refundPaise - taxablePaise;
  const line: InvoiceLine = {
    description: `Partial refund against invoice ${input.invoiceNumber}`,
    sku: '',
    hsn: first?.hsn ?? '7113',
    quantity: 1,
    unitPricePaise: input.refundPaise,
    breakup: null,
    huids: [],
    basisPoints,
    valuePaise: taxablePaise,
    discountPaise: 0,
    taxablePaise,
    ...splitGst(taxPaise, input.intraState),
    totalPaise: input.refundPaise,
  };
  return { lines: [line], totals: sumTotals([line], 0) };
}
