CREATE TABLE "payment_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_link_id" text NOT NULL,
	"provider" text NOT NULL,
	"quote_id" uuid NOT NULL,
	"quote_code" text NOT NULL,
	"vendor_id" integer NOT NULL,
	"vendor_slug" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"short_url" text NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_phone" text NOT NULL,
	"buyer_email" text,
	"shipping_address" jsonb NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"payment_id" text,
	"order_id" uuid,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_links" (
	"id" text PRIMARY KEY NOT NULL,
	"amount_paise" bigint NOT NULL,
	"reference_id" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"customer_name" text NOT NULL,
	"customer_contact" text NOT NULL,
	"customer_email" text,
	"callback_url" text,
	"expire_by" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"payment_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_vendor_id_users_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_links_provider_uq" ON "payment_links" USING btree ("provider_link_id");--> statement-breakpoint
CREATE INDEX "payment_links_vendor_idx" ON "payment_links" USING btree ("vendor_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_links_quote_idx" ON "payment_links" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "payment_links_open_idx" ON "payment_links" USING btree ("status","expires_at");