import { z } from 'zod';
import {
  parseEmiTenures,
  DEFAULT_BUSINESS_TIMEZONE,
  DEFAULT_PAN_THRESHOLD_RUPEES,
  DEFAULT_SETTLEMENT_RULES,
  DEFAULT_UNPAID_HOLD_SHARE_PERCENT,
  DOCUMENT_PREFIX,
  GST_STATE_CODES,
  gstinState,
  isTimeZone,
  isValidGstin,
  parsePlanPercents,
  parseShopFacePartsByPlan,
  settlementRulesSchema,
} from '@zevar/domain';

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
    /**
     * Where to listen. Unset: every address (0.0.0.0) when PAYMENTS is set, this computer only
     * (localhost) for the implicit demo sandbox, so `npm start` cannot take a stranger's order.
     */
    HOST: optionalText,
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
    /** Courier bookings: the offline sandbox carrier (default) or Shiprocket (decision 0038). */
    SHIPPING: z
      .enum(['sandbox', 'shiprocket'], { message: "must be 'sandbox' or 'shiprocket'" })
      .default('sandbox'),
    /** The Shiprocket API user (Settings > API in their panel), not the panel login. */
    SHIPROCKET_EMAIL: optionalText.pipe(z.email('must be an email address').optional()),
    SHIPROCKET_PASSWORD: optionalText,
    /** The security token set for the tracking webhook in their panel; sent back as x-api-key. */
    SHIPROCKET_WEBHOOK_TOKEN: optionalText.pipe(
      z.string().min(16, 'must be at least 16 characters').optional(),
    ),
    /** The pickup location's nickname exactly as configured in the Shiprocket panel. */
    SHIPROCKET_PICKUP_LOCATION: optionalText,
    SHIPROCKET_BASE_URL: z
      .url({ message: 'must be a URL such as https://apiv2.shiprocket.in/v1/external' })
      .default('https://apiv2.shiprocket.in/v1/external'),
    /** Payouts to resellers: the offline sandbox (default), RazorpayX Payouts, or manual bank transfer (decision 0049). */
    PAYOUTS: z
      .enum(['sandbox', 'razorpayx', 'manual'], { message: "must be 'sandbox', 'razorpayx' or 'manual'" })
      .default('sandbox'),
    /** RazorpayX API key (Settings > API Keys in the RazorpayX dashboard). */
    RAZORPAYX_KEY_ID: optionalText,
    RAZORPAYX_KEY_SECRET: optionalText,
    /** The RazorpayX account (current account or RazorpayX Lite) payouts are debited from. */
    RAZORPAYX_ACCOUNT_NUMBER: optionalText.pipe(
      z
        .string()
        .regex(/^\d{9,20}$/, 'must be the RazorpayX account number (digits)')
        .optional(),
    ),
    /** The secret set for the payout webhook in the RazorpayX dashboard (X-Razorpay-Signature). */
    RAZORPAYX_WEBHOOK_SECRET: optionalText.pipe(
      z.string().min(16, 'must be at least 16 characters').optional(),
    ),
    RAZORPAYX_BASE_URL: z
      .url({ message: 'must be a URL such as https://api.razorpay.com' })
      .default('https://api.razorpay.com'),
    /** Text messages to buyers (delivery codes): the offline sandbox (default) or MSG91 (decision 0038). */
    SMS: z.enum(['sandbox', 'msg91'], { message: "must be 'sandbox' or 'msg91'" }).default('sandbox'),
    MSG91_AUTH_KEY: optionalText,
    /** The MSG91 SMS template (DLT-approved) whose one variable ##text## carries the message. */
    MSG91_TEMPLATE_ID: optionalText,
    /** The DLT sender ID (header), when the template does not fix one. */
    MSG91_SENDER: optionalText.pipe(
      z
        .string()
        .regex(/^[A-Z]{6}$/, 'must be a 6-letter DLT sender ID such as ZEVARJ')
        .optional(),
    ),
    MSG91_BASE_URL: z
      .url({ message: 'must be a URL such as https://control.msg91.com/api/v5' })
      .default('https://control.msg91.com/api/v5'),
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
    /**
     * A directory where the demo seed keeps the WebP encodings of its pictures by content, so that a
     * second seed copies them instead of encoding them again (`npm test` seeds three times and sets it
     * to a directory of the run's own; decision 0090). Unset, as for `npm start`: no cache.
     */
    DEMO_PICTURE_CACHE_DIR: optionalText,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * Days a buyer who arrived through a reseller's link (shop, product, quote) stays credited to that
     * reseller when they buy on the platform's own shop (a first-party cookie; docs/decisions/0059).
     */
    ATTRIBUTION_WINDOW_DAYS: z.coerce.number().int().min(1).max(90).default(7),
    /**
     * Seconds between writes of the page views counted in memory (docs/decisions/0061); they are also
     * written when the process stops.
     */
    ANALYTICS_FLUSH_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /**
     * Seconds between runs of the job that sends the queued emails (the outbox). The end-to-end server
     * runs it every second, so a journey that waits for a mail (a code, an invitation) does not wait
     * out the default's quarter of a minute (docs/decisions/0071).
     */
    MAIL_DELIVERY_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
    /** The most a reseller on each plan may take off a quote, in percent of its subtotal (never above the commission). */
    QUOTE_DISCOUNT_PERCENT_BY_PLAN: z
      .string()
      .trim()
      .default('FREE:2,BASIC:5,STANDARD:8,PREMIUM:10')
      .transform((v, ctx) => {
        const parsed = parsePlanPercents(v);
        if (!parsed) {
          ctx.addIssue({ code: 'custom', message: 'must be PLAN:percent pairs such as FREE:2,BASIC:5' });
          return z.NEVER;
        }
        return parsed;
      }),
    /**
     * Which parts of a shop face (logo, banner, about, contactPhone, whatsapp) each plan may use:
     * `PLAN:part+part,...`, every plan named once (decision 0062).
     */
    SHOP_FACE_PARTS_BY_PLAN: z
      .string()
      .trim()
      .default(
        'FREE:about+contactPhone,BASIC:about+contactPhone+whatsapp+logo,STANDARD:about+contactPhone+whatsapp+logo+banner,PREMIUM:about+contactPhone+whatsapp+logo+banner',
      )
      .transform((v, ctx) => {
        const parsed = parseShopFacePartsByPlan(v);
        if (!parsed) {
          ctx.addIssue({
            code: 'custom',
            message:
              'must name every plan once with its parts, such as FREE:about+contactPhone,BASIC:about+logo',
          });
          return z.NEVER;
        }
        return parsed;
      }),
    /** Minutes a checkout or a stock reservation stays valid. */
    RESERVATION_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(15),
    /**
     * Minutes a new order holds its stock before the card window opens; opening it extends the hold to
     * RESERVATION_MINUTES (within UNPAID_HOLD_SHARE_PERCENT). At most RESERVATION_MINUTES.
     */
    RESERVATION_HOLD_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(5),
    /**
     * Most share (percent) of a product's pieces that unpaid orders may hold at once (one piece always
     * may, briefly); the rest stays buyable while others wait to pay.
     */
    UNPAID_HOLD_SHARE_PERCENT: z.coerce
      .number()
      .int()
      .min(1)
      .max(100)
      .default(DEFAULT_UNPAID_HOLD_SHARE_PERCENT),
    /**
     * Orders from one client network left to expire unpaid in a day before it waits to hold stock
     * again: RESERVATION_HOLD_MINUTES, doubling with each further one.
     */
    ABANDONED_ORDERS_BEFORE_WAIT: z.coerce.number().int().min(1).max(10_000).default(3),
    /** GST on jewellery in percent (two decimals at most): added to every metal-priced product. */
    GST_RATE_PERCENT: z.coerce
      .number()
      .min(0)
      .max(28)
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, 'at most two decimals')
      .default(3),
    /** Most share (percent) of a basket one coupon may take at checkout; a coupon whose discount is
     *  above this share of its minimum basket is saved only after an explicit confirmation. */
    COUPON_MAX_SHARE_PERCENT: z.coerce.number().int().min(1).max(100).default(50),
    /** Hours after a vendor's bank account changes during which no payout goes to it, confirmed or not. */
    BANK_CHANGE_COOLING_OFF_HOURS: z.coerce
      .number()
      .int()
      .min(0)
      .max(24 * 90)
      .default(24),
    /**
     * Days after delivery that a reseller's commission stays held before it becomes payable (issue 24);
     * the returns policy's window replaces it when returns are on.
     */
    SETTLEMENT_HOLD_DAYS: z.coerce.number().int().min(0).max(365).default(7),
    /** A payout run whose net total is above this (rupees) needs a second admin's approval. */
    PAYOUT_APPROVAL_ABOVE_RUPEES: z.coerce.number().int().min(0).max(1_000_000_000).default(100_000),
    /**
     * TDS and GST on commission with their effective dates, as JSON: [{from, section, tdsPercent,
     * noPanTdsPercent, thresholdRupees, gstPercent}, …]. Default: the published rules (decision 0050).
     */
    SETTLEMENT_RULES: z
      .string()
      .trim()
      .optional()
      .transform((v, ctx) => {
        if (!v) return DEFAULT_SETTLEMENT_RULES;
        let json: unknown;
        try {
          json = JSON.parse(v);
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be a JSON array of rules' });
          return z.NEVER;
        }
        const parsed = settlementRulesSchema.safeParse(json);
        if (!parsed.success) {
          ctx.addIssue({
            code: 'custom',
            message: `not valid rules: ${parsed.error.issues[0]?.message ?? ''}`,
          });
          return z.NEVER;
        }
        return parsed.data;
      }),
    /** Most pieces of one product in one order. */
    MAX_LINE_QUANTITY: z.coerce.number().int().min(1).max(10_000).default(10),
    /** Most pieces in one order. */
    MAX_ORDER_QUANTITY: z.coerce.number().int().min(1).max(100_000).default(30),
    /** Most unpaid orders holding stock at once from one client address. */
    MAX_OPEN_ORDERS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(3),
    /**
     * Past MAX_OPEN_ORDERS_PER_ADDRESS, a browser holding none of the address's waiting orders (another
     * shopper behind one carrier address) may still place orders up to this ceiling for the address.
     */
    MAX_OPEN_ORDERS_PER_SHARED_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(12),
    /** Hold new shopper reviews until an admin publishes them (off: they are public at once). */
    REVIEW_MODERATION: bool.default(true),
    /** Most reviews of one product from one client network (IPv4 address or IPv6 /64) per day. */
    MAX_REVIEWS_PER_PRODUCT_PER_CLIENT: z.coerce.number().int().min(1).max(1000).default(1),
    /**
     * Most reviews, of any products, from one client network per hour: one review per product still
     * let one address fill the moderation queue with one per product of the catalogue.
     */
    MAX_REVIEWS_PER_CLIENT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
    /**
     * PostgreSQL cancels a public read's statement after this many milliseconds (503 to the client):
     * no anonymous request may hold the database longer. Not applied on PGlite, which cannot cancel.
     */
    PUBLIC_READ_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(2000),
    /**
     * Most payment links one reseller makes in 24 hours (each one has the provider text and email the
     * buyer it names, so a reseller cannot turn the platform's gateway into a message cannon).
     */
    PAYMENT_LINKS_PER_RESELLER_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(30),
    /** Most vendor registrations (attempts) from one client network (IPv4 address or IPv6 /64) per window. */
    MAX_VENDOR_REGISTRATIONS_PER_NETWORK: z.coerce.number().int().min(1).max(100_000).default(10),
    VENDOR_REGISTRATION_WINDOW_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(24),
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
    /** The seller of record on GST tax invoices (the embedded demo has demo values). */
    SELLER_LEGAL_NAME: optionalText.pipe(z.string().max(200).optional()),
    SELLER_ADDRESS: optionalText.pipe(z.string().max(500).optional()),
    /** The deductor's TAN on the TDS return and certificates (issue 24): 4 letters, 5 digits, a letter. */
    SELLER_TAN: optionalText.pipe(
      z
        .string()
        .regex(/^[A-Z]{4}\d{5}[A-Z]$/, 'must be a TAN like DELZ12345A')
        .optional(),
    ),
    SELLER_GSTIN: optionalText.pipe(
      z
        .string()
        .transform((v) => v.toUpperCase())
        .refine(
          isValidGstin,
          'must be a valid 15-character GSTIN (state code, PAN, entity, Z, check character)',
        )
        .optional(),
    ),
    /** The seller's state; defaults to the state of SELLER_GSTIN, and must agree with it. */
    SELLER_STATE: optionalText,
    /** Invoice and credit note number prefixes: 1-2 capitals or digits (numbers stay within 16 characters). */
    INVOICE_PREFIX: z
      .string()
      .trim()
      .regex(DOCUMENT_PREFIX, 'must be 1-2 capital letters or digits')
      .default('ZV'),
    CREDIT_NOTE_PREFIX: z
      .string()
      .trim()
      .regex(DOCUMENT_PREFIX, 'must be 1-2 capital letters or digits')
      .default('ZC'),
    /** Orders above this many rupees need the buyer's PAN. */
    PAN_THRESHOLD_RUPEES: z.coerce
      .number()
      .int()
      .min(0)
      .max(1_000_000_000)
      .default(DEFAULT_PAN_THRESHOLD_RUPEES),
    /** Days a signed link in an order's mail (its page, its invoice) stays valid (decision 0033). */
    DOCUMENT_LINK_DAYS: z.coerce.number().int().min(1).max(366).default(30),
    /**
     * Hours a new invoice or credit note may be dated before, or (in a later financial year) after,
     * the last document of its series; beyond it the server clock is distrusted and issuing is refused.
     */
    DOCUMENT_DATE_TOLERANCE_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 366)
      .default(24),
    /** Hours an emailed staff invitation link stays valid (decision 0043). */
    INVITE_LINK_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(72),
    /**
     * Whether SUPER_ADMIN and the roles that move money (MANAGE_ORDERS: refunds; MANAGE_VENDORS:
     * payouts) must sign in with a second factor (decision 0047); off only for tests and demos.
     */
    TOTP_REQUIRED: bool.default(true),
    /** Minutes an emailed password reset link stays valid (decision 0043). */
    PASSWORD_RESET_MINUTES: z.coerce
      .number()
      .int()
      .min(5)
      .max(24 * 60)
      .default(30),
    /** Shipments declared above this many rupees are insured and delivered only against a one-time code (issue 22). */
    SHIPMENT_INSURE_ABOVE_RUPEES: z.coerce.number().int().min(0).max(1_000_000_000).default(50_000),
    /** Above this many rupees the admin names and confirms the courier before a shipment is booked. */
    SHIPMENT_CONFIRM_CARRIER_ABOVE_RUPEES: z.coerce.number().int().min(0).max(1_000_000_000).default(200_000),
    /**
     * EMI offered on the product page (issue 26 item 6): 'months:yearly interest percent' pairs, such
     * as '3:0,6:14,12:15' (0 = no-cost EMI). Empty: no EMI is shown.
     */
    EMI_TENURES: z
      .string()
      .trim()
      .default('3:15,6:15,9:15,12:15')
      .transform((v, ctx) => {
        const tenures = parseEmiTenures(v);
        if (!tenures) {
          ctx.addIssue({
            code: 'custom',
            message: "must be 'months:percent' pairs such as '3:0,6:14,12:15'",
          });
          return z.NEVER;
        }
        return tenures;
      }),
    /** The smallest price (rupees) the product page offers EMI for; below it no EMI is shown. */
    EMI_MINIMUM_RUPEES: z.coerce.number().int().min(1).max(1_000_000_000).default(3000),
    /** The seller's BIS registration (hallmarking licence) number, shown with the hallmark on the product page. */
    BIS_REGISTRATION_NUMBER: optionalText.pipe(
      z
        .string()
        .max(40, 'at most 40 characters')
        .regex(/^[A-Za-z0-9/ -]+$/, 'letters, digits, spaces, / and - only')
        .optional(),
    ),
    /** A parcel weighed at delivery more than this many grams off its packed weight is flagged. */
    SHIPMENT_WEIGHT_TOLERANCE_GRAMS: z.coerce.number().int().min(0).max(100_000).default(10),
    /** A parcel on its way with no carrier event for this many days is an exception on the fulfilment desk. */
    SHIPMENT_STALE_DAYS: z.coerce.number().int().min(1).max(60).default(3),
    /** Seconds a stopping process gives in-flight requests and running jobs before it exits anyway. */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(600).default(10),
    /**
     * Working days (Monday to Saturday) to pack an order and hand it to the courier: the 'Delivery by'
     * date before buying adds them to the courier's own estimate (issue 22 item 6).
     */
    DISPATCH_DAYS: z.coerce.number().int().min(0).max(30).default(2),
    /**
     * The PIN code parcels leave from when the shop has none on its profile; unset: the PIN code at the
     * end of SELLER_ADDRESS.
     */
    SHIP_FROM_PIN: optionalText.pipe(
      z
        .string()
        .regex(/^[1-9]\d{5}$/, 'must be a 6-digit PIN code')
        .optional(),
    ),
    /** Minutes the courier's answer for one route (from PIN, to PIN) is kept before it is asked again. */
    DELIVERY_ESTIMATE_CACHE_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .default(360),
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
    if (!env.PAYMENTS && env.HOST && !isLoopbackHost(env.HOST)) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS'],
        message: `must be set when HOST (${env.HOST}) is not this computer: without PAYMENTS the server runs the demo sandbox, where orders are paid without money. Set PAYMENTS=razorpay for real payments, or PAYMENTS=sandbox for a demo open to others`,
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
      // A payment link sends its buyer back to the shop from Razorpay's page: without the shop's own
      // address that would be this computer's (http://localhost), on the buyer's phone.
      if (!env.PUBLIC_URL)
        ctx.addIssue({
          code: 'custom',
          path: ['PUBLIC_URL'],
          message:
            "is required when PAYMENTS=razorpay: the shop's address (such as https://shop.example.in), where buyers return from Razorpay's payment page",
        });
    }
    if (env.SHIPPING === 'shiprocket') {
      for (const key of [
        'SHIPROCKET_EMAIL',
        'SHIPROCKET_PASSWORD',
        'SHIPROCKET_WEBHOOK_TOKEN',
        'SHIPROCKET_PICKUP_LOCATION',
      ] as const) {
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'is required when SHIPPING=shiprocket' });
      }
    }
    if (env.PAYOUTS === 'razorpayx') {
      for (const key of [
        'RAZORPAYX_KEY_ID',
        'RAZORPAYX_KEY_SECRET',
        'RAZORPAYX_ACCOUNT_NUMBER',
        'RAZORPAYX_WEBHOOK_SECRET',
      ] as const) {
        if (!env[key])
          ctx.addIssue({ code: 'custom', path: [key], message: 'is required when PAYOUTS=razorpayx' });
      }
    }
    if (env.SMS === 'msg91') {
      for (const key of ['MSG91_AUTH_KEY', 'MSG91_TEMPLATE_ID'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when SMS=msg91' });
      }
    }
    if (env.DATABASE_URL) {
      for (const key of ['SELLER_LEGAL_NAME', 'SELLER_ADDRESS', 'SELLER_GSTIN'] as const) {
        if (!env[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: 'is required when DATABASE_URL is set (it is printed on every tax invoice)',
          });
      }
    }
    if (env.SELLER_STATE && !Object.values(GST_STATE_CODES).includes(env.SELLER_STATE)) {
      ctx.addIssue({
        code: 'custom',
        path: ['SELLER_STATE'],
        message: 'must be an Indian state such as Maharashtra',
      });
    } else if (env.SELLER_STATE && env.SELLER_GSTIN && gstinState(env.SELLER_GSTIN) !== env.SELLER_STATE) {
      ctx.addIssue({
        code: 'custom',
        path: ['SELLER_STATE'],
        message: `must be the state of SELLER_GSTIN (${gstinState(env.SELLER_GSTIN)})`,
      });
    }
    if (!env.SHIP_FROM_PIN && !pinAtEnd(env.SELLER_ADDRESS ?? DEMO_SELLER.address)) {
      ctx.addIssue({
        code: 'custom',
        path: ['SHIP_FROM_PIN'],
        message: 'is required when SELLER_ADDRESS does not end with a 6-digit PIN code',
      });
    }
    if (env.ADMIN_USERNAME && !env.ADMIN_PASSWORD) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: 'is required when ADMIN_USERNAME is set',
      });
    }
  });

