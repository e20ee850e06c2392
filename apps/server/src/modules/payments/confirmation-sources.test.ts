import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createProduct, createVendor } from '../../../test/factories';
import { confirmUrl, initiate, orderBody, sandboxPay } from '../../../test/payment-journey';
import { emailOutbox, emailTemplates } from '../../db/schema';

/*
 * The confirmation mail is made from the saved template and the shop's names, read in one statement
 * since decision 0089 (`confirmation-sources.read-model.ts`): the saved subject and body are used,
 * the shop is named by its business name, else its name, and without a saved template the default.
 */
describe('the confirmation mail is made from the saved template and the shop', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const paidOrderMail = async (vendor: { slug: string }) => {
    const p = await createProduct(t.db, { stock: 5 });
    const init = await initiate(t.app, orderBody(vendor.slug, [{ productSku: p.sku, quantity: 1 }]));
    expect(init.statusCode, init.body).toBe(200);
    const { orderId, razorpayOrderId } = init.json() as { orderId: string; razorpayOrderId: string };
    const confirm = await t.app.inject({
      method: 'POST',
      url: confirmUrl(await sandboxPay(t.app, razorpayOrderId)),
    });
    expect(confirm.json(), confirm.body).toEqual({ status: 'success' });
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `order-confirmation:${orderId}`));
    return mail!;
  };

  it('uses the saved template and names the shop by its business name, else its name', async () => {
    await t.db.delete(emailTemplates).where(eq(emailTemplates.name, 'order-confirmation'));
    await t.db.insert(emailTemplates).values({
      name: 'order-confirmation',
      subject: 'Saved: {{vendorName}} has your order {{orderNumber}}',
      body: '<p>Saved body from {{vendorName}}</p>',
    });
    const named = await createVendor(t.app, t.db, { plan: 'PREMIUM', businessName: 'Rao Gold House' });
    const mail = await paidOrderMail(named);
    expect(mail.subject).toMatch(/^Saved: Rao Gold House has your order \S+$/);
    expect(mail.html).toContain('Saved body from Rao Gold House');

    const unnamed = await createVendor(t.app, t.db, {
      plan: 'PREMIUM',
      businessName: null,
      name: 'Asha Rao',
    });
    expect((await paidOrderMail(unnamed)).subject).toMatch(/^Saved: Asha Rao has your order/);
  });

  it('without a saved template the default is used', async () => {
    await t.db.delete(emailTemplates).where(eq(emailTemplates.name, 'order-confirmation'));
    const vendor = await createVendor(t.app, t.db, { plan: 'PREMIUM', businessName: 'Rao Gold House' });
    const mail = await paidOrderMail(vendor);
    expect(mail.subject).not.toContain('Saved');
    expect(mail.subject.length).toBeGreaterThan(0);
  });
});
