ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_key_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_address" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_vendor_email_lower_uq" ON "users" USING btree (lower("email")) WHERE "users"."type" = 'VENDOR';--> statement-breakpoint
CREATE INDEX "orders_client_address_idx" ON "orders" USING btree ("client_address","status");