// Roles for the pass: anonymous, a shopper holding an order key, two vendors (A's objects are
// attacked by B), and one admin per permission (invited by the super admin, through the mail link).
import { call, signIn, demoPasswords, outboxMails, rnd, SINGLE_PERMISSION_ROLES } from './lib.mjs';

const PASSWORD = 'Attack-Pass-3-Role!9x';

function newestMailLink(dataDir, email, kind) {
  for (const text of outboxMails(dataDir, email)) {
    const m = new RegExp(`/${kind}\\?token=([\\w-]+)`).exec(text);
    if (m) return m[1];
  }
  return undefined;
}

export async function setUp(base, { logFile, dataDir }) {
  const pw = demoPasswords(logFile);
  const roles = { anonymous: {} };
  const saName = process.env.ATTACK_SUPER_ADMIN ?? 'demo-admin';
  const saPassword = saName === 'admin' ? 'Attack-Pass-3-admin!' : pw[saName];
  const superAdmin = await signIn(base, saName, saPassword);
  roles.SUPER_ADMIN = superAdmin;
  roles.CATALOGUE = await signIn(base, 'demo-catalogue', pw['demo-catalogue']);
  roles.vendorA = await signIn(base, 'zevar', pw.zevar);
  roles.vendorB = await signIn(base, 'demo-free', pw['demo-free']);
  const reauth = await call(base, 'POST', '/api/user/reauth', {
    body: { password: saPassword },
    headers: { authorization: superAdmin.authorization },
  });
  if (reauth.status !== 200) throw new Error(`reauth ${reauth.status} ${reauth.body}`);
  const sa = { authorization: reauth.json?.token ? `Bearer ${reauth.json.token}` : superAdmin.authorization };
  roles.SUPER_ADMIN.authorization = sa.authorization;
  // Admins invited by an earlier run are signed in again (invite acceptance is rate-limited).
  const known = await call(base, 'GET', '/api/user/admins/paginated?page=0&size=100&limit=100', {
    headers: sa,
  });
  const listed = known.json?.content ?? known.json?.users ?? known.json?.items ?? [];
  for (const role of SINGLE_PERMISSION_ROLES) {
    const prefix = `atk-${role.toLowerCase().replace(/_/g, '-')}-`;
    const earlier = listed.filter(
      (u) => u.username?.startsWith(prefix) && u.username.length === prefix.length + 6,
    );
    let signedIn;
    for (const u of earlier) {
      try {
        signedIn = await signIn(base, u.username, PASSWORD);
        break;
      } catch {
        // its password or second factor is not this run's: try the next one
      }
    }
    if (signedIn) {
      roles[role] = signedIn;
      continue;
    }
    const tag = rnd(3);
    const email = `${role.toLowerCase().replace(/_/g, '-')}-${tag}@attack.test`;
    const inv = await call(base, 'POST', '/api/user/invites', {
      body: { email, name: `Attack ${role}`, roles: [role] },
      headers: sa,
    });
    if (inv.status >= 300) throw new Error(`invite ${role}: ${inv.status} ${inv.body}`);
    let token;
    for (let i = 0; i < 50 && !token; i++) {
      token = newestMailLink(dataDir, email, 'accept-invite');
      if (!token) await new Promise((r) => setTimeout(r, 500));
    }
    if (!token) throw new Error(`no invite mail for ${email}`);
    const username = `atk-${role.toLowerCase().replace(/_/g, '-')}-${tag}`;
    const acc = await call(base, 'POST', '/api/user/invites/accept', {
      body: { token, username, password: PASSWORD },
    });
    if (acc.status >= 300) throw new Error(`accept ${role}: ${acc.status} ${acc.body}`);
    roles[role] = await signIn(base, username, PASSWORD);
  }
  return { roles, passwords: pw };
}

/** Vendor A's product with stock, as the shop lists it. */
export async function productsOf(base, vendor) {
  const r = await call(base, 'GET', '/api/vendor/products?page=1&limit=50', {
    headers: { authorization: vendor.authorization },
  });
  const list = r.json?.products ?? r.json?.content ?? r.json?.items ?? r.json;
  return Array.isArray(list) ? list : [];
}

export const shopperAddress = {
  fullName: 'Asha Rao',
  street: '12 Residency Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  postalCode: '560025',
  phone: '9876543210',
};
export const orderBody = (vendorSlug, items, extra = {}) => ({
  customerName: 'Asha Rao',
  customerEmail: `asha-${rnd(3)}@example.in`,
  customerPhone: '9876543210',
  vendorSlug,
  orderItems: items,
  paymentMethod: 'RAZORPAY',
  shippingAddress: shopperAddress,
  appliedCoupons: [],
  ...extra,
});

/** A paid order (sandbox): answers what initiate answered plus the confirm answer. */
export async function paidOrder(base, vendorSlug, items, headers = {}) {
  const init = await call(base, 'POST', '/api/orders/initiate-order', {
    body: orderBody(vendorSlug, items),
    headers,
  });
  if (init.status !== 200) throw new Error(`initiate ${init.status} ${init.body}`);
  const pay = await call(base, 'POST', '/sandbox/pay', { body: { orderId: init.json.razorpayOrderId } });
  if (pay.status !== 200) throw new Error(`sandbox pay ${pay.status} ${pay.body}`);
  const q = new URLSearchParams({
    razorpayOrderId: pay.json.razorpay_order_id,
    razorpayPaymentId: pay.json.razorpay_payment_id,
    razorpaySignature: pay.json.razorpay_signature,
  });
  const conf = await call(base, 'POST', `/api/orders/confirm-payment?${q}`);
  return { ...init.json, pay: pay.json, confirm: conf, confirmQuery: q.toString() };
}
