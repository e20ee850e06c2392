import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { PDFParse } from 'pdf-parse';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadOnUse } from '../../lib/load-on-use';
import { renderTaxDocumentPdf } from './invoice-pdf';
import { taxInvoice as invoice } from '../../../test/tax-document-fixtures';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('invoice PDF', () => {
  it('is the same bytes whenever it is rendered (mailed now, downloaded next year)', async () => {
    const d = invoice('ZV/26-27/000007', 'Asha Rao');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T07:15:00Z'));
    const mailed = await renderTaxDocumentPdf(d);
    vi.setSystemTime(new Date('2027-08-01T10:00:00Z'));
    const downloaded = await renderTaxDocumentPdf(d);
    expect(downloaded.equals(mailed)).toBe(true);
  });

  it('lays out no word of a document again once its words were laid out for another (decision 0093)', async () => {
    // pdfkit's own fontkit, whose fonts the renderer parses: every word's shaping goes through `layout`.
    const fontkit = createRequire(loadOnUse.resolve('pdfkit'))('fontkit') as {
      openSync: (path: string) => object;
    };
    const font = fontkit.openSync(
      createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf'),
    );
    const layout = vi.spyOn(Object.getPrototypeOf(font) as { layout: () => unknown }, 'layout');
    // Names no other test used: the server tests share a process (and its kept layouts).
    const [buyer, other] = [randomUUID().slice(0, 8), randomUUID().slice(0, 8)];
    await renderTaxDocumentPdf(invoice('ZV/26-27/000008', `Asha ${buyer}`));
    expect(layout.mock.calls.length).toBeGreaterThan(0);
    layout.mockClear();
    // Another invoice of the same words: nothing to lay out again.
    await renderTaxDocumentPdf(invoice('ZV/26-27/000008', `Asha ${buyer}`));
    expect(layout.mock.calls.length).toBe(0);
    // A new buyer's name: only its new word.
    await renderTaxDocumentPdf(invoice('ZV/26-27/000008', `Asha ${other}`));
    expect(layout.mock.calls.length).toBeGreaterThan(0);
    expect(layout.mock.calls.length).toBeLessThanOrEqual(2);
  });

  it('encodes a font subset once for documents drawn in the same glyphs, and anew for a glyph beyond them (decision 0101)', async () => {
    const fontkit = createRequire(loadOnUse.resolve('pdfkit'))('fontkit') as {
      openSync: (path: string) => { createSubset: () => object };
    };
    const font = fontkit.openSync(
      createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf'),
    );
    // fontkit's TrueType subset, whose `encode` writes the subset's font file.
    const encode = vi.spyOn(
      Object.getPrototypeOf(font.createSubset()) as { encode: () => unknown },
      'encode',
    );
    await renderTaxDocumentPdf(invoice('ZV/26-27/000009', 'Asha Rao'));
    encode.mockClear();
    // Another number, another buyer, payment id and order number, in the same glyphs: nothing encoded.
    const other = invoice('ZV/26-27/000731', 'Vikram Joshi');
    other.content = {
      ...other.content,
      order: { number: 'ZV261128-9F3A27C1', date: '2026-11-28T10:00:00.000Z', paymentId: 'pay_Zq81KxLm4T' },
    };
    const second = await renderTaxDocumentPdf(other);
    expect(encode).not.toHaveBeenCalled();
    // A name with a glyph beyond them: the regular font's subset is encoded, and the name reads back.
    const name = `Ǿrla Renée ${randomUUID().slice(0, 4)}`;
    const third = await renderTaxDocumentPdf(invoice('ZV/26-27/000732', name));
    expect(encode).toHaveBeenCalledTimes(1);
    for (const [pdf, text] of [
      [second, 'Vikram Joshi'],
      [second, 'pay_Zq81KxLm4T'],
      [third, name],
    ] as const) {
      const parser = new PDFParse({ data: new Uint8Array(pdf) });
      try {
        expect((await parser.getText()).text).toContain(text);
      } finally {
        await parser.destroy();
      }
    }
  });
});
