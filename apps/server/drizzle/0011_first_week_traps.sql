CREATE TABLE "stock_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"change" integer NOT NULL,
	"stock_after" integer NOT NULL,
	"reason" text NOT NULL,
	"huids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"adjusted_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_adjustments_change_nonzero" CHECK ("stock_adjustments"."change" <> 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "status" text DEFAULT 'PUBLISHED' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "verified_buyer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "cart_key" text;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "reversed_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "reversed_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_adjustments" ADD CONSTRAINT "stock_adjustments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_adjustments_product_idx" ON "stock_adjustments" USING btree ("product_id","id");--> statement-breakpoint
CREATE INDEX "reviews_status_idx" ON "reviews" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reviews_client_idx" ON "reviews" USING btree ("product_id","client_key","created_at");--> statement-breakpoint
CREATE INDEX "checkouts_cart_key_idx" ON "checkouts" USING btree ("cart_key");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_duplicate_payment_uq" ON "refunds" USING btree ("provider_payment_id") WHERE "refunds"."requested_by" = 'system:duplicate-payment';