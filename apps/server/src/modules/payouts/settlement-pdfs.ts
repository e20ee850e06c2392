import { createRequire } from 'node:module';
import type PDFDocument from 'pdfkit';
import { formatInr, formatZonedDate, type Statement, type TdsEntry } from '@zevar/domain';
import { loadOnUse } from '../../lib/load-on-use';

/**
 * The reseller's monthly statement and TDS certificate as PDFs, with pdfkit and the DejaVu font the
 * invoices use (decision 0017, which has the ₹ sign).
 */
const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf');

type Doc = InstanceType<typeof PDFDocument>;
const inr = (rupees: number) => formatInr(rupees);

function renderPdf(title: string, author: string, draw: (doc: Doc) => void): Promise<Buffer> {
  const PdfDocument = loadOnUse('pdfkit') as typeof PDFDocument;
  const doc = new PdfDocument({ size: 'A4', margin: 40, info: { Title: title, Author: author } });
  doc.registerFont('regular', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('regular');
  draw(doc);
  doc.end();
  return done;
}

/** A table: column widths in points, a bold header, rows of text. */
function table(doc: Doc, widths: number[], header: string[], rows: string[][]) {
  const left = 40;
  const line = (cells: string[], font: 'regular' | 'bold') => {
    if (doc.y > 770) doc.addPage();
    const y = doc.y;
    let x = left;
    let h = 0;
    doc.font(font).fontSize(8.5);
    cells.forEach((c, i) => {
      const w = widths[i]!;
      const align = i === 0 ? 'left' : 'right';
      doc.text(c, x, y, { width: w - 4, align });
      h = Math.max(h, doc.heightOfString(c, { width: w - 4 }));
      x += w;
    });
    doc.x = left;
    doc.y = y + h + 3;
  };
  line(header, 'bold');
  rows.forEach((r) => line(r, 'regular'));
  doc.moveDown(0.5);
}

function figures(doc: Doc, pairs: Array<[string, string]>) {
  for (const [label, value] of pairs) {
    const y = doc.y;
    doc.font('regular').fontSize(10).text(label, 40, y, { width: 300 });
    doc.font('bold').text(value, 340, y, { width: 215, align: 'right' });
    doc.x = 40;
  }
  doc.moveDown(0.5);
}

export function renderStatementPdf(s: Statement, operator: string, timeZone: string): Promise<Buffer> {
  const day = (iso: string) => formatZonedDate(new Date(iso), timeZone, 'date');
  return renderPdf(`Statement ${s.month} ${s.vendorName}`, operator, (doc) => {
    doc.font('bold').fontSize(16).text('Commission statement');
    doc.font('regular').fontSize(10).text(`${s.vendorName} · ${s.month} · ${operator}`);
    doc.moveDown();
    figures(doc, [
      ['Opening balance', inr(s.openingBalance)],
      ['Commission earned', inr(s.earned)],
      ['Reversals (cancellations, refunds, returns)', inr(-s.reversals)],
      ['Released from hold this month', inr(s.released)],
      ['Still held at month end', inr(s.heldAtEnd)],
      ['TDS deducted', inr(s.tds)],
      ['GST on commission', inr(s.gst)],
      ['Paid to your bank', inr(s.paid)],
      [s.closingBalance < 0 ? 'Closing balance (owed by you)' : 'Closing balance', inr(s.closingBalance)],
    ]);
    doc.font('bold').fontSize(12).text('Orders');
    table(
      doc,
      [130, 95, 95, 95, 100],
      ['Order', 'Date', 'Commission', 'Reversed', 'Released on'],
      s.orders.map((o) => [
        o.orderNumber,
        day(o.at),
        inr(o.commission),
        inr(o.reversed),
        o.releasedOn ? day(o.releasedOn) : 'Held',
      ]),
    );
    doc.font('bold').fontSize(12).text('Payouts');
    table(
      doc,
      [90, 80, 70, 60, 60, 70, 85],
      ['Date', 'Commission', 'TDS', 'GST', 'Net', 'Status', 'Reference'],
      s.payouts.map((p) => [
        day(p.at),
        inr(p.commission),
        inr(p.tds),
        inr(p.gst),
        inr(p.net),
        p.status,
        p.reference ?? '—',
      ]),
    );
  });
}

export type CertificateContent = {
  deductor: { name: string; tan: string | null; address: string };
  vendorName: string;
  pan: string | null;
  financialYear: string;
  quarter: string | null;
  entries: TdsEntry[];
};

/** A certificate-style statement of tax deducted (Form 16A's content under the 1961 Act). */
export function renderTdsCertificatePdf(c: CertificateContent, timeZone: string): Promise<Buffer> {
  const day = (iso: string) => formatZonedDate(new Date(iso), timeZone, 'date');
  const period = c.quarter ? `${c.financialYear} ${c.quarter}` : c.financialYear;
  const total = c.entries.reduce((s, e) => s + Math.round(e.amount * 100), 0) / 100;
  const base = c.entries.reduce((s, e) => s + Math.round(e.base * 100), 0) / 100;
  return renderPdf(`TDS certificate ${period} ${c.vendorName}`, c.deductor.name, (doc) => {
    doc.font('bold').fontSize(16).text('Certificate of tax deducted at source');
    doc
      .font('regular')
      .fontSize(10)
      .text(`Financial year ${c.financialYear}${c.quarter ? `, quarter ${c.quarter}` : ''}`);
    doc.moveDown();
    figures(doc, [
      ['Deductor', c.deductor.name],
      ['TAN of deductor', c.deductor.tan ?? 'Not configured'],
      ['Deductee', c.vendorName],
      ['PAN of deductee', c.pan ?? 'PANNOTAVBL'],
      ['Commission paid or credited', inr(base)],
      ['Tax deducted', inr(total)],
    ]);
    doc.font('regular').fontSize(9).text(c.deductor.address);
    doc.moveDown();
    table(
      doc,
      [90, 80, 75, 90, 90, 90],
      ['Date', 'Section', 'Rate', 'Amount paid', 'Tax deducted', 'Payout'],
      c.entries.map((e) => [
        day(e.deductedOn),
        e.section,
        `${e.ratePercent.toFixed(2)} %`,
        inr(e.base),
        inr(e.amount),
        `zevar_payout_${e.payoutId}`,
      ]),
    );
  });
}
