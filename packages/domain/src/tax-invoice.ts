import { splitGst, taxableOfInclusive } from './gst';
import type { LineBreakup } from './price-breakup';

/**
 * The figures of a GST tax invoice (or a credit note reversing one), from what the order charged.
 * Prices are GST-inclusive, so each line's taxable value is taken out of the amount actually charged
 * for it (its price times quantity, less its share of the coupon discount), rounded to the paisa once
 * per line; its tax is the rest. Totals are the sums of the lines, and the round-off (the rupee the
 * payable amount was rounded up to) is its own untaxed figure, so the invoice total is what was paid.
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

/** Splits `amount` over `weights` in proportion, exactly (largest remainder). */
export function allocate(amount: number, weights: number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0 || amount === 0) return weights.map(() => 0);
  const raw = weights.map((w) => (amount * w) / sum);
  const shares = raw.map(Math.floor);
  let left = amount - shares.reduce((s, v) => s + v, 0);
  const order = raw.map((r, i) => ({ i, frac: r - Math.floor(r) })).sort((a, b) => b.frac - a.frac);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

function figuresOf(
  line: InvoiceLineInput,
  discount: number,
  intraState: boolean,
  defaultBasisPoints: number,
): InvoiceLine {
  const basisPoints = line.breakup?.gst.basisPoints ?? defaultBasisPoints;
  const gross = line.unitPricePaise * line.quantity;
  const charged = gross - discount;
  const { taxablePaise, taxPaise } = taxableOfInclusive(charged, basisPoints);
  const valuePaise = taxableOfInclusive(gross, basisPoints).taxablePaise;
  return {
    ...line,
    basisPoints,
    valuePaise,
    discountPaise: valuePaise - taxablePaise,
    taxablePaise,
    ...splitGst(taxPaise, intraState),
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
  const lines = all.map((l, i) => figuresOf(l, shares[i] ?? 0, input.intraState, input.defaultBasisPoints));
  return { lines, totals: sumTotals(lines, input.roundOffPaise) };
}

/**
 * A credit note for a refund: the invoice's lines in full when the whole invoice is refunded, else
 * the refunded amount as one line, its tax taken out at the invoice's rate and split the same way.
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
  const { taxablePaise, taxPaise } = taxableOfInclusive(input.refundPaise, basisPoints);
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
