CREATE TABLE "return_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text DEFAULT 'REQUESTED' NOT NULL,
	"lines" jsonb NOT NULL,
	"reason" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"request_key" text NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"shipment_id" integer,
	"inspected_by" text,
	"inspected_at" timestamp with time zone,
	"inspected_huids" jsonb,
	"inspected_weight_grams" integer,
	"inspection_note" text,
	"restock" boolean,
	"refund_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_requests_request_key_unique" UNIQUE("request_key")
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "inspected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "inspected_by" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "inspection_outcome" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "inspected_huids" jsonb;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "inspected_weight_grams" integer;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "inspection_note" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "inspection_refund_id" integer;--> statement-breakpoint
ALTER TABLE "return_events" ADD CONSTRAINT "return_events_return_id_return_requests_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."return_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_events_return_idx" ON "return_events" USING btree ("return_id","at");--> statement-breakpoint
CREATE INDEX "return_requests_order_idx" ON "return_requests" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "return_requests_status_idx" ON "return_requests" USING btree ("status","created_at");