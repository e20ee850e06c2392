import { afterAll, describe, expect, it } from 'vitest';
import type { TaxDocumentContent } from '../../db/schema';
import { renderTaxDocumentPdf } from './invoice-pdf';
import { createPdfThread } from './invoice-pdf-thread';
import { taxInvoice as invoice } from '../../../test/tax-document-fixtures';

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
