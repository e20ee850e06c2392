import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env';
import { shiprocketConfigFrom } from './modules/shipping/shiprocket-carrier';

const SELLER = {
  SELLER_LEGAL_NAME: 'Example Jewels Pvt Ltd',
  SELLER_ADDRESS: '1 Main Road, Mumbai 400001',
  SELLER_GSTIN: '27AAPFU0939F1ZV',
};

describe('configuration', () => {
  it('has working defaults for a first run', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      PAYMENTS: 'sandbox',
      DEFAULT_VENDOR_SLUG: 'zevar',
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SEED_DEMO).toBeUndefined();
    // npm start encodes the demo pictures itself: no cache of encodings unless one is named.
    expect(env.DEMO_PICTURE_CACHE_DIR).toBeUndefined();
    expect(parseEnv({ DEMO_PICTURE_CACHE_DIR: ' ' }).DEMO_PICTURE_CACHE_DIR).toBeUndefined();
    expect(parseEnv({ DEMO_PICTURE_CACHE_DIR: '/tmp/run/pictures' }).DEMO_PICTURE_CACHE_DIR).toBe(
      '/tmp/run/pictures',
    );
  });

  it('keeps the implicit demo sandbox on this computer: localhost by default, a public HOST refused', () => {
    expect(parseEnv({})).toMatchObject({ HOST: 'localhost', implicitSandbox: true });
    for (const host of ['127.0.0.1', '::1', '[::1]', 'localhost'])
      expect(parseEnv({ HOST: host }).HOST).toBe(host);
    for (const host of ['0.0.0.0', '::', '203.0.113.5', 'shop.example.in']) {
      expect(() => parseEnv({ HOST: host })).toThrow(ConfigError);
      expect(() => parseEnv({ HOST: host })).toThrow(/PAYMENTS must be set when HOST/);
    }
    // Saying so explicitly opens the sandbox to the network; real payments listen everywhere by default.
    expect(parseEnv({ HOST: '0.0.0.0', PAYMENTS: 'sandbox' })).toMatchObject({
      HOST: '0.0.0.0',
      implicitSandbox: false,
    });
    expect(parseEnv({ PAYMENTS: 'sandbox' }).HOST).toBe('0.0.0.0');
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PAYMENTS: 'paypal' }, 'PAYMENTS'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'postgres://localhost/zevar' }, 'JWT_SECRET'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ PAYMENTS: 'razorpay' }, 'RAZORPAY_KEY_ID'],
    [
      { PAYMENTS: 'razorpay', RAZORPAY_KEY_ID: 'k', RAZORPAY_KEY_SECRET: 's', RAZORPAY_WEBHOOK_SECRET: 'w' },
      'PUBLIC_URL',
    ],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ DEFAULT_VENDOR_SLUG: 'Bad Slug' }, 'DEFAULT_VENDOR_SLUG'],
    [{ ADMIN_USERNAME: 'root' }, 'ADMIN_PASSWORD'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ DATABASE_URL: 'postgres://localhost/zevar', JWT_SECRET: 'x'.repeat(40) }, 'PAYMENTS'],
    [{ TRUST_PROXY: 'yes please' }, 'TRUST_PROXY'],
    [{ MAX_LINE_QUANTITY: '0' }, 'MAX_LINE_QUANTITY'],
  ])('stops on %j with a message naming %s', (source, variable) => {
    expect(() => parseEnv(source)).toThrow(ConfigError);
    expect(() => parseEnv(source)).toThrow(new RegExp(`\\b${variable}\\b`));
  });

  it('accepts a complete Razorpay and PostgreSQL configuration', () => {
    const env = parseEnv({
      DATABASE_URL: 'postgresql://u:p@db:5432/zevar',
      JWT_SECRET: 'x'.repeat(40),
      PAYMENTS: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_live_x',
      RAZORPAY_KEY_SECRET: 's',
      RAZORPAY_WEBHOOK_SECRET: 'w',
      PUBLIC_URL: 'https://shop.example.in',
      SEED_DEMO: 'false',
      ...SELLER,
    });
    expect(env).toMatchObject({ PAYMENTS: 'razorpay', SEED_DEMO: false });
  });

  it('requires the seller of record with PostgreSQL, and checks its GSTIN and state', () => {
    const pg = {
      DATABASE_URL: 'postgres://localhost/zevar',
      JWT_SECRET: 'x'.repeat(40),
      PAYMENTS: 'sandbox',
    };
    expect(() => parseEnv(pg)).toThrow(/SELLER_GSTIN is required when DATABASE_URL is set/);
    expect(parseEnv({ ...pg, ...SELLER }).seller).toEqual({
      legalName: 'Example Jewels Pvt Ltd',
      address: '1 Main Road, Mumbai 400001',
      gstin: '27AAPFU0939F1ZV',
      state: 'Maharashtra',
      stateCode: '27',
    });
    expect(() => parseEnv({ SELLER_GSTIN: '27AAPFU0939F1ZW' })).toThrow(/SELLER_GSTIN must be a valid/);
    expect(() => parseEnv({ SELLER_GSTIN: '27AAPFU0939F1ZV', SELLER_STATE: 'Karnataka' })).toThrow(
      /SELLER_STATE must be the state of SELLER_GSTIN \(Maharashtra\)/,
    );
    expect(() => parseEnv({ INVOICE_PREFIX: 'ZEV' })).toThrow(/INVOICE_PREFIX/);
    // The embedded demo has a seller of valid form.
    expect(parseEnv({}).seller).toMatchObject({ gstin: '27AAPFU0939F1ZV', state: 'Maharashtra' });
  });

  it('does not trust X-Forwarded-For unless told which proxies to trust', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
    ]);
  });

  it('holds a reservation for the payment window, 15 minutes by default', () => {
    expect(parseEnv({})).toMatchObject({ RESERVATION_MINUTES: 15, MAX_LINE_QUANTITY: 10 });
  });

  it('lets PostgreSQL run the sandbox only when asked for explicitly', () => {
    const pg = { DATABASE_URL: 'postgres://localhost/zevar', JWT_SECRET: 'x'.repeat(40), ...SELLER };
    expect(() => parseEnv(pg)).toThrow(/PAYMENTS must be set when DATABASE_URL is set/);
    expect(parseEnv({ ...pg, PAYMENTS: 'sandbox' }).PAYMENTS).toBe('sandbox');
  });
});

