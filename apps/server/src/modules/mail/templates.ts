import { sanitizeEmailHtml } from './sanitize-email-html';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** Used when no 'order-confirmation' template has been saved yet. */
export const DEFAULT_ORDER_CONFIRMATION = {
  subject: 'Your order {{orderNumber}} is confirmed',
  body: [
    '<h2>Thank you for your order, {{customerName}}!</h2>',
    '<p>Your order <strong>{{orderNumber}}</strong> placed on {{orderDate}} is confirmed.</p>',
    '{{itemsTable}}',
    '<p>Subtotal: {{totalAmount}}<br>Discount: {{couponDiscount}}<br>Round off: {{roundOff}}<br><strong>Total paid: {{finalAmount}}</strong></p>',
    '<p>Payment ID: {{paymentId}}</p>',
    '<p>Shipping to: {{shippingAddress}}</p>',
    '<p><a href="{{orderLink}}">View your order</a> · <a href="{{invoiceLink}}">Download your invoice</a> (links valid until {{linksValidUntil}})</p>',
    '<p>We will let you know when it ships. <a href="{{trackLink}}">Track your order</a> any time with your order number.</p>',
  ].join('\n'),
};

/**
 * Used when no template of that name has been saved (issue 22 item 5): the shipment mails. Their
 * variables: customerName, orderNumber, courierName, awb, trackingLink (the courier's page),
 * trackPageLink (our /track), expectedDelivery, deliveryCodeNote, deliveredAt, items.
 */
export const DEFAULT_SHIPMENT_TEMPLATES = {
  'shipment-booked': {
    subject: 'Your order {{orderNumber}} has shipped',
    body: [
      '<h2>Your jewellery is on its way, {{customerName}}!</h2>',
      '<p>A parcel from your order <strong>{{orderNumber}}</strong> has been booked with {{courierName}}.</p>',
      '{{items}}',
      '<p>Tracking number (AWB): <strong>{{awb}}</strong><br>Expected delivery: {{expectedDelivery}}</p>',
      '<p><a href="{{trackingLink}}">Track it with {{courierName}}</a> · <a href="{{trackPageLink}}">Follow your order on Zevar</a></p>',
      '<p>{{deliveryCodeNote}}</p>',
    ].join('\n'),
  },
  'shipment-out-for-delivery': {
    subject: 'Your order {{orderNumber}} is out for delivery',
    body: [
      '<h2>Your parcel arrives today, {{customerName}}</h2>',
      '<p>{{courierName}} is out to deliver a parcel from your order <strong>{{orderNumber}}</strong> (AWB {{awb}}).</p>',
      '{{items}}',
      '<p>{{deliveryCodeNote}}</p>',
      '<p><a href="{{trackingLink}}">Track it with {{courierName}}</a> · <a href="{{trackPageLink}}">Follow your order on Zevar</a></p>',
    ].join('\n'),
  },
  'shipment-delivered': {
    subject: 'Your order {{orderNumber}} has been delivered',
    body: [
      '<h2>Delivered, {{customerName}}</h2>',
      '<p>A parcel from your order <strong>{{orderNumber}}</strong> was delivered on {{deliveredAt}}.</p>',
      '{{items}}',
      '<p>We hope you love it. <a href="{{trackPageLink}}">See your order</a></p>',
    ].join('\n'),
  },
} as const;
export type ShipmentTemplateName = keyof typeof DEFAULT_SHIPMENT_TEMPLATES;

/**
 * Used when no template of that name has been saved (issue 22 item 7c): the return mails. Their
 * variables: customerName, orderNumber, items, decisionNote, courierName, awb, refundAmount,
 * trackPageLink.
 */
export const DEFAULT_RETURN_TEMPLATES = {
  'return-approved': {
    subject: 'Your return for order {{orderNumber}} is approved',
    body: [
      '<h2>Your return is approved, {{customerName}}</h2>',
      '<p>We have approved your return from order <strong>{{orderNumber}}</strong>:</p>',
      '{{items}}',
      '<p>{{decisionNote}}</p>',
      '<p>A courier will collect the parcel from your delivery address. Please pack the pieces as you received them, with their certificates and tags. We will email you again when they have been inspected and refunded.</p>',
      '<p><a href="{{trackPageLink}}">Follow your return on Zevar</a></p>',
    ].join('\n'),
  },
  'return-refunded': {
    subject: 'Your refund for order {{orderNumber}}',
    body: [
      '<h2>Your return has been refunded, {{customerName}}</h2>',
      '<p>We received and inspected the pieces you returned from order <strong>{{orderNumber}}</strong>:</p>',
      '{{items}}',
      '<p>A refund of <strong>{{refundAmount}}</strong> has been sent to your original payment method. Banks usually take 5 to 7 working days to show it. A credit note follows for your records.</p>',
      '<p><a href="{{trackPageLink}}">See your order</a></p>',
    ].join('\n'),
  },
} as const;
export type ReturnTemplateName = keyof typeof DEFAULT_RETURN_TEMPLATES;

