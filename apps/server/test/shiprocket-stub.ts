import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Shiprocket's API (https://apiv2.shiprocket.in/v1/external) answering in the
 * shapes of their published documentation (apidocs.shiprocket.in): login tokens that can expire,
 * serviceability, custom and return orders, AWB assignment, labels, pickups, manifests, cancellation
 * and tracking. Every request is recorded for the tests to assert.
 */
export type Recorded = {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  auth?: string;
};

type Failure = { status: number; body: unknown; path?: string };

type Shipment = {
  id: number;
  orderId: number;
  channelOrderId: string;
  isReturn: boolean;
  awb: string;
  courier: string;
  pickupScheduled?: string;
  manifested: boolean;
  cancelled: boolean;
};

export const STUB_CREDENTIALS = { email: 'api-user@shop.example.in', password: 'stub-password' };
export const UNSERVED_PIN = '799999';
export const PDF_BYTES = Buffer.from('%PDF-1.4\n% stub document\n%%EOF\n', 'latin1');

export const COURIERS = [
  {
    courier_company_id: 43,
    courier_name: 'Delhivery Surface',
    rate: 150.12,
    estimated_delivery_days: '4',
    etd: 'Nov 30, 2026',
  },
  {
    courier_company_id: 1,
    courier_name: 'Blue Dart',
    rate: 123.9,
    estimated_delivery_days: '2',
    etd: 'Nov 28, 2026',
  },
  {
    courier_company_id: 225,
    courier_name: 'India Post-Business Parcel Surface Prepaid',
    rate: '1234.50',
    estimated_delivery_days: '8',
    etd: 'Dec 04, 2026',
  },
];

