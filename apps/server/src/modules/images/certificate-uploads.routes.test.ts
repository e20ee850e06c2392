import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createCallers, multipart, type Callers } from '../../../test/catalogue-fixtures';
import { createProduct } from '../../../test/factories';
import {
  pdfWithEmbeddedFile,
  pdfWithEscapedScript,
  pdfWithLaunch,
  pdfWithOpenActionScript,
  plainPdf,
} from '../../../test/pdf-fixtures';
import { auditLog } from '../../db/schema';
import { CERTIFICATE_CSP } from '../../lib/pdf-check';
import { CERTIFICATE_NOT_ACCEPTED, PDF_REFUSED } from './certificate-uploads.routes';

const IGI = {
  lab: 'IGI' as const,
  labName: null,
  reportNumber: 'LG612345678',
  carat: 1.01,
  colour: 'F',
  clarity: 'VS1',
  cut: 'Excellent',
};

describe('certificate files: a lab PDF or a photo, checked by content and served inert (decision 0069)', () => {
  let t: TestApp;
  let who: Callers;
  beforeAll(async () => {
    t = await createTestApp();
    who = await createCallers(t.app, t.db);
  });
  afterAll(async () => t.close());

  const upload = (
    content: Buffer,
    filename = 'certificate.pdf',
    type = 'application/pdf',
    headers: Record<string, string> = who.products,
  ) => {
    const body = multipart(content, filename, type);
    return t.app.inject({
      method: 'POST',
      url: '/api/certificate/uploads',
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
  };
  const certifiedProduct = async (file: string | null, status: 'active' | 'draft' | 'archived' = 'active') =>
    createProduct(t.db, {
      stoneKind: 'DIAMOND',
      stoneOrigin: 'LAB_GROWN',
      certificate: { ...IGI, file },
      status,
    });

  it("stores a lab's PDF as it is and serves it on the product with a safe name, nosniff and an inert CSP", async () => {
    const pdf = await plainPdf();
    const res = await upload(pdf, '../../"evil".pdf');
    expect(res.statusCode, res.body).toBe(201);
    const name = res.body;
    expect(name).toMatch(/^[a-f0-9]{32}\.pdf$/);
    const product = await certifiedProduct(name);
    const get = await t.app.inject({ url: `/api/products/${product.id}/certificate` });
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-type']).toBe('application/pdf');
    expect(get.headers['content-disposition']).toBe('inline; filename="IGI-LG612345678-certificate.pdf"');
    expect(get.headers['x-content-type-options']).toBe('nosniff');
    expect(get.headers['content-security-policy']).toBe(CERTIFICATE_CSP);
    expect(CERTIFICATE_CSP).toContain("script-src 'none'");
    expect(CERTIFICATE_CSP).toContain("default-src 'none'");
    expect(get.rawPayload.equals(pdf)).toBe(true);
  });

  it('takes a photo of the certificate through the image pipeline (re-encoded to WebP)', async () => {
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const res = await upload(png, 'scan.png', 'image/png');
    expect(res.statusCode).toBe(201);
    expect(res.body).toMatch(/^[a-f0-9]{32}\.webp$/);
    // A product whose certificate is a photo has no PDF to serve.
    const product = await certifiedProduct(res.body);
    expect((await t.app.inject({ url: `/api/products/${product.id}/certificate` })).statusCode).toBe(404);
  });

  it('refuses by content, not by name or declared type: renamed HTML and JS, scripts, launch actions, attachments', async () => {
    const cases: Array<[Buffer, string]> = [
      [Buffer.from('<!doctype html><script>alert(document.cookie)</script>'), CERTIFICATE_NOT_ACCEPTED],
      [Buffer.from('fetch("/api/user").then(r => r.text())'), CERTIFICATE_NOT_ACCEPTED],
      [await pdfWithOpenActionScript(), PDF_REFUSED.ACTIVE_CONTENT],
      [await pdfWithOpenActionScript(true), PDF_REFUSED.ACTIVE_CONTENT],
      [await pdfWithEscapedScript(), PDF_REFUSED.ACTIVE_CONTENT],
      [await pdfWithLaunch(), PDF_REFUSED.ACTIVE_CONTENT],
      [await pdfWithEmbeddedFile(), PDF_REFUSED.ACTIVE_CONTENT],
      [Buffer.from('%PDF-1.7\n<html><script>alert(1)</script></html>\n%%EOF\n'), PDF_REFUSED.MALFORMED],
    ];
    for (const [content, message] of cases) {
      const res = await upload(content, 'certificate.pdf', 'application/pdf');
      expect(res.statusCode, message).toBe(415);
      expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message });
    }
    const empty = await upload(Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
  });

  it('refuses a file above 5 MB with 413', async () => {
    const big = Buffer.concat([await plainPdf(), Buffer.alloc(5 * 1024 * 1024 + 10, 0x20)]);
    const res = await upload(big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The certificate file is too large (at most 5 MB)');
  });

  it('only catalogue admins upload; anyone reads the certificate of a product on sale, nobody that of a draft', async () => {
    const pdf = await plainPdf();
    const expected: Array<[keyof Callers, number]> = [
      ['anonymous', 401],
      ['vendorA', 403],
      ['orders', 403],
      ['categories', 403],
      ['carousel', 403],
      ['products', 201],
      ['superAdmin', 201],
    ];
    for (const [caller, status] of expected)
      expect((await upload(pdf, 'c.pdf', 'application/pdf', who[caller])).statusCode, caller).toBe(status);

    const name = (await upload(pdf)).body;
    const draft = await certifiedProduct(name, 'draft');
    const archived = await certifiedProduct(name, 'archived');
    for (const p of [draft, archived]) {
      expect((await t.app.inject({ url: `/api/products/${p.id}/certificate` })).statusCode).toBe(404);
      const admin = await t.app.inject({ url: `/api/products/${p.id}/certificate`, headers: who.products });
      expect(admin.statusCode).toBe(200);
    }
    const none = await certifiedProduct(null);
    expect((await t.app.inject({ url: `/api/products/${none.id}/certificate` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/products/999999999/certificate' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/products/abc/certificate' })).statusCode).toBe(400);
  });

  it('leaves an audit record of who uploaded what (name, size, pages, SHA-256); a refused upload leaves none', async () => {
    const pdf = await plainPdf(`IGI ${Date.now()}`);
    const name = (await upload(pdf)).body;
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'certificate-file'), eq(auditLog.entityId, name)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'create', route: '/api/certificate/uploads' });
    expect(rows[0]!.after).toMatchObject({ name, kind: 'pdf', bytes: pdf.length, pages: 1 });
    expect(rows[0]!.after!.sha256).toMatch(/^[a-f0-9]{64}$/);
    const before = await t.db.select().from(auditLog).where(eq(auditLog.route, '/api/certificate/uploads'));
    expect((await upload(await pdfWithLaunch())).statusCode).toBe(415);
    const after = await t.db.select().from(auditLog).where(eq(auditLog.route, '/api/certificate/uploads'));
    expect(after).toHaveLength(before.length);
  });
});
