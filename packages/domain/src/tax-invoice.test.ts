import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jewelleryPrice } from './jewellery-price';
import { allocate, computeCreditNote, computeInvoice, type InvoiceLineInput } from './tax-invoice';

const line = fc.record({
  unitPricePaise: fc.integer({ min: 100, max: 10_00_00_000_00 }),
  quantity: fc.integer({ min: 1, max: 10 }),
});

function inputs(lines: Array<{ unitPricePaise: number; quantity: number }>): InvoiceLineInput[] {
  return lines.map((l, i) => ({
    ...l,
    description: `Piece ${i}`,
    sku: `SKU${i}`,
    hsn: '711319',
    breakup: null,
    huids: [],
  }));
}

describe('invoice figures', () => {
  it('add up: value - discount = taxable, taxable + tax = line total, lines + round-off = what was paid', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 6 }),
        fc.nat(),
        fc.integer({ min: 0, max: 99 }),
        fc.boolean(),
        (lines, d, roundOff, intraState) => {
          const subtotal = lines.reduce((s, l) => s + l.unitPricePaise * l.quantity, 0);
          const discount = d % subtotal;
          const { lines: out, totals } = computeInvoice({
            lines: inputs(lines),
            discountPaise: discount,
            shippingPaise: 0,
            roundOffPaise: roundOff,
            intraState,
            defaultBasisPoints: 300,
          });
          for (const l of out) {
            expect(l.valuePaise - l.discountPaise).toBe(l.taxablePaise);
            expect(l.taxablePaise + l.cgstPaise + l.sgstPaise + l.igstPaise).toBe(l.totalPaise);
            if (intraState) expect(l.igstPaise).toBe(0);
            else expect(l.cgstPaise + l.sgstPaise).toBe(0);
          }
          expect(totals.totalPaise).toBe(subtotal - discount + roundOff);
          expect(totals.taxablePaise + totals.cgstPaise + totals.sgstPaise + totals.igstPaise).toBe(
            subtotal - discount,
          );
        },
      ),
    );
  });

  it('shares a discount exactly and in proportion', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1e9 }), { minLength: 1, maxLength: 8 }),
        fc.nat(),
        (w, a) => {
          const sum = w.reduce((s, v) => s + v, 0);
          const amount = a % sum;
          const shares = allocate(amount, w);
          expect(shares.reduce((s, v) => s + v, 0)).toBe(amount);
          shares.forEach((s, i) => expect(Math.abs(s - (amount * w[i]!) / sum)).toBeLessThan(1));
        },
      ),
    );
  });

  it('gives a full refund the invoice figures and a partial refund one line at the same rate', () => {
    const invoice = computeInvoice({
      lines: inputs([{ unitPricePaise: 1_03_000_00, quantity: 2 }]),
      discountPaise: 0,
      shippingPaise: 0,
      roundOffPaise: 0,
      intraState: true,
      defaultBasisPoints: 300,
    });
    expect(invoice.totals.taxablePaise).toBe(2_00_000_00);
    expect(invoice.totals.cgstPaise + invoice.totals.sgstPaise).toBe(6_000_00);
    const full = computeCreditNote({
      invoiceLines: invoice.lines,
      invoiceTotals: invoice.totals,
      refundPaise: 2_06_000_00,
      intraState: true,
      invoiceNumber: 'ZV/26-27/000001',
    });
    expect(full.totals).toEqual(invoice.totals);
    const part = computeCreditNote({
      invoiceLines: invoice.lines,
      invoiceTotals: invoice.totals,
      refundPaise: 1_03_000_00,
      intraState: false,
      invoiceNumber: 'ZV/26-27/000001',
    });
    expect(part.totals).toMatchObject({
      taxablePaise: 1_00_000_00,
      igstPaise: 3_000_00,
      totalPaise: 1_03_000_00,
    });
  });

  it('a coupon discount lowers a line’s taxable value in proportion to what it takes off; none leaves the page’s figures', () => {
    const piece = fc
      .record({
        rate: fc.integer({ min: 1, max: 5_000_000 }),
        mg: fc.integer({ min: 1, max: 200_000 }),
        flat: fc.integer({ min: 0, max: 5_000_000 }),
        quantity: fc.integer({ min: 1, max: 10 }),
      })
      .map(({ rate, mg, flat, quantity }) => {
        const breakup = jewelleryPrice({
          metalName: 'Gold',
          purity: '22K',
          ratePerGramPaise: rate,
          netWeightMg: mg,
          making: { kind: 'FLAT', value: flat },
          stones: null,
        });
        return { ...inputs([{ unitPricePaise: breakup.totalPaise, quantity }])[0]!, breakup };
      });
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 4 }), fc.nat(), (lines, d) => {
        const subtotal = lines.reduce((s, l) => s + l.unitPricePaise * l.quantity, 0);
        fc.pre(subtotal > 0);
        const discount = d % subtotal;
        const { lines: out } = computeInvoice({
          lines,
          discountPaise: discount,
          shippingPaise: 0,
          roundOffPaise: 0,
          intraState: true,
          defaultBasisPoints: 300,
        });
        out.forEach((l, i) => {
          const page = lines[i]!.breakup!;
          const gross = l.unitPricePaise * l.quantity;
          // Before the discount: the page's taxable value times the quantity.
          expect(l.valuePaise).toBe(page.taxablePaise * l.quantity);
          // After it: the same share of the taxable value as of the price, to half a paisa.
          const error = BigInt(l.taxablePaise) * BigInt(gross) - BigInt(l.valuePaise) * BigInt(l.totalPaise);
          expect(2n * (error < 0n ? -error : error)).toBeLessThanOrEqual(BigInt(gross));
          if (l.totalPaise === gross)
            expect(l.cgstPaise + l.sgstPaise).toBe(page.gst.valuePaise * l.quantity);
        });
      }),
    );
  });

  it('a partial refund credits the invoice’s taxable value in proportion to the share refunded', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 99 }),
        fc.nat(),
        (lines, roundOff, r) => {
          const invoice = computeInvoice({
            lines: inputs(lines),
            discountPaise: 0,
            shippingPaise: 0,
            roundOffPaise: roundOff,
            intraState: false,
            defaultBasisPoints: 300,
          });
          const refund = 1 + (r % (invoice.totals.totalPaise - 1));
          const note = computeCreditNote({
            invoiceLines: invoice.lines,
            invoiceTotals: invoice.totals,
            refundPaise: refund,
            intraState: false,
            invoiceNumber: 'ZV/26-27/000001',
          });
          const t = note.totals;
          expect(t.taxablePaise + t.igstPaise).toBe(refund);
          const error =
            BigInt(t.taxablePaise) * BigInt(invoice.totals.totalPaise) -
            BigInt(invoice.totals.taxablePaise) * BigInt(refund);
          expect(2n * (error < 0n ? -error : error)).toBeLessThanOrEqual(BigInt(invoice.totals.totalPaise));
        },
      ),
    );
  });

  it('shares a discount exactly over weights of any size', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 2 ** 50 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        (w, amount) => {
          const shares = allocate(amount, w);
          const sum = w.reduce((s, v) => s + BigInt(v), 0n);
          expect(shares.reduce((s, v) => s + BigInt(v), 0n)).toBe(BigInt(amount));
          shares.forEach((s, i) => {
            const error = BigInt(s) * sum - BigInt(amount) * BigInt(w[i]!);
            expect(error < 0n ? -error : error).toBeLessThan(sum);
          });
        },
      ),
    );
  });
});

