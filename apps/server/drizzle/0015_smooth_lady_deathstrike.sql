ALTER TABLE "orders" ADD COLUMN "payment_window_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "holds_stock" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id");