import { and, desc, eq, sql } from 'drizzle-orm';
import {
  computeCreditNote,
  computePartCreditNote,
  computeInvoice,
  defaultHsn,
  DEFAULT_GST_BASIS_POINTS,
  documentNumber,
  financialYear,
  placeOfSupply,
  type PlaceOfSupply,
  roundOffOf,
  type TaxDocumentKind,
} from '@zevar/domain';
import type { Config } from '../../env';
import { clearBuyerPanIn, orderLines } from '../orders';
import { hsnByItem, type InvoiceLines } from './hsn-by-line.read-model';
import { documentFileName } from './document-file-name';
import type { Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import {
  documentSeries,
  taxDocuments,
  type orders,
  type Address,
  type PartyAddress,
  type TaxDocumentContent,
} from '../../db/schema';
import { builtOnce, builtOnceSql, type Placeholders } from '../../db/built-once';

type Order = typeof orders.$inferSelect;
type Refund = { id: number; orderId: string; amountPaise: number; reason?: string | null };
/** What a refund planned line by line credits (docs/decisions/0039), with what was credited before. */
export type CreditParts = {
  items: Array<{ orderItemId: number; units: number; amountPaise: number; before: number }>;
  extra: { amountPaise: number; before: number } | null;
};
type Settings = Pick<
  Config,
  'seller' | 'BUSINESS_TIMEZONE' | 'INVOICE_PREFIX' | 'CREDIT_NOTE_PREFIX' | 'DOCUMENT_DATE_TOLERANCE_HOURS'
>;

// The two statements every invoice sends, built once (decision 0102).
const lastOfSeries = builtOnce((db, p: Placeholders<'kind'>) =>
  db
    .select({ issuedAt: taxDocuments.issuedAt, financialYear: taxDocuments.financialYear })
    .from(taxDocuments)
    .where(eq(taxDocuments.kind, p.kind))
    .orderBy(desc(taxDocuments.issuedAt))
    .limit(1),
);

const insertNumbered = builtOnceSql<
  | 'kind'
  | 'financialYear'
  | 'head'
  | 'orderId'
  | 'refundId'
  | 'invoiceId'
  | 'issuedAt'
  | 'taxablePaise'
  | 'taxPaise'
  | 'totalPaise'
  | 'content',
  { rows: Array<{ id: number; kind: TaxDocumentKind; number: string; sequence: number }> }
>(
  (p) => sql`
    with series as (
      insert into ${documentSeries} (kind, financial_year, last_sequence)
      values (${p.kind}, ${p.financialYear}, 1)
      on conflict (kind, financial_year) do update set last_sequence = ${documentSeries}.last_sequence + 1
      returning last_sequence
    )
    insert into ${taxDocuments}
      (kind, number, financial_year, sequence, order_id, refund_id, invoice_id, issued_at,
       taxable_paise, tax_paise, total_paise, content)
    select ${p.kind}, ${p.head} || lpad(last_sequence::text, greatest(6, length(last_sequence::text)), '0'),
      ${p.financialYear}, last_sequence, ${p.orderId}, ${p.refundId}, ${p.invoiceId},
      ${p.issuedAt}::timestamptz,
      ${p.taxablePaise}, ${p.taxPaise}, ${p.totalPaise},
      ${p.content}::jsonb
    from series
    returning id, kind, number, sequence`,
);

/**
 * A document's date comes from the server clock, and its date picks its financial year's series. A
 * clock that jumped would number a document in the wrong year (and out of date order), which cannot be
 * undone once it is issued. So a document dated more than DOCUMENT_DATE_TOLERANCE_HOURS before the last
 * one of its series, or that would open a later financial year more than that after it, is refused:
 * the caller's transaction (the payment's confirmation, the refund's settlement) rolls back and is
 * retried by the webhook and the reconciler, and the refusal is logged as an error for the operator.
 * Inside one financial year a long gap is a quiet spell, not a fault, and cannot misnumber the year.
 */
async function assertPlausibleDate(tx: Tx, s: Settings, kind: TaxDocumentKind, issuedAt: Date, fy: string) {
  const [last] = await lastOfSeries(tx, { kind });
  if (!last) return;
  const tolerance = s.DOCUMENT_DATE_TOLERANCE_HOURS * 3600_000;
  const gap = issuedAt.getTime() - last.issuedAt.getTime();
  const before = gap < -tolerance;
  const jumpsYear = gap > tolerance && fy > last.financialYear;
  if (!before && !jumpsYear) return;
  const label = kind === 'INVOICE' ? 'an invoice' : 'a credit note';
  throw new AppError(
    'UNAVAILABLE',
    `Refusing to issue ${label} dated ${issuedAt.toISOString()}: the last one is dated ` +
      `${last.issuedAt.toISOString()} (financial year ${last.financialYear}). Check the server clock; ` +
      `the order is settled automatically once the clock is right.`,
    undefined,
    {
      alert: 'document-date-refused',
      kind,
      issuedAt: issuedAt.toISOString(),
      last: last.issuedAt.toISOString(),
    },
    { 'retry-after': '300' },
  );
}

const party = (a: Address): PartyAddress => ({
  street: a.street,
  city: a.city,
  state: a.state,
  postalCode: a.postalCode,
  country: a.country,
});
const sameAddress = (a: Address, b: Address) =>
  JSON.stringify(party(a)) === JSON.stringify(party(b)) && a.fullName === b.fullName;

async function invoiceContent(
  tx: Tx,
  s: Settings,
  order: Order,
  place: PlaceOfSupply,
  issuedAt: Date,
  known?: InvoiceLines,
) {
  const items = known?.items ?? (await orderLines(tx, order.id));
  const hsn = known?.hsn ?? (await hsnByItem(tx, order.id));
  const intraState = place.state === s.seller.state;
  const figures = computeInvoice({
    lines: items.map((i) => ({
      description: i.productName,
      sku: i.productSku,
      hsn: hsn.get(i.id) ?? defaultHsn(i.priceBreakup?.metal?.name),
      quantity: i.quantity,
      unitPricePaise: i.priceAtTimePaise,
      breakup: i.priceBreakup,
      huids: i.huids,
    })),
    discountPaise: order.couponDiscountPaise,
    shippingPaise: order.shippingCostPaise,
    roundOffPaise: roundOffOf({
      subtotalPaise: order.totalAmountPaise,
      discountPaise: order.couponDiscountPaise,
      shippingPaise: order.shippingCostPaise,
      finalPaise: order.finalAmountPaise,
    }),
    intraState,
    defaultBasisPoints: DEFAULT_GST_BASIS_POINTS,
  });
  const billing = order.billingAddress ?? order.shippingAddress;
  const content: TaxDocumentContent = {
    seller: s.seller,
    buyer: {
      name: billing.fullName || order.customerName,
      phone: order.customerPhone,
      email: order.customerEmail,
      address: party(billing),
      gstin: order.buyerGstin,
      pan: order.buyerPan,
    },
    shipTo: sameAddress(billing, order.shippingAddress)
      ? null
      : { name: order.shippingAddress.fullName, ...party(order.shippingAddress) },
    placeOfSupply: place,
    intraState,
    order: {
      number: order.orderNumber,
      date: (order.paymentDate ?? issuedAt).toISOString(),
      paymentId: order.paymentId,
    },
    lines: figures.lines,
    totals: figures.totals,
    against: null,
    reason: null,
  };
  return content;
}

function taxOf(t: TaxDocumentContent['totals']) {
  return t.cgstPaise + t.sgstPaise + t.igstPaise;
}

/**
 * Issues the order's tax invoice in the caller's transaction (the one whose gated update confirmed
 * the payment, so it runs once per order); the partial unique index on (order) for invoices makes a
 * second issue fail rather than number the order twice. The buyer's PAN moves from the order onto
 * the invoice: the order keeps none once the invoice carries it.
 *
 * No invoice (null) when the delivery address does not name its place of supply for sure: a state
 * that is not one of the 36, or a PIN code that cannot be in it (orders from before issue 20 item 2,
 * when the state was free text). The order detail flags it for an admin; GST is never guessed.
 */
export async function issueInvoiceIn(
  tx: Tx,
  s: Settings,
  order: Order,
  issuedAt: Date,
  /**
   * The order's lines and their HSN codes when the caller read them already (`linesWithHsn`), and
   * whether the order was confirmed in this transaction (its payment's gate): then it has no invoice
   * yet and none is looked for (the unique index on the order's invoice still refuses a second one).
   */
  known?: InvoiceLines & { confirmedHere: true },
): Promise<{ id: number; filename: string } | null> {
  if (!known?.confirmedHere) {
    const [existing] = await tx
      .select({ id: taxDocuments.id, kind: taxDocuments.kind, number: taxDocuments.number })
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, order.id), eq(taxDocuments.kind, 'INVOICE')));
    if (existing) return { id: existing.id, filename: documentFileName(existing) };
  }
  const place = placeOfSupply(order.shippingAddress);
  if (!place) return null;
  const content = await invoiceContent(tx, s, order, place, issuedAt, known);
  const fy = financialYear(issuedAt, s.BUSINESS_TIMEZONE);
  await assertPlausibleDate(tx, s, 'INVOICE', issuedAt, fy);
  // The order keeps no PAN once its invoice does (the same transaction): cleared before numbering.
  if (order.buyerPan) await clearBuyerPanIn(tx, order.id);
  // Last statement before the commit: the series row stays locked for this one statement only.
  const doc = await insertNumberedIn(tx, {
    kind: 'INVOICE',
    prefix: s.INVOICE_PREFIX,
    financialYear: fy,
    orderId: order.id,
    issuedAt,
    content,
  });
  return { id: doc.id, filename: documentFileName(doc) };
}