describe('CGST and SGST are split once per invoice (issue 21 item 9)', () => {
  it('on a 30-line intra-state invoice whose every line has an odd tax, CGST and SGST differ by at most 1 paisa', () => {
    // ₹1,030.18 inclusive at 3 %: taxable ₹1,000.17, tax 3,001 paise (odd) on every line.
    const lines = Array.from({ length: 30 }, () => ({ unitPricePaise: 1_030_18, quantity: 1 }));
    const { lines: out, totals } = computeInvoice({
      lines: inputs(lines),
      discountPaise: 0,
      shippingPaise: 0,
      roundOffPaise: 0,
      intraState: true,
      defaultBasisPoints: 300,
    });
    expect(out.every((l) => (l.cgstPaise + l.sgstPaise) % 2 === 1)).toBe(true);
    expect(Math.abs(totals.sgstPaise - totals.cgstPaise)).toBeLessThanOrEqual(1);
    expect(totals.cgstPaise).toBe(out.reduce((s, l) => s + l.cgstPaise, 0));
    expect(totals.sgstPaise).toBe(out.reduce((s, l) => s + l.sgstPaise, 0));
  });

  it('for any lines, discount and shipping: totals differ by at most 1 paisa, each line’s halves add to its tax, lines add to the totals', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 40 }),
        fc.nat(),
        fc.integer({ min: 0, max: 5_000_00 }),
        (lines, d, shipping) => {
          const subtotal = lines.reduce((s, l) => s + l.unitPricePaise * l.quantity, 0);
          const { lines: out, totals } = computeInvoice({
            lines: inputs(lines),
            discountPaise: d % subtotal,
            shippingPaise: shipping,
            roundOffPaise: 0,
            intraState: true,
            defaultBasisPoints: 300,
          });
          const tax = (l: (typeof out)[number]) => l.totalPaise - l.taxablePaise;
          for (const l of out) {
            expect(l.cgstPaise + l.sgstPaise).toBe(tax(l));
            expect(l.cgstPaise).toBeGreaterThanOrEqual(0);
            expect(l.sgstPaise).toBeGreaterThanOrEqual(0);
            expect(Math.abs(l.sgstPaise - l.cgstPaise)).toBeLessThanOrEqual(2);
          }
          expect(totals.sgstPaise - totals.cgstPaise).toBeGreaterThanOrEqual(0);
          expect(totals.sgstPaise - totals.cgstPaise).toBeLessThanOrEqual(1);
          expect(totals.cgstPaise + totals.sgstPaise).toBe(out.reduce((s, l) => s + tax(l), 0));
          expect(totals.cgstPaise).toBe(out.reduce((s, l) => s + l.cgstPaise, 0));
          expect(totals.sgstPaise).toBe(out.reduce((s, l) => s + l.sgstPaise, 0));
        },
      ),
    );
  });
});
