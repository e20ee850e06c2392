import { chromium, request as pwRequest, type Page } from '@playwright/test';
const BASE = 'http://127.0.0.1:4250';
const OUT = '/tmp/jewel-invoice/shots';
const api = await pwRequest.newContext({ baseURL: BASE });
const product = await (await api.get(`/api/products/name/${encodeURIComponent('infinity couple ring')}?vendorSlug=zevar`)).json();
const sku = product.sku as string;
async function checkout() {
  const c = await api.post('/api/checkout?vendorSlug=zevar', { data: [{ productSku: sku, quantity: 1 }] });
  return ((await c.json()) as { checkoutId: string }).checkoutId;
}
async function paidOrder(state: string) {
  const checkoutId = await checkout();
  const address = { fullName: 'Asha Rao', street: '12 Residency Road', city: state === 'Maharashtra' ? 'Pune' : 'Bengaluru', state, country: 'India', postalCode: '560025', phone: '9876543210' };
  const init = await api.post('/api/orders/initiate-order', { data: {
    customerName: 'Asha Rao', customerEmail: 'asha@example.in', customerPhone: '9876543210', vendorSlug: 'zevar', checkoutId,
    orderItems: [{ productSku: sku, quantity: 1 }], paymentMethod: 'RAZORPAY', shippingAddress: address, appliedCoupons: [],
    buyerPan: 'ABCPE1234F', buyerGstin: '29AAGCB7383J1Z4'.length ? undefined : undefined } });
  const j = await init.json();
  if (!init.ok()) throw new Error(JSON.stringify(j));
  const paid = await (await api.post('/sandbox/pay', { data: { orderId: j.razorpayOrderId } })).json();
  const q = new URLSearchParams({ razorpayOrderId: paid.razorpay_order_id, razorpayPaymentId: paid.razorpay_payment_id, razorpaySignature: paid.razorpay_signature });
  await api.post(`/api/orders/confirm-payment?${q}`);
  return j as { orderId: string; orderNumber: string };
}
const o1 = await paidOrder('Karnataka');
const o2 = await paidOrder('Maharashtra');
const pdf = await api.get(`/api/orders/byId/${o1.orderId}/invoice`);
const { writeFileSync } = await import('node:fs');
writeFileSync(`${OUT}/real-invoice.pdf`, await pdf.body());
const pdf2 = await api.get(`/api/orders/byId/${o2.orderId}/invoice`);
writeFileSync(`${OUT}/real-invoice-intra.pdf`, await pdf2.body());

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
async function shot(width: number, name: string, fn: (p: Page) => Promise<void>) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await fn(page);
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${OUT}/${name}-${width}.png`, fullPage: true });
  await page.close();
}
for (const w of [390, 1280]) {
  const cid = await checkout();
  await shot(w, 'checkout', async (p) => {
    await p.goto(`${BASE}/zevar/checkout/${cid}`);
    await p.getByLabel('Full Name').fill('Asha Rao');
    await p.getByLabel('PAN').fill('abcpe1234');
    await p.getByLabel('GSTIN (optional)').fill('27AAPFU0939F1ZW');
    await p.getByLabel('GSTIN (optional)').blur();
    await p.getByLabel('PAN').blur();
  });
  await shot(w, 'payment-status', async (p) => {
    await p.goto(`${BASE}/zevar/payment-status?orderId=${o1.orderId}&status=success`);
    await p.getByRole('link', { name: 'Download invoice' }).waitFor();
  });
}
// admin
const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
const page = await ctx.newPage();
await page.goto(`${BASE}/login`);
await page.getByLabel('Username').fill('shotadmin');
await page.getByLabel('Password', { exact: true }).fill('Str0ng@Pass1');
await page.getByRole('button', { name: 'Login' }).click();
await page.getByRole('button', { name: 'OK' }).click();
await page.waitForTimeout(1500);
console.log('after login', page.url());
for (const w of [1280, 390]) {
  await page.setViewportSize({ width: w, height: 900 });
  await page.goto(`${BASE}/admin`);
  await page.getByRole('button', { name: 'Invoices' }).first().click().catch(async () => {
    console.log('no invoices button at', w);
  });
  await page.getByText('ZV/26-27/000001').first().waitFor({ timeout: 10000 }).catch(() => console.log('no series row'));
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${OUT}/admin-invoices-${w}.png`, fullPage: true });
  await page.goto(`${BASE}/admin`);
  await page.getByRole('button', { name: 'Orders' }).first().click().catch(() => console.log('no orders btn'));
  await page.getByRole('button', { name: `View order ${o1.orderNumber}` }).first().click();
  await page.getByRole('region', { name: 'Tax Invoice' }).waitFor();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${OUT}/admin-order-${w}.png`, fullPage: true });
  await page.goto(`${BASE}/admin`);
  await page.getByRole('button', { name: 'Categories' }).first().click().catch(() => console.log('no categories btn'));
  await page.getByLabel('HSN Code').fill('7113');
  await page.getByLabel('HSN Code').blur();
  await page.getByRole('button', { name: 'Add Category' }).click().catch(() => {});
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${OUT}/admin-category-${w}.png`, fullPage: false });
}
await browser.close();
await api.dispose();
