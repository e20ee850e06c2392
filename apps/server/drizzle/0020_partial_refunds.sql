CREATE TABLE "refund_parts" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_id" integer NOT NULL,
	"order_item_id" integer,
	"units" integer DEFAULT 0 NOT NULL,
	"amount_paise" bigint NOT NULL,
	"huids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "refund_parts_not_negative" CHECK ("refund_parts"."units" >= 0 and "refund_parts"."amount_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "returns_policy" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"kind" text NOT NULL,
	"days" integer,
	"max_value_paise" bigint,
	"excluded_category_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone,
	CONSTRAINT "returns_policy_single_row" CHECK ("returns_policy"."id" = 1),
	CONSTRAINT "returns_policy_window_days" CHECK ("returns_policy"."kind" = 'NONE' or "returns_policy"."days" between 1 and 365)
);
--> statement-breakpoint
DROP INDEX "vendor_earnings_item_kind_uq";--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "partial" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "restock" boolean;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "attempt" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "vendor_earnings" ADD COLUMN "refund_id" integer;--> statement-breakpoint
ALTER TABLE "refund_parts" ADD CONSTRAINT "refund_parts_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_parts" ADD CONSTRAINT "refund_parts_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_parts_refund_idx" ON "refund_parts" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "refund_parts_item_idx" ON "refund_parts" USING btree ("order_item_id");--> statement-breakpoint
ALTER TABLE "vendor_earnings" ADD CONSTRAINT "vendor_earnings_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_uq" ON "refunds" USING btree ("idempotency_key");--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_idempotency_key_unique" UNIQUE("idempotency_key");--> statement-breakpoint
ALTER TABLE "vendor_earnings" ADD CONSTRAINT "vendor_earnings_item_kind_refund_uq" UNIQUE NULLS NOT DISTINCT("order_item_id","kind","refund_id");