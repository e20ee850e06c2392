ALTER TABLE "checkouts" ADD COLUMN "cart_key" text;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "reason" text;--> statement-breakpoint
CREATE INDEX "checkouts_cart_key_idx" ON "checkouts" USING btree ("cart_key");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_duplicate_payment_uq" ON "refunds" USING btree ("provider_payment_id") WHERE "refunds"."requested_by" = 'system:duplicate-payment';