/** The environment the bench gives the servers it starts (bench/run.ts, bench/order-cost.ts). */

/** A production server on 127.0.0.1:`port` with sandbox payments, quiet logs and `extra` on top. */
export function serverEnv(port: number, extra: Record<string, string>): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    PAYMENTS: 'sandbox',
    // The order phases send each order from its own client network (X-Forwarded-For).
    TRUST_PROXY: '1',
    ...extra,
  };
}

/** What a server on PostgreSQL must be given (the configuration refuses to start without it). */
export function postgresEnv(databaseUrl: string, jwt: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    JWT_SECRET: jwt,
    PAYMENTS: 'sandbox',
    SELLER_LEGAL_NAME: 'Bench Jewels',
    SELLER_ADDRESS: '1 Bench Road, Mumbai 400001',
    SELLER_GSTIN: '27AAPFU0939F1ZV',
  };
}
