import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createAdminUser, createVendor, type Actor } from '../../test/factories';
import type { RouteRule } from './auth';

/**
 * Who may call each route (ARCHITECTURE §4.7), reviewed by hand. A route added or loosened without
 * updating this table fails the first test; the others check the guards really enforce it.
 */
const EXPECTED = `
DELETE /api/category/:id MANAGE_CATEGORIES
DELETE /api/checkout/applyCoupon/:id public
DELETE /api/coupon-codes/:id SUPER_ADMIN
DELETE /api/email-templates/:id SUPER_ADMIN
DELETE /api/image/uploads/:name any:MANAGE_PRODUCTS|MANAGE_CATEGORIES|MANAGE_CAROUSEL
DELETE /api/metals/:id SUPER_ADMIN
DELETE /api/metals/:id/purities/:purityId SUPER_ADMIN
DELETE /api/products/:id MANAGE_PRODUCTS
DELETE /api/reviews/:id SUPER_ADMIN
DELETE /api/user/:id admin
DELETE /api/user/sessions/:sessionId authenticated
DELETE /api/vendor-payouts/:id SUPER_ADMIN
DELETE /api/vendor-plan/:id SUPER_ADMIN
GET /api/admin/payment-links MANAGE_ORDERS
GET /api/admin/today admin
GET /api/analytics/vendor/:vendorId authenticated
GET /api/audit VIEW_AUDIT
GET /api/carousels/home MANAGE_CAROUSEL
GET /api/carousels/images/:plan public
GET /api/category public
GET /api/category/:id/subcategories public
GET /api/category/name/:name public
GET /api/category/plan/:plan public
GET /api/category/plan/:plan/id/:id public
GET /api/checkout/:id public
GET /api/config public
GET /api/coupon-codes public
GET /api/coupon-codes/:id public
GET /api/coupon-codes/admin SUPER_ADMIN
GET /api/coupon-codes/code/:code public
GET /api/customers any:MANAGE_ORDERS|VIEW_DETAILS
GET /api/customers/:key any:MANAGE_ORDERS|VIEW_DETAILS
GET /api/customers/download any:MANAGE_ORDERS|VIEW_DETAILS
GET /api/delivery-estimate public
GET /api/email-templates SUPER_ADMIN
GET /api/email-templates/:id SUPER_ADMIN
GET /api/email-templates/name/:name SUPER_ADMIN
GET /api/exists public
GET /api/health public
GET /api/image/:name public
GET /api/invoices MANAGE_ORDERS
GET /api/invoices/seller MANAGE_ORDERS
GET /api/jobs/failed SUPER_ADMIN
GET /api/kyc any:MANAGE_USERS|MANAGE_VENDORS|VIEW_DETAILS
GET /api/kyc/ifsc/:code authenticated
GET /api/kyc/me vendor
GET /api/kyc/vendor/:vendorId any:MANAGE_USERS|MANAGE_VENDORS|VIEW_DETAILS
GET /api/mail/outbox SUPER_ADMIN
GET /api/metal-rates public
GET /api/metal-rates/history public
GET /api/metals public
GET /api/metals/:id public
GET /api/metals/:id/history SUPER_ADMIN
GET /api/metals/:id/preview SUPER_ADMIN
GET /api/metals/prices public
GET /api/orders/:orderNumber/notes MANAGE_ORDERS
GET /api/orders/admin/:orderNumber MANAGE_ORDERS
GET /api/orders/byId/:id public
GET /api/orders/byId/:id/credit-notes/:creditNoteId order-holder|MANAGE_ORDERS
GET /api/orders/byId/:id/invoice order-holder|MANAGE_ORDERS
GET /api/orders/byId/:id/tax-documents order-holder|MANAGE_ORDERS
GET /api/orders/download MANAGE_ORDERS
GET /api/orders/paginated MANAGE_ORDERS
GET /api/orders/vendor/:vendorId authenticated
GET /api/payout-runs MANAGE_VENDORS
GET /api/payout-runs/:id MANAGE_VENDORS
GET /api/products public
GET /api/products/:id public
GET /api/products/:id/assurance public
GET /api/products/:id/certificate public
GET /api/products/:id/references MANAGE_PRODUCTS
GET /api/products/:id/stock-adjustments MANAGE_PRODUCTS
GET /api/products/admin MANAGE_PRODUCTS
GET /api/products/category public
GET /api/products/category/:categoryId/vendorPlan/:plan public
GET /api/products/category/:id public
GET /api/products/exists/:name public
GET /api/products/export MANAGE_PRODUCTS
GET /api/products/metalType public
GET /api/products/name/:name public
GET /api/products/paged public
GET /api/products/recent public
GET /api/products/sale public
GET /api/products/search public
GET /api/products/search/:keyword public
GET /api/products/sku/:sku public
GET /api/products/slug/:slug public
GET /api/products/special-offers public
GET /api/products/top10 public
GET /api/products/trending public
GET /api/products/variantGroup/:id public
GET /api/products/vendorPlan/:plan public
GET /api/quotes/:code public
GET /api/ready public
GET /api/reports/gst-sales-register MANAGE_ORDERS
GET /api/reports/gst-sales-register/csv MANAGE_ORDERS
GET /api/reports/gst-sales-register/xlsx MANAGE_ORDERS
GET /api/reports/tax-documents MANAGE_ORDERS
GET /api/returns any:MANAGE_ORDERS|VIEW_DETAILS
GET /api/returns-policy public
GET /api/returns-policy/admin SUPER_ADMIN
GET /api/returns/:id any:MANAGE_ORDERS|VIEW_DETAILS
GET /api/returns/orders/:orderNumber any:MANAGE_ORDERS|VIEW_DETAILS
GET /api/reviews SUPER_ADMIN
GET /api/reviews/admin/products SUPER_ADMIN
GET /api/reviews/product/:productId public
GET /api/settlement/balances MANAGE_VENDORS
GET /api/settlement/vendor/:vendorId/balance authenticated
GET /api/settlement/vendor/:vendorId/statement authenticated
GET /api/settlement/vendor/:vendorId/statement.pdf authenticated
GET /api/shipping/desk any:MANAGE_ORDERS|VIEW_DETAILS
GET /api/shipping/desk/shops any:MANAGE_ORDERS|VIEW_DETAILS
GET /api/shipping/manifest MANAGE_ORDERS
GET /api/shipping/orders/:orderNumber any:MANAGE_ORDERS|VIEW_DETAILS
GET /api/shipping/shipments/:id any:MANAGE_ORDERS|VIEW_DETAILS
GET /api/shipping/shipments/:id/label MANAGE_ORDERS
GET /api/shipping/shipments/:id/packing-slip MANAGE_ORDERS
GET /api/shipping/shipments/:id/rates MANAGE_ORDERS
GET /api/sms/messages SUPER_ADMIN
GET /api/tds/entries MANAGE_VENDORS
GET /api/tds/months MANAGE_VENDORS
GET /api/tds/return.csv MANAGE_VENDORS
GET /api/tds/vendor/:vendorId/certificate.pdf authenticated
GET /api/tds/vendor/:vendorId/entries authenticated
GET /api/track public
GET /api/track/returns public
GET /api/user any:MANAGE_USERS|MANAGE_VENDORS|VIEW_DETAILS
GET /api/user/:id authenticated
GET /api/user/:id/shop-face authenticated
GET /api/user/admins/paginated MANAGE_USERS
GET /api/user/check-username public
GET /api/user/download any:MANAGE_USERS|MANAGE_VENDORS|VIEW_DETAILS
GET /api/user/invites/lookup public
GET /api/user/password-reset/lookup public
GET /api/user/plans public
GET /api/user/search-by-name any:MANAGE_USERS|MANAGE_VENDORS|VIEW_DETAILS
GET /api/user/second-factor authenticated
GET /api/user/sessions authenticated
GET /api/user/vendor-plan/:slug public
GET /api/user/vendors/by-date any:MANAGE_USERS|MANAGE_VENDORS|VIEW_DETAILS
GET /api/user/vendors/by-date-range any:MANAGE_USERS|MANAGE_VENDORS|VIEW_DETAILS
GET /api/user/vendors/paginated any:MANAGE_USERS|MANAGE_VENDORS|VIEW_DETAILS
GET /api/vendor-payouts any:MANAGE_USERS|MANAGE_VENDORS|VIEW_DETAILS
GET /api/vendor-payouts/:id authenticated
GET /api/vendor-payouts/download any:MANAGE_USERS|MANAGE_VENDORS|VIEW_DETAILS
GET /api/vendor-payouts/vendor/:vendorId authenticated
GET /api/vendor-payouts/vendor/:vendorId/preview any:MANAGE_USERS|MANAGE_VENDORS|VIEW_DETAILS
GET /api/vendor-plan public
GET /api/vendor-plan/:id public
GET /api/vendor-plan/admin SUPER_ADMIN
GET /api/vendor/payment-links vendor
GET /api/vendor/products vendor
GET /api/vendor/quotes vendor
GET /api/vendors/slug/:slug public
PATCH /api/checkout/applyCoupon/:id public
PATCH /api/orders/:orderNumber/payment MANAGE_ORDERS
PATCH /api/orders/:orderNumber/shipping-state MANAGE_ORDERS
PATCH /api/orders/:orderNumber/status MANAGE_ORDERS
POST /api/admin/payment-links/:id/cancel MANAGE_ORDERS
POST /api/admin/quotes/:code/payment-links MANAGE_ORDERS
POST /api/cart/quote public
POST /api/category MANAGE_CATEGORIES
POST /api/certificate/uploads MANAGE_PRODUCTS
POST /api/checkout public
POST /api/checkout/:id/reprice public
POST /api/coupon-codes SUPER_ADMIN
POST /api/coupon-codes/apply public
POST /api/customers/:key/notes MANAGE_ORDERS
POST /api/email-templates SUPER_ADMIN
POST /api/email-templates/preview SUPER_ADMIN
POST /api/image/review-uploads public
POST /api/image/uploads any:MANAGE_PRODUCTS|MANAGE_CATEGORIES|MANAGE_CAROUSEL
POST /api/kyc/vendor/:vendorId/approve MANAGE_VENDORS
POST /api/kyc/vendor/:vendorId/reject MANAGE_VENDORS
POST /api/kyc/vendor/:vendorId/verify MANAGE_VENDORS
POST /api/mail/outbox/:id/resend SUPER_ADMIN
POST /api/mail/outbox/:id/retry SUPER_ADMIN
POST /api/metals SUPER_ADMIN
POST /api/metals/:id/purities SUPER_ADMIN
POST /api/metals/:id/purities/:purityId/preview SUPER_ADMIN
POST /api/orders/:id/cancel-payment public
POST /api/orders/:id/payment-window public
POST /api/orders/:orderNumber/notes MANAGE_ORDERS
POST /api/orders/:orderNumber/refunds MANAGE_ORDERS
POST /api/orders/:orderNumber/refunds/:refundId/retry MANAGE_ORDERS
POST /api/orders/confirm-payment public
POST /api/orders/initiate-order public
POST /api/payout-runs MANAGE_VENDORS
POST /api/payout-runs/:id/approve MANAGE_VENDORS
POST /api/payout-runs/:id/cancel MANAGE_VENDORS
POST /api/products MANAGE_PRODUCTS
POST /api/products/:id/restore MANAGE_PRODUCTS
POST /api/products/:id/stock-adjustments MANAGE_PRODUCTS
POST /api/products/:id/views public
POST /api/products/bulk MANAGE_PRODUCTS
POST /api/products/import/apply MANAGE_PRODUCTS
POST /api/products/import/check MANAGE_PRODUCTS
POST /api/quotes/:code/checkout public
POST /api/quotes/:code/open public
POST /api/returns/:id/decision MANAGE_ORDERS
POST /api/returns/:id/inspection MANAGE_ORDERS
POST /api/returns/:id/pickup MANAGE_ORDERS
POST /api/returns/:id/send-back MANAGE_ORDERS
POST /api/reviews public
POST /api/shipping/orders/:orderNumber/shipments MANAGE_ORDERS
POST /api/shipping/pickups MANAGE_ORDERS
POST /api/shipping/sandbox/:awb/events MANAGE_ORDERS
POST /api/shipping/shipments/:id/book MANAGE_ORDERS
POST /api/shipping/shipments/:id/cancel MANAGE_ORDERS
POST /api/shipping/shipments/:id/inspection MANAGE_ORDERS
POST /api/shipping/shipments/book MANAGE_ORDERS
POST /api/subscriptions/subscribe vendor
POST /api/subscriptions/verify-subscription-payment vendor
POST /api/tds/challans MANAGE_VENDORS
POST /api/track/code public
POST /api/track/returns public
POST /api/track/verify public
POST /api/user/:id/confirm-bank MANAGE_VENDORS
POST /api/user/:id/reset-password admin
POST /api/user/:id/second-factor/reset SUPER_ADMIN
POST /api/user/:id/shop-face/images authenticated
POST /api/user/:id/sign-out-everywhere admin
POST /api/user/change-password authenticated
POST /api/user/forgot-password public
POST /api/user/invites MANAGE_USERS
POST /api/user/invites/accept public
POST /api/user/login public
POST /api/user/login/second-factor public
POST /api/user/logout authenticated
POST /api/user/password-reset public
POST /api/user/reauth authenticated
POST /api/user/register public
POST /api/user/second-factor/confirm authenticated
POST /api/user/second-factor/disable authenticated
POST /api/user/second-factor/enrol authenticated
POST /api/user/second-factor/recovery-codes authenticated
POST /api/user/vendors/update-plan MANAGE_VENDORS
POST /api/user/verify public
POST /api/vendor-payouts MANAGE_VENDORS
POST /api/vendor-payouts/:id/utr MANAGE_VENDORS
POST /api/vendor-plan SUPER_ADMIN
POST /api/vendor/payment-links/:id/cancel vendor
POST /api/vendor/quotes vendor
POST /api/vendor/quotes/:code/payment-links vendor
POST /api/webhooks/carrier public
POST /api/webhooks/payouts public
POST /api/webhooks/razorpay public
PUT /api/carousels/home/addImage MANAGE_CAROUSEL
PUT /api/carousels/home/removeImage MANAGE_CAROUSEL
PUT /api/carousels/home/updateImage MANAGE_CAROUSEL
PUT /api/category/:id MANAGE_CATEGORIES
PUT /api/coupon-codes/:id SUPER_ADMIN
PUT /api/email-templates/:id SUPER_ADMIN
PUT /api/kyc/me vendor
PUT /api/metals/:id SUPER_ADMIN
PUT /api/metals/:id/purities/:purityId SUPER_ADMIN
PUT /api/metals/prices SUPER_ADMIN
PUT /api/products/:id MANAGE_PRODUCTS
PUT /api/returns-policy SUPER_ADMIN
PUT /api/reviews/:id SUPER_ADMIN
PUT /api/reviews/:id/status SUPER_ADMIN
PUT /api/user/:id authenticated
PUT /api/user/:id/activate admin
PUT /api/user/:id/deactivate admin
PUT /api/user/:id/shop-face authenticated
PUT /api/vendor-plan/:id SUPER_ADMIN
`;

