/**
 * The bench's Vendure rows (issue 25 items 4 and 5, decision 0085): the same measurements as Zevar's,
 * against a running Vendure 3.7 (set up by `bash bench/vendure-server.sh setup` and `start`, outside
 * the repository): a product by its slug and a collection's first 15 products through the Shop API
 * (the GraphQL a storefront's product and category pages send), with autocannon as bench/load.ts
 * measures Zevar's reads, and the paid-order ceiling in a closed loop as bench/orders.ts measures
 * Zevar's: each virtual shopper places one paid guest order after another (a new session each time):
 * addItemToOrder → setCustomerForOrder → setOrderShippingAddress → setOrderShippingMethod →
 * transitionOrderToState(ArrangingPayment) → addPaymentToOrder (the dummy handler, settled at once).
 *
 *   npx tsx bench/vendure.ts --vendure-url http://127.0.0.1:4106 [--duration 10] [--connections 50]
 *     [--order-workers 16] [--server-pid PID]
 *
 * With --server-pid (the Vendure process: `cat /tmp/vendure/server.pid`), it also prints the server's
 * CPU time per read and per paid order (Linux's /proc; its job queue runs in the same process), a
 * measure the machine's load inflates far less than requests a second. The same for Vendure on SQLite
 * (decision 0104; `setup-sqlite`, `start-sqlite`): --vendure-url http://127.0.0.1:4116 and
 * /tmp/vendure-sqlite/server.pid; its CPU figure then includes the database's work (in the process).
 */
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { BROWSER_HEADERS, type Figure } from './load';
import { closedLoop, type OrderFigure } from './orders';

/** A Shop API read: a GraphQL query sent as a storefront sends it (a JSON POST). */
export type VendureRead = { name: string; body: string };

type GraphqlAnswer<T> = { data?: T; errors?: Array<{ message: string }> };

const shopApi = (baseUrl: string) => `${baseUrl.replace(/\/$/, '')}/shop-api`;

