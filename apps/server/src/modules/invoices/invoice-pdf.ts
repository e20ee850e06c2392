import { createRequire } from 'node:module';
import type PDFDocument from 'pdfkit';
import { loadOnUse } from '../../lib/load-on-use';
import { amountInWords, formatInr, stoneLabel, type InvoiceLine } from '@zevar/domain';
import type { TaxDocumentContent } from '../../db/schema';

/**
 * GST tax invoice and credit note PDFs (pdfkit). DejaVu Sans Condensed comes from the npm package
 * `dejavu-fonts-ttf` and is embedded (subset): it has the ₹ sign and the PDF's text extracts back
 * as Unicode (docs/decisions/0017-invoices-gst-documents.md).
 */
const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf');

/**
 * The two fonts, parsed once per process (pdfkit's own parser, fontkit) and handed to each
 * document: parsing them (and their layout tables) again for every PDF was half of a paid order's
 * server CPU, since every confirmation mail attaches its invoice (decision 0076). A document draws
 * synchronously from `new PDFDocument` to `end()`, so documents never use a parsed font at once.
 */
type Fontkit = { openSync: (path: string) => object };
let parsedFonts: { regular: object; bold: object } | undefined;
function fonts() {
  if (!parsedFonts) {
    // pdfkit's own fontkit (its dependency), so the parsed fonts are always of the version it reads.
    const fontkit = createRequire(loadOnUse.resolve('pdfkit'))('fontkit') as Fontkit;
    parsedFonts = { regular: fontkit.openSync(FONT), bold: fontkit.openSync(FONT_BOLD) };
  }
  return parsedFonts;
}

export type RenderableDocument = {
  kind: 'INVOICE' | 'CREDIT_NOTE';
  number: string;
  issuedAt: Date;
  content: TaxDocumentContent;
  timeZone: string;
};

type Doc = InstanceType<typeof PDFDocument>;
const M = 36;
const WIDTH = 595.28 - 2 * M;
const rupees = (paise: number) => formatInr(paise / 100);
const grams = (mg: number) => `${(mg / 1000).toFixed(3)} g`;

const COLUMNS = [
  { key: 'no', label: '#', width: 16, align: 'left' },
  { key: 'desc', label: 'Description', width: 160, align: 'left' },
  { key: 'hsn', label: 'HSN', width: 40, align: 'left' },
  { key: 'qty', label: 'Qty', width: 24, align: 'right' },
  { key: 'value', label: 'Value', width: 60, align: 'right' },
  { key: 'discount', label: 'Discount', width: 50, align: 'right' },
  { key: 'taxable', label: 'Taxable value', width: 60, align: 'right' },
  { key: 'tax', label: 'Tax', width: 55, align: 'right' },
  { key: 'total', label: 'Total', width: 58, align: 'right' },
] as const;

/** One formatter per zone, made once (a handful of zones in practice; bounded all the same). */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** '05 Sept 2026' in the zone, as `toLocaleDateString('en-IN', …)` writes it. */
function dateText(iso: string | Date, timeZone: string) {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone });
    if (dateFormats.size < 64) dateFormats.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