const UUID = '00000000-0000-4000-8000-000000000000';
/** A concrete URL for a route pattern: numeric-looking ids, a uuid where an order or checkout id goes. */
const concrete = (url: string) =>
  url.replace(/:(\w+)/g, (_m, name: string) =>
    /^(id|checkoutId)$/.test(name) && /orders|checkout/.test(url)
      ? UUID
      : name === 'name' || name === 'slug' || name === 'orderNumber' || name === 'code'
        ? 'x'
        : '1',
  );

describe('authorization matrix over every route', () => {
  let t: TestApp;
  let vendor: Actor;
  let catalogueAdmin: Actor;
  beforeAll(async () => {
    t = await createTestApp();
    vendor = await createVendor(t.app, t.db);
    catalogueAdmin = await createAdminUser(t.app, t.db, ['MANAGE_PRODUCTS']);
  });
  afterAll(async () => t.close());

  const call = (rule: RouteRule, who?: Actor) =>
    t.app.inject({
      method: rule.method as 'GET',
      url: concrete(rule.url),
      headers: who?.headers ?? {},
      payload: rule.method === 'GET' || rule.method === 'DELETE' ? undefined : {},
    });

  it('declares exactly the reviewed access rule on every route', () => {
    const fmt = (a: RouteRule['access']) =>
      typeof a === 'string'
        ? a
        : 'orOrderHolder' in a
          ? `order-holder|${a.permission}`
          : 'permission' in a
            ? a.permission
            : `any:${a.anyPermission.join('|')}`;
    const actual = t.app.accessRules.map((r) => `${r.method} ${r.url} ${fmt(r.access)}`).sort();
    expect(actual).toEqual(EXPECTED.trim().split('\n'));
  });

  it('answers 401 to an anonymous caller on every non-public route, before reading its input', async () => {
    for (const rule of t.app.accessRules.filter((r) => r.access !== 'public')) {
      const res = await call(rule);
      expect(res.statusCode, `${rule.method} ${rule.url}`).toBe(401);
      expect(res.json(), `${rule.method} ${rule.url}`).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  it('answers 403 to a vendor on every admin route', async () => {
    const adminOnly = t.app.accessRules.filter((r) => r.access === 'admin' || typeof r.access === 'object');
    expect(adminOnly.length).toBeGreaterThan(30);
    for (const rule of adminOnly) {
      const res = await call(rule, vendor);
      expect(res.statusCode, `${rule.method} ${rule.url}`).toBe(403);
    }
  });

  it('answers 403 to an admin without the permission a route needs', async () => {
    const needsOther = t.app.accessRules.filter((r) => {
      if (typeof r.access !== 'object') return false;
      const needed = 'permission' in r.access ? [r.access.permission] : r.access.anyPermission;
      return !needed.includes('MANAGE_PRODUCTS');
    });
    expect(needsOther.length).toBeGreaterThan(15);
    for (const rule of needsOther) {
      const res = await call(rule, catalogueAdmin);
      expect(res.statusCode, `${rule.method} ${rule.url}`).toBe(403);
    }
  });

  it('answers 403 to an admin on vendor-only routes', async () => {
    for (const rule of t.app.accessRules.filter((r) => r.access === 'vendor')) {
      const res = await call(rule, catalogueAdmin);
      expect(res.statusCode, `${rule.method} ${rule.url}`).toBe(403);
    }
  });

  it('answers an id beyond the database integer range with a 4xx on every route, never a 500', async () => {
    const admin = await createAdminUser(t.app, t.db, ['SUPER_ADMIN']);
    const withNumericIds = t.app.accessRules.filter((r) =>
      /:(id|vendorId|productId|categoryId)\b/.test(r.url),
    );
    expect(withNumericIds.length).toBeGreaterThan(20);
    for (const rule of withNumericIds) {
      const url = rule.url
        .replace(/:(id|vendorId|productId|categoryId)\b/g, '99999999999')
        .replace(/:\w+/g, 'x');
      const res = await t.app.inject({
        method: rule.method as 'GET',
        url,
        headers: admin.headers,
        payload: rule.method === 'GET' || rule.method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, `${rule.method} ${url}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${rule.method} ${url}`).toBeLessThan(500);
    }
  });
});
