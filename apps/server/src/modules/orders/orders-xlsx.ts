import type { XlsxColumn } from '../../lib/xlsx';
import type { OrderExportRow } from './orders-admin.service';

/**
 * Columns of orders.xlsx: one row per order, amounts in rupees, dates in the business timezone
 * (sendXlsx), and the invoice's number, taxable value and GST split for the books.
 */
export const ORDER_XLSX_COLUMNS: XlsxColumn<OrderExportRow>[] = [
  { header: 'Order #', width: 22, value: (o) => o.orderNumber },
  { header: 'Date', width: 18, value: (o) => new Date(o.orderDate) },
  { header: 'Paid At', width: 18, value: (o) => (o.paymentDate ? new Date(o.paymentDate) : null) },
  { header: 'Invoice No.', width: 20, value: (o) => o.invoice?.number ?? '' },
  { header: 'Customer', width: 24, value: (o) => o.customerName },
  { header: 'Email', width: 28, value: (o) => o.customerEmail },
  { header: 'Phone', width: 14, value: (o) => o.customerPhone },
  { header: 'Vendor', width: 22, value: (o) => o.vendor?.name ?? '' },
  { header: 'Status', width: 16, value: (o) => o.status },
  { header: 'Payment Status', width: 16, value: (o) => o.paymentStatus },
  { header: 'Payment ID', width: 24, value: (o) => o.paymentId ?? '' },
  {
    header: 'Items',
    width: 40,
    value: (o) => o.orderItems.map((i) => `${i.productName} (${i.productSku}) x ${i.quantity}`).join('; '),
  },
  { header: 'Subtotal', width: 12, value: (o) => o.totalAmount },
  { header: 'Discount', width: 12, value: (o) => o.couponDiscount },
  { header: 'Shipping', width: 12, value: (o) => o.shippingCost },
  { header: 'Total', width: 12, value: (o) => o.finalAmount },
  { header: 'Taxable Value', width: 14, value: (o) => o.invoice?.taxableValue ?? null },
  { header: 'CGST', width: 12, value: (o) => o.invoice?.cgst ?? null },
  { header: 'SGST', width: 12, value: (o) => o.invoice?.sgst ?? null },
  { header: 'IGST', width: 12, value: (o) => o.invoice?.igst ?? null },
  { header: 'City', width: 16, value: (o) => o.shippingAddress.city },
  { header: 'State', width: 16, value: (o) => o.shippingAddress.state },
  { header: 'Postal Code', width: 12, value: (o) => o.shippingAddress.postalCode },
];
