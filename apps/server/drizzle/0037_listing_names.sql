DROP INDEX "products_listing_idx";--> statement-breakpoint
CREATE INDEX "products_listing_idx" ON "products" USING btree ("category_id","id","plan","name") WHERE "products"."status" = 'active';