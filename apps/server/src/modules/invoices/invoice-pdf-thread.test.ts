import { afterAll, describe, expect, it } from 'vitest';
import type { TaxDocumentContent } from '../../db/schema';
import { renderTaxDocumentPdf, type RenderableDocument } from './invoice-pdf';
import { createPdfThread } from './invoice-pdf-thread';

const content: TaxDocumentContent = {
  seller: {
    legalName: 'Bench Jewels',
    address: '1 Bench Road, Mumbai 400001',
    gstin: '27AAPFU0939F1ZV',
    state: 'Maharashtra',
    stateCode: '27',
  },
  buyer: {
    name: 'Asha Rao',
    email: 'buyer@example.in',
    phone: '9876543210',
    gstin: null,
    pan: null,
    address: {
      street: '12 Residency Road',
      city: 'Pune',
      state: 'Maharashtra',
      postalCode: '411001',
      country: 'India',
    },
  },
  shipTo: null,
  placeOfSupply: { state: 'Maharashtra', code: '27' },
  intraState: true,
  order: { number: 'ZV261127-1252B406', date: '2026-11-27T07:14:39.808Z', paymentId: 'pay_vmSp6vQq0A' },
  lines: [
    {
      description: 'Heritage Choker',
      sku: 'HC-1',
      hsn: '711319',
      quantity: 1,
      unitPricePaise: 4912266,
      valuePaise: 4769190,
      discountPaise: 0,
      taxablePaise: 4769190,
      basisPoints: 300,
      cgstPaise: 71538,
      sgstPaise: 71538,
      igstPaise: 0,
      totalPaise: 4912266,
      huids: ['AB12CD'],
      breakup: null,
    },
  ],
  totals: {
    valuePaise: 4769190,
    discountPaise: 0,
    taxablePaise: 4769190,
    cgstPaise: 71538,
    sgstPaise: 71538,
    igstPaise: 0,
    roundOffPaise: 0,
    totalPaise: 4912266,
  },
  against: null,
  reason: null,
};

const invoice = (number: string): RenderableDocument => ({
  kind: 'INVOICE',
  number,
  issuedAt: new Date('2026-11-27T07:14:39.808Z'),
  timeZone: 'Asia/Kolkata',
  content,
});

describe('the invoice PDF thread (decision 0101)', () => {
  const thread = createPdfThread();
  afterAll(() => thread.close());

  it('renders the bytes the renderer gives on this thread, for documents asked at once', async () => {
    const numbers = ['ZV/26-27/000101', 'ZV/26-27/000102', 'ZV/26-27/000103'];
    const pdfs = await Promise.all(numbers.map((n) => thread.render(invoice(n))));
    for (const [i, n] of numbers.entries())
      expect(pdfs[i]!.equals(await renderTaxDocumentPdf(invoice(n)))).toBe(true);
  });

  it('fails a malformed document with its error and renders the next', async () => {
    const broken = { ...invoice('ZV/26-27/000104'), content: {} as TaxDocumentContent };
    await expect(thread.render(broken)).rejects.toThrow(/invoice PDF not rendered: TypeError/);
    const pdf = await thread.render(invoice('ZV/26-27/000105'));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('fails the renders a stopped thread held instead of leaving them waiting, and starts a new one', async () => {
    const held = thread.render(invoice('ZV/26-27/000106'));
    await thread.close();
    await expect(held).rejects.toThrow(/thread stopped/);
    const pdf = await thread.render(invoice('ZV/26-27/000107'));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