async function shopQuery<T>(
  baseUrl: string,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<{ data: T; token?: string }> {
  const res = await fetch(shopApi(baseUrl), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`shop-api ${res.status} ${text.slice(0, 300)}`);
  const answer = JSON.parse(text) as GraphqlAnswer<T>;
  if (answer.errors?.length || !answer.data) throw new Error(`shop-api: ${text.slice(0, 300)}`);
  return { data: answer.data, token: res.headers.get('vendure-auth-token') ?? token };
}

/** What a storefront's product page asks for (the fields Zevar's product answer carries). */
const PRODUCT_QUERY = `query Product($slug: String!) {
  product(slug: $slug) {
    id name slug description
    featuredAsset { id preview }
    assets { id preview }
    facetValues { id code name facet { id code name } }
    collections { id slug name breadcrumbs { id name slug } }
    variants {
      id name sku currencyCode price priceWithTax stockLevel
      options { id code name }
      featuredAsset { id preview }
    }
  }
}`;

/** What a storefront's category page asks for: the collection's products, one line per product. */
const LIST_QUERY = `query List($slug: String!, $take: Int!) {
  search(input: { collectionSlug: $slug, groupByProduct: true, take: $take, skip: 0 }) {
    totalItems
    items {
      productId productName slug currencyCode
      productAsset { id preview }
      priceWithTax { ... on PriceRange { min max } ... on SinglePrice { value } }
    }
  }
}`;

/**
 * The reads to measure, picked from the server so each finds data: the collection with the most
 * products, its first 15 (as Zevar's category page), and the first of them by its slug.
 */
export async function vendureReads(baseUrl: string): Promise<VendureRead[]> {
  const { data } = await shopQuery<{
    collections: { items: Array<{ slug: string; productVariants: { totalItems: number } }> };
  }>(baseUrl, `{ collections { items { slug productVariants(options: { take: 1 }) { totalItems } } } }`);
  const best = [...data.collections.items].sort(
    (a, b) => b.productVariants.totalItems - a.productVariants.totalItems,
  )[0];
  if (!best) throw new Error(`${baseUrl}: Vendure has no collection (bash bench/vendure-server.sh setup)`);
  const listVars = { slug: best.slug, take: 15 };
  const list = await shopQuery<{ search: { totalItems: number; items: Array<{ slug: string }> } }>(
    baseUrl,
    LIST_QUERY,
    listVars,
  );
  const slug = list.data.search.items[0]?.slug;
  if (!slug || list.data.search.items.length < 15)
    throw new Error(`${baseUrl}: the search index of '${best.slug}' is not built yet (the job queue)`);
  const product = await shopQuery<{ product: { id: string } | null }>(baseUrl, PRODUCT_QUERY, { slug });
  if (!product.data.product) throw new Error(`${baseUrl}: no product '${slug}'`);
  return [
    { name: 'product by slug', body: JSON.stringify({ query: PRODUCT_QUERY, variables: { slug } }) },
    {
      name: `collection '${best.slug}' (15 items of ${list.data.search.totalItems})`,
      body: JSON.stringify({ query: LIST_QUERY, variables: listVars }),
    },
  ];
}

/** One read under load, as bench/load.ts measures Zevar's: a browser's headers, compressed answers. */
export async function measureVendureRead(
  baseUrl: string,
  read: VendureRead,
  duration: number,
  connections: number,
): Promise<Figure> {
  const r = await autocannon({
    url: shopApi(baseUrl),
    connections,
    duration,
    method: 'POST',
    body: read.body,
    headers: { ...BROWSER_HEADERS, 'content-type': 'application/json' },
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

export type VendureCheckout = { variantIds: string[]; shippingMethodId: string; paymentMethodCode: string };

/** What a checkout needs: variants to buy (in stock), the shipping method, the payment method's code. */
export async function vendureCheckoutSetup(baseUrl: string): Promise<VendureCheckout> {
  // The setup stocks every variant with 1,000,000 (`inStock` is only in the index with
  // indexStockStatus, which is not Vendure's default).
  const { data } = await shopQuery<{ search: { items: Array<{ productVariantId: string }> } }>(
    baseUrl,
    `{ search(input: { take: 100, groupByProduct: false }) { items { productVariantId } } }`,
  );
  const variantIds = data.search.items.map((i) => i.productVariantId);
  if (variantIds.length === 0) throw new Error(`${baseUrl}: no variant to buy`);
  // The shipping and payment methods a session with an order in it is offered.
  const added = await shopQuery<{ addItemToOrder: { id?: string; message?: string } }>(baseUrl, ADD_ITEM, {
    id: variantIds[0],
  });
  const methods = await shopQuery<{
    eligibleShippingMethods: Array<{ id: string }>;
    eligiblePaymentMethods: Array<{ code: string; isEligible: boolean }>;
  }>(
    baseUrl,
    `{ eligibleShippingMethods { id } eligiblePaymentMethods { code isEligible } }`,
    {},
    added.token,
  );
  const shippingMethodId = methods.data.eligibleShippingMethods[0]?.id;
  const paymentMethodCode = methods.data.eligiblePaymentMethods.find((m) => m.isEligible)?.code;
  if (!shippingMethodId || !paymentMethodCode)
    throw new Error(`${baseUrl}: no shipping or payment method (bash bench/vendure-server.sh setup)`);
  return { variantIds, shippingMethodId, paymentMethodCode };
}

const ADD_ITEM = `mutation ($id: ID!) {
  addItemToOrder(productVariantId: $id, quantity: 1) { ... on Order { id } ... on ErrorResult { errorCode message } }
}`;
const SET_CUSTOMER = `mutation ($email: String!) {
  setCustomerForOrder(input: { emailAddress: $email, firstName: "Bench", lastName: "Shopper" }) {
    ... on Order { id } ... on ErrorResult { errorCode message }
  }
}`;
const SET_ADDRESS = `mutation {
  setOrderShippingAddress(input: {
    fullName: "Bench Shopper", streetLine1: "12 Residency Road", city: "Bengaluru", province: "Karnataka",
    postalCode: "560025", countryCode: "IN", phoneNumber: "9876543210"
  }) { ... on Order { id } ... on ErrorResult { errorCode message } }
}`;
const SET_SHIPPING = `mutation ($id: ID!) {
  setOrderShippingMethod(shippingMethodId: [$id]) { ... on Order { id } ... on ErrorResult { errorCode message } }
}`;
const TO_PAYMENT = `mutation {
  transitionOrderToState(state: "ArrangingPayment") {
    ... on Order { id state } ... on OrderStateTransitionError { errorCode message transitionError }
  }
}`;
const ADD_PAYMENT = `mutation ($method: String!) {
  addPaymentToOrder(input: { method: $method, metadata: {} }) {
    ... on Order { id code state } ... on ErrorResult { errorCode message }
  }
}`;

let shopperCounter = 0;

/** One paid guest order in a new session; resolves with its time in ms, or throws with the failing answer. */
export async function placeVendureOrder(
  baseUrl: string,
  checkout: VendureCheckout,
  variantId: string,
): Promise<number> {
  const started = performance.now();
  const n = shopperCounter++;
  type Result = Record<string, { id?: string; state?: string; errorCode?: string; message?: string }>;
  let token: string | undefined;
  const step = async (query: string, variables: Record<string, unknown> = {}) => {
    const answer = await shopQuery<Result>(baseUrl, query, variables, token);
    token = answer.token;
    const result = Object.values(answer.data)[0];
    if (!result?.id) throw new Error(`${JSON.stringify(answer.data).slice(0, 300)}`);
    return result;
  };
  await step(ADD_ITEM, { id: variantId });
  await step(SET_CUSTOMER, { email: `shopper-${process.pid}-${Date.now()}-${n}@bench.example` });
  await step(SET_ADDRESS);
  await step(SET_SHIPPING, { id: checkout.shippingMethodId });
  await step(TO_PAYMENT);
  const paid = await step(ADD_PAYMENT, { method: checkout.paymentMethodCode });
  if (paid.state !== 'PaymentSettled') throw new Error(`order left in ${paid.state ?? '?'}`);
  return performance.now() - started;
}

/**
 * The write ceiling, as bench/orders.ts's `orderCeiling` measures Zevar's: `workers` shoppers each
 * placing one paid order after another for `seconds`, spread over the checkout's variants.
 */
export function vendureOrderCeiling(
  baseUrl: string,
  checkout: VendureCheckout,
  opts: { seconds: number; workers: number },
): Promise<OrderFigure> {
  return closedLoop(opts, (n) =>
    placeVendureOrder(baseUrl, checkout, checkout.variantIds[n % checkout.variantIds.length]!),
  );
}

/** A process's user + system CPU time in ms (/proc/PID/stat, clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The server's CPU ms per call of `once`, over `count` calls made by `workers` at a time. */
async function cpuPerCall(pid: number, count: number, workers: number, once: () => Promise<unknown>) {
  let left = count;
  const before = cpuMs(pid);
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (left-- > 0) await once();
    }),
  );
  return (cpuMs(pid) - before) / count;
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const baseUrl = arg('--vendure-url') ?? 'http://127.0.0.1:4106';
  const duration = Number(arg('--duration') ?? 10);
  const connections = Number(arg('--connections') ?? 50);
  const workers = Number(arg('--order-workers') ?? 16);
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  const run = async () => {
    for (const read of await vendureReads(baseUrl)) {
      const f = await measureVendureRead(baseUrl, read, duration, connections);
      console.log(
        `${read.name.padEnd(40)} ${f.rps.toFixed(0).padStart(7)} req/s  p50 ${f.p50} ms  p99 ${f.p99} ms  errors ${f.errors}  (load average ${load()})`,
      );
    }
    const o = await vendureOrderCeiling(baseUrl, await vendureCheckoutSetup(baseUrl), {
      seconds: duration,
      workers,
    });
    console.log(
      `paid-order ceiling (closed loop, ${workers} shoppers) ${o.perSecond.toFixed(1)} orders/s  p50 ${o.p50} ms  p99 ${o.p99} ms  failed ${o.failures}  (load average ${load()})`,
    );
    if (o.firstFailure) console.log(`first failed order: ${o.firstFailure}`);
    const pid = Number(arg('--server-pid'));
    if (pid > 0) {
      const checkout = await vendureCheckoutSetup(baseUrl);
      for (const read of await vendureReads(baseUrl)) {
        const { query, variables } = JSON.parse(read.body) as {
          query: string;
          variables: Record<string, unknown>;
        };
        const ms = await cpuPerCall(pid, 200, 4, () => shopQuery(baseUrl, query, variables));
        console.log(`server CPU per ${read.name}: ${ms.toFixed(1)} ms (load average ${load()})`);
      }
      let n = 0;
      const ms = await cpuPerCall(pid, 50, 4, () =>
        placeVendureOrder(baseUrl, checkout, checkout.variantIds[n++ % checkout.variantIds.length]!),
      );
      console.log(`server CPU per paid order (6 mutations): ${ms.toFixed(1)} ms (load average ${load()})`);
    }
  };
  run().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
