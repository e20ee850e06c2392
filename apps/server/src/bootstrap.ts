import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config, Env } from './env';

/** A secret generated once and kept in DATA_DIR, so restarts keep tokens and signatures valid. */
function keptSecret(dataDir: string, file: string): string {
  mkdirSync(dataDir, { recursive: true });
  const full = path.join(dataDir, file);
  if (existsSync(full)) return readFileSync(full, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(full, secret, { mode: 0o600 });
  return secret;
}

export function resolveConfig(env: Env): Config {
  const sandboxSecret = () => keptSecret(env.DATA_DIR, 'sandbox-payment-secret');
  return {
    ...env,
    JWT_SECRET: env.JWT_SECRET ?? keptSecret(env.DATA_DIR, 'jwt-secret'),
    paymentKeyId: env.RAZORPAY_KEY_ID ?? 'rzp_sandbox_zevar',
    seedDemo: env.SEED_DEMO ?? !env.DATABASE_URL,
    paymentKeySecret: env.RAZORPAY_KEY_SECRET ?? sandboxSecret(),
    webhookSecret: env.RAZORPAY_WEBHOOK_SECRET ?? sandboxSecret(),
  };
}

export { createAdmin, ensureFirstAdmin } from './modules/users';
