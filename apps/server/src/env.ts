import { z } from 'zod';
import { DEFAULT_BUSINESS_TIMEZONE, isTimeZone } from '@zevar/domain';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/** Every configuration variable, parsed once at start. Nothing else reads process.env. */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
        .optional(),
    ),
    PUBLIC_URL: optionalText.pipe(
      z.url({ message: 'must be a URL such as https://shop.example.in' }).optional(),
    ),
    JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    DEFAULT_VENDOR_SLUG: z
      .string()
      .trim()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lowercase slug such as zevar')
      .default('zevar'),
    BUSINESS_TIMEZONE: z
      .string()
      .trim()
      .refine(isTimeZone, 'must be an IANA timezone such as Asia/Kolkata')
      .default(DEFAULT_BUSINESS_TIMEZONE),
    /** Unset means the sandbox, allowed only for the embedded demo database (no free orders in production). */
    PAYMENTS: z.enum(['sandbox', 'razorpay'], { message: "must be 'sandbox' or 'razorpay'" }).optional(),
    /**
     * Which proxies may set X-Forwarded-For: off (the socket address is the client), a hop count, or a
     * comma-separated list of proxy addresses/CIDRs.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .default('false')
      .transform((v, ctx): boolean | number | string[] => {
        if (['', 'false', '0', 'off', 'no'].includes(v.toLowerCase())) return false;
        if (/^[1-9]\d?$/.test(v)) return Number(v);
        const list = v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        if (list.length && list.every((a) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(a))) return list;
        ctx.addIssue({
          code: 'custom',
          message: 'must be false, a hop count (1-99) or a comma-separated list of proxy addresses',
        });
        return z.NEVER;
      }),
    RAZORPAY_KEY_ID: optionalText,
    RAZORPAY_KEY_SECRET: optionalText,
    RAZORPAY_WEBHOOK_SECRET: optionalText,
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    MAIL_FROM: z.string().trim().default('Zevar <orders@zevar.in>'),
    ADMIN_USERNAME: optionalText,
    ADMIN_PASSWORD: optionalText,
    ADMIN_EMAIL: optionalText.pipe(z.email('must be an email address').optional()),
    /** Unset: seed the embedded database only; PostgreSQL gets demo data only with SEED_DEMO=true. */
    SEED_DEMO: bool.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Minutes a checkout or a stock reservation stays valid. */
    RESERVATION_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(15),
    /** GST on jewellery in percent (two decimals at most): added to every metal-priced product. */
    GST_RATE_PERCENT: z.coerce
      .number()
      .min(0)
      .max(28)
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, 'at most two decimals')
      .default(3),
    /** Most pieces of one product in one order. */
    MAX_LINE_QUANTITY: z.coerce.number().int().min(1).max(10_000).default(10),
    /** Most pieces in one order. */
    MAX_ORDER_QUANTITY: z.coerce.number().int().min(1).max(100_000).default(30),
    /** Most unpaid orders holding stock at once from one client address. */
    MAX_OPEN_ORDERS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(3),
    /** Redis for limits and claims shared by every process; unset: each process keeps its own. */
    REDIS_URL: optionalText.pipe(
      z
        .string()
        .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
        .optional(),
    ),
    /** S3-compatible image storage (AWS S3, MinIO, Cloudflare R2); unset: DATA_DIR/uploads. */
    S3_BUCKET: optionalText,
    S3_ENDPOINT: optionalText.pipe(
      z.url({ message: 'must be a URL such as https://s3.example.com' }).optional(),
    ),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_FORCE_PATH_STYLE: bool.default(false),
    S3_PREFIX: optionalText,
    /** all: API, web app and background jobs; web: no jobs; worker: jobs, and only health and readiness over HTTP. */
    PROCESS_ROLE: z
      .enum(['all', 'web', 'worker'], { message: "must be 'all', 'web' or 'worker'" })
      .default('all'),
    /** Seconds a stopping process gives in-flight requests and running jobs before it exits anyway. */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(600).default(10),
  })
  .superRefine((env, ctx) => {
    if (env.DATABASE_URL && !env.PAYMENTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS'],
        message:
          "must be set when DATABASE_URL is set: 'razorpay' for real payments, or 'sandbox' to accept orders without payment (testing only)",
      });
    }
    if (env.DATABASE_URL && !env.JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'is required when DATABASE_URL is set' });
    }
    if (env.PAYMENTS === 'razorpay') {
      for (const key of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const) {
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'is required when PAYMENTS=razorpay' });
      }
    }
    if (env.ADMIN_USERNAME && !env.ADMIN_PASSWORD) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'is required when ADMIN_USERNAME is set',
      });
    }
  });

export type Env = Omit<z.infer<typeof envSchema>, 'PAYMENTS'> & { PAYMENTS: 'sandbox' | 'razorpay' };

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError whose message names each variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return { ...result.data, PAYMENTS: result.data.PAYMENTS ?? 'sandbox' };
  const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'} ${i.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

/** Configuration after secrets that live in DATA_DIR have been resolved. */
export type Config = Env & {
  JWT_SECRET: string;
  /** Secret the sandbox gateway signs with (RAZORPAY_KEY_SECRET, or one kept in DATA_DIR). */
  paymentKeySecret: string;
  webhookSecret: string;
  paymentKeyId: string;
  /** Whether to load demo data into an empty database at start. */
  seedDemo: boolean;
};