describe('shipping and SMS providers', () => {
  const SHIPROCKET = {
    SHIPPING: 'shiprocket',
    SHIPROCKET_EMAIL: 'api-user@shop.example.in',
    SHIPROCKET_PASSWORD: 'api-password',
    SHIPROCKET_WEBHOOK_TOKEN: 'a-long-webhook-token-0123',
    SHIPROCKET_PICKUP_LOCATION: 'Zaveri Bazaar',
  };

  it('defaults to the offline sandboxes and the real Shiprocket and MSG91 addresses', () => {
    expect(parseEnv({})).toMatchObject({
      SHIPPING: 'sandbox',
      SMS: 'sandbox',
      SHIPROCKET_BASE_URL: 'https://apiv2.shiprocket.in/v1/external',
      MSG91_BASE_URL: 'https://control.msg91.com/api/v5',
    });
  });

  it.each([
    'SHIPROCKET_EMAIL',
    'SHIPROCKET_PASSWORD',
    'SHIPROCKET_WEBHOOK_TOKEN',
    'SHIPROCKET_PICKUP_LOCATION',
  ])('SHIPPING=shiprocket without %s stops at start naming it', (missing) => {
    const source = { ...SHIPROCKET, [missing]: '' };
    expect(() => parseEnv(source)).toThrow(ConfigError);
    expect(() => parseEnv(source)).toThrow(`${missing} is required when SHIPPING=shiprocket`);
  });

  it.each([
    [{ SHIPPING: 'delhivery' }, 'SHIPPING'],
    [{ ...SHIPROCKET, SHIPROCKET_EMAIL: 'not-an-email' }, 'SHIPROCKET_EMAIL'],
    [{ ...SHIPROCKET, SHIPROCKET_WEBHOOK_TOKEN: 'short' }, 'SHIPROCKET_WEBHOOK_TOKEN'],
    [{ SHIPROCKET_BASE_URL: 'nope' }, 'SHIPROCKET_BASE_URL'],
    [{ SMS: 'twilio' }, 'SMS'],
    [{ SMS: 'msg91', MSG91_TEMPLATE_ID: 't' }, 'MSG91_AUTH_KEY'],
    [{ SMS: 'msg91', MSG91_AUTH_KEY: 'k' }, 'MSG91_TEMPLATE_ID'],
    [{ MSG91_SENDER: 'zevar' }, 'MSG91_SENDER'],
  ])('stops on %j with a message naming %s', (source, variable) => {
    expect(() => parseEnv(source)).toThrow(new RegExp(`\\b${variable}\\b`));
  });

  it('a complete Shiprocket configuration gives the client its settings', () => {
    const env = parseEnv(SHIPROCKET);
    expect(shiprocketConfigFrom(env)).toEqual({
      email: 'api-user@shop.example.in',
      password: 'api-password',
      webhookToken: 'a-long-webhook-token-0123',
      pickupLocation: 'Zaveri Bazaar',
      baseUrl: 'https://apiv2.shiprocket.in/v1/external',
    });
    expect(() => shiprocketConfigFrom(parseEnv({}))).toThrow(/SHIPPING=shiprocket needs/);
    expect(parseEnv({ SMS: 'msg91', MSG91_AUTH_KEY: 'k', MSG91_TEMPLATE_ID: 't' }).SMS).toBe('msg91');
  });
});

