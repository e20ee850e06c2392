import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env';

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
