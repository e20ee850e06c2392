CREATE TABLE "carrier_webhook_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"carrier_mode" text NOT NULL,
	"body_hash" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "carrier_webhook_receipts_body_hash_unique" UNIQUE("body_hash")
);
--> statement-breakpoint
CREATE TABLE "sandbox_shipments" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"awb" text NOT NULL,
	"order_number" text NOT NULL,
	"direction" text NOT NULL,
	"courier_id" text NOT NULL,
	"courier_name" text NOT NULL,
	"charge_paise" bigint NOT NULL,
	"pickup_pin" text NOT NULL,
	"delivery_pin" text NOT NULL,
	"weight_grams" integer NOT NULL,
	"declared_value_paise" bigint NOT NULL,
	"otp_delivery" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'BOOKED' NOT NULL,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pickup_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_shipments_reference_unique" UNIQUE("reference"),
	CONSTRAINT "sandbox_shipments_awb_unique" UNIQUE("awb")
);
--> statement-breakpoint
CREATE TABLE "shipment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"type" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"carrier_event_id" text NOT NULL,
	"applied" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "shipment_lines_qty_positive" CHECK ("shipment_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"direction" text DEFAULT 'FORWARD' NOT NULL,
	"carrier_mode" text NOT NULL,
	"courier_id" text,
	"carrier_shipment_id" text,
	"awb" text,
	"courier_name" text,
	"tracking_url" text,
	"charge_paise" bigint,
	"weight_grams" integer NOT NULL,
	"length_cm" integer NOT NULL,
	"breadth_cm" integer NOT NULL,
	"height_cm" integer NOT NULL,
	"declared_value_paise" bigint NOT NULL,
	"insured" boolean DEFAULT false NOT NULL,
	"otp_delivery" boolean DEFAULT false NOT NULL,
	"otp_hash" text,
	"otp_attempts" integer DEFAULT 0 NOT NULL,
	"carrier_confirmed_by" text,
	"huids_packed" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"packed_by" integer,
	"packed_by_name" text NOT NULL,
	"seal_number" text NOT NULL,
	"packed_weight_grams" integer NOT NULL,
	"pickup_at" timestamp with time zone,
	"status" text DEFAULT 'PACKED' NOT NULL,
	"booking_attempts" integer DEFAULT 0 NOT NULL,
	"last_booking_error" text,
	"delivered_weight_grams" integer,
	"weight_mismatch" boolean DEFAULT false NOT NULL,
	"last_event_at" timestamp with time zone,
	"booked_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_weight_positive" CHECK ("shipments"."weight_grams" > 0 and "shipments"."packed_weight_grams" > 0)
);
--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_packed_by_users_id_fk" FOREIGN KEY ("packed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_shipments_created_idx" ON "sandbox_shipments" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_events_carrier_event_uq" ON "shipment_events" USING btree ("carrier_event_id");--> statement-breakpoint
CREATE INDEX "shipment_events_shipment_idx" ON "shipment_events" USING btree ("shipment_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_lines_item_uq" ON "shipment_lines" USING btree ("shipment_id","order_item_id");--> statement-breakpoint
CREATE INDEX "shipment_lines_order_item_idx" ON "shipment_lines" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shipments_status_idx" ON "shipments" USING btree ("status","last_event_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_awb_uq" ON "shipments" USING btree ("carrier_mode","awb");