import { describe, expect, it } from 'vitest';
import { checkPdf } from './pdf-check';
import {
  encryptedPdf,
  pdfWithEmbeddedFile,
  pdfWithEscapedScript,
  pdfWithLaunch,
  pdfWithOpenActionScript,
  plainPdf,
} from '../../test/pdf-fixtures';

describe('checkPdf: a certificate PDF is decided by its content (decision 0069)', () => {
  it("accepts a lab's plain PDF with a link to the lab's site, and counts its pages", async () => {
    expect(await checkPdf(await plainPdf())).toEqual({ ok: true, pages: 1 });
  });

  it('refuses what is not a PDF, whatever it is called: HTML, script, an image, a PDF header on HTML', async () => {
    const eof = '\n%%EOF\n';
    for (const text of [
      '<!doctype html><script>alert(document.cookie)</script>',
      'alert(1)//',
      `<html>%PDF-1.7${eof}`,
      '',
    ])
      expect((await checkPdf(Buffer.from(text))).ok).toBe(false);
    expect(await checkPdf(Buffer.from(`%PDF-1.7\n<html><script>alert(1)</script></html>${eof}`))).toEqual({
      ok: false,
      reason: 'MALFORMED',
    });
    const pdf = await plainPdf();
    expect(await checkPdf(pdf.subarray(0, pdf.length - 200))).toEqual({ ok: false, reason: 'NOT_PDF' });
  });

  it('refuses JavaScript, also inside a compressed object stream and behind lower-case hex escapes', async () => {
    for (const pdf of [
      await pdfWithOpenActionScript(),
      await pdfWithOpenActionScript(true),
      await pdfWithEscapedScript(),
    ])
      expect(await checkPdf(pdf)).toEqual({ ok: false, reason: 'ACTIVE_CONTENT' });
    // The compressed one hides the words from a byte search: only parsing finds them.
    expect((await pdfWithOpenActionScript(true)).toString('latin1')).not.toContain('/JavaScript');
    expect((await pdfWithEscapedScript()).toString('latin1')).not.toContain('/JavaScript');
  });

  it('refuses launch actions and embedded files', async () => {
    expect(await checkPdf(await pdfWithLaunch())).toEqual({ ok: false, reason: 'ACTIVE_CONTENT' });
    expect(await checkPdf(await pdfWithEmbeddedFile())).toEqual({ ok: false, reason: 'ACTIVE_CONTENT' });
  });

  it('refuses an encrypted PDF (what its object streams hold cannot be read)', async () => {
    expect(await checkPdf(await encryptedPdf())).toEqual({ ok: false, reason: 'ENCRYPTED' });
  });
});
