import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createProduct, createVendor } from '../../test/factories';
import { orderBody } from '../../test/payment-journey';
import type { PaymentGateway } from '../modules/payments/gateway';

/** A provider failure whose error carries a failed query's parameters, as database errors do. */
const failingGateway = {
  mode: 'sandbox',
  createOrder: async () => {
    throw new Error(
      'Failed query: insert into "orders" ("customer_name", "customer_email") values ($1, $2)\nparams: Asha Rao,asha@example.in,9876543210,12 Residency Road',
    );
  },
} as unknown as PaymentGateway;

describe('server logs and shoppers', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'trace' },
      payments: failingGateway,
      logStream: { write: (line: string) => void lines.push(line) },
    });
  });
  afterAll(async () => t.close());

  it("never contain a shopper's name, email, phone or address, even when an order fails", async () => {
    const vendor = await createVendor(t.app, t.db);
    const product = await createProduct(t.db, { stock: 2 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/initiate-order',
      payload: orderBody(vendor.slug, [{ productSku: product.sku, quantity: 1 }]),
    });
    expect(res.statusCode).toBe(502);
    const log = lines.join('');
    expect(log).toContain('creating the provider order failed');
    expect(log).toContain('Failed query');
    for (const personal of ['Asha', 'asha@example.in', '9876543210', 'Residency', '560025'])
      expect(log, personal).not.toContain(personal);
  });
});
