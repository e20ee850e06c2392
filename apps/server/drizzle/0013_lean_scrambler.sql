ALTER TABLE "orders" ADD COLUMN "payment_window_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id");