import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context';
import { systemRoutes } from './system/system.routes';
import { usersRoutes } from './users/users.routes';
import { shopFaceRoutes } from './users/shop-face.routes';
import { payoutsRoutes } from './payouts/payouts.routes';
import { kycRoutes } from './kyc/kyc.routes';
import { settlementRoutes } from './payouts/settlement.routes';
import { plansRoutes } from './plans/plans.routes';
import { emailTemplatesRoutes } from './email-templates/email-templates.routes';
import { subscriptionsRoutes } from './subscriptions/subscriptions.routes';
import { vendorDashboardRoutes } from './vendor-dashboard/vendor-dashboard.routes';
import { storefrontProductRoutes } from './storefront/products.routes';
import { storefrontCategoryRoutes } from './storefront/categories.routes';
import { reviewsRoutes } from './reviews/reviews.routes';
import { reviewsAdminRoutes } from './reviews/reviews-admin.routes';
import { reviewUploadRoutes } from './images/review-uploads.routes';
import { imagesRoutes } from './images/images.routes';
import { certificateUploadsRoutes } from './images/certificate-uploads.routes';
import { metalsRoutes } from './metals/metals.routes';
import { categoriesRoutes } from './categories/categories.routes';
import { productsRoutes } from './products/products.routes';
import { productSheetRoutes } from './products/product-sheet.routes';
import { carouselRoutes } from './carousel/carousel.routes';
import { couponsRoutes } from './coupons/coupons.routes';
import { checkoutRoutes } from './checkout/checkout.routes';
import { webhooksRoutes } from './payments/webhooks.routes';
import { ordersAdminRoutes } from './orders/orders-admin.routes';
import { jobsRoutes } from './jobs/jobs.routes';
import { outboxRoutes } from './mail/outbox.routes';
import { invoicesRoutes } from './invoices/invoices.routes';
import { smsRoutes } from './sms/sms.routes';
import { returnsPolicyRoutes } from './returns/returns-policy.routes';
import { shippingRoutes } from './shipping/shipping.routes';
import { carrierWebhooksRoutes } from './shipping/carrier-webhooks.routes';
import { trackingRoutes } from './tracking/tracking.routes';
import { deliveryRoutes } from './delivery/delivery.routes';
import { auditRoutes } from './audit/audit.routes';
import { returnsRoutes } from './returns/returns.routes';
import { returnedParcelsRoutes } from './shipping/returned-parcels.routes';
import { reportsRoutes } from './reports/reports.routes';
import { quotesRoutes } from './quotes/quotes.routes';
import { paymentLinksRoutes } from './payments/payment-links.routes';
import { analyticsRoutes } from './analytics/analytics.routes';
import { refundPlannedIn } from './orders/refund-order-part';
import { orderNotesRoutes } from './orders/order-notes.routes';
import { customersRoutes } from './customers/customers.routes';
import { todayRoutes } from './dashboard/today.routes';

/** The partial-refund path, handed to the flows that refund what came back (docs/decisions/0046). */
const refundDeps = { refundPlannedIn };

/** Every API module, mounted under /api. */
export const routeModules: Array<(ctx: AppContext) => FastifyPluginAsyncZod> = [
  systemRoutes,
  usersRoutes,
  shopFaceRoutes,
  payoutsRoutes,
  kycRoutes,
  settlementRoutes,
  plansRoutes,
  emailTemplatesRoutes,
  subscriptionsRoutes,
  vendorDashboardRoutes,
  storefrontProductRoutes,
  storefrontCategoryRoutes,
  reviewsRoutes,
  reviewsAdminRoutes,
  reviewUploadRoutes,
  imagesRoutes,
  certificateUploadsRoutes,
  metalsRoutes,
  categoriesRoutes,
  productsRoutes,
  productSheetRoutes,
  carouselRoutes,
  couponsRoutes,
  checkoutRoutes,
  webhooksRoutes,
  ordersAdminRoutes,
  orderNotesRoutes,
  customersRoutes,
  todayRoutes,
  jobsRoutes,
  outboxRoutes,
  invoicesRoutes,
  smsRoutes,
  returnsPolicyRoutes,
  shippingRoutes,
  carrierWebhooksRoutes,
  trackingRoutes,
  deliveryRoutes,
  auditRoutes,
  reportsRoutes,
  (ctx) => returnsRoutes(ctx, refundDeps),
  (ctx) => returnedParcelsRoutes(ctx, refundDeps),
  quotesRoutes,
  paymentLinksRoutes,
  analyticsRoutes,
];