function addressLines(a: TaxDocumentContent['buyer']['address'], code: string | null): string[] {
  return [a.street, `${a.city} ${a.postalCode}`.trim(), `${a.state}${code ? ` (State code ${code})` : ''}`]
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The lines under a piece's name: purity and weight, the price breakup, the HUIDs sold. */
function detailLines(line: InvoiceLine): string[] {
  const out: string[] = [];
  const b = line.breakup;
  if (line.sku) out.push(`SKU ${line.sku}`);
  // Natural or lab-grown, as sold (the order line's snapshot): the buyer's proof of what was paid for.
  if (b?.stone) out.push(stoneLabel(b.stone.kind, b.stone.origin));
  if (b?.metal) {
    out.push(`${b.metal.name} ${b.metal.purity} · Net wt ${grams(b.metal.netWeightMg * line.quantity)}`);
    out.push(`Metal @ ${rupees(b.metal.ratePerGramPaise)}/g: ${rupees(b.metal.valuePaise * line.quantity)}`);
  }
  if (b?.making) out.push(`Making: ${rupees(b.making.valuePaise * line.quantity)}`);
  if (b?.stones) out.push(`Stones (${b.stones.description}): ${rupees(b.stones.valuePaise * line.quantity)}`);
  if (line.huids.length > 0) out.push(`HUID: ${line.huids.join(', ')}`);
  return out;
}

function taxCell(line: InvoiceLine, intraState: boolean): string {
  return intraState ? `C ${rupees(line.cgstPaise)}\nS ${rupees(line.sgstPaise)}` : rupees(line.igstPaise);
}

function drawHeader(doc: Doc, d: RenderableDocument) {
  const c = d.content;
  const title = d.kind === 'INVOICE' ? 'TAX INVOICE' : 'CREDIT NOTE';
  doc.font('bold').fontSize(16).text(title, M, M, { width: WIDTH, align: 'right' });
  doc
    .font('bold')
    .fontSize(12)
    .text(c.seller.legalName, M, M, { width: WIDTH * 0.6 });
  doc.font('regular').fontSize(8.5);
  doc.text(c.seller.address, { width: WIDTH * 0.6 });
  doc.text(`GSTIN: ${c.seller.gstin}`);
  doc.text(`State: ${c.seller.state} (State code ${c.seller.stateCode})`);
  const top = Math.max(doc.y, M + 40) + 10;
  const meta: Array<[string, string]> = [
    [d.kind === 'INVOICE' ? 'Invoice No.' : 'Credit note No.', d.number],
    ['Date', dateText(d.issuedAt, d.timeZone)],
  ];
  if (c.against) {
    meta.push(['Against invoice', `${c.against.number} dated ${dateText(c.against.issuedAt, d.timeZone)}`]);
  }
  meta.push(
    ['Order No.', c.order.number],
    [
      'Place of supply',
      `${c.placeOfSupply.state}${c.placeOfSupply.code ? ` (${c.placeOfSupply.code})` : ''}`,
    ],
    ['Reverse charge', 'No'],
  );
  if (c.order.paymentId) meta.push(['Payment ID', c.order.paymentId]);
  let y = top;
  for (const [label, value] of meta) {
    doc.font('bold').text(`${label}:`, M + WIDTH / 2 + 10, y, { width: 90 });
    doc.font('regular').text(value, M + WIDTH / 2 + 100, y, { width: WIDTH / 2 - 100 });
    y = doc.y + 1;
  }
  const metaBottom = y;
  doc.font('bold').text('Bill to', M, top);
  doc.font('regular').text(c.buyer.name, { width: WIDTH / 2 - 10 });
  for (const l of addressLines(c.buyer.address, c.placeOfSupply.code)) doc.text(l, { width: WIDTH / 2 - 10 });
  doc.text(`Phone: ${c.buyer.phone}`);
  if (c.buyer.gstin) doc.text(`GSTIN: ${c.buyer.gstin}`);
  if (c.buyer.pan) doc.text(`PAN: ${c.buyer.pan}`);
  if (c.shipTo) {
    doc.moveDown(0.4).font('bold').text('Ship to');
    doc.font('regular').text(c.shipTo.name);
    for (const l of addressLines(c.shipTo, null)) doc.text(l, { width: WIDTH / 2 - 10 });
  }
  doc.y = Math.max(doc.y, metaBottom) + 10;
}

function drawTableHead(doc: Doc, intraState: boolean) {
  const y = doc.y;
  doc.rect(M, y, WIDTH, 22).fill('#f1ece2').fillColor('#000');
  let x = M;
  doc.font('bold').fontSize(7.5);
  for (const col of COLUMNS) {
    const label = col.key === 'tax' ? (intraState ? 'CGST 1.5%\nSGST 1.5%' : 'IGST 3%') : col.label;
    doc.text(label, x + 2, y + 3, { width: col.width - 4, align: col.align });
    x += col.width;
  }
  doc.y = y + 24;
}

function drawLine(doc: Doc, line: InvoiceLine, index: number, intraState: boolean) {
  const details = detailLines(line);
  doc.font('regular').fontSize(8);
  const descWidth = COLUMNS[1].width - 4;
  const nameHeight = doc.heightOfString(line.description, { width: descWidth });
  doc.fontSize(6.8);
  const detailHeight = details.reduce((h, t) => h + doc.heightOfString(t, { width: descWidth }), 0);
  const height = Math.max(nameHeight + detailHeight + 6, 26);
  if (doc.y + height > doc.page.height - M - 40) {
    doc.addPage();
    drawTableHead(doc, intraState);
  }
  const y = doc.y;
  const cells: Record<string, string> = {
    no: String(index + 1),
    hsn: line.hsn,
    qty: String(line.quantity),
    value: rupees(line.valuePaise),
    discount: rupees(line.discountPaise),
    taxable: rupees(line.taxablePaise),
    tax: taxCell(line, intraState),
    total: rupees(line.totalPaise),
  };
  let x = M;
  for (const col of COLUMNS) {
    if (col.key === 'desc') {
      doc
        .font('bold')
        .fontSize(8)
        .text(line.description, x + 2, y + 3, { width: descWidth });
      doc.font('regular').fontSize(6.8).fillColor('#444');
      for (const t of details) doc.text(t, { width: descWidth });
      doc.fillColor('#000');
    } else {
      doc
        .font('regular')
        .fontSize(7.5)
        .text(cells[col.key]!, x + 2, y + 3, { width: col.width - 4, align: col.align });
    }
    x += col.width;
  }
  doc
    .moveTo(M, y + height)
    .lineTo(M + WIDTH, y + height)
    .strokeColor('#ccc')
    .stroke();
  doc.y = y + height + 2;
}

function drawTotals(doc: Doc, c: TaxDocumentContent, kind: RenderableDocument['kind']) {
  const t = c.totals;
  const rows: Array<[string, string]> = [
    ['Total value', rupees(t.valuePaise)],
    ['Less discount', rupees(t.discountPaise)],
    ['Taxable value', rupees(t.taxablePaise)],
    ...(c.intraState
      ? ([
          ['CGST @ 1.5%', rupees(t.cgstPaise)],
          ['SGST @ 1.5%', rupees(t.sgstPaise)],
        ] as Array<[string, string]>)
      : ([['IGST @ 3%', rupees(t.igstPaise)]] as Array<[string, string]>)),
    ['Round off', rupees(t.roundOffPaise)],
  ];
  if (doc.y + 200 > doc.page.height - M) doc.addPage();
  const x = M + WIDTH - 220;
  let y = doc.y + 6;
  doc.fontSize(8.5);
  for (const [label, value] of rows) {
    doc.font('regular').text(label, x, y, { width: 120 });
    doc.text(value, x + 120, y, { width: 100, align: 'right' });
    y += 13;
  }
  doc.rect(x, y, 220, 18).fill('#f1ece2').fillColor('#000');
  const totalLabel = kind === 'INVOICE' ? 'Invoice total' : 'Credit note total';
  doc
    .font('bold')
    .fontSize(10)
    .text(totalLabel, x + 4, y + 4, { width: 116 });
  doc.text(rupees(t.totalPaise), x + 120, y + 4, { width: 96, align: 'right' });
  doc.y = y + 26;
  doc.font('bold').fontSize(8.5).text('Amount in words: ', M, doc.y, { continued: true });
  doc.font('regular').text(amountInWords(t.totalPaise), { width: WIDTH });
}

function drawFooter(doc: Doc, c: TaxDocumentContent) {
  doc.moveDown(1.5).fontSize(8).font('regular');
  doc.text('Whether tax is payable on reverse charge: No', M);
  doc.text('Prices are inclusive of GST; the taxable value and tax are shown above.', M);
  const y = doc.y + 18;
  doc.font('bold').text(`For ${c.seller.legalName}`, M + WIDTH - 220, y, { width: 220, align: 'right' });
  doc.font('regular').text('Authorised Signatory', M + WIDTH - 220, y + 30, { width: 220, align: 'right' });
  doc
    .fontSize(7)
    .fillColor('#666')
    .text('This is a computer-generated document.', M, y + 30);
  doc.fillColor('#000');
}

/**
 * Word layouts (fontkit's shaping of one word, in the font's units) kept across documents, per
 * parsed font: pdfkit keeps them per document only, and laying the same labels, names and amounts out
 * again was about a third of an invoice's CPU (decision 0093). A layout depends on the word and the
 * font alone (pdfkit scales it by the font's units per em, not by the size or the document), so a kept
 * one is what a new layout would give. Bounded: a table that outgrows `LAYOUTS_KEPT` words is started
 * afresh.
 */
const LAYOUTS_KEPT = 4000;
const keptLayouts = new Map<object, Record<string, unknown>>();
function layoutsOf(font: object): Record<string, unknown> {
  let kept = keptLayouts.get(font);
  if (!kept || Object.keys(kept).length > LAYOUTS_KEPT) {
    kept = Object.create(null) as Record<string, unknown>;
    keptLayouts.set(font, kept);
  }
  return kept;
}

/**
 * pdfkit's embedded font as far as this file reaches into it: its per-document layout table, its
 * `encode` (lays text out and takes its glyphs into the document's subset) and the subset.
 */
type EmbeddedFont = {
  layoutCache?: Record<string, unknown>;
  encode: (text: string) => unknown;
  subset: { glyphs: number[]; encode: () => Buffer };
};

/**
 * The glyphs every document's font subset starts with, in this order: printable ASCII, the rupee sign
 * and the middle dot (the invoice's own words, amounts, numbers and most names), each as a word of its
 * own so no ligature stands for two of them.
 */
const FIRST_GLYPHS = [...Array.from({ length: 94 }, (_, i) => String.fromCharCode(0x21 + i)), '₹', '·'].join(
  ' ',
);

/**
 * Encoded font subsets kept across documents, per parsed font, by their glyph list. Encoding a
 * subset (fontkit's `TTFSubset.encode`: the glyphs' outlines and the font's tables written anew) was
 * about 40 % of an invoice's render (decision 0093), and each document's subset differed only in which
 * glyphs it took first: its payment id's and order number's letters came in a different order. Every
 * document's subset now starts with `FIRST_GLYPHS`, so a document drawn in them alone has the same
 * subset as the last and its bytes are the kept ones; a glyph beyond them (a name's é) makes another
 * subset, encoded and kept in its turn. A subset's bytes depend on the font and its glyph list alone.
 * Bounded: past `SUBSETS_KEPT` lists per font the table is started afresh.
 */
const SUBSETS_KEPT = 64;
const keptSubsets = new Map<object, Map<string, Buffer>>();
function keepSubsets(font: object, embedded: EmbeddedFont) {
  embedded.encode(FIRST_GLYPHS);
  let kept = keptSubsets.get(font);
  if (!kept) keptSubsets.set(font, (kept = new Map()));
  const table = kept;
  const subset = embedded.subset;
  const encode = subset.encode.bind(subset);
  subset.encode = () => {
    const key = subset.glyphs.join(',');
    let bytes = table.get(key);
    if (!bytes) {
      bytes = encode();
      if (table.size >= SUBSETS_KEPT) table.clear();
      table.set(key, bytes);
    }
    return bytes;
  };
}

/**
 * Renders an invoice or credit note to PDF bytes: the same bytes whenever it is rendered (the
 * document's creation date, from which pdfkit also derives the file's ID, is the issue date).
 */
export function renderTaxDocumentPdf(d: RenderableDocument): Promise<Buffer> {
  // pdfkit (fonts, compression) is loaded by the first document, not at every start.
  const PdfDocument = loadOnUse('pdfkit') as typeof PDFDocument;
  const parsed = fonts();
  const doc = new PdfDocument({
    size: 'A4',
    margin: M,
    // No default font: pdfkit would parse Helvetica's metrics for it, and a parsed font given here
    // is compared (name tables as JSON) with the registered one at its first use. The registered
    // fonts are opened below, regular first (F1) and bold (F2), as before.
    font: null as unknown as string,
    info: {
      Title: `${d.kind === 'INVOICE' ? 'Tax invoice' : 'Credit note'} ${d.number}`,
      Author: d.content.seller.legalName,
      CreationDate: d.issuedAt,
    },
  });
  // pdfkit takes a parsed fontkit font as a font's source (its types say only a path or bytes).
  doc.registerFont('regular', parsed.regular as unknown as string);
  doc.registerFont('bold', parsed.bold as unknown as string);
  for (const [name, font] of [
    ['regular', parsed.regular],
    ['bold', parsed.bold],
  ] as const) {
    doc.font(name);
    const embedded = (doc as unknown as { _font: EmbeddedFont })._font;
    embedded.layoutCache = layoutsOf(font);
    keepSubsets(font, embedded);
  }
  doc.font('regular');
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  drawHeader(doc, d);
  drawTableHead(doc, d.content.intraState);
  d.content.lines.forEach((line, i) => drawLine(doc, line, i, d.content.intraState));
  drawTotals(doc, d.content, d.kind);
  drawFooter(doc, d.content);
  doc.end();
  return done;
}
