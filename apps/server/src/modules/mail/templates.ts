import { createRequire } from 'node:module';

// xss is CommonJS without detectable named exports, so Node's ESM loader cannot import them by name.
const xss = createRequire(import.meta.url)('xss') as typeof import('xss');

/** The default tag list, plus the presentational attributes email HTML relies on (style is CSS-filtered). */
const whiteList = Object.fromEntries(
  Object.entries(xss.getDefaultWhiteList()).map(([tag, attrs]) => [
    tag,
    [
      ...((attrs ?? []) as string[]),
      'style',
      'role',
      'align',
      'width',
      'bgcolor',
      'cellpadding',
      'cellspacing',
    ],
  ]),
);
const sanitizer = new xss.FilterXSS({ whiteList, stripIgnoreTagBody: ['script', 'style'] });

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
    '<p>We will let you know when it ships.</p>',
  ].join('\n'),
};

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
  return sanitizer.process(replaced);
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
