import type { AdminOrder } from '@zevar/domain';
import type { XlsxColumn } from '../../lib/xlsx';

/** Columns of orders.xlsx: one row per order, amounts in rupees. */
export const ORDER_XLSX_COLUMNS: XlsxColumn<AdminOrder>[] = [
  { header: 'Order #', width: 22, value: (o) => o.orderNumber },
  { header: 'Date', width: 20, value: (o) => new Date(o.orderDate) },
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
  { header: 'City', width: 16, value: (o) => o.shippingAddress.city },
  { header: 'State', width: 16, value: (o) => o.shippingAddress.state },
  { header: 'Postal Code', width: 12, value: (o) => o.shippingAddress.postalCode },
];