/** What a buyer is told to have at hand when a parcel is delivered only against a one-time code. */
export const DELIVERY_CODE_NOTE =
  'This parcel is delivered only against your delivery code: keep your delivery code ready, the courier will ask for it.';

/** Variables whose values are HTML we built (their parts escaped already). */
const HTML_VARIABLES = new Set(['itemsTable', 'items']);

/**
 * Replaces {{name}} (also {{ name }} and ${name}) with the variable's HTML-escaped value, then
 * sanitises the whole document, so neither a variable nor the template body can inject script.
 */
export function renderTemplate(template: string, variables: Record<string, string>): string {
  const replaced = template.replace(
    /\{\{\s*(\w+)\s*\}\}|\$\{(\w+)\}/g,
    (match, a: string | undefined, b: string | undefined) => {
      const name = (a ?? b)!;
      const value = variables[name];
      if (value === undefined) return match;
      return HTML_VARIABLES.has(name) ? value : escapeHtml(value);
    },
  );
  return sanitizeEmailHtml(replaced);
}

/** Subjects are plain text: variables substituted, tags and line breaks removed. */
export function renderSubject(template: string, variables: Record<string, string>): string {
  return template
    .replace(
      /\{\{\s*(\w+)\s*\}\}|\$\{(\w+)\}/g,
      (match, a: string | undefined, b: string | undefined) => variables[(a ?? b)!] ?? match,
    )
    .replace(/<[^>]*>/g, '')
    .replace(/[\r\n]+/g, ' ')
    .trim()
    .slice(0, 200);
}

export function itemsTableHtml(items: Array<{ name: string; quantity: number; total: string }>): string {
  const rows = items
    .map(
      (i) => `<tr><td>${escapeHtml(i.name)}</td><td>${i.quantity}</td><td>${escapeHtml(i.total)}</td></tr>`,
    )
    .join('');
  return `<table><thead><tr><th>Item</th><th>Qty</th><th>Total</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** Made-up values for every order and shipment mail variable: what the admin's preview is rendered with. */
export const SAMPLE_ORDER_VARIABLES: Record<string, string> = (() => {
  const itemsTable = itemsTableHtml([
    { name: 'Classic Gold Jhumkas', quantity: 1, total: '₹24,507.60' },
    { name: 'Ghungroo Silver Payal', quantity: 2, total: '₹3,998.00' },
  ]);
  return {
    customerName: 'Asha Rao',
    orderNumber: 'ZV261122-1A2B3C4D',
    orderId: '00000000-0000-4000-8000-000000000000',
    orderDate: '22 November 2026',
    totalAmount: '₹28,505.60',
    subtotal: '₹28,505.60',
    couponDiscount: '₹500.00',
    discount: '₹500.00',
    shippingCost: '₹0.00',
    roundOff: '₹0.40',
    finalAmount: '₹28,006.00',
    total: '₹28,006.00',
    paymentId: 'pay_SAMPLE123',
    vendorSlug: 'zevar',
    vendorName: 'Zevar',
    shippingAddress: 'Asha Rao, 12 Residency Road, Bengaluru, Karnataka, 560025, India, 9876543210',
    itemsTable,
    items: itemsTable,
    courierName: 'Blue Dart',
    awb: 'SB1234567890',
    trackingLink: 'https://www.shiprocket.in/shipment-tracking/',
    trackPageLink: 'https://zevar.example/zevar/track?order=ZV261122-1A2B3C4D',
    expectedDelivery: 'Mon, 30 Nov',
    deliveryCodeNote: DELIVERY_CODE_NOTE,
    deliveredAt: '30 November 2026, 2:15 pm',
    trackLink: 'https://zevar.example/zevar/track?order=ZV261122-1A2B3C4D',
  };
})();

/**
 * The one-time link as text too: mail clients (and our sanitiser, for http:// in development) may
 * drop a link, never the address typed out. Added to a saved template that does not place {{link}}.
 */
export const LINK_AS_TEXT = '<p>If the link does not open, copy this address into your browser: {{link}}</p>';

/** Used when no 'staff-invite' template has been saved (decision 0043). */
export const DEFAULT_STAFF_INVITE = {
  subject: 'You are invited to the Zevar back office',
  body: [
    '<h2>Hello {{name}},</h2>',
    '<p>{{invitedBy}} has invited you to the Zevar back office with these roles: {{roles}}.</p>',
    '<p><a href="{{link}}">Accept the invitation</a> to choose your username and password.</p>',
    '<p>The link works once, until {{expiresAt}}. If you did not expect it, ignore this mail.</p>',
    LINK_AS_TEXT,
  ].join('\n'),
};

/** Used when no 'password-reset' template has been saved (decision 0043). */
export const DEFAULT_PASSWORD_RESET = {
  subject: 'Reset your Zevar password',
  body: [
    '<h2>Hello {{name}},</h2>',
    '<p>Someone (we hope you) asked to reset the password of the account {{username}}.</p>',
    '<p><a href="{{link}}">Choose a new password</a>. The link works once, for {{minutes}} minutes.</p>',
    '<p>If you did not ask for it, ignore this mail: your password stays as it is.</p>',
    LINK_AS_TEXT,
  ].join('\n'),
};
