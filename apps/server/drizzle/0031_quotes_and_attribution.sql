CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"vendor_id" integer NOT NULL,
	"vendor_slug" text NOT NULL,
	"lines" jsonb NOT NULL,
	"subtotal_paise" bigint NOT NULL,
	"discount_paise" bigint DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"opened_at" timestamp with time zone,
	"checkout_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "quote_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "attributed_vendor_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "attributed_vendor_slug" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "attribution_source" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "quote_id" uuid;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_vendor_id_users_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_code_uq" ON "quotes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "quotes_vendor_idx" ON "quotes" USING btree ("vendor_id","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_attributed_vendor_id_users_id_fk" FOREIGN KEY ("attributed_vendor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_attributed_vendor_idx" ON "orders" USING btree ("attributed_vendor_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_quote_idx" ON "orders" USING btree ("quote_id");