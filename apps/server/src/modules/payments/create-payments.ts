import type { Config } from '../../env';
import type { Db } from '../../db/client';
import type { PaymentGateway } from './gateway';
import { createRazorpayGateway } from './razorpay-gateway';
import { createSandboxGateway, type SandboxGateway } from './sandbox-gateway';

/** The gateway PAYMENTS selects (or an injected one); the sandbox also exposes its pay/fail actions. */
export function createPayments(
  config: Config,
  db: Db,
  injected?: PaymentGateway,
  now: () => Date = () => new Date(),
): { payments: PaymentGateway; sandbox?: SandboxGateway } {
  const keys = {
    keyId: config.paymentKeyId,
    keySecret: config.paymentKeySecret,
    webhookSecret: config.webhookSecret,
  };
  if (config.PAYMENTS === 'razorpay') return { payments: injected ?? createRazorpayGateway(keys) };
  const sandbox = createSandboxGateway(db, keys, {
    baseUrl: config.PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${config.PORT}`,
    now,
  });
  return { payments: injected ?? sandbox.gateway, sandbox };
}
