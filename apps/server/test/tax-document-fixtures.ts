import type { TaxDocumentContent } from '../src/db/schema';
import type { RenderableDocument } from '../src/modules/invoices/invoice-pdf';

const line = (n: number): TaxDocumentContent['lines'][number] => ({
  description: `Heritage Choker ${n}`,
  sku: `HC-${n}`,
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
});

/** A paid order's invoice of two hallmarked lines, intra-state, for rendering tests. */
export const taxInvoice = (number: string, buyer = 'Asha Rao'): RenderableDocument => ({
  kind: 'INVOICE',
  number,
  issuedAt: new Date('2026-11-27T07:14:39.808Z'),
  timeZone: 'Asia/Kolkata',
  content: {
    seller: {
      legalName: 'Bench Jewels',
      address: '1 Bench Road, Mumbai 400001',
      gstin: '27AAPFU0939F1ZV',
      state: 'Maharashtra',
      stateCode: '27',
    },
    buyer: {
      name: buyer,
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
    lines: [line(1), line(2)],
    totals: {
      valuePaise: 9538380,
      discountPaise: 0,
      taxablePaise: 9538380,
      cgstPaise: 143076,
      sgstPaise: 143076,
      igstPaise: 0,
      roundOffPaise: 0,
      totalPaise: 9824532,
    },
    against: null,
    reason: null,
  },
});
