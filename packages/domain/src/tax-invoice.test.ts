import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
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
});