export type SellerDetails = {
  legalName: string;
  address: string;
  gstin: string;
  state: string;
  stateCode: string;
};

/**
 * The embedded demo's seller: a made-up business with a GSTIN of valid form and checksum, so demo
 * invoices look real. A PostgreSQL deployment must configure its own (see the superRefine above).
 */
export const DEMO_SELLER = {
  legalName: 'Zevar Demo Jewels Private Limited',
  address: '12 Zaveri Bazaar, Kalbadevi, Mumbai 400002',
  gstin: '27AAPFU0939F1ZV',
} as const;

export type Env = Omit<z.infer<typeof envSchema>, 'PAYMENTS' | 'HOST'> & {
  PAYMENTS: 'sandbox' | 'razorpay';
  HOST: string;
  /** PAYMENTS was not set: the demo sandbox, served to this computer only (decision 0027). */
  implicitSandbox: boolean;
  seller: SellerDetails;
  /** Where parcels leave from when the shop has no PIN code of its own (SHIP_FROM_PIN or the seller's). */
  shipFromPin: string;
};

/** The PIN code an address ends with ('… Mumbai 400002'), or null. */
function pinAtEnd(address: string): string | null {
  return /\b([1-9]\d{5})\s*\.?\s*$/.exec(address)?.[1] ?? null;
}

/** Host names and addresses that reach only this computer. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return (
    h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h) || h === '::ffff:127.0.0.1'
  );
}

function sellerOf(env: z.infer<typeof envSchema>): SellerDetails {
  const gstin = env.SELLER_GSTIN ?? DEMO_SELLER.gstin;
  const state = env.SELLER_STATE ?? gstinState(gstin)!;
  return {
    legalName: env.SELLER_LEGAL_NAME ?? DEMO_SELLER.legalName,
    address: env.SELLER_ADDRESS ?? DEMO_SELLER.address,
    gstin,
    state,
    stateCode: gstin.slice(0, 2),
  };
}

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError whose message names each variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) {
    const implicitSandbox = !result.data.PAYMENTS;
    return {
      ...result.data,
      PAYMENTS: result.data.PAYMENTS ?? 'sandbox',
      HOST: result.data.HOST ?? (implicitSandbox ? 'localhost' : '0.0.0.0'),
      implicitSandbox,
      seller: sellerOf(result.data),
      shipFromPin: result.data.SHIP_FROM_PIN ?? pinAtEnd(result.data.SELLER_ADDRESS ?? DEMO_SELLER.address)!,
    };
  }
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
