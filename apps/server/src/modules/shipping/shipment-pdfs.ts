import { createRequire } from 'node:module';
import type PDFDocument from 'pdfkit';
import { formatInr } from '@zevar/domain';
import { loadOnUse } from '../../lib/load-on-use';
import type { CarrierAddress } from './carrier';

/**
 * Shipping documents as PDFs with pdfkit and the DejaVu font the invoices use (decision 0017): the
 * sandbox carrier's label and pickup manifest (a real carrier makes its own), and our packing slip.
 */
const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf');

type Doc = InstanceType<typeof PDFDocument>;
const rupees = (paise: number) => formatInr(paise / 100);

function renderPdf(
  options: { size: [number, number] | 'A4'; margin: number; title: string; author: string },
  draw: (doc: Doc) => void,
): Promise<Buffer> {
  const PdfDocument = loadOnUse('pdfkit') as typeof PDFDocument;
  const doc = new PdfDocument({
    size: options.size,
    margin: options.margin,
    info: { Title: options.title, Author: options.author },
  });
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

const addressText = (a: CarrierAddress) =>
  [a.name, a.street, `${a.city} ${a.pin}`, a.state, `Phone ${a.phone}`].filter((s) => s.trim()).join('\n');

export type LabelContent = {
  carrierName: string;
  courierName: string;
  awb: string;
  orderNumber: string;
  pickup: CarrierAddress;
  delivery: CarrierAddress;
  weightGrams: number;
  dimensions: string;
  declaredValuePaise: number;
  insured: boolean;
  otpDelivery: boolean;
  bookedAt: Date;
  timeZone: string;
};

/** A 4 × 6 inch shipping label (the size thermal label printers take). */
export function renderLabelPdf(l: LabelContent): Promise<Buffer> {
  const W = 288;
  const M = 14;
  return renderPdf({ size: [W, 432], margin: M, title: `Label ${l.awb}`, author: l.carrierName }, (doc) => {
    const inner = W - 2 * M;
    doc.font('bold').fontSize(11).text(l.carrierName, M, M, { width: inner });
    doc.font('regular').fontSize(9).text(`Courier: ${l.courierName}`, { width: inner });
    doc.moveDown(0.3);
    doc.font('bold').fontSize(9).text('AWB', { width: inner });
    doc.fontSize(22).text(l.awb, { width: inner, characterSpacing: 1 });
    // A plain bar per character: scanners read the AWB as text below; the bars mark the label's zone.
    const y = doc.y + 2;
    doc.rect(M, y, inner, 2).fill('#000');
    doc.fillColor('#000');
    doc.y = y + 8;
    doc.font('bold').fontSize(9).text('Deliver to', M, doc.y, { width: inner });
    doc.font('regular').fontSize(11).text(addressText(l.delivery), { width: inner });
    doc.moveDown(0.5);
    const flags = [l.insured ? 'INSURED' : '', l.otpDelivery ? 'DELIVER ONLY AGAINST OTP' : '']
      .filter(Boolean)
      .join(' · ');
    if (flags) doc.font('bold').fontSize(10).text(flags, { width: inner });
    doc.moveDown(0.3);
    doc
      .font('regular')
      .fontSize(8)
      .text(`Order ${l.orderNumber}`, { width: inner })
      .text(`Weight ${l.weightGrams} g · ${l.dimensions} cm`, { width: inner })
      .text(`Declared value ${rupees(l.declaredValuePaise)}`, { width: inner })
      .text(
        `Booked ${l.bookedAt.toLocaleString('en-IN', { timeZone: l.timeZone, dateStyle: 'medium', timeStyle: 'short' })}`,
        { width: inner },
      );
    doc.moveDown(0.5);
    doc.font('bold').fontSize(8).text('Return to', { width: inner });
    doc.font('regular').fontSize(8).text(addressText(l.pickup), { width: inner });
  });
}

export type ManifestRow = {
  awb: string;
  orderNumber: string;
  courierName: string;
  weightGrams: number;
  declaredValuePaise: number;
  deliveryPin: string;
};

/** The pickup manifest: what the courier's agent signs for when collecting the parcels. */
export function renderManifestPdf(m: {
  carrierName: string;
  pickup: CarrierAddress;
  rows: ManifestRow[];
  generatedAt: Date;
  timeZone: string;
}): Promise<Buffer> {
  const M = 36;
  const W = 595.28 - 2 * M;
  const cols = [
    { label: '#', width: 24 },
    { label: 'AWB', width: 110 },
    { label: 'Order', width: 100 },
    { label: 'Courier', width: 100 },
    { label: 'PIN', width: 50 },
    { label: 'Weight', width: 50 },
    { label: 'Declared', width: W - 434 },
  ];
  return renderPdf({ size: 'A4', margin: M, title: 'Pickup manifest', author: m.carrierName }, (doc) => {
    doc.font('bold').fontSize(16).text('Pickup manifest', M, M, { width: W });
    doc
      .font('regular')
      .fontSize(9)
      .text(`${m.carrierName} · ${m.rows.length} parcel${m.rows.length === 1 ? '' : 's'}`, { width: W })
      .text(
        `Generated ${m.generatedAt.toLocaleString('en-IN', { timeZone: m.timeZone, dateStyle: 'medium', timeStyle: 'short' })}`,
        { width: W },
      )
      .text(`Pickup from: ${addressText(m.pickup).replace(/\n/g, ', ')}`, { width: W });
    doc.moveDown();
    const row = (cells: string[], bold = false) => {
      if (doc.y > 780) doc.addPage();
      const y = doc.y;
      let x = M;
      doc.font(bold ? 'bold' : 'regular').fontSize(9);
      cells.forEach((c, i) => {
        doc.text(c, x, y, { width: cols[i]!.width - 4 });
        x += cols[i]!.width;
      });
      doc.y = y + 16;
    };
    row(
      cols.map((c) => c.label),
      true,
    );
    m.rows.forEach((r, i) =>
      row([
        String(i + 1),
        r.awb,
        r.orderNumber,
        r.courierName,
        r.deliveryPin,
        `${r.weightGrams} g`,
        rupees(r.declaredValuePaise),
      ]),
    );
    doc.moveDown(2);
    doc
      .font('regular')
      .fontSize(10)
      .text(`Parcels handed over: ${m.rows.length}`, M, doc.y, { width: W })
      .moveDown(2)
      .text('Courier agent: name, signature, date and time ______________________________', { width: W })
      .moveDown(2)
      .text('Shop: name and signature ______________________________', { width: W });
  });
}

export type PackingSlipContent = {
  seller: { legalName: string; address: string; gstin: string };
  orderNumber: string;
  orderDate: Date;
  shipmentId: number;
  awb: string | null;
  shipTo: CarrierAddress;
  lines: { name: string; sku: string; quantity: number; unitPricePaise: number }[];
  huids: string[];
  sealNumber: string;
  packedWeightGrams: number;
  packedBy: string;
  packedAt: Date;
  showPrices: boolean;
  timeZone: string;
};

/** The packing slip that goes in the parcel: the pieces, their HUIDs, the seal; prices only if chosen. */
export function renderPackingSlipPdf(p: PackingSlipContent): Promise<Buffer> {
  const M = 36;
  const W = 595.28 - 2 * M;
  const date = (d: Date) => d.toLocaleDateString('en-IN', { timeZone: p.timeZone, dateStyle: 'medium' });
  return renderPdf(
    { size: 'A4', margin: M, title: `Packing slip ${p.orderNumber}`, author: p.seller.legalName },
    (doc) => {
      doc.font('bold').fontSize(16).text('Packing slip', M, M, { width: W, align: 'right' });
      doc
        .font('bold')
        .fontSize(11)
        .text(p.seller.legalName, M, M, { width: W / 2 });
      doc
        .font('regular')
        .fontSize(8)
        .text(p.seller.address, { width: W / 2 })
        .text(`GSTIN ${p.seller.gstin}`, { width: W / 2 });
      doc.moveDown();
      doc
        .fontSize(10)
        .text(`Order ${p.orderNumber} of ${date(p.orderDate)}`, { width: W })
        .text(`Shipment ${p.shipmentId}${p.awb ? ` · AWB ${p.awb}` : ''}`, { width: W });
      doc.moveDown(0.5);
      doc.font('bold').text('Ship to', { width: W });
      doc.font('regular').text(addressText(p.shipTo), { width: W });
      doc.moveDown();
      const widths = p.showPrices ? [260, 110, 40, 113] : [330, 150, 43];
      const head = p.showPrices ? ['Item', 'SKU', 'Qty', 'Value'] : ['Item', 'SKU', 'Qty'];
      const row = (cells: string[], bold = false) => {
        const y = doc.y;
        let x = M;
        doc.font(bold ? 'bold' : 'regular').fontSize(9);
        let bottom = y;
        cells.forEach((c, i) => {
          doc.text(c, x, y, { width: widths[i]! - 6, align: i >= 2 ? 'right' : 'left' });
          bottom = Math.max(bottom, doc.y);
          x += widths[i]!;
        });
        doc.y = bottom + 4;
      };
      row(head, true);
      for (const l of p.lines) {
        const cells = [l.name, l.sku, String(l.quantity)];
        if (p.showPrices) cells.push(rupees(l.unitPricePaise * l.quantity));
        row(cells);
      }
      doc.moveDown();
      doc
        .font('bold')
        .fontSize(10)
        .text(
          `HUIDs packed: ${p.huids.length > 0 ? p.huids.join(', ') : 'none (no hallmarked pieces)'}`,
          M,
          doc.y,
          {
            width: W,
          },
        );
      doc
        .font('regular')
        .text(`Seal number: ${p.sealNumber}`, { width: W })
        .text(`Packed weight: ${p.packedWeightGrams} g`, { width: W })
        .text(`Packed by ${p.packedBy} on ${date(p.packedAt)}`, { width: W });
      doc.moveDown();
      doc
        .fontSize(8)
        .text(
          'Check the seal before accepting the parcel. If the seal is broken or its number differs, refuse the parcel and tell us.',
          { width: W },
        );
    },
  );
}