/**
 * Whether paying `order` issues an invoice (it has one, or its address names its place of supply):
 * what the confirmation mail, queued before the invoice is numbered, links and attaches.
 */
export const invoiceExpected = (order: Pick<Order, 'shippingAddress'>) =>
  placeOfSupply(order.shippingAddress) !== null;

/**
 * Numbers and inserts a tax document in one statement (decision 0076): the series upsert, which
 * locks the series row until the transaction ends (gap-free numbering), and the insert that uses the
 * number. Every paid order (and refund) of the series waits for that row, so it is held from this
 * statement to the commit, with no round trip of the server between them; the caller does every
 * other read and write before. Invoices and credit notes both number here.
 */
async function insertNumberedIn(
  tx: Tx,
  d: {
    kind: TaxDocumentKind;
    prefix: string;
    financialYear: string;
    orderId: string;
    issuedAt: Date;
    content: TaxDocumentContent;
    /** A credit note's refund and the invoice it credits. */
    refundId?: number;
    invoiceId?: number;
  },
): Promise<{ id: number; kind: TaxDocumentKind; number: string }> {
  const head = documentNumber(d.prefix, d.financialYear, 0).slice(0, -6);
  const { rows } = await insertNumbered(tx, {
    kind: d.kind,
    financialYear: d.financialYear,
    head,
    orderId: d.orderId,
    refundId: d.refundId ?? null,
    invoiceId: d.invoiceId ?? null,
    issuedAt: d.issuedAt.toISOString(),
    taxablePaise: d.content.totals.taxablePaise,
    taxPaise: taxOf(d.content.totals),
    totalPaise: d.content.totals.totalPaise,
    content: JSON.stringify(d.content),
  });
  const row = rows[0]!;
  // The number the domain's rule gives (a mismatch rolls the document back rather than misnumber it).
  if (row.number !== documentNumber(d.prefix, d.financialYear, Number(row.sequence)))
    throw new Error(`tax document numbered ${row.number}, expected sequence ${row.sequence}`);
  return { id: Number(row.id), kind: row.kind, number: row.number };
}

