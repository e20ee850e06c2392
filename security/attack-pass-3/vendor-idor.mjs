// Vendor B against vendor A's objects through the routes open to any vendor or signed-in user,
// with valid bodies (the matrix sends empty ones, which validation refuses first).
//   node vendor-idor.mjs BASE LOGFILE
import { call, createReport, demoPasswords, signIn } from './lib.mjs';
import { shopperAddress } from './setup.mjs';

const [base, logFile] = process.argv.slice(2);
const pw = demoPasswords(logFile);
const a = await signIn(base, 'demo-premium', pw['demo-premium']);
const b = await signIn(base, 'demo-free', pw['demo-free']);
const A = { authorization: a.authorization };
const B = { authorization: b.authorization };
const report = createReport(base);
const check = report.check;
const refused = (r) => r.status === 403 || r.status === 404;

const face = await call(base, 'PUT', `/api/user/${a.id}/shop-face`, {
  headers: B,
  body: { about: 'Taken over', logo: null, banner: null, contactPhone: null, whatsapp: null },
});
check("B edits A's shop face", refused(face), `${face.status}`);
const profile = await call(base, 'GET', `/api/user/${a.id}`, { headers: A });
const { email, phone, version } = profile.json ?? {};
const edit = await call(base, 'PUT', `/api/user/${a.id}`, {
  headers: B,
  body: { name: 'Taken', email, phone, version },
});
check(
  "B edits A's profile",
  edit.status >= 400 && edit.status < 500 && edit.status !== 400,
  `${edit.status} ${edit.body.slice(0, 80)}`,
);
const sessions = await call(base, 'GET', '/api/user/sessions', { headers: A });
const sid = (sessions.json ?? []).find?.((s) => s.current)?.id ?? sessions.json?.[0]?.id;
const end = await call(base, 'DELETE', `/api/user/sessions/${sid}`, { headers: B });
const stillIn = await call(base, 'GET', '/api/user/sessions', { headers: A });
check(
  "B ends A's session",
  end.status >= 400 && stillIn.status === 200,
  `${end.status}, A then ${stillIn.status}`,
);
const products = await call(base, 'GET', '/api/vendor/products?page=1&limit=5', { headers: A });
const list = products.json?.products ?? products.json?.content ?? products.json ?? [];
const quote = await call(base, 'POST', '/api/vendor/quotes', {
  headers: A,
  body: { items: [{ productId: list[0]?.id ?? 1, quantity: 1 }] },
});
if (quote.status < 300) {
  const code = quote.json.code;
  const linkBody = { buyerName: 'Asha Rao', buyerPhone: '9876543210', shippingAddress: shopperAddress };
  const link = await call(base, 'POST', `/api/vendor/quotes/${code}/payment-links`, {
    headers: B,
    body: linkBody,
  });
  check("B makes a payment link for A's quote", link.status >= 400 && link.status < 500, `${link.status}`);
  const own = await call(base, 'POST', `/api/vendor/quotes/${code}/payment-links`, {
    headers: A,
    body: linkBody,
  });
  if (own.status < 300) {
    const cancel = await call(base, 'POST', `/api/vendor/payment-links/${own.json.id}/cancel`, {
      headers: B,
      body: {},
    });
    check("B cancels A's payment link", refused(cancel) || cancel.status === 409, `${cancel.status}`);
  } else console.log(`(A's own payment link: ${own.status} ${own.body.slice(0, 80)})`);
  const listB = await call(base, 'GET', '/api/vendor/quotes', { headers: B });
  check("B's quote list has none of A's", !listB.body.includes(code), `${listB.status}`);
} else console.log(`(A's quote: ${quote.status} ${quote.body.slice(0, 120)})`);
const img = await call(base, 'POST', `/api/user/${a.id}/shop-face/images`, { headers: B, body: {} });
check(
  "B uploads to A's shop face",
  img.status >= 400 && img.status < 500 && img.status !== 400
    ? true
    : img.status === 406 || img.status === 415,
  `${img.status}`,
);
report.print();