describe('payout provider', () => {
  const RAZORPAYX = {
    PAYOUTS: 'razorpayx',
    RAZORPAYX_KEY_ID: 'rzp_live_key',
    RAZORPAYX_KEY_SECRET: 'secret',
    RAZORPAYX_ACCOUNT_NUMBER: '7878780080316316',
    RAZORPAYX_WEBHOOK_SECRET: 'a-long-webhook-secret-0123',
  };

  it('defaults to the offline sandbox and the real RazorpayX address', () => {
    expect(parseEnv({})).toMatchObject({
      PAYOUTS: 'sandbox',
      RAZORPAYX_BASE_URL: 'https://api.razorpay.com',
    });
    expect(parseEnv({ PAYOUTS: 'manual' }).PAYOUTS).toBe('manual');
    expect(parseEnv(RAZORPAYX)).toMatchObject(RAZORPAYX);
  });

  it.each([
    'RAZORPAYX_KEY_ID',
    'RAZORPAYX_KEY_SECRET',
    'RAZORPAYX_ACCOUNT_NUMBER',
    'RAZORPAYX_WEBHOOK_SECRET',
  ])('PAYOUTS=razorpayx without %s stops at start naming it', (missing) => {
    expect(() => parseEnv({ ...RAZORPAYX, [missing]: '' })).toThrow(
      `${missing} is required when PAYOUTS=razorpayx`,
    );
  });

  it.each([
    [{ PAYOUTS: 'paypal' }, 'PAYOUTS'],
    [{ ...RAZORPAYX, RAZORPAYX_ACCOUNT_NUMBER: 'acc-12' }, 'RAZORPAYX_ACCOUNT_NUMBER'],
    [{ ...RAZORPAYX, RAZORPAYX_WEBHOOK_SECRET: 'short' }, 'RAZORPAYX_WEBHOOK_SECRET'],
  ])('stops on %j with a message naming %s', (source, variable) => {
    expect(() => parseEnv(source)).toThrow(new RegExp(`\\b${variable}\\b`));
  });
});