/**
 * Issues a credit note for a processed refund of an invoiced order, in the transaction that settled
 * the refund (its gate runs once per refund; the unique refund column backs it). Orders refunded
 * without ever being invoiced (a late or mismatched payment) get none: there is no invoice to credit.
 */
export async function issueCreditNoteIn(
  tx: Tx,
  s: Settings,
  refund: Refund,
  issuedAt: Date,
  parts: CreditParts | null = null,
) {
  const [invoice] = await tx
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, refund.orderId), eq(taxDocuments.kind, 'INVOICE')));
  if (!invoice) return null;
  const [already] = await tx
    .select({ id: taxDocuments.id })
    .from(taxDocuments)
    .where(eq(taxDocuments.refundId, refund.id));
  if (already) return already.id;
  const figures = parts
    ? await partFigures(tx, invoice.content, refund.orderId, parts)
    : computeCreditNote({
        invoiceLines: invoice.content.lines,
        invoiceTotals: invoice.content.totals,
        refundPaise: refund.amountPaise,
        intraState: invoice.content.intraState,
        invoiceNumber: invoice.number,
      });
  const fy = financialYear(issuedAt, s.BUSINESS_TIMEZONE);
  await assertPlausibleDate(tx, s, 'CREDIT_NOTE', issuedAt, fy);
  const content: TaxDocumentContent = {
    ...invoice.content,
    lines: figures.lines,
    totals: figures.totals,
    against: { number: invoice.number, issuedAt: invoice.issuedAt.toISOString() },
    reason: refund.reason ? `Sales return / refund: ${refund.reason}` : 'Sales return / refund',
  };
  // Numbered and inserted in one statement, as invoices are: the series row is held only from here.
  const doc = await insertNumberedIn(tx, {
    kind: 'CREDIT_NOTE',
    prefix: s.CREDIT_NOTE_PREFIX,
    financialYear: fy,
    orderId: refund.orderId,
    refundId: refund.id,
    invoiceId: invoice.id,
    issuedAt,
    content,
  });
  return doc.id;
}

/**
 * A partial refund's credit note: each refunded line against its invoice line (the invoice lists the
 * order's lines in id order, then shipping), the shipping and round-off part after them.
 */
async function partFigures(tx: Tx, content: TaxDocumentContent, orderId: string, parts: CreditParts) {
  const items = await orderLines(tx, orderId);
  const index = new Map(items.map((i, n) => [i.id, n]));
  return computePartCreditNote({
    invoiceLines: content.lines,
    invoiceTotals: content.totals,
    intraState: content.intraState,
    items: parts.items.flatMap((p) => {
      const lineIndex = index.get(p.orderItemId);
      return lineIndex === undefined
        ? []
        : [{ lineIndex, before: p.before, amountPaise: p.amountPaise, units: p.units }];
    }),
    extra: parts.extra,
    shippingLineIndex: content.lines.length > items.length ? items.length : null,
  });
}
