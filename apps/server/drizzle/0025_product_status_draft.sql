DROP INDEX "products_metal_idx";--> statement-breakpoint
DROP INDEX "products_purity_idx";--> statement-breakpoint
CREATE INDEX "products_not_active_idx" ON "products" USING btree ("status","id") WHERE "products"."status" <> 'active';--> statement-breakpoint
CREATE INDEX "products_metal_idx" ON "products" USING btree ("metal_id","id");--> statement-breakpoint
CREATE INDEX "products_purity_idx" ON "products" USING btree ("purity_id","id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_status_known" CHECK ("products"."status" in ('draft', 'active', 'archived'));