export async function startShiprocketStub() {
  const requests: Recorded[] = [];
  const tokens = new Set<string>();
  const shipments: Shipment[] = [];
  let nextId = 1000;
  let failures: Failure[] = [];
  let hang = 0;
  let tracking: Record<string, unknown[]> = {};

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const byShipmentIds = (ids: unknown) =>
    (Array.isArray(ids) ? ids : []).map((id) => shipments.find((s) => s.id === Number(id)));
  const orderView = (s: Shipment) => ({
    id: s.orderId,
    channel_order_id: s.channelOrderId,
    status: s.cancelled ? 'CANCELED' : s.awb ? 'READY TO SHIP' : 'NEW',
    status_code: s.cancelled ? 5 : 1,
    shipments: [
      {
        id: s.id,
        courier: s.courier,
        awb: s.awb,
        pickup_scheduled_date: s.pickupScheduled ?? null,
        etd: 'NA',
      },
    ],
  });

  function createOrder(body: Record<string, unknown>, isReturn: boolean, res: http.ServerResponse) {
    const required = isReturn
      ? [
          'order_id',
          'order_date',
          'pickup_customer_name',
          'pickup_pincode',
          'shipping_pincode',
          'order_items',
          'sub_total',
          'weight',
        ]
      : [
          'order_id',
          'order_date',
          'pickup_location',
          'billing_customer_name',
          'billing_pincode',
          'billing_phone',
          'order_items',
          'sub_total',
          'weight',
        ];
    const missing = required.filter((k) => body[k] === undefined || body[k] === '');
    if (missing.length)
      return json(res, 422, {
        message: 'Oops! Invalid Data.',
        errors: Object.fromEntries(
          missing.map((k) => [k, [`The ${k.replace(/_/g, ' ')} field is required.`]]),
        ),
        status_code: 422,
      });
    if (shipments.some((s) => s.channelOrderId === body.order_id))
      return json(res, 422, {
        message: 'Oops! Invalid Data.',
        errors: { order_id: ['The order id has already been taken.'] },
        status_code: 422,
      });
    const s: Shipment = {
      id: nextId++,
      orderId: nextId++,
      channelOrderId: String(body.order_id),
      isReturn,
      awb: '',
      courier: '',
      manifested: false,
      cancelled: false,
    };
    shipments.push(s);
    if (isReturn)
      return json(res, 200, {
        order_id: s.orderId,
        shipment_id: s.id,
        status: 'RETURN PENDING',
        status_code: 21,
        company_name: 'zevar',
      });
    json(res, 200, {
      order_id: s.orderId,
      shipment_id: s.id,
      status: 'NEW',
      status_code: 1,
      onboarding_completed_now: 0,
      awb_code: null,
      courier_company_id: null,
      courier_name: null,
    });
  }

  function route(req: Recorded, res: http.ServerResponse, base: string) {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const p = req.path;
    if (req.method === 'GET' && p === '/courier/serviceability') {
      if (req.query.delivery_postcode === UNSERVED_PIN)
        return json(res, 200, { status: 404, message: 'No courier serviceable for the delivery postcode' });
      return json(res, 200, {
        status: 200,
        currency: 'INR',
        company_auto_shipment_insurance_setting: true,
        data: {
          available_courier_companies: COURIERS,
          recommended_courier_company_id: 43,
          blocked_courier_companies: [],
        },
      });
    }
    if (req.method === 'POST' && p === '/orders/create/adhoc') return createOrder(body, false, res);
    if (req.method === 'POST' && p === '/orders/create/return') return createOrder(body, true, res);
    if (req.method === 'GET' && p === '/orders') {
      const q = req.query.search ?? '';
      const found = shipments.filter((s) => !s.isReturn && (s.channelOrderId === q || (q && s.awb === q)));
      return json(res, 200, { data: found.map(orderView), meta: { pagination: { total: found.length } } });
    }
    if (req.method === 'GET' && p === '/orders/processing/return') {
      const found = shipments.filter((s) => s.isReturn);
      return json(res, 200, {
        data: found.map((s) => ({ ...orderView(s), status: 'RETURN PENDING', shipment_id: s.id })),
        meta: { pagination: { total: found.length } },
      });
    }
    if (req.method === 'POST' && p === '/courier/assign/awb') {
      const [s] = byShipmentIds([body.shipment_id]);
      if (!s)
        return json(res, 422, {
          message: 'Required field missing',
          errors: { shipment_id: ['The shipment id field is required.'] },
          status_code: 422,
        });
      if (s.awb) return json(res, 400, { message: 'AWB is already assigned', status_code: 400 });
      const courier = COURIERS.find((c) => c.courier_company_id === Number(body.courier_id)) ?? COURIERS[0]!;
      s.awb = `78${String(s.id).padStart(10, '0')}`;
      s.courier = courier.courier_name;
      return json(res, 200, {
        awb_assign_status: 1,
        response: {
          data: {
            courier_company_id: courier.courier_company_id,
            awb_code: s.awb,
            cod: 0,
            order_id: s.orderId,
            shipment_id: s.id,
            awb_code_status: 1,
            courier_name: courier.courier_name,
            pickup_scheduled_date: null,
          },
        },
      });
    }
    if (req.method === 'POST' && p === '/courier/generate/label') {
      const found = byShipmentIds(body.shipment_id);
      if (!Array.isArray(body.shipment_id))
        return json(res, 422, {
          message: 'Oops! Invalid Data.',
          errors: { shipment_id: ['The shipment id must be an array.'] },
          status_code: 422,
        });
      if (found.some((s) => !s?.awb))
        return json(res, 200, {
          label_created: 0,
          not_created: body.shipment_id,
          response: 'No valid shipment ids to print label',
        });
      return json(res, 200, {
        label_created: 1,
        label_url: `${base}/files/shipping-label-${found[0]!.id}.pdf`,
        response: 'Label has been created and uploaded successfully!',
        not_created: [],
      });
    }
    if (req.method === 'POST' && p === '/courier/generate/pickup') {
      const [s] = byShipmentIds(body.shipment_id);
      if (!s?.awb) return json(res, 400, { message: 'Invalid shipment id', status_code: 400 });
      if (s.pickupScheduled) return json(res, 400, { message: 'Already in Pickup Queue.', status_code: 400 });
      s.pickupScheduled = '2026-11-27 11:00:00';
      return json(res, 200, {
        pickup_status: 1,
        response: {
          pickup_scheduled_date: s.pickupScheduled,
          pickup_token_number: `Reference No: 194_STUB ${s.id}`,
          status: 3,
          data: `Pickup is confirmed by ${s.courier} For AWB :- ${s.awb}`,
        },
      });
    }
    if (req.method === 'POST' && p === '/manifests/generate') {
      const found = byShipmentIds(body.shipment_id);
      const already = found.filter((s) => s?.manifested).map((s) => s!.id);
      if (already.length)
        return json(res, 400, {
          message: 'Manifest already generated for some shipment_ids, Please try again after removin them',
          status_code: 400,
          already_manifested_shipment_ids: already,
        });
      if (found.some((s) => !s?.pickupScheduled)) return json(res, 200, { status: 1, manifest_url: '' });
      for (const s of found) s!.manifested = true;
      return json(res, 200, { status: 1, manifest_url: `${base}/files/MANIFEST-${found[0]!.id}.pdf` });
    }
    if (req.method === 'POST' && p === '/manifests/print')
      return json(res, 200, { manifest_url: `${base}/files/print-manifest-${String(body.order_ids)}.pdf` });
    const shipmentPath = /^\/shipments\/(\d+)$/.exec(p);
    if (req.method === 'GET' && shipmentPath) {
      const [s] = byShipmentIds([shipmentPath[1]]);
      if (!s) return json(res, 404, { message: '404 Not Found', status_code: 404 });
      return json(res, 200, { data: { id: s.id, order_id: s.orderId, awb: s.awb, status: 8 } });
    }
    if (req.method === 'POST' && p === '/orders/cancel/shipment/awbs') {
      for (const s of shipments) if ((body.awbs as string[]).includes(s.awb)) s.cancelled = true;
      return json(res, 200, {
        message: 'Bulk Shipment cancellation is in progress. Please wait for some time.',
      });
    }
    const trackPath = /^\/courier\/track\/awb\/([^/]+)$/.exec(p);
    if (req.method === 'GET' && trackPath) {
      const awb = decodeURIComponent(trackPath[1]!);
      const activities = tracking[awb];
      if (!activities)
        return json(res, 200, {
          tracking_data: {
            track_status: 0,
            error:
              'Aahh! There is no activities found in our DB. Please have some patience it will be updated soon.',
          },
        });
      return json(res, 200, {
        tracking_data: {
          track_status: 1,
          shipment_status: 7,
          shipment_track: [{ awb_code: awb, current_status: 'Delivered' }],
          shipment_track_activities: activities,
          track_url: `https://shiprocket.co//tracking/${awb}`,
          etd: '2026-11-30 19:28:00',
        },
      });
    }
    json(res, 404, { message: '404 Not Found', status_code: 404 });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const raw = Buffer.concat(chunks).toString('utf8');
      const rec: Recorded = {
        method: req.method ?? 'GET',
        path: url.pathname.replace(/^\/v1\/external/, ''),
        query: Object.fromEntries(url.searchParams),
        body: raw ? (JSON.parse(raw) as unknown) : undefined,
        auth: req.headers.authorization,
      };
      requests.push(rec);
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      if (rec.path.startsWith('/files/')) {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        return res.end(PDF_BYTES);
      }
      if (hang > 0) {
        hang--;
        return; // never answers: the client's timeout must end the call
      }
      if (rec.path === '/auth/login') {
        const b = rec.body as Record<string, unknown>;
        if (b?.email !== STUB_CREDENTIALS.email || b?.password !== STUB_CREDENTIALS.password)
          return json(res, 400, { message: 'Invalid email and password combination', status_code: 400 });
        const token = `stub-token-${tokens.size + 1}-${Date.now()}`;
        tokens.add(token);
        return json(res, 200, { company_id: 25149, email: b.email, first_name: 'API', token });
      }
      const i = failures.findIndex((f) => !f.path || f.path === rec.path);
      const failure = failures[i];
      if (failure) {
        failures.splice(i, 1);
        return json(res, failure.status, failure.body);
      }
      const token = rec.auth?.replace(/^Bearer /, '');
      if (!token || !tokens.has(token))
        return json(res, 401, { message: 'Token has expired', status_code: 401 });
      route(rec, res, `${base}/v1/external`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1/external`,
    requests,
    /** Requests other than downloads, as 'METHOD /path'. */
    calls: () => requests.filter((r) => !r.path.startsWith('/files/')).map((r) => `${r.method} ${r.path}`),
    expireTokens: () => tokens.clear(),
    /** The next API calls (not logins; with `path`, the next calls to it) answer with these statuses and bodies. */
    failNext: (...f: Failure[]) => void (failures = f),
    /** The next `n` requests get no answer at all. */
    hangNext: (n = 1) => void (hang = n),
    setTracking: (awb: string, activities: unknown[]) => void (tracking = { ...tracking, [awb]: activities }),
    shipments,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type ShiprocketStub = Awaited<ReturnType<typeof startShiprocketStub>>;